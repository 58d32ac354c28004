import ConjugarCore
import SettingsClient
import Testing

@Suite struct LaunchArgumentsTests {
  @Test func worldNames() throws {
    #expect(try LaunchArguments([]).world == nil)
    #expect(try LaunchArguments(["--world", "device"]).world == .device)
    #expect(try LaunchArguments(["--world=simulator"]).world == .simulator)
    #expect(try LaunchArguments(["--world", "ui-test", "--region", "spain"]).world == .uiTest)
  }

  @Test func badArgumentsAreClearErrors() {
    #expect(throws: LaunchArgumentError.badValue("--world", "moon", expected: "device, simulator or ui-test")) {
      try LaunchArguments(["--world", "moon"])
    }
    #expect(throws: LaunchArgumentError.missingValue("--world")) { try LaunchArguments(["--world"]) }
    #expect(throws: LaunchArgumentError.onlyForUITest("--region")) { try LaunchArguments(["--region", "spain"]) }
    #expect(throws: LaunchArgumentError.unknown("--colour")) {
      try LaunchArguments(["--world", "ui-test", "--colour", "red"])
    }
    #expect(throws: LaunchArgumentError.badValue("--difficulty", "hard", expected: "easy, moderate, difficult")) {
      try LaunchArguments(["--world", "ui-test", "--difficulty", "hard"])
    }
    #expect(throws: LaunchArgumentError.badValue("--world", "unit-test", expected: "device, simulator or ui-test")) {
      try LaunchArguments(["--world", "unit-test"])
    }
  }

  @Test func theUITestWorldTakesItsSettingsFromTheArguments() throws {
    let world = try World.uiTest(launchArguments: [
      "--region", "spain", "--difficulty=difficult", "--second-person", "vos",
    ])
    #expect(world.name == .uiTest)
    #expect(world.settings.region == .spain)
    #expect(world.settings.difficulty == .difficult)
    #expect(world.settings.quizSecondPerson == .vos)
    #expect(world.settings.soundOn)  // the setting; the ui-test World's sound itself is silent
  }

  @Test func theUITestWorldGivesTheSameQuizEveryRun() throws {
    let first = try World.uiTest(launchArguments: ["--difficulty", "moderate"])
    let second = try World.uiTest(launchArguments: ["--difficulty", "moderate"])
    let a = World.withCurrent(first) { Quiz().questions }
    let b = World.withCurrent(second) { Quiz().questions }
    #expect(a == b)
  }
}
