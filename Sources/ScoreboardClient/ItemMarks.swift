import Foundation
import GRDB
import SpacedRepetition

/// What a learner can do to a form the trainer remembers, beyond answering it (the browser, and
/// `conjugar items`): suspend it (never scheduled, never brought in new), take it back, or reset
/// it (its memory forgotten: new again; its answers stay in the history, and no longer count for
/// its schedule).
public enum ItemAction: String, Sendable, Codable, CaseIterable {
  case suspend, unsuspend, reset
}

/// One action on one form, at a time: what the database keeps (as its outcome, ``ItemMark``),
/// `conjugar items export` writes and a sync carries to the other machines.
public struct ItemEvent: Sendable, Equatable, Codable {
  public var item: Item
  public var action: ItemAction
  /// To the millisecond: the later of two suspends and unsuspends wins, on every machine.
  public var date: Date

  public init(item: Item, action: ItemAction, date: Date) {
    self.item = item
    self.action = action
    self.date = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
  }
}

/// A form's marks: whether it is suspended (and since when the learner said so), and when its
/// memory was last reset.
public struct ItemMark: Sendable, Equatable {
  public var suspended = false
  /// When it was last suspended or taken back; nil: never.
  public var suspendedChanged: Date?
  /// When it was last reset; nil: never. Answers up to this second do not count for its schedule.
  public var reset: Date?

  public init(suspended: Bool = false, suspendedChanged: Date? = nil, reset: Date? = nil) {
    self.suspended = suspended
    self.suspendedChanged = suspendedChanged
    self.reset = reset
  }

  /// The mark after `event`, and whether it changed. The later event wins (a tie: unsuspend, then
  /// suspend, in that order, so that every machine agrees); a reset keeps the latest date.
  public func after(_ event: ItemEvent) -> ItemMark? {
    var next = self
    switch event.action {
    case .suspend, .unsuspend:
      if let changed = suspendedChanged {
        if event.date < changed { return nil }
        if event.date == changed, event.action == .unsuspend { return nil }
      }
      next.suspended = event.action == .suspend
      next.suspendedChanged = event.date
    case .reset:
      if let reset, event.date <= reset { return nil }
      next.reset = event.date
    }
    return next == self ? nil : next
  }

  /// Whether the learner's `action` changes this mark: suspending a form not suspended, taking
  /// back one suspended, resetting one `practised` (with a review state: a memory to forget). Only
  /// such an action is kept as an event (``Scoreboard/markItems``); one that changes nothing is
  /// neither written nor carried to the other machines.
  public func isChanged(by action: ItemAction, practised: Bool) -> Bool {
    switch action {
    case .suspend: !suspended
    case .unsuspend: suspended
    case .reset: practised
    }
  }

  /// Whether an answer given at `date` counts for the form's schedule: after its last reset.
  public func counts(_ date: Date) -> Bool {
    guard let reset else { return true }
    return date.timeIntervalSince1970.rounded(.down) > reset.timeIntervalSince1970.rounded(.down)
  }

  /// The events that make this mark from nothing: what is exported and synced.
  public func events(of item: Item) -> [ItemEvent] {
    var events: [ItemEvent] = []
    if let changed = suspendedChanged {
      events.append(ItemEvent(item: item, action: suspended ? .suspend : .unsuspend, date: changed))
    }
    if let reset { events.append(ItemEvent(item: item, action: .reset, date: reset)) }
    return events
  }
}

/// Every form's marks.
public struct ItemMarks: Sendable, Equatable {
  public var marks: [Item: ItemMark]

  public init(_ marks: [Item: ItemMark] = [:]) { self.marks = marks }

  public subscript(item: Item) -> ItemMark { marks[item] ?? ItemMark() }

  public var suspended: Set<Item> { Set(marks.filter(\.value.suspended).keys) }

  /// Whether `answer` counts for its form's schedule (``ItemMark/counts(_:)``).
  public func counts(_ answer: AnsweredQuestion) -> Bool { marks[answer.item]?.counts(answer.date) ?? true }

  /// Every mark as events, in a stable order (date, then form, then action).
  public var events: [ItemEvent] {
    marks.flatMap { $0.value.events(of: $0.key) }
      .sorted { ($0.date, $0.item, $0.action.rawValue) < ($1.date, $1.item, $1.action.rawValue) }
  }
}

// MARK: The database

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

  /// The forms' marks; none in a database from before version 7 (`doctor` reads it as it is).
  static func marks(_ db: Database) throws -> ItemMarks {
    guard try db.tableExists("item_marks") else { return ItemMarks() }
    var marks: [Item: ItemMark] = [:]
    for row in try Row.fetchAll(db.cachedStatement(sql: Schema.selectMarks)) {
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
