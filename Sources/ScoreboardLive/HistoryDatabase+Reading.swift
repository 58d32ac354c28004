import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SettingsClient
import SpacedRepetition

extension HistoryDatabase {
  // MARK: Reading

  func bestScores(limit: Int) throws(SQLiteError) -> [ScoreRecord] {
    guard limit > 0 else { return [] }
    return try read { db in
      try Row.fetchAll(db.cachedStatement(sql: Schema.selectBest), arguments: [Int64(clamping: limit)]).compactMap {
        row -> ScoreRecord? in
        guard let difficulty = Difficulty(rawValue: try row.decode(atIndex: 2)), let region = Region(rawValue: try row.decode(atIndex: 3)) else { return nil }
        return ScoreRecord(
          score: try row.decode(atIndex: 0), date: Date(timeIntervalSince1970: Double(try row.decode(atIndex: 1) as Int64)), difficulty: difficulty,
          region: region, seconds: try row.decode(atIndex: 4))
      }
    }
  }

  /// A read of this many answers or more is a long one (today's plan and the forecast read the
  /// latest 20,000): it goes on a connection of its own (``readOnItsOwn(_:)``), so as not to hold
  /// up the trainer's reads; a short one (a count's answers of the day) on the trainer's, which
  /// needs no opening.
  static let longRead = 10_000

  func history(limit: Int) throws(SQLiteError) -> [AnsweredQuestion] {
    guard limit > 0 else { return [] }
    func answers(_ db: Database) throws -> [AnsweredQuestion] {
      try Self.answers(db.cachedStatement(sql: Schema.selectHistory), arguments: [Int64(clamping: limit)])
    }
    guard limit >= Self.longRead else { return try read(answers) }
    var read: [AnsweredQuestion] = []
    try readOnItsOwn { read = try answers($0) }
    return read
  }

  func eachAnswer(_ body: (AnsweredQuestion) throws -> Void) throws {
    var failure: (any Error)?
    try read { db in
      let rows = try Row.fetchCursor(db, sql: Schema.selectAll)
      while let row = try rows.next() {
        guard let answer = try Schema.answer(row) else { continue }
        do { try body(answer) } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw failure }
  }

  /// The forms due by `due`, or, without it, every form: a long read, on a connection of its own
  /// (``readOnItsOwn(_:)``), so that today's plan and the forecast, made on their threads, never
  /// hold up the trainer's reads (a key waited 0.8–1.8 s for them at 100,000 forms).
  func items(due: Date?) throws(SQLiteError) -> [ItemState] {
    guard let due else {
      var items: [ItemState] = []
      try readOnItsOwn { db in
        items = try Row.fetchAll(db, sql: Schema.selectItems + " ORDER BY verb, tense, person").compactMap { try Schema.itemState($0) }
      }
      return items
    }
    return try read { db in
      try Row.fetchAll(db, sql: Schema.selectItems + " WHERE due <= ? ORDER BY verb, tense, person",
        arguments: [UnixTime.seconds(due)]).compactMap { try Schema.itemState($0) }
    }
  }

  /// The keys in order from the index (enough of them that `limit` are left once `skipping` is
  /// taken out), and the states of those kept alone read from the table.
  func dueItems(at now: Date, limit: Int, skipping: Set<Item>) throws(SQLiteError) -> [ItemState] {
    guard limit > 0 else { return [] }
    let seconds = UnixTime.seconds(now)
    let rows = limit > Int.max - skipping.count ? Int.max : limit + skipping.count
    return try read { db in
      var due: [ItemState] = []
      let keys = try Row.fetchCursor(db.cachedStatement(sql: Schema.selectDue), arguments: [seconds, seconds, Int64(rows)])
      while due.count < limit, let row = try keys.next() {
        let item = Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2))
        guard !skipping.contains(item), let state = try Self.state(of: item, db) else { continue }
        due.append(state)
      }
      return due
    }
  }

  func dueCount(at now: Date) throws(SQLiteError) -> Int {
    try read { db in try Int.fetchOne(db.cachedStatement(sql: Schema.countDue), arguments: [UnixTime.seconds(now)]) ?? 0 }
  }

  func newItems(since date: Date) throws(SQLiteError) -> Int {
    try read { db in
      try Int.fetchOne(db.cachedStatement(sql: Schema.countNew), arguments: [UnixTime.seconds(date)]) ?? 0
    }
  }

  func known(_ items: [Item]) throws(SQLiteError) -> Set<Item> {
    try read { db in
      let statement = try db.cachedStatement(sql: Schema.selectItemExists)
      var known = Set<Item>()
      for item in items where try Bool.fetchOne(statement, arguments: [item.verb, item.tense, item.person]) == true {
        known.insert(item)
      }
      return known
    }
  }
}
