import CSQLite
import ConjugarCore
import ConjugarEngine
import Foundation
import RandomClient
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

/// Nothing read from disk can crash the program: a database of 20,000 answers, damaged by seeded
/// random pages overwritten or by a cut, is opened as the device World opens it (salvaging with the
/// import's check), then read by every path a command or a screen takes — the history, every
/// answer, the statistics and their report, the schedule, the due forms, the review log and its
/// calibration, the leeches, the marks — each line of an export written. Damage met while reading
/// is salvaged by opening again, as a command does (`DeviceHistory.reading`). No path traps, and
/// every answer that comes back is one that was given.
@Suite(.serialized) struct DamageFuzzTests {
  static let conjugator = sharedConjugator

  /// 20,000 answers the trainer could have given: 400 forms of 20 frequent verbs, right, wrong or
  /// right but for the accents, a few minutes apart; some wrong ones long (overflow pages).
  static let history: [AnsweredQuestion] = {
    var forms: [(Item, String)] = []
    for entry in QuizComposer.frequentEntries(of: conjugator.catalog).prefix(20) {
      let paradigm = conjugator.paradigm(of: entry)
      for tense in [Tense.presente, .preterito, .imperfecto, .futuro] {
        for person in [Person.yo, .tu, .el, .nosotros, .ellos] {
          forms.append((Item(verb: entry.infinitive, tense: tense.rawValue, person: person.rawValue), paradigm[tense, person][0]))
        }
      }
    }
    return (0..<20_000).map { n in
      let (item, form) = forms[n % forms.count]
      let (given, result): (String, AnswerResult) =
        n % 3 == 0 ? (n % 501 == 0 ? String(repeating: "mal ", count: 50) : "zz\(n)", .wrong)
        : n % 7 == 0 ? (form, .accentsOnly) : (form, .correct)
      return AnsweredQuestion(
        verb: item.verb, tense: item.tense, person: item.person, expected: form, given: given, result: result,
        date: Date(timeIntervalSince1970: 1_750_000_000 + Double(n) * 97), seconds: Double(n % 90) / 10 + 0.5)
    }
  }()

  /// The answers as a multiset, to check that each one recovered was given (and not twice more).
  static let given: [String: Int] = history.reduce(into: [:]) { $0[key($1), default: 0] += 1 }

  static func key(_ answer: AnsweredQuestion) -> String {
    "\(answer.date.timeIntervalSince1970)|\(answer.item.key)|\(answer.given)|\(answer.result)|\(answer.seconds ?? -1)"
  }

  /// The board as the device World opens it: the settings' scheduler, salvage checked as an import.
  static func open(_ directory: URL) -> Scoreboard {
    .live(
      directory: directory, scheduler: { Scheduler() },
      check: {
        let check = HistoryCheck(conjugator: conjugator, now: Date(timeIntervalSince1970: 1_800_000_000))
        return { check.problem(with: $0) }
      })
  }

  /// A database of the whole history, as bytes: written, then closed (the journal folded into the
  /// file as the last connection closes).
  static let pristine: [UInt8] = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-damage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let board = open(directory)
      _ = try! board.answers.importAnswers(history)
      _ = try! board.items.markItems([ItemEvent(item: history[1].item, action: .suspend, date: history[5].date)])
    }
    let path = directory.appendingPathComponent("scores.sqlite").path
    var handle: OpaquePointer?
    sqlite3_open(path, &handle)
    sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
    sqlite3_close(handle)
    return [UInt8](try! Data(contentsOf: URL(fileURLWithPath: path)))
  }()

  /// Every path that reads the history, as the commands and screens take them; damage met is
  /// salvaged by opening again (at most twice). Returns the answers read.
  static func readEverything(in directory: URL) throws -> [AnsweredQuestion] {
    var board = open(directory)
    for attempt in 0..<3 {
      do {
        var answers: [AnsweredQuestion] = []
        try board.answers.eachAnswer { answers.append($0) }
        for answer in answers.prefix(2000) {
          _ = HistoryFile.line(answer, .csv)
          _ = HistoryFile.line(answer, .json)
        }
        _ = try board.answers.history(100)
        let now = Date(timeIntervalSince1970: 1_752_000_000)
        let statistics = try board.standing.statistics(StatisticsQuery(now: now, timeZone: .utc))
        _ = StatsReport.json(statistics, since: nil)
        _ = StatsReport.table(statistics, since: nil)
        let calibration = try board.memory.calibrationInUse()
        _ = StatsReport.json(statistics, since: nil, calibration: calibration)
        for state in try board.items.items(nil).prefix(500) {
          _ = comesBack(state.card.due, from: now)
        }
        _ = try board.items.dueItems(now, 50, [])
        _ = try board.items.dueCount(now)
        _ = try board.items.leeches(4, 20)
        _ = try board.items.itemMarks()
        _ = try board.standing.answersSince(now - 86_400 * 30)
        return answers
      } catch let error as SQLiteError where error.isDamage && attempt < 2 {
        board = open(directory)
      }
    }
    return []
  }

  @Test(arguments: Array(UInt64(1)...UInt64(24)))
  func randomPagesOverwritten(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var bytes = Self.pristine
    let pages = bytes.count / 4096
    let count = 1 + Int(random.next() % 20)
    for _ in 0..<count {
      let page = 1 + Int(random.next() % UInt64(pages - 1))  // page 1, the header, too sometimes
      // Random bytes, or a run of one byte, over the whole page or a part of it.
      let start = (page - 1) * 4096 + (random.next() % 2 == 0 ? 0 : Int(random.next() % 4000))
      let end = min(page * 4096, start + 16 + Int(random.next() % 4096))
      let filler = UInt8(truncatingIfNeeded: random.next())
      let uniform = random.next() % 3 == 0
      for offset in start..<end { bytes[offset] = uniform ? filler : UInt8(truncatingIfNeeded: random.next()) }
    }
    try check(bytes, label: "seed \(seed): \(count) pages")
  }

  @Test(arguments: Array(UInt64(101)...UInt64(106)))
  func truncated(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let keep = 4096 + Int(random.next() % UInt64(Self.pristine.count - 4096))
    try check(Array(Self.pristine.prefix(keep)), label: "seed \(seed): cut at \(keep) bytes")
  }

  func check(_ bytes: [UInt8], label: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-damage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(bytes).write(to: directory.appendingPathComponent("scores.sqlite"))
    let answers = try Self.readEverything(in: directory)
    var left = Self.given
    for answer in answers {
      let key = Self.key(answer)
      #expect((left[key] ?? 0) > 0, "\(label): an answer that was never given came back: \(key.prefix(200))")
      left[key, default: 0] -= 1
    }
    print("damage fuzz, \(label): \(answers.count) of 20,000 answers back")
  }
}
