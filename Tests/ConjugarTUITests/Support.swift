import ConjugarCore
import AnalyticsClient
import BackgroundClient
import ClockClient
import ConjugarEngine
import Foundation
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SoundClient
import SpeechClient
import TerminalClient

@testable import ConjugarTUI

/// The engine, with its catalog loaded once for every test.
let conjugator = Conjugator()

/// The World the trainer's tests run in: the unit-test World (failing doubles) given what the
/// trainer uses — settings in memory, a fixed seed, a clock that stands still, scores in memory,
/// no analytics, prompts, sound, speech, sync or timings, background work done at once — then
/// changed by `configure`.
func testWorld(_ configure: (inout World) -> Void = { _ in }) -> World {
  var world = World.unitTest(conjugator: conjugator)
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
  // The fit, the calibration, the IPA and the warm-up are done by the time the key that started
  // them is handled; a test of what shows meanwhile gives a queue (`BackgroundQueue`).
  world.background = .inline
  configure(&world)
  return world
}

/// A unit-test World with these settings.
func testWorld(settings: [String: String]) -> World {
  testWorld { $0.settings = Settings(store: InMemorySettingsStore(settings)) }
}

/// Runs the trainer's loop in `world` on an in-memory terminal of `columns`×`rows`, pressing
/// `keys`; returns the terminal, whose frame is the last one drawn, and the exit status.
func run(
  in world: World = testWorld(), columns: Int = 80, rows: Int = 24, _ keys: [Key]
) -> (terminal: InMemoryTerminal, status: Int32) {
  let terminal = InMemoryTerminal(columns: columns, rows: rows, keys: keys)
  var world = world
  world.makeTerminal = { terminal.terminal }
  let status = World.withCurrent(world) { Trainer.run() }
  return (terminal, status)
}

/// Keys for typing `text`.
func typing(_ text: String) -> [Key] { text.map { .character($0) } }

extension App {
  mutating func press(_ keys: Key...) { for key in keys { handle(key) } }
  mutating func type(_ text: String) { for character in text { handle(.character(character)) } }
  var text: String { frame().text }
}

/// A settings store that cannot save, as a read-only disk would be.
struct UnwritableSettingsStore: SettingsStore {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the disk is read-only" }
  }

  func load() -> (values: [String: String], notice: String?) { ([:], nil) }
  func save(_ values: [String: String]) throws { throw Failure() }
}

/// The questions of the first quiz in a fresh unit-test World with `settings` (its seed is
/// fixed, so a second World asks the same).
func firstQuiz(settings: [String: String] = [:]) -> [Question] {
  let world = testWorld(settings: settings)
  return Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    .questions
}

/// `form` without its written accents: right but for the accents.
func withoutAccents(_ form: String) -> String {
  String(form.map { ["á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u"][$0] ?? $0 })
}
