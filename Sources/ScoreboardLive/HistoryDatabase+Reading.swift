import FileStorage
import Foundation
import GRDB
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

  func history(limit: Int) throws(SQLiteError) -> [AnsweredQuestion] {
    guard limit > 0 else { return [] }
    return try read { db in
      try Row.fetchAll(db.cachedStatement(sql: Schema.selectHistory), arguments: [Int64(clamping: limit)])
        .compactMap { try Schema.answer($0) }
    }
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

  func items(due: Date?) throws(SQLiteError) -> [ItemState] {
    try read { db in
      if let due {
        try Row.fetchAll(db, sql: Schema.selectItems + " WHERE due <= ? ORDER BY verb, tense, person",
          arguments: [UnixTime.seconds(due)]).compactMap { try Schema.itemState($0) }
      } else {
        try Row.fetchAll(db, sql: Schema.selectItems + " ORDER BY verb, tense, person").compactMap { try Schema.itemState($0) }
      }
    }
  }

  func dueItems(at now: Date, limit: Int) throws(SQLiteError) -> [ItemState] {
    guard limit > 0 else { return [] }
    let seconds = UnixTime.seconds(now)
    return try read { db in
      try Row.fetchAll(db.cachedStatement(sql: Schema.selectDue), arguments: [seconds, seconds, Int64(clamping: limit)])
        .compactMap { row in try Self.state(of: Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2)), db) }
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
