import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import SettingsClient
import Testing

/// The launch options as argument-parser reads them; the setting options come from the settings'
/// declarations.
@Suite struct LaunchOptionsTests {
  func parse(_ arguments: [String]) throws -> LaunchOptions { try LaunchOptions.parse(arguments) }

  func message(_ arguments: [String]) -> String {
    do {
      _ = try LaunchOptions.parse(arguments)
      return "parsed"
    } catch {
      return LaunchOptions.message(for: error)
    }
  }

  @Test func worldNames() throws {
    #expect(try parse([]).world == nil)
    #expect(try parse(["--world", "device"]).world == .device)
    #expect(try parse(["--world=simulator"]).world == .simulator)
    #expect(try parse(["--world", "ui-test", "--region", "spain"]).world == .uiTest)
  }

  @Test func badArgumentsAreClearErrors() {
    #expect(message(["--world", "moon"]).contains("'moon' is invalid for '--world"))
    #expect(message(["--world"]).contains("Missing value for '--world"))
    #expect(message(["--region", "spain"]) == "--region is an option of --world ui-test")
    #expect(message(["--speech-log", "/tmp/said"]) == "--speech-log is an option of --world ui-test")
    #expect(message(["--world", "ui-test", "--speech-log", ""]) == "--speech-log \"\" is not valid; use the path of a file")
    #expect(message(["--world", "ui-test", "--colour", "red"]) == "unknown argument \"--colour\"")
    #expect(message(["--world", "ui-test", "--difficulty", "hard"]) == "--difficulty \"hard\" is not valid; use easy, moderate, difficult")
    #expect(
      message(["--world", "ui-test", "--quiz-tenses", "preterito,pasado"])
        == "--quiz-tenses \"preterito,pasado\" is not valid; use difficulty, tenses separated by commas, of: "
        + Tense.allCases.map(\.rawValue).joined(separator: " "))
    #expect(message(["--world", "unit-test"]) == "--world \"unit-test\" is not valid; use device, simulator or ui-test")
    #expect(message(["--world", "command-line"]) == "--world \"command-line\" is not valid; use device, simulator or ui-test")
  }

  @Test func everySettingHasItsUITestOption() throws {
    let options = try parse([
      "--world", "ui-test", "--region", "spain", "--difficulty=difficult", "--second-person", "vos",
      "--table-second-person", "tu", "--sound", "off", "--speak-answers", "on", "--desired-retention", "0.95",
      "--review-size", "50", "--new-per-day", "5", "--daily-goal", "50", "--analytics", "off",
      "--quiz-length", "10", "--quiz-tenses", "preterito,imperfecto", "--max-reviews-per-day", "no-limit",
      "--plain-mode", "on", "--load-balance", "off", "--easy-days", "sat:minimum,sun:reduced",
      "--break", "2026-12-20..2026-12-27",
    ])
    #expect(
      options.settings == [
        "region": "spain", "difficulty": "difficult", "quiz-second-person": "vos", "table-second-person": "tu",
        "sound": "off", "speak-answers": "on", "desired-retention": "0.95", "review-size": "50", "new-per-day": "5",
        "daily-goal": "50", "analytics": "off", "quiz-length": "10", "quiz-tenses": "preterito,imperfecto",
        "max-reviews-per-day": "no-limit", "plain": "on", "load-balance": "off", "easy-days": "sat:minimum,sun:reduced",
        "break": "2026-12-20..2026-12-27",
      ])
    #expect(SettingDeclarations.all.map(\.key) == [
      "region", "difficulty", "quiz-length", "quiz-tenses", "quiz-second-person", "table-second-person", "sound",
      "speak-answers", "desired-retention", "load-balance", "easy-days", "break", "review-size", "new-per-day",
      "max-reviews-per-day", "leech-threshold",
      "leech-action", "cue-shows-form", "daily-goal", "plain", "analytics",
    ])
  }

  /// As Conjugar makes it: `Current = .uiTest(launchArguments: CommandLine.arguments)`.
  @Test func theUITestWorldFromLaunchArguments() {
    let world = World.uiTest(launchArguments: ["/usr/bin/conjugar", "--region", "spain", "--difficulty", "moderate"])
    #expect(world.name == .uiTest)
    #expect(world.settings.region == .spain && world.settings.difficulty == .moderate)
    #expect(World.uiTest(launchArguments: []).name == .uiTest)
  }

  @Test func theUITestWorldTakesItsSettingsFromTheOptions() throws {
    let world = World.uiTest(try parse(["--world", "ui-test", "--region", "spain", "--difficulty=difficult", "--second-person", "vos"]))
    #expect(world.name == .uiTest)
    #expect(world.settings.region == .spain)
    #expect(world.settings.difficulty == .difficult)
    #expect(world.settings.quizSecondPerson == .vos)
    #expect(world.settings.sound == .on)  // the setting; the ui-test World's sound itself is silent
  }

  @Test func aTimingLogIsAnOptionOfTheUITestWorld() throws {
    #expect(try parse(["--world", "ui-test", "--timing-log", "/tmp/t.log"]).timingLog == "/tmp/t.log")
    #expect(message(["--timing-log", "/tmp/t.log"]) == "--timing-log is an option of --world ui-test")
    #expect(message(["--world", "device", "--timing-log=/tmp/t.log"]) == "--timing-log is an option of --world ui-test")
    #expect(message(["--world", "ui-test", "--timing-log"]).contains("Missing value for '--timing-log"))
    #expect(message(["--world", "ui-test", "--timing-log="]).contains("Missing value for '--timing-log"))
  }

  @Test func theUITestWorldWritesItsTimingLogWhereAsked() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-timing-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let world = World.uiTest(try parse(["--world", "ui-test", "--region", "spain", "--timing-log", path]))
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
    let options = try parse(["--world", "ui-test", "--difficulty", "moderate"])
    func quiz(_ world: World) -> [Question] {
      Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
        .questions
    }
    let a = quiz(World.uiTest(options))
    let b = quiz(World.uiTest(options))
    #expect(a == b)
    #expect(a.count == 20)
  }
}
