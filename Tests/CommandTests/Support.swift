import ClockClient
import ConjugarCore
import ConjugarEngine
import ConsoleClient
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient

@testable import conjugar

/// What a command did: its exit status, what it wrote to standard output and to standard error.
struct CommandRun {
  var status: Int32
  var output: String
  var error: String
}

/// Runs `conjugar ARGUMENTS` on main's path, in `world` with a console in memory (standard input
/// the lines of `input`), whichever World the command asks for.
func run(_ arguments: [String], in world: World, input: [String] = []) -> CommandRun {
  let console = RecordingConsole(input: input)
  var world = world
  world.console = console.console
  let given = world
  let status = Conjugar.run(arguments, worlds: Worlds(commandLine: { given }, trainer: { _ in given }))
  return CommandRun(status: status, output: console.output, error: console.error)
}

/// The unit-test World with what a command of the history uses: settings in memory, a score board
/// in memory (with `answers` imported), the clock at `now`, files in memory (`files`: empty unless
/// given), seeded randomness. Every other dependency fails if used.
func historyWorld(
  _ answers: [AnsweredQuestion] = [], settings: [String: String] = [:], now: Date = CommandFixtures.now,
  files: InMemoryFiles = InMemoryFiles()
) throws -> World {
  var world = World.unitTest(conjugator: CommandFixtures.conjugator)
  world.fileSystem = files.client
  world.random = .seeded(7)
  let settings = Settings(store: InMemorySettingsStore(settings))
  world.settings = settings
  let board = Scoreboard.inMemory(scheduler: { settings.values.scheduler })
  if !answers.isEmpty { _ = try board.answers.importAnswers(answers) }
  world.scoreboard = board
  world.clock = WallClock(now: { now })
  return world
}

enum CommandFixtures {
  static let conjugator = Conjugator()
  /// 2026-11-24T12:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_795_521_600)

  /// Three answers a day before `now`: two right, one wrong.
  static let answers: [AnsweredQuestion] = [
    AnsweredQuestion(
      verb: "tener", tense: "preterito", person: "yo", expected: "tuve", given: "tuve", result: .correct,
      date: now.addingTimeInterval(-86_400), seconds: 2),
    AnsweredQuestion(
      verb: "tener", tense: "presente", person: "yo", expected: "tengo", given: "teno", result: .wrong,
      date: now.addingTimeInterval(-86_390), seconds: 4),
    AnsweredQuestion(
      verb: "hablar", tense: "presente", person: "nosotros", expected: "hablamos", given: "hablamos", result: .correct,
      date: now.addingTimeInterval(-86_380), seconds: 3),
  ]

  /// A folder of its own under the temporary folder, removed by the caller.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-commands-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
