import AnalyticsClient
import BackgroundClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import ConsoleClient
import FileStorage
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
    init(keys: [Key] = [], interactive: Bool = true, input: [String] = []) {
      let terminal = InMemoryTerminal(columns: 80, rows: 24, keys: keys)
      let console = RecordingConsole(input: input, interactive: interactive)
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
      world.sync = .off
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
    ["practice", "--mode", "sentences"],
  ])
  func everyWayIntoTheFullScreenRunsInTheTrainersWorld(_ arguments: [String]) {
    let launch = Launch()
    #expect(launch.run(arguments) == 130, "\(arguments)")
    #expect(launch.asked.worlds == ["trainer default"], "\(arguments)")
    #expect(launch.terminal.draws > 0, "\(arguments)")
    #expect(launch.terminal.isRestored, "\(arguments)")
    #expect(launch.console.error == "", "\(arguments)")
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
    let launch = Launch(interactive: true, input: [":quit", "7"])
    #expect(launch.run(arguments) == 0)
    #expect(launch.asked.worlds == ["trainer default"])
    #expect(launch.terminal.draws == 0)
    #expect(!launch.console.output.isEmpty)
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
