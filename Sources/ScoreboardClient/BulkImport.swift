import FileStorage
import Foundation
import GRDB
import SpacedRepetition

extension HistoryDatabase {
  /// From this many answers, an import takes the bulk path (``importInBulk(_:source:scheduler:)``).
  static let bulkImportThreshold = 10_000

  /// An answer's identity, as an import compares it: date (whole seconds), verb, tense, person and
  /// the answer given.
  private struct AnswerKey: Hashable {
    var verb: String
    var tense: String
    var person: String
    var date: Int64
    var given: String
  }

  /// An import of many answers (a first sync, a whole history moved to a new machine), with the
  /// same result as answer by answer, in one transaction, all or nothing: the answers kept compared
  /// in memory; the statistics' triggers and the answers' indexes set aside while the rows go in
  /// (each row would update six summary tables and four indexes); the indexes made whole again, the
  /// summary tables filled anew from every answer, as their migrations fill them (in a larger cache:
  /// their GROUP BYs sort every answer); the forms touched replayed from their whole history in time
  /// order; the triggers put back.
  func importInBulk(_ answers: [AnsweredQuestion], source: String, scheduler: Scheduler) throws(SQLiteError)
    -> ImportSummary
  {
    try write { db in
      // The summaries' GROUP BYs sort every answer: a larger cache for them.
      let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
      try db.execute(sql: "PRAGMA cache_size = -262144")
      defer { try? db.execute(sql: "PRAGMA cache_size = \(cache)") }
      var kept = Set<AnswerKey>()
      var known = Set<Item>()  // the forms with answers before this import
      // The answer given as bytes: a NUL inside it is kept (Schema.answerColumns).
      let rows = try Row.fetchCursor(db, sql: "SELECT verb, tense, person, date, CAST(given AS BLOB) FROM answers")
      while let row = try rows.next() {
        let given = String(decoding: (row[4] as Data?) ?? Data(), as: UTF8.self)
        let key = AnswerKey(verb: row[0], tense: row[1], person: row[2], date: row[3], given: given)
        kept.insert(key)
        known.insert(Item(verb: key.verb, tense: key.tense, person: key.person))
      }
      let aside = try SetAside(db)

      var summary = ImportSummary(added: 0, alreadyKept: 0)
      var added: [AnsweredQuestion] = []
      for answer in answers {
        let key = AnswerKey(
          verb: answer.verb, tense: answer.tense, person: answer.person, date: Files.unixSeconds(answer.date),
          given: answer.given)
        guard kept.insert(key).inserted else {
          summary.alreadyKept += 1
          continue
        }
        try Self.insert(answer, scoreID: nil, source: source, db)
        added.append(answer)
        summary.added += 1
      }

      try aside.makeIndexes(db)
      for table in Schema.allSummaries {
        try db.execute(sql: "DELETE FROM \(table.table)")
        try db.execute(sql: Schema.fill(table))
      }
      try db.execute(sql: "DELETE FROM stats_missed")
      try db.execute(sql: Schema.fillMissed)

      // A form new to the history from the answers added, in time order (as the database orders
      // them: by date, then as kept); one it had, from its whole history.
      var states: [Item: ItemState] = [:]
      var earlier = Set<Item>()
      let marks = try Self.marks(db)
      for answer in Self.timeOrdered(added) {
        if known.contains(answer.item) || marks[answer.item].reset != nil {
          earlier.insert(answer.item)
        } else {
          states[answer.item] = ItemState.after(states[answer.item], answer, scheduler: scheduler)
        }
      }
      for item in earlier { ItemState.replay(try Self.answers(of: item, db), onto: &states, scheduler: scheduler) }
      let save = try db.cachedStatement(sql: Schema.saveItem)
      for state in states.values { try save.execute(arguments: Schema.arguments(state)) }

      try aside.makeTriggers(db)
      return summary
    }
  }
}

extension HistoryDatabase {
  /// The source of the answers merged from another machine by a sync.
  static let mergeSource = "sync"

  /// The answers not merged from another machine, above `after`, in id order.
  func ownAnswers(after: Int64) throws(SQLiteError) -> [(id: Int64, answer: AnsweredQuestion)] {
    try read { db in
      try Row.fetchAll(
        db, sql: "SELECT \(Schema.answerColumns), id FROM answers WHERE id > ? AND source IS NOT ? ORDER BY id",
        arguments: [after, Self.mergeSource]
      ).compactMap { row in Schema.answer(row).map { (row[11], $0) } }
    }
  }
}

/// The statistics' triggers and the answers' indexes, dropped while many rows go in (each row would
/// update six summary tables and four indexes; an index is made faster whole) and made again as
/// they were: a bulk import's and the salvage's.
struct SetAside {
  private let rows: [(type: String, sql: String)]

  init(_ db: Database) throws {
    let found = try Row.fetchAll(
      db,
      sql: """
        SELECT type, name, sql FROM sqlite_master
        WHERE type = 'trigger' OR (type = 'index' AND tbl_name = 'answers' AND sql IS NOT NULL)
        """)
    for row in found { try db.execute(sql: "DROP \((row[0] as String).uppercased()) \(row[1] as String)") }
    rows = found.map { ($0[0], $0[2]) }
  }

  func makeIndexes(_ db: Database) throws { for row in rows where row.type == "index" { try db.execute(sql: row.sql) } }
  func makeTriggers(_ db: Database) throws { for row in rows where row.type == "trigger" { try db.execute(sql: row.sql) } }
}
