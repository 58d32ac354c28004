import AnalyticsClient
import BackgroundClient
import ClockClient
import ConsoleClient
import ConjugarEngine
import FileStorage
import Foundation
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SoundClient
import SpeechClient
import SyncClient
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
  /// The files and folders outside the database: those a learner names (`history import FILE`,
  /// `--verbs-file`), the sync folder and sync's own files.
  public var fileSystem: FileClient
  public var settings: Settings
  /// The history and its review schedule; opened the first time it is read (a command that
  /// never reads it never opens the file).
  public var scoreboard: Scoreboard {
    get { openedScoreboard.wrapped }
    set { openedScoreboard = Lazy { newValue } }
  }
  private var openedScoreboard: Lazy<Scoreboard>
  public var analytics: Analytics
  public var reviewPrompter: ReviewPrompter
  public var random: RandomSource
  public var clock: WallClock
  public var sound: Sound
  /// The trainer's voice (espeak-ng, when installed).
  public var speech: Speech
  /// Where work off the key path runs: the fit, the calibration, the IPA, the sync, the warm-up,
  /// the history's integrity check and backup.
  public var background: Background
  /// The care of the history's file: backups, the integrity check, `conjugar doctor`'s
  /// examination and restore.
  public var maintenance: HistoryMaintenance
  /// How long the trainer takes to show things (`--timing-log`, ui-test only); `.off` elsewhere.
  public var timingLog: TimingLog
  /// The engine, with its catalog loaded once, the first time it is read.
  public var conjugator: Conjugator {
    get { loadedConjugator.wrapped }
    set { loadedConjugator = Lazy { newValue } }
  }
  private var loadedConjugator: Lazy<Conjugator>
  /// One history on every machine (`conjugar sync`, and the trainer's at its start and quit).
  public var sync: SyncClient
  /// Standard output, error and input, for the command line (`conjugar stats`, `practice --plain`).
  public var console: Console
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
    name: Name, files: FileLocations, fileSystem: FileClient, settings: Settings, scoreboard: @escaping @autoclosure @Sendable () -> Scoreboard,
    analytics: Analytics, reviewPrompter: ReviewPrompter, random: RandomSource, clock: WallClock, sound: Sound, speech: Speech,
    background: Background, maintenance: HistoryMaintenance, conjugator: @escaping @autoclosure @Sendable () -> Conjugator,
    sync: SyncClient, console: Console, notices: [String] = [],
    makeTerminal: @escaping @Sendable () throws -> Terminal, timingLog: TimingLog = .off
  ) {
    self.name = name
    self.files = files
    self.fileSystem = fileSystem
    self.settings = settings
    self.openedScoreboard = Lazy(scoreboard)
    self.analytics = analytics
    self.reviewPrompter = reviewPrompter
    self.random = random
    self.clock = clock
    self.sound = sound
    self.speech = speech
    self.background = background
    self.maintenance = maintenance
    self.loadedConjugator = Lazy(conjugator)
    self.sync = sync
    self.console = console
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
    environment: [String: String] = ProcessEnvironment.live, conjugator: Conjugator = Conjugator()
  ) -> World {
    let files = FileLocations.xdg(environment)
    let fileSystem = FileClient.live
    let clock = WallClock.live
    let settings = Settings(store: FileSettingsStore(directory: files.config, files: fileSystem, now: clock.now))
    let background = Background.live
    let maintenance = HistoryMaintenance.live(directory: files.data, files: fileSystem, clock: clock)
    let scoreboard = deviceScoreboard(
      files: files, settings: settings, conjugator: conjugator, clock: clock, random: .live, background: background,
      backups: true, fileSystem: fileSystem, maintenance: maintenance)
    return World(
      name: .device, files: files, fileSystem: fileSystem, settings: settings, scoreboard: scoreboard,
      analytics: .live(directory: files.state, settings: settings, clock: clock, files: fileSystem),
      reviewPrompter: .live(directory: files.state, clock: clock, files: fileSystem), random: .live, clock: clock,
      sound: .live(settings), speech: .live(environment: environment, files: fileSystem, background: background), background: background,
      maintenance: maintenance, conjugator: conjugator,
      sync: .live(data: files.data, conjugator: { conjugator }, clock: clock, random: .live, files: fileSystem),
      console: .live(environment: environment),
      notices: [settings.loadNotice, settingsDirectoryNotice(files.config, fileSystem), scoreboard.notice].compactMap { $0 },
      makeTerminal: Terminal.live)
  }

  /// The device's score board and history: `scores.sqlite` in the data folder, its review schedule
  /// from the settings; a damaged file's salvage keeps only the answers an import would take
  /// (``HistoryCheck``); its integrity check and, with `backups`, the daily backup run in
  /// `background`. (The `history` and `schedule` commands use it alone, without the daily backup
  /// the trainer makes.) Its files through `fileSystem`, the time of a file set aside from `clock`,
  /// a new answer's identity from `random`; `maintenance`, the World's.
  public static func deviceScoreboard(
    files: FileLocations, settings: Settings, conjugator: Conjugator, clock: WallClock, random: RandomSource,
    background: Background, backups: Bool, fileSystem: FileClient, maintenance: HistoryMaintenance
  ) -> Scoreboard {
    .live(
      directory: files.data, scheduler: { settings.values.scheduler }, background: background, backups: backups,
      check: {
        let check = HistoryCheck(conjugator: conjugator, now: clock.now())
        return { check.problem(with: $0) }
      }, files: fileSystem, clock: clock, random: random, maintenance: maintenance)
  }

  /// For the command line (`conjugar stats`, `history import`, …): the device's files, settings,
  /// clock, randomness, voice and standard streams; the history opened the first time a command
  /// reads it, without the trainer's daily backup, and opened again after damage
  /// (``reopenedScoreboard()``), which salvages it; the catalog loaded the first time it is read.
  /// The history's maintenance (`conjugar doctor`). No analytics, review prompts, sound or
  /// terminal: a command has none.
  public static func commandLine(environment: [String: String] = ProcessEnvironment.live) -> World {
    let files = FileLocations.xdg(environment)
    let fileSystem = FileClient.live
    let settings = Settings(store: FileSettingsStore(directory: files.config, files: fileSystem, now: WallClock.live.now))
    let conjugator = Lazy { Conjugator() }
    let maintenance = HistoryMaintenance.live(directory: files.data, files: fileSystem, clock: .live)
    return World(
      name: .device, files: files, fileSystem: fileSystem, settings: settings,
      scoreboard: deviceScoreboard(
        files: files, settings: settings, conjugator: conjugator.wrapped, clock: .live, random: .live, background: .live,
        backups: false, fileSystem: fileSystem, maintenance: maintenance),
      analytics: .noop, reviewPrompter: .noop, random: .live, clock: .live, sound: .noop,
      speech: .live(environment: environment, files: fileSystem, background: .live), background: .live, maintenance: maintenance,
      conjugator: conjugator.wrapped,
      sync: .live(data: files.data, conjugator: { conjugator.wrapped }, clock: .live, random: .live, files: fileSystem),
      console: .live(environment: environment),
      makeTerminal: Terminal.failing)
  }

  /// The score board opened again, in place of the one `scoreboard` read: after damage, the new
  /// opening salvages the file. (A board a test gave is given again.)
  public func reopenedScoreboard() -> Scoreboard { openedScoreboard.remade() }

  /// Lets go of the score board read so far, which closes its file if nothing else holds it (SQLite
  /// folds its journal into the file as the last connection closes): the command line's main does
  /// so before the process exits, as a command's own board did when it went out of scope.
  public func releaseScoreboard() { openedScoreboard.release() }

  /// Gives the score board as a way to open it: at first use, and again at each
  /// ``reopenedScoreboard()`` (a test counts the openings, or opens a damaged board first).
  public mutating func scoreboard(opening open: @escaping @Sendable () -> Scoreboard) { openedScoreboard = Lazy(open) }

  /// For development: the real settings file, real randomness and real speech, but scores are not
  /// reported (they live in memory while the program runs), no analytics and no review prompts.
  public static func simulator(environment: [String: String] = ProcessEnvironment.live) -> World {
    let files = FileLocations.xdg(environment)
    let settings = Settings(store: FileSettingsStore(directory: files.config, files: .live, now: WallClock.live.now))
    return World(
      name: .simulator, files: files, fileSystem: .live, settings: settings,
      scoreboard: .inMemory(scheduler: { settings.values.scheduler }, random: .live), analytics: .noop,
      reviewPrompter: .noop, random: .live, clock: .live, sound: .live(settings), speech: .live(environment: environment, files: .live, background: .live),
      background: .live, maintenance: .noop, conjugator: Conjugator(), sync: .off, console: .live(environment: environment),
      notices: [settings.loadNotice, settingsDirectoryNotice(files.config, .live)].compactMap { $0 },
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
  /// memory, starting with the answers of `--history FILE` if given (no file to back up or check:
  /// `maintenance` does nothing); work off the key path on threads, as on the device;
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
    // The answers' identities from a stream of their own, so that answering leaves the quizzes'
    // draws as they were.
    let scoreboard = Scoreboard.inMemory(scheduler: { settings.values.scheduler }, random: .seeded(uiTestSeed + 1))
    var notices: [String] = []
    if let path = options.history {
      // `--history FILE`: the answers of a history file, so that a UI test finds forms due.
      let text = FileClient.live.text(path, limit: 256 << 20) ?? ""
      let read = HistoryFile.read(text, HistoryFile.Format(path: path) ?? .csv)
      if !read.bad.isEmpty || (try? scoreboard.importAnswers(read.answers)) == nil {
        notices.append("The history \(path) could not be read.")
      }
    }
    return World(
      name: .uiTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-ui-test")), fileSystem: .live,
      settings: settings,
      scoreboard: scoreboard, analytics: .noop, reviewPrompter: .noop, random: .seeded(uiTestSeed), clock: .live,
      sound: .noop,
      speech: .log(to: options.speechLog, files: .live, isAvailable: { Speech.isEspeakOnPath() }, ipa: Speech.live(files: .live, background: .live).ipa),
      background: .live, maintenance: .noop, conjugator: Conjugator(), sync: .off,
      console: .live(environment: ProcessEnvironment.live), notices: notices, makeTerminal: Terminal.live,
      timingLog: options.timingLog.map { TimingLog.live($0, files: .live) } ?? .off)
  }

  /// For unit tests: every dependeffect a failing double, so that a test states each one it uses
  /// (`world.clock = WallClock.manual().0`, `world.scoreboard = .inMemory()`); only the
  /// engine, which is pure, is real.
  public static func unitTest(conjugator: @escaping @autoclosure @Sendable () -> Conjugator = Conjugator()) -> World {
    World(
      name: .unitTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-unit-test")), fileSystem: .failing,
      settings: .failing, scoreboard: .failing, analytics: .failing, reviewPrompter: .failing, random: .failing,
      clock: .failing, sound: .failing, speech: .failing, background: .failing, maintenance: .failing,
      conjugator: conjugator(), sync: .failing, console: .failing, makeTerminal: Terminal.failing,
      timingLog: .failing)
  }
}

/// Says so when the settings folder cannot be made: the app then keeps changes in memory.
private func settingsDirectoryNotice(_ directory: URL, _ fileSystem: FileClient) -> String? {
  do {
    try fileSystem.createDirectory(directory.path)
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
