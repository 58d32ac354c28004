import ConjugarCore
import Foundation
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

  @Test func aTimingLogIsAnOptionOfTheUITestWorld() throws {
    #expect(try LaunchArguments(["--world", "ui-test", "--timing-log", "/tmp/t.log"]).uiTest == ["--timing-log", "/tmp/t.log"])
    #expect(throws: LaunchArgumentError.onlyForUITest("--timing-log")) {
      try LaunchArguments(["--timing-log", "/tmp/t.log"])
    }
    #expect(throws: LaunchArgumentError.onlyForUITest("--timing-log=/tmp/t.log")) {
      try LaunchArguments(["--world", "device", "--timing-log=/tmp/t.log"])
    }
    #expect(throws: LaunchArgumentError.missingValue("--timing-log")) {
      try LaunchArguments(["--world", "ui-test", "--timing-log"])
    }
    #expect(throws: LaunchArgumentError.badValue("--timing-log", "", expected: "the path of a file")) {
      try LaunchArguments(["--world", "ui-test", "--timing-log="])
    }
  }

  @Test func timingLogErrorsSayWhatIsWrong() {
    #expect(LaunchArgumentError.onlyForUITest("--timing-log").description == "--timing-log is an option of --world ui-test")
    #expect(LaunchArgumentError.missingValue("--timing-log").description == "--timing-log needs a value")
    #expect(
      LaunchArgumentError.badValue("--timing-log", "", expected: "the path of a file").description
        == #"--timing-log "" is not valid; use the path of a file"#)
  }

  @Test func theUITestWorldWritesItsTimingLogWhereAsked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-timing-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let world = try World.uiTest(launchArguments: ["--region", "spain", "--timing-log", path])
    #expect(world.settings.region == .spain)
    world.timingLog.frameShown()  // the first frame
    world.timingLog.frameShown()  // a second passing: no key, no line
    world.timingLog.keyRead()
    world.timingLog.frameShown()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.wholeMatch(of: /exec→first-frame \d+(\.\d+)? ms/) != nil, "\(lines)")
    #expect(lines.last?.wholeMatch(of: /key→frame \d+(\.\d+)? ms/) != nil, "\(lines)")
  }

  @Test func theUITestWorldGivesTheSameQuizEveryRun() throws {
    let first = try World.uiTest(launchArguments: ["--difficulty", "moderate"])
    let second = try World.uiTest(launchArguments: ["--difficulty", "moderate"])
    let a = World.withCurrent(first) { Quiz().questions }
    let b = World.withCurrent(second) { Quiz().questions }
    #expect(a == b)
  }
}
