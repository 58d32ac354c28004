import ClockClient
import ConjugarCore
import ConsoleClient
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SyncClient
import Synchronization
import SpeechClient
import Testing

@testable import conjugar

/// The commands that read no history, and how the command line says what went wrong: each run in
/// the unit-test World with the doubles it states.
@Suite struct CommandLineTests {
  /// Settings in memory, nothing else: a command that reads anything more fails the test.
  static func settingsWorld(_ values: [String: String] = [:]) -> (World, InMemorySettingsStore) {
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let store = InMemorySettingsStore(values)
    world.settings = Settings(store: store)
    return (world, store)
  }

  @Test func settingsSetChangesOneSettingAndSaysWhatItWas() {
    let (world, store) = Self.settingsWorld(["difficulty": "easy"])
    let result = run(["settings", "set", "region", "spain"], in: world)
    #expect(result.status == 0)
    #expect(result.output == "region = spain (was latin-america).\n")
    #expect(store.load().values == ["difficulty": "easy", "region": "spain"])
    #expect(run(["settings", "get", "region"], in: world).output == "spain\n")
  }

  @Test func settingsSetRefusesABadValueAndChangesNothing() {
    let (world, store) = Self.settingsWorld(["difficulty": "easy"])
    let result = run(["settings", "set", "region", "mars"], in: world)
    #expect(result.status == 1)
    #expect(result.error.contains("mars"))
    #expect(result.error.contains("spain"))
    #expect(result.output == "")
    #expect(store.load().values == ["difficulty": "easy"])
  }

  @Test func settingsListsEverySettingWithItsValue() {
    let (world, _) = Self.settingsWorld(["region": "spain"])
    let result = run(["settings"], in: world)
    #expect(result.status == 0)
    let keyLines = result.output.split(separator: "\n").filter { !$0.hasPrefix("  ") }
    #expect(keyLines.count == SettingDeclarations.all.count)
    #expect(keyLines.contains("region = spain"))
    #expect(keyLines.contains("difficulty = easy (the default)"))
  }

  @Test func conjugatePrintsTheFormsAsked() {
    let world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let result = run(["conjugate", "tener", "--tenses", "presente", "--format", "plain"], in: world)
    #expect(result.status == 0)
    #expect(result.output.contains("tener, presente, yo: tengo"))
    #expect(!result.output.contains("pretérito"))
  }

  /// `--ipa` transcribes through the World's speech (espeak-ng on a device), not a voice of its own.
  @Test func conjugateIPAAsksTheWorldsSpeech() {
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let asked = Mutex<[String]>([])
    world.speech = Speech(
      isAvailable: { true }, say: { _, _ in },
      ipa: { forms, voice in
        asked.withLock { $0 += forms }
        return forms.map { "[\($0) \(voice == .spain ? "es" : "419")]" }
      },
      sayToTheEnd: { _, _, _ in })
    let result = run(
      ["conjugate", "tener", "--tenses", "presente", "--persons", "yo", "--ipa", "--voice", "es", "--format", "tsv"], in: world)
    #expect(result.status == 0, "\(result.error)")
    #expect(asked.withLock { $0 }.contains("tengo"))
    #expect(result.output.contains("[tengo es]"), "\(result.output)")
  }

  @Test func anUnknownVerbIsNamed() {
    let world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let result = run(["conjugate", "xyzzar"], in: world)
    #expect(result.status != 0)
    #expect(result.error.contains("xyzzar"))
  }

  /// A word outside the catalog is conjugated as a regular verb, with the warning docs/cli.md
  /// gives; a word with two leading dashes is an option mistyped, nothing printed, exit 2.
  @Test func aVerbOutsideTheCatalogIsWarnedAboutAndAMistypedOptionRefused() {
    let world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let unknown = run(["conjugate", "googlear", "--tenses", "presente"], in: world)
    #expect(unknown.status == 0)
    #expect(unknown.error == "conjugar: warning: \"googlear\" is not in the catalog: conjugated as a regular verb, like hablar\n")
    let mistyped = run(["conjugate", "hablar", "--tense", "presente"], in: world)
    #expect(mistyped.status == 2)
    #expect(mistyped.output == "")
    #expect(mistyped.error.contains("Unknown option '--tense'"), "\(mistyped.error)")
    let dashed = run(["conjugate", "-hablar"], in: world)
    #expect(dashed.status == 1 && dashed.error.contains("not a Spanish infinitive"), "\(dashed.error)")
  }

  @Test func anUnknownOptionIsAUsageError() {
    let world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let result = run(["stats", "--colour"], in: world)
    #expect(result.status == 2)
    #expect(result.error.contains("--colour"))
    #expect(result.output == "")
  }

