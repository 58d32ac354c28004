import AnalyticsClient
import ClockClient
import ConjugarEngine
import Foundation
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import SettingsClient
import SoundClient
import SpeechClient
import SpacedRepetition
import TerminalClient

/// Every dependency and side effect of the app — its *dependeffects* — in one value. Code reads
/// them through `Current` (`Current.settings.region`, `Current.scoreboard.reportScore(…)`), so that
/// each scenario, and each test, can swap in the behaviour it needs.
public struct World: Sendable {
  /// Which scenario this is; shown in the title bar unless it is `.device`.
  public var name: Name
  /// Where settings, scores and state are kept on disk.
  public var files: FileLocations
  public var settings: Settings
  public var scoreboard: Scoreboard
  public var analytics: Analytics
  public var reviewPrompter: ReviewPrompter
  public var random: RandomSource
  public var clock: WallClock
  public var sound: Sound
  /// The trainer's voice (espeak-ng, when installed).
  public var speech: Speech
  /// How long the trainer takes to show things (`--timing-log`, ui-test only); `.off` elsewhere.
  public var timingLog: TimingLog
  /// The engine, with its catalog loaded once.
  public var conjugator: Conjugator
  /// Messages for the learner to read once: a settings file set aside, running in memory.
  public var notices: [String]
  /// Starts the full-screen terminal. A function, so that nothing takes over the terminal until
  /// the trainer opens (`conjugar conjugate` never calls it).
  public var makeTerminal: @Sendable () throws -> Terminal

  public enum Name: String, Sendable, CaseIterable {
    case device, simulator
    case uiTest = "ui-test"
    case unitTest = "unit-test"
  }

  public init(
    name: Name, files: FileLocations, settings: Settings, scoreboard: Scoreboard, analytics: Analytics,
    reviewPrompter: ReviewPrompter, random: RandomSource, clock: WallClock, sound: Sound, speech: Speech,
    conjugator: Conjugator, notices: [String] = [], makeTerminal: @escaping @Sendable () throws -> Terminal, timingLog: TimingLog = .off
  ) {
    self.name = name
    self.files = files
    self.settings = settings
    self.scoreboard = scoreboard
    self.analytics = analytics
    self.reviewPrompter = reviewPrompter
    self.random = random
    self.clock = clock
    self.sound = sound
    self.speech = speech
    self.conjugator = conjugator
    self.notices = notices
    self.makeTerminal = makeTerminal
    self.timingLog = timingLog
  }
}

extension World {
  /// Everything live: settings in `~/.config/conjugar`, scores in a SQLite database in
  /// `~/.local/share/conjugar`, analytics appended to `~/.local/state/conjugar` while allowed,
  /// the review prompt at most once in 90 days, real randomness, the real clock, the terminal bell,
  /// espeak-ng's voice.
  /// (Tests that start many Worlds pass one `conjugator`, loaded once.)
  public static func device(
    environment: [String: String] = ProcessInfo.processInfo.environment, conjugator: Conjugator = Conjugator()
  ) -> World {
    let files = FileLocations.xdg(environment)
    let settings = Settings(store: FileSettingsStore(directory: files.config))
    let clock = WallClock.live
    let scoreboard = deviceScoreboard(files: files, settings: settings, conjugator: conjugator, clock: clock, backups: true)
    return World(
      name: .device, files: files, settings: settings, scoreboard: scoreboard,
      analytics: .live(directory: files.state, settings: settings, clock: clock),
      reviewPrompter: .live(directory: files.state, clock: clock), random: .live, clock: clock,
      sound: .live(settings), speech: .live(environment: environment), conjugator: conjugator,
      notices: [settings.loadNotice, settingsDirectoryNotice(files.config), scoreboard.notice].compactMap { $0 },
      makeTerminal: Terminal.live)
  }

  /// The device's score board and history: `scores.sqlite` in the data folder, its review schedule
  /// from the settings; a damaged file's salvage keeps only the answers an import would take
  /// (``HistoryCheck``). (The `history` and `schedule` commands use it alone, without the daily
  /// backup the trainer makes.)
  public static func deviceScoreboard(
    files: FileLocations, settings: Settings, conjugator: Conjugator, clock: WallClock, backups: Bool = false
  ) -> Scoreboard {
    .live(
      directory: files.data, scheduler: { settings.values.scheduler }, backups: backups,
      check: {
        let check = HistoryCheck(conjugator: conjugator, now: clock.now())
        return { check.problem(with: $0) }
      })
  }

