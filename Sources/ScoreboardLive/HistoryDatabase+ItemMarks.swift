import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition

extension Schema {
  /// Version 7: the marks of the forms (suspended, reset), one row per form that has any.
  static let version7 = """
    CREATE TABLE item_marks (
      verb TEXT NOT NULL,
      tense TEXT NOT NULL,
      person TEXT NOT NULL,
      suspended INTEGER NOT NULL DEFAULT 0,
      suspended_changed INTEGER,
      reset INTEGER,
      PRIMARY KEY (verb, tense, person)
    ) WITHOUT ROWID;
    """
  /// Milliseconds since 1970 for `suspended_changed` and `reset`.
  static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
  static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

  static let selectMarks = "SELECT verb, tense, person, suspended, suspended_changed, reset FROM item_marks"
  static let saveMark = """
    INSERT OR REPLACE INTO item_marks (verb, tense, person, suspended, suspended_changed, reset) VALUES (?, ?, ?, ?, ?, ?)
    """
  /// Not a suspended form (`items` the table's name in the query).
  static let notSuspended = """
    NOT EXISTS (SELECT 1 FROM item_marks m WHERE m.verb = items.verb AND m.tense = items.tense
      AND m.person = items.person AND m.suspended)
    """
}

extension HistoryDatabase {
  func leeches(lapses: Int, limit: Int) throws(SQLiteError) -> [ItemState] {
    try read { db in
      try Row.fetchAll(
        db, sql: "\(Schema.selectItems) WHERE lapses >= ? ORDER BY lapses DESC, verb, tense, person LIMIT ?",
        arguments: [lapses, limit]
      ).compactMap { try Schema.itemState($0) }
    }
  }

  /// The forms' marks (or, given `item`, that form's); none in a database from before version 7
  /// (`doctor` reads it as it is).
  static func marks(_ db: Database, of item: Item? = nil) throws -> ItemMarks {
    guard try db.tableExists("item_marks") else { return ItemMarks() }
    var marks: [Item: ItemMark] = [:]
    let rows = try item.map {
      try Row.fetchAll(
        db.cachedStatement(sql: Schema.selectMarks + " WHERE verb = ? AND tense = ? AND person = ?"),
        arguments: [$0.verb, $0.tense, $0.person])
    } ?? Row.fetchAll(db.cachedStatement(sql: Schema.selectMarks))
    for row in rows {
      marks[Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2))] = ItemMark(
        suspended: try row.decode(atIndex: 3), suspendedChanged: (try row.decode(atIndex: 4) as Int64?).map(Schema.date(milliseconds:)),
        reset: (try row.decode(atIndex: 5) as Int64?).map(Schema.date(milliseconds:)))
    }
    return ItemMarks(marks)
  }

  func marks() throws(SQLiteError) -> ItemMarks { try read { db in try Self.marks(db) } }

  /// Applies `events` (in any order: the later wins), replaying each form reset from the answers
  /// after its reset (none: no review state, new again); returns the forms whose marks changed.
  /// The learner's (`merging` false): only an event that changes its form's mark
  /// (``ItemMark/isChanged(by:practised:)``); another machine's or a file's (`merging`): every one.
  func apply(_ events: [ItemEvent], merging: Bool) throws(SQLiteError) -> Int {
    let scheduler = scheduler()
    return try write { db in try Self.apply(events, merging: merging, scheduler: scheduler, db) }
  }

  /// `apply(_:merging:)` inside a transaction of the caller's (an answer's, its undo's).
  static func apply(_ events: [ItemEvent], merging: Bool, scheduler: Scheduler, _ db: Database) throws -> Int {
    var marks = try Self.marks(db)
    var changed = Set<Item>(), reset = Set<Item>()
    for event in events.sorted(by: { $0.date < $1.date }) {
      if !merging {
        let practised = try Self.state(of: event.item, db) != nil
        guard marks[event.item].isChanged(by: event.action, practised: practised) else { continue }
      }
      guard let next = marks[event.item].after(event) else { continue }
      if next.reset != marks[event.item].reset { reset.insert(event.item) }
      marks.marks[event.item] = next
      changed.insert(event.item)
    }
    let save = try db.cachedStatement(sql: Schema.saveMark)
    for item in changed {
      let mark = marks[item]
      try save.execute(arguments: [
        item.verb, item.tense, item.person, mark.suspended, mark.suspendedChanged.map(Schema.milliseconds),
        mark.reset.map(Schema.milliseconds),
      ])
    }
    for item in reset { try Self.replay(item, scheduler: scheduler, db) }
    return changed.count
  }
}
