import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition

/// Answers taken back (`u`, the change "I was right" makes), by identity (``AnswerIdentity``): an
/// answer taken back after a sync wrote it out, or after another machine merged it, is taken back
/// there too by the next syncs, and no merge or import brings it back (migration 9's `withdrawn`).
extension Schema {
  /// ? an identity's stored form (``StoredIdentity/value(_:)``).
  static let insertWithdrawn = "INSERT OR IGNORE INTO withdrawn (uid) VALUES (?)"
  /// The identity of the answer of id ? kept as taken back, as it is stored (no conversion either way).
  static let withdrawKept = "INSERT OR IGNORE INTO withdrawn (uid) SELECT uid FROM answers WHERE id = ? AND uid IS NOT NULL"
  static let selectWithdrawn = "SELECT uid FROM withdrawn ORDER BY uid"
}

extension HistoryDatabase {
  /// Every identity taken back here, or learned from another machine.
  func withdrawn() throws(SQLiteError) -> [String] {
    try read { db in try DatabaseValue.fetchAll(db, sql: Schema.selectWithdrawn).compactMap(StoredIdentity.identity) }
  }

  /// Keeps `identities` as taken back and removes the answers kept with them (the statistics follow
  /// by the triggers; each form touched replayed from the answers left, or forgotten if none are), in
  /// one transaction; returns the answers removed.
  func withdraw(_ identities: [String]) throws(SQLiteError) -> Int {
    let scheduler = scheduler()
    return try write { db in
      var touched = Set<Item>()
      var removed = 0
      let insert = try db.cachedStatement(sql: Schema.insertWithdrawn)
      for identity in identities {
        let uid = StoredIdentity.value(identity)
        try insert.execute(arguments: [uid])
        guard let row = try Row.fetchOne(db, sql: "SELECT verb, tense, person FROM answers WHERE uid = ?", arguments: [uid])
        else { continue }
        touched.insert(Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2)))
        try db.execute(sql: "DELETE FROM answers WHERE uid = ?", arguments: [uid])
        removed += 1
      }
      for item in touched { try Self.replay(item, scheduler: scheduler, db) }
      return removed
    }
  }
}