  /// For development: the real settings file, real randomness and real speech, but scores are not
  /// reported (they live in memory while the program runs), no analytics and no review prompts.
  public static func simulator(environment: [String: String] = ProcessInfo.processInfo.environment) -> World {
    let files = FileLocations.xdg(environment)
    let settings = Settings(store: FileSettingsStore(directory: files.config))
    return World(
      name: .simulator, files: files, settings: settings,
      scoreboard: .inMemory(scheduler: { settings.values.scheduler }), analytics: .noop,
      reviewPrompter: .noop, random: .live, clock: .live, sound: .live(settings), speech: .live(environment: environment),
      conjugator: Conjugator(),
      notices: [settings.loadNotice, settingsDirectoryNotice(files.config)].compactMap { $0 },
      makeTerminal: Terminal.live)
  }

  /// The quiz seed of the UI-test world: any fixed number makes the quizzes repeatable.
  static let uiTestSeed: UInt64 = 2026

  /// For UI tests driving the real binary: settings in memory, taken from the launch options
  /// (`--region`, `--difficulty`, `--second-person`: every setting's option); quizzes deterministic
  /// (a fixed seed: the same questions in the same order every run); the real clock for the timer;
  /// no sound, no analytics, no prompts; speech heard nowhere but written, if asked with
  /// `--speech-log PATH`, as `voice<TAB>text` lines (available as on the device: espeak-ng on
  /// `PATH`), but the IPA transcribed by espeak-ng on `PATH`, as on the device; the history in
  /// memory, starting with the answers of `--history FILE` if given;
  /// nothing written to disk but those logs and, if asked with `--timing-log PATH`, the timing log.
  /// The ui-test World from a command line, as Conjugar makes it:
  /// `Current = .uiTest(launchArguments: CommandLine.arguments)`. The arguments are parsed by
  /// `LaunchOptions` (argument-parser, the one parser; the program's path first is skipped); a bad
  /// one ends the program with argument-parser's message and usage, exit status 2.
  public static func uiTest(launchArguments: [String]) -> World {
    var arguments = launchArguments
    if let first = arguments.first, !first.hasPrefix("-") { arguments.removeFirst() }
    if !arguments.contains(where: { $0 == "--world" || $0.hasPrefix("--world=") }) { arguments += ["--world", "ui-test"] }
    do {
      return .uiTest(try LaunchOptions.parse(arguments))
    } catch {
      LaunchOptions.exit(withError: error)
    }
  }

  public static func uiTest(_ options: LaunchOptions) -> World {
    let settings = Settings(store: InMemorySettingsStore(options.settings))
    let scoreboard = Scoreboard.inMemory(scheduler: { settings.values.scheduler })
    var notices: [String] = []
    if let path = options.history {
      // `--history FILE`: the answers of a history file, so that a UI test finds forms due.
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      let read = HistoryFile.read(text, HistoryFile.Format(path: path) ?? .csv)
      if !read.bad.isEmpty || (try? scoreboard.importAnswers(read.answers)) == nil {
        notices.append("The history \(path) could not be read.")
      }
    }
    return World(
      name: .uiTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-ui-test")), settings: settings,
      scoreboard: scoreboard, analytics: .noop, reviewPrompter: .noop, random: .seeded(uiTestSeed), clock: .live,
      sound: .noop,
      speech: .log(to: options.speechLog, isAvailable: { Speech.isEspeakOnPath() }, ipa: Speech.live().ipa),
      conjugator: Conjugator(), notices: notices, makeTerminal: Terminal.live,
      timingLog: options.timingLog.map(TimingLog.live) ?? .off)
  }

  /// For unit tests: every dependeffect a failing double, so that a test states each one it uses
  /// (`world.clock = WallClock.manual().0`, `world.scoreboard = .inMemory()`); only the
  /// engine, which is pure, is real.
  public static func unitTest(conjugator: Conjugator = Conjugator()) -> World {
    World(
      name: .unitTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-unit-test")),
      settings: .failing, scoreboard: .failing, analytics: .failing, reviewPrompter: .failing, random: .failing,
      clock: .failing, sound: .failing, speech: .failing, conjugator: conjugator, makeTerminal: Terminal.failing,
      timingLog: .failing)
  }
}

/// Says so when the settings folder cannot be made: the app then keeps changes in memory.
private func settingsDirectoryNotice(_ directory: URL) -> String? {
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return nil
  } catch {
    return "Settings can't be saved in \(directory.path); changes last until you quit."
  }
}

extension SettingValues {
  /// The review schedule these settings ask for: FSRS-6 with py-fsrs's defaults and the desired
  /// retention chosen.
  public var scheduler: Scheduler { Scheduler(parameters: Parameters(desiredRetention: self.desiredRetention.value)) }
}
