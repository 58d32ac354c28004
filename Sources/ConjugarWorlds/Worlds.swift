import AnalyticsClient
import BackgroundClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import ConjugarOptions
import ConsoleClient
import FileStorage
import Foundation
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SoundClient
import SpacedRepetition
import SpeechClient
import SyncClient
import SyncLive
import TerminalClient

// The composition root: the Worlds a program runs in, each made of the live values (and
// ScoreboardLive's history, the one module that links SQLite) or of doubles that act as they do.
// Only this module and the programs' entry points import the Live modules (ScoreboardLive, SyncLive); the domain
// (ConjugarCore) and the front ends see the clients' interfaces.

extension World {
  /// Everything live: settings in `~/.config/conjugar`, scores in a SQLite database in
  /// `~/.local/share/conjugar`, analytics appended to `~/.local/state/conjugar` while allowed,
  /// the review prompt at most once in 90 days, real randomness, the real clock, the terminal bell,
  /// espeak-ng's voice.
  /// (Tests that start many Worlds pass one `conjugator`, loaded once, and a `background` that
  /// runs nothing: the integrity check and the backup would otherwise run after the test, in a home
  /// it has removed.)
  public static func device(
    environment: [String: String] = ProcessEnvironment.live, conjugator: Conjugator = Conjugator(),
    background: Background = .live
  ) -> World {
    let conjugator = conjugator.parsingCatalog(on: background)
    let files = FileLocations.xdg(environment)
    let fileSystem = FileClient.live
    let clock = WallClock.live
    let settings = Settings(store: FileSettingsStore(directory: files.config, files: fileSystem, now: clock.now))
    let maintenance = HistoryMaintenance.live(directory: files.data, files: fileSystem, clock: clock)
    let scoreboard = deviceScoreboard(
      files: files, settings: settings, conjugator: conjugator, clock: clock, random: .live, background: background,
      backups: true, fileSystem: fileSystem, maintenance: maintenance)
    return World(
      name: .device, files: files, fileSystem: fileSystem, settings: settings, scoreboard: scoreboard,
      analytics: .live(directory: files.state, settings: settings, clock: clock, files: fileSystem),
      reviewPrompter: .live(directory: files.state, clock: clock, files: fileSystem), random: .live, clock: clock,
      timeZone: .local(environment), sound: .live(settings), speech: .live(environment: environment, files: fileSystem, background: background), background: background,
      maintenance: maintenance, conjugator: conjugator,
      sync: .live(data: files.data, conjugator: { conjugator }, clock: clock, random: .live, files: fileSystem),
      console: .live(environment: environment),
      notices: [
        settings.loadNotice, settingsDirectoryNotice(files.config, fileSystem), scoreboard.notice, Zone.unknownTZNotice(environment),
      ].compactMap { $0 },
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
      name: .commandLine, files: files, fileSystem: fileSystem, settings: settings,
      scoreboard: deviceScoreboard(
        files: files, settings: settings, conjugator: conjugator.wrapped, clock: .live, random: .live, background: .live,
        backups: false, fileSystem: fileSystem, maintenance: maintenance),
      analytics: .noop, reviewPrompter: .noop, random: .live, clock: .live, timeZone: .local(environment), sound: .noop,
      speech: .live(environment: environment, files: fileSystem, background: .live), background: .live, maintenance: maintenance,
      conjugator: conjugator.wrapped,
      sync: .live(data: files.data, conjugator: { conjugator.wrapped }, clock: .live, random: .live, files: fileSystem),
      console: .live(environment: environment),
      makeTerminal: Terminal.failing)
  }


