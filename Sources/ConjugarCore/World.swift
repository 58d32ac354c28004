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
import SettingsClient
import SoundClient
import SpeechClient
import SyncClient
import SpacedRepetition
import TerminalClient

/// Every dependency and side effect of the app — its *dependeffects* — in one value. Code reads
/// them through `Current` (`Current.settings.region`, `Current.scoreboard.answers.reportScore(…)`), so that
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
  /// The learner's time zone, where days begin at midnight (a streak, the daily goal, the plan of
  /// the days, the statistics by day): the live Worlds read it once as they are made
  /// (``Zone/local(_:)``); a unit test's is UTC, fixed, whatever the machine's.
  public var timeZone: Zone
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
    /// The commands' World (`conjugar stats`, `history import`): the device's files and history,
    /// no terminal. Chosen by the command, never by `--world`.
    case commandLine = "command-line"
  }

  public init(
    name: Name, files: FileLocations, fileSystem: FileClient, settings: Settings, scoreboard: @escaping @autoclosure @Sendable () -> Scoreboard,
    analytics: Analytics, reviewPrompter: ReviewPrompter, random: RandomSource, clock: WallClock, timeZone: Zone, sound: Sound,
    speech: Speech, background: Background, maintenance: HistoryMaintenance, conjugator: @escaping @autoclosure @Sendable () -> Conjugator,
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
    self.timeZone = timeZone
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

  /// For unit tests: every dependeffect a failing double, so that a test states each one it uses
  /// (`world.clock = WallClock.manual().0`, `world.scoreboard = .inMemory()`); only the
  /// engine, which is pure, is real.
  public static func unitTest(conjugator: @escaping @autoclosure @Sendable () -> Conjugator = Conjugator()) -> World {
    World(
      name: .unitTest, files: .under(URL(fileURLWithPath: "/nonexistent/conjugar-unit-test")), fileSystem: .failing,
      settings: .failing, scoreboard: .failing, analytics: .failing, reviewPrompter: .failing, random: .failing,
      clock: .failing, timeZone: .utc, sound: .failing, speech: .failing, background: .failing, maintenance: .failing,
      conjugator: conjugator(), sync: .failing, console: .failing, makeTerminal: Terminal.failing,
      timingLog: .failing)
  }
}

extension SettingValues {
  /// The review schedule these settings ask for: FSRS-6 with py-fsrs's defaults and the desired
  /// retention chosen.
  public var scheduler: Scheduler { Scheduler(parameters: Parameters(desiredRetention: self.desiredRetention.value)) }
}