  @Test func helpGoesToStandardOutput() {
    let world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let result = run(["stats", "--help"], in: world)
    #expect(result.status == 0)
    #expect(result.output.contains("USAGE: conjugar stats"))
    #expect(result.error == "")
  }

  @Test func syncStatusBeforeSyncIsSetUp() throws {
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    world.sync = .live(
      data: URL(fileURLWithPath: "/home/ana/.local/share/conjugar"), conjugator: { CommandFixtures.conjugator },
      clock: .failing, random: .failing, files: InMemoryFiles().client)
    let result = run(["sync", "status"], in: world)
    #expect(result.status == 0)
    #expect(result.output == "Sync is not set up: conjugar sync init URL (a git repository) or --folder DIR.\n")
  }

  @Test func doctorOfAHomeWithNoHistoryYet() throws {
    let folder = try CommandFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    world.maintenance = .live(directory: folder, files: .live, clock: .live)
    world.settings = Settings(store: InMemorySettingsStore([:]))
    let result = run(["doctor"], in: world)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Database: none yet at \(folder.path)"))
    #expect(result.output.contains("Backups: none yet"))
  }

  /// Issue 40, 10: doctor groups its numbers as the other commands do ("19873 answers" before).
  @Test func doctorGroupsItsNumbers() {
    #expect(Doctor.count(19_873, "answer") == "19,873 answers")
    #expect(Doctor.count(1, "form") == "1 form")
    #expect(Doctor.size(1_037_000) == "1,013 KB")
  }

  /// `practice --plain` reads its answers from standard input and keeps each one.
  @Test func practiceAsLinesFromStandardInput() throws {
    var world = try historyWorld()
    world.random = .seeded(1)
    world.sync = .off
    let result = run(
      ["practice", "--plain", "--verb", "tener", "--tenses", "presente", "--count", "2"], in: world,
      input: ["tengo", "xx"])
    #expect(result.status == 0)
    #expect(result.output.contains("Question 1 of 2. tener"))
    #expect(result.output.contains("Question 2 of 2. tener"))
    let kept = try world.scoreboard.answers.history(10)
    #expect(kept.count == 2)
    #expect(kept.map(\.given).sorted() == ["tengo", "xx"])
  }

  /// Issue 39, §3: practice from a pipe takes no line longer than an answer may be (one sentence
  /// says so, nothing kept), and removes a control character: never echoed, never kept.
  @Test func practiceFromAPipeKeepsTheAnswersBounds() throws {
    var world = try historyWorld()
    world.random = .seeded(1)
    world.sync = .off
    let result = run(
      ["practice", "--plain", "--verb", "tener", "--tenses", "presente", "--count", "2"], in: world,
      input: [String(repeating: "a", count: 201), "ten\u{1B}[31mgo", String(repeating: "b", count: 200)])
    #expect(result.status == 0)
    #expect(result.output.contains("That line is not taken: it has 201 characters, more than the 200 an answer may have.\n"))
    #expect(!result.output.contains("\u{1B}"))
    for line in result.output.split(separator: "\n") { #expect(line.count <= 200, "\(line)") }
    let kept = try world.scoreboard.answers.history(10)
    #expect(kept.map(\.given).sorted() == [String(repeating: "b", count: 200), "tengo"])
  }
}

/// `conjugar optimize`'s progress bar: on a terminal only, from the first second on, its carriage
/// return and erase written as they are.
@Suite struct ProgressBarTests {
  /// Runs `body` with a bar's World: a console that is a terminal or not, a clock it moves; returns
  /// what the bar wrote to standard error.
  static func standardError(onATerminal interactive: Bool, _ body: (ManualTime) -> Void) -> String {
    let console = RecordingConsole(interactive: interactive)
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let (clock, time) = WallClock.manual()
    world.clock = clock
    world.console = console.console
    World.withCurrent(world) { body(time) }
    return console.error
  }

  @Test func theBarIsDrawnOnATerminalAfterASecondAndErased() {
    let error = Self.standardError(onATerminal: true) { time in
      let bar = ProgressBar(label: "Fitting")
      bar.update(10, 100)
      time.advance(by: 2)
      bar.update(50, 100)
      bar.update(50, 100)
      bar.finish()
    }
    #expect(error == "\rFitting [###############...............] 50%\r\u{1B}[K")
  }

  @Test func noBarWhenStandardErrorIsNoTerminal() {
    let error = Self.standardError(onATerminal: false) { time in
      let bar = ProgressBar(label: "Fitting")
      time.advance(by: 2)
      bar.update(50, 100)
      bar.finish()
    }
    #expect(error == "")
  }
}
