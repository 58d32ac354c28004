import AnalyticsClient
import BackgroundClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import ConsoleClient
import FileStorage
import Foundation
import ReviewPrompterClient
import ScoreboardClient
import SettingsClient
import SoundClient
import SpeechClient
import Synchronization
import SyncClient
import TerminalClient
import Testing

@testable import conjugar

/// Every way into the trainer, through main's own path (`Conjugar.run(_:worlds:)`): the World is
/// chosen once, after parsing, from the command's launch options; nothing the command reads while
/// it starts (a verbs file, a drill's options) is read from another World (issue 39, 1).
@Suite struct LaunchTests {
  /// What main was asked for: the trainer's World (with its launch options) or the command line's.
  final class Asked: Sendable {
    private let state = Mutex<[String]>([])
    func note(_ world: String) { state.withLock { $0.append(world) } }
    var worlds: [String] { state.withLock { $0 } }
  }

  /// The trainer's World for a test: settings in memory, scores in memory, the verbs file
  /// `/home/ana/verbs.txt` (tener, ir) in memory, a terminal in memory that presses `keys`, a
  /// console that is a terminal (the full screen) unless `interactive` is false (plain mode, its
  /// standard input `input`).
  struct Launch {
    let terminal: InMemoryTerminal
    let console: RecordingConsole
    let asked = Asked()
    let worlds: Worlds

    /// (When the keys run out, the terminal presses Ctrl-C: the trainer ends with status 130.)
    /// (`sync`: how this World syncs; not at all unless a test says so.)
    /// (`interruptedAtEnd`: Ctrl-C pressed on the standard input once its lines are read.)
    init(
      keys: [Key] = [], interactive: Bool = true, input: [String] = [], interruptedAtEnd: Bool = false,
      sync: SyncClient = .off
    ) {
      let terminal = InMemoryTerminal(columns: 80, rows: 24, keys: keys)
      let console = RecordingConsole(input: input, interactive: interactive, interruptedAtEnd: interruptedAtEnd)
      let files = InMemoryFiles(["/home/ana/verbs.txt": "tener\n# a comment\nir\n"])
      var world = World.unitTest(conjugator: CommandFixtures.conjugator)
      world.settings = Settings(store: InMemorySettingsStore())
      world.random = .seeded(1)
      world.clock = WallClock.manual().0
      world.scoreboard = .inMemory()
      world.analytics = .noop
      world.reviewPrompter = .noop
      world.sound = .noop
      world.speech = .noop
      world.sync = sync
      world.timingLog = .off
      world.background = .inline
      world.fileSystem = files.client
      world.console = console.console
      world.makeTerminal = { terminal.terminal }
      let asked = self.asked
      let trainers = world
      self.terminal = terminal
      self.console = console
      self.worlds = Worlds(
        commandLine: {
          asked.note("command line")
          return trainers
        },
        trainer: { options in
          asked.note("trainer \(options.world?.rawValue ?? "default")")
          return trainers
        })
    }

    func run(_ arguments: [String]) -> Int32 { Conjugar.run(arguments, worlds: worlds) }
  }

  @Test(arguments: [
    [], ["train"],
    ["practice"], ["practice", "--verb", "tener"], ["practice", "--verbs-file", "/home/ana/verbs.txt"],
    ["practice", "--tenses", "presente", "--persons", "yo"], ["practice", "--verbs", "irregular", "--top", "50"],
    ["practice", "--group", "e-ie"], ["practice", "--mode", "recognition", "--count", "3"],
    ["practice", "--mode", "sentences"], ["practice", "--rule", "stem.e-ie"],
  ])
  func everyWayIntoTheFullScreenRunsInTheTrainersWorld(_ arguments: [String]) {
    let launch = Launch()
    #expect(launch.run(arguments) == 130, "\(arguments)")
    #expect(launch.asked.worlds == ["trainer default"], "\(arguments)")
    #expect(launch.terminal.draws > 0, "\(arguments)")
    #expect(launch.terminal.isRestored, "\(arguments)")
    #expect(launch.console.error == "", "\(arguments)")
  }

  /// The process's environment, as the live Worlds read it, has a HOME even where the variable is
  /// unset or empty (the user database's), so that the file locations made from it stay pure.
  @Test func theLiveEnvironmentAlwaysHasAHome() {
    let home = ProcessEnvironment.live["HOME"] ?? ""
    #expect(home.hasPrefix("/"), "\(home)")
  }

  /// The crash of issue 39: `practice --verbs-file` read the file before the trainer's World was
  /// launched, which fixed the command line's World (no terminal) as `Current`.
  @Test func aDrillOfAVerbsFileAsksItsVerbsOnTheFullScreen() {
    let launch = Launch()
    _ = launch.run(["practice", "--verbs-file", "/home/ana/verbs.txt", "--tenses", "presente", "--persons", "yo"])
    #expect(launch.asked.worlds == ["trainer default"])
    let screen = launch.terminal.text
    #expect(screen.contains("Question 1 of 2"), "\(screen)")
    #expect(screen.contains("Verb:   tener") || screen.contains("Verb:   ir —"), "\(screen)")
  }

  @Test(arguments: [["--world", "simulator"], ["--world", "ui-test"], ["--world", "device"]])
  func theWorldOptionIsTheTrainersToMake(_ options: [String]) {
    for command in [[], ["practice", "--verb", "ir"]] {
      let launch = Launch()
      #expect(launch.run(command + options) == 130)
      #expect(launch.asked.worlds == ["trainer \(options[1])"])
    }
  }