  /// For development: the real settings file, real randomness and real speech, but scores are not
  /// reported (they live in memory while the program runs), no analytics and no review prompts.
  public static func simulator(environment: [String: String] = ProcessEnvironment.live) -> World {
    let conjugator = Conjugator().parsingCatalog(on: .live)
    let files = FileLocations.xdg(environment)
    let settings = Settings(store: FileSettingsStore(directory: files.config, files: .live, now: WallClock.live.now))
    return World(
      name: .simulator, files: files, fileSystem: .live, settings: settings,
      scoreboard: .inMemory(scheduler: { settings.values.scheduler }, random: .live), analytics: .noop,
      reviewPrompter: .noop, random: .live, clock: .live, timeZone: .local(environment), sound: .live(settings), speech: .live(environment: environment, files: .live, background: .live),
      background: .live, maintenance: .noop, conjugator: conjugator, sync: .off, console: .live(environment: environment),
      notices: [settings.loadNotice, settingsDirectoryNotice(files.config, .live), Zone.unknownTZNotice(environment)].compactMap { $0 },
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
    let conjugator = Conjugator().parsingCatalog(on: .live)
    let settings = Settings(store: InMemorySettingsStore(options.settings))
    // The answers' identities from a stream of their own, so that answering leaves the quizzes'
    // draws as they were.
    let scoreboard = Scoreboard.inMemory(scheduler: { settings.values.scheduler }, random: .seeded(uiTestSeed + 1))
    var notices: [String] = []
    if let path = options.history {
      // `--history FILE`: the answers of a history file, so that a UI test finds forms due.
      let text = FileClient.live.text(path, limit: 256 << 20) ?? ""
      let read = HistoryFile.read(text, HistoryFile.Format(path: path) ?? .csv)
      if !read.bad.isEmpty || (try? scoreboard.answers.importAnswers(read.answers)) == nil {
        notices.append("The history \(path) could not be read.")
      }
    }
    return World(
      name: .uiTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-ui-test")), fileSystem: .live,
      settings: settings,
      scoreboard: scoreboard, analytics: .noop, reviewPrompter: .noop, random: .seeded(uiTestSeed), clock: .live,
      timeZone: .local(ProcessEnvironment.live), sound: .noop,
      speech: .log(to: options.speechLog, files: .live, isAvailable: { Speech.isEspeakOnPath() }, ipa: Speech.live(files: .live, background: .live).ipa),
      background: .live, maintenance: .noop, conjugator: conjugator, sync: .off,
      console: .live(environment: ProcessEnvironment.live), notices: notices, makeTerminal: Terminal.live,
      timingLog: options.timingLog.map { TimingLog.live($0, files: .live) } ?? .off)
  }
}

extension LaunchOptions {
  /// The World these options ask for; without `--world`, `.device` in a release build and
  /// `.simulator` in a debug build.
  public func makeWorld() -> World {
    switch world {
    case .device: .device()
    case .simulator: .simulator()
    case .uiTest: .uiTest(self)
    case .unitTest: .unitTest()
    case .commandLine: .commandLine()
    case nil:
      #if DEBUG
        .simulator()
      #else
        .device()
      #endif
    }
  }
}

extension Conjugator {
  /// This conjugator, its catalog being parsed on `background` from now: the trainer's first frame
  /// lists every verb, and finds them parsed (or waits for the rest) once its World has opened the
  /// history and it has set up the terminal.
  fileprivate func parsingCatalog(on background: Background) -> Conjugator {
    background.run("catalog") { [catalog] in _ = catalog.entries }
    return self
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

extension Scoreboard {
  /// The history in `directory` with the device's own dependencies — the file system, the wall
  /// clock, the system's randomness, threads, the folder's own maintenance — for what opens a
  /// history without a World: the tests of the history, the bench. (The device World gives the
  /// World's: ``World/deviceScoreboard(files:settings:conjugator:clock:random:background:backups:fileSystem:maintenance:)``.)
  public static func live(
    directory: URL, scheduler: @escaping @Sendable () -> Scheduler = { Scheduler() }, background: Background = .live,
    backups: Bool = false, check: (@Sendable () -> (AnsweredQuestion) -> String?)? = nil
  ) -> Scoreboard {
    .live(
      directory: directory, scheduler: scheduler, background: background, backups: backups, check: check, files: .live,
      clock: .live, random: .live, maintenance: .live(directory: directory, files: .live, clock: .live))
  }
}
