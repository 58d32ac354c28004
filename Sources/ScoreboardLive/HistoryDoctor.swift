import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition

/// `conjugar doctor`: how the score board is, without changing it (a damaged file is salvaged by
/// the next start, not here), and a backup put back in its place.
enum HistoryDoctor {
  typealias Examination = HistoryMaintenance.Examination

  /// Examines `scores.sqlite` in `directory`: SQLite's integrity check, the foreign keys, and the
  /// derived tables against the answers (each item's memory replayed from its answers by
  /// `scheduler`; each summary table summed anew); lists the backups. A damaged file is left as it
  /// is, with the mark that has the next opening salvage it.
  static func examine(directory: URL, scheduler: Scheduler, files: FileClient) -> Examination {
    let path = directory.appendingPathComponent(HistoryDatabase.fileName).path
    var examination = Examination(
      path: path, bytes: files.size(path), answers: 0, items: 0, checks: [], backups: Backups.list(in: directory, files: files))
    switch files.kind(path) {
    case .missing: return examination  // nothing answered yet
    case .file: break
    case .directory, .special:
      // No database, and nothing to salvage: opening a FIFO would hang. The next opening sets it
      // aside (``HistoryOpening``).
      examination.checks.append(("integrity_check", ["\(path) is not a file"]))
      examination.salvageable = true
      return examination
    }
    var configuration = Configuration()
    configuration.busyTimeout = HistoryDatabase.busyTimeout
    configuration.readonly = true
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.read { db in
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
        examination.checks.append(("integrity_check", integrity == ["ok"] ? [] : integrity))
        guard integrity == ["ok"] else { return }
        let keys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        examination.checks.append(("foreign keys", keys.prefix(5).map { "\($0[0] as String? ?? "?") row \($0[1] as Int64? ?? 0) refers to a missing \($0[2] as String? ?? "?")" }))
        examination.answers = try Int.fetchOne(db, sql: "SELECT count(*) FROM answers") ?? 0
        examination.items = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
        // With the fitted weights when the history has some (a database before migration 6 has none).
        let fitted = (try? HistoryDatabase.readFitted(db)) ?? nil
        let memory = HistoryDatabase.scheduler(scheduler, fitted: fitted)
        examination.checks.append(("review states", try memoryProblems(db, scheduler: memory)))
        examination.checks.append(("statistics", try summaryProblems(db)))
      }
    } catch {
      // Damage that stops SQLite's own check, or the opening, is its finding too.
      examination.checks.append((examination.checks.isEmpty ? "integrity_check" : "database", ["SQLite cannot read it: \(error)"]))
    }
    // Damage, or derived tables that do not follow from the answers: the answers counted are those
    // a salvage can read, and the file is marked, so that whatever opens it next (the trainer, any
    // command) salvages it: the answers copied, the review states and statistics made anew.
    if let damage = examination.checks.first(where: { !$0.problems.isEmpty }) {
      let salvage = Salvage(path: path, files: files)
      examination.answers = salvage.recovered
      examination.items = Set(salvage.answers.values.map(\.answer.item)).count
      examination.salvageable = true
      HistoryDatabase.markDamaged(path, findings: damage.problems, files: files)
    }
    return examination
  }

  /// The items whose state is not the one their answers make (what does not depend on the desired
  /// retention, which a learner may have changed since: the state, the memory, the counts, the
  /// dates of the first and last review).
  static func memoryProblems(_ db: Database, scheduler: Scheduler) throws -> [String] {
    let replayed = try HistoryDatabase.replayAll(db, scheduler: scheduler)
    var problems: [String] = []
    var kept = Set<Item>()
    for row in try Row.fetchAll(db, sql: Schema.selectItems) {
      guard let state = try Schema.itemState(row) else { continue }
      kept.insert(state.item)
      guard let expected = replayed[state.item] else {
        problems.append("\(state.item.key) has a review state but no answers")
        continue
      }
      func close(_ a: Double?, _ b: Double?) -> Bool { a == b || abs((a ?? .nan) - (b ?? .nan)) < 1e-9 }
      let same = state.card.state == expected.card.state && state.reps == expected.reps
        && state.lapses == expected.lapses && state.firstReview == expected.firstReview
        && state.card.lastReview == expected.card.lastReview && close(state.card.stability, expected.card.stability)
        && close(state.card.difficulty, expected.card.difficulty)
      if !same { problems.append("\(state.item.key): its review state is not the one its answers make") }
    }
    for item in Set(replayed.keys).subtracting(kept).sorted() { problems.append("\(item.key) has answers but no review state") }
    return Array(problems.prefix(10)) + (problems.count > 10 ? ["and \(problems.count - 10) more"] : [])
  }

  /// The summary tables' rows that are not the sums of the answers.
  static func summaryProblems(_ db: Database) throws -> [String] {
    var problems: [String] = []
    for summary in Schema.allSummaries {
      let keys = summary.key.joined(separator: ", ")
      let kept = try Row.fetchAll(db, sql: "SELECT \(keys), \(Schema.tallyColumns) FROM \(summary.table) ORDER BY \(keys)")
      let summed = try Row.fetchAll(
        db,
        sql: """
          SELECT \(zip(summary.fill, summary.key).map { "\($0) AS \($1)" }.joined(separator: ", ")), \(Schema.tallySums)
          FROM answers WHERE result IN (\(Schema.knownResults)) GROUP BY \(keys) ORDER BY \(keys)
          """)
      if !same(kept, summed) { problems.append("\(summary.table) does not add up to the answers") }
    }
    let missed = try Row.fetchAll(db, sql: "SELECT verb, tense, person, wrong FROM stats_missed ORDER BY verb, tense, person")
    let counted = try Row.fetchAll(
      db,
      sql: "SELECT verb, tense, person, count(*) FROM answers WHERE result = 'wrong' GROUP BY verb, tense, person ORDER BY verb, tense, person")
    if !same(missed, counted) { problems.append("stats_missed does not add up to the answers") }
    return problems
  }

  /// Rows equal column by column, real numbers to a millionth (sums in another order).
  static func same(_ a: [Row], _ b: [Row]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
      guard x.count == y.count else { return false }
      for (u, v) in zip(x.databaseValues, y.databaseValues) where u != v {
        guard let p = Double.fromDatabaseValue(u), let q = Double.fromDatabaseValue(v), abs(p - q) < 1e-6 else { return false }
      }
    }
    return true
  }

  /// Puts the backup `file` in place of the score board in `directory`, once SQLite finds it whole;
  /// the database there (and its journals) kept aside first. Returns the name it was kept as.
  static func restore(
    _ file: String, directory: URL, files: FileClient, now: @Sendable () -> Date
  ) throws(SQLiteError) -> String? {
    // A FIFO would hang the opening; an empty file opens as an empty database.
    guard files.kind(file) == .file else {
      throw SQLiteError(code: ResultCode.SQLITE_CANTOPEN.rawValue, message: "\(file) is not a file")
    }
    var configuration = Configuration()
    configuration.readonly = true
    let (integrity, isHistory) = try HistoryDatabase.sqlite {
      try DatabaseQueue(path: file, configuration: configuration).read { db in
        (try String.fetchAll(db, sql: "PRAGMA integrity_check(5)"), try db.tableExists("answers"))
      }
    }
    guard integrity == ["ok"] else {
      throw SQLiteError(code: ResultCode.SQLITE_CORRUPT.rawValue, message: "\(file) is damaged: \(integrity.joined(separator: "; "))")
    }
    guard isHistory else {
      throw SQLiteError(
        code: ResultCode.SQLITE_NOTADB.rawValue, message: "\(file) is not a history of conjugar (it has no table of answers)")
    }
    let path = directory.appendingPathComponent(HistoryDatabase.fileName).path
    var kept: String?
    do {
      if files.exists(path) {
        kept = try files.moveAside(path, nil, now())
        for suffix in Scoreboard.journalSuffixes where files.entryIdentity(path + suffix) != nil {
          _ = try files.moveAside(path + suffix, nil, now())
        }
      }
      try files.createOwnDirectory(directory.path)
      try files.copy(file, path)
    } catch {
      throw SQLiteError(code: ResultCode.SQLITE_CANTOPEN.rawValue, message: "\(error)")
    }
    return kept
  }
}