  @Test(arguments: [["--plain"], ["train", "--plain"], ["practice", "--plain", "--verbs-file", "/home/ana/verbs.txt"]])
  func plainModeRunsInTheTrainersWorldWithoutTheTerminal(_ arguments: [String]) {
    let launch = Launch(interactive: true, input: [":quit", "8"])
    #expect(launch.run(arguments) == 0)
    #expect(launch.asked.worlds == ["trainer default"])
    #expect(launch.terminal.draws == 0)
    #expect(!launch.console.output.isEmpty)
  }

  /// What a sync double was asked: syncs (with `everything`), and processes started at the quit.
  final class SyncCalls: Sendable {
    private let state = Mutex<[String]>([])
    func note(_ call: String) { state.withLock { $0.append(call) } }
    var calls: [String] { state.withLock { $0 } }

    /// A sync set up (a folder), whose run reports `report` or throws `failure`.
    func client(report: SyncReport = SyncReport(), failure: String? = nil) -> SyncClient {
      SyncClient(
        setup: { .folder(URL(fileURLWithPath: "/home/ana/sync")) }, initialize: { _ in "0123456789abcdef" },
        run: { _, everything in
          self.note("sync everything: \(everything)")
          if let failure { throw SyncFailure(failure) }
          return report
        },
        status: { nil }, off: { nil }, startAfterQuit: { self.note("sync after quit") })
    }
  }

  /// Issue 40, 4: plain mode syncs as the full screen does where sync is set up: at its start, the
  /// outcome said in one line before the next reply, and at its quit a sync process of its own.
  @Test(arguments: [["--plain"], ["practice", "--plain", "--verbs-file", "/home/ana/verbs.txt"]])
  func plainModeSyncsAtItsStartAndAtItsQuit(_ arguments: [String]) {
    var report = SyncReport()
    report.merged = ImportSummary(added: 120, alreadyKept: 3)
    report.written = 1_045
    let calls = SyncCalls()
    let launch = Launch(interactive: false, input: [":quit", "8"], sync: calls.client(report: report))
    #expect(launch.run(arguments) == 0)
    #expect(calls.calls == ["sync everything: false", "sync after quit"])
    let lines = launch.console.output.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains("Sync") } == ["Synced: 120 answers merged, 1,045 of yours written."], "\(lines)")
    // Said after the opening, before the reply to the first line.
    let opening = lines.firstIndex { $0.hasPrefix("conjugar, in lines") || $0.hasPrefix("Question 1 of") }
    let synced = lines.firstIndex(of: "Synced: 120 answers merged, 1,045 of yours written.")
    #expect(opening != nil && synced != nil && opening! < synced!, "\(lines)")
  }

  /// Offline, the sync's failure is one line, and the session goes on.
  @Test func plainModeSaysASyncThatFailedInOneLine() {
    let calls = SyncCalls()
    let failure = "git could not reach ssh://nas/history.git: " + String(repeating: "no route to host; ", count: 20)
    let launch = Launch(interactive: false, input: ["8"], sync: calls.client(failure: failure))
    #expect(launch.run(["--plain"]) == 0)
    let lines = launch.console.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("Sync: git could not reach ssh://nas/history.git") }, "\(lines)")
    for line in lines { #expect(line.count <= 200, "\(line)") }
    #expect(lines.last == "Goodbye.")
    #expect(calls.calls == ["sync everything: false", "sync after quit"])
  }

  /// Issue 40, 10: Ctrl-C in plain mode, in a session or at the menu, says in one line that every
  /// answer is kept, and ends with status 130; the answer given before it is kept.
  @Test(arguments: [["--plain"], ["practice", "--plain", "--verbs-file", "/home/ana/verbs.txt"]])
  func ctrlCInPlainModeSaysInOneLineThatEveryAnswerIsKept(_ arguments: [String]) throws {
    let launch = Launch(interactive: false, input: arguments == ["--plain"] ? ["2", "nada"] : ["nada"], interruptedAtEnd: true)
    #expect(launch.run(arguments) == 130)
    #expect(launch.console.catchesInterrupts)
    let lines = launch.console.output.split(separator: "\n").map(String.init)
    #expect(lines.last == "Stopped by Ctrl-C: every answer you gave is kept.", "\(lines)")
    #expect(lines.filter { $0.hasPrefix("Stopped") }.count == 1, "one line, no results: \(lines)")
    #expect(!lines.contains("Goodbye."))
  }

  /// Where sync is not set up, plain mode syncs nothing and says nothing of it.
  @Test func plainModeWithoutSyncSaysNothingOfIt() {
    let launch = Launch(interactive: false, input: ["8"], sync: .off)
    #expect(launch.run(["--plain"]) == 0)
    #expect(!launch.console.output.contains("Sync"))
  }

  @Test func withoutATerminalThePracticeIsPlain() {
    let launch = Launch(interactive: false)
    #expect(launch.run(["practice", "--verbs-file", "/home/ana/verbs.txt"]) == 0)
    #expect(launch.asked.worlds == ["trainer default"])
    #expect(launch.console.output.contains("Question 1 of 20."))
  }

  @Test(arguments: [["stats"], ["conjugate", "tener"], ["tener"], ["--version"], ["practice", "--count", "-1"]])
  func everyOtherCommandRunsInTheCommandLinesWorld(_ arguments: [String]) {
    let launch = Launch()
    _ = launch.run(arguments)
    #expect(launch.asked.worlds == ["command line"], "\(arguments)")
  }

  @Test func aVerbsFileThatIsMissingIsSaidInTheTrainersWorld() {
    let launch = Launch()
    #expect(launch.run(["practice", "--verbs-file", "/home/ana/none.txt"]) == 1)
    #expect(launch.asked.worlds == ["trainer default"])
    #expect(launch.console.error == "conjugar: the verbs file /home/ana/none.txt does not exist\n")
    #expect(launch.terminal.draws == 0)
  }
}
