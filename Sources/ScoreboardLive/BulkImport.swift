import FileStorage
import Foundation
import CSQLite
import SQLite
import ScoreboardClient
import SpacedRepetition
import Synchronization

/// An import of many answers into `database`, a path of its own (its own reason to change: how
/// fast a million rows go in), with the same result as ``HistoryDatabase/importAnswers(_:source:)``
/// answer by answer.
struct BulkImport {
  let database: HistoryDatabase

  /// From this many answers, an import takes the bulk path (``run(_:source:scheduler:)``).
  static let threshold = 10_000

  /// An import of many answers (a first sync, a whole history moved to a new machine), with the
  /// same result as answer by answer, in one transaction, all or nothing: the answers kept compared
  /// in memory; the statistics' triggers and the indexes of the answers and the forms' states set
  /// aside while the rows go in (``SetAside``), the rows bound straight to SQLite's statement; the
  /// answers added counted in memory as they go in, and those counts added to the summary tables,
  /// as the triggers would have added them one by one; the answers' indexes made whole again (in a
  /// larger cache, sorted in memory); the forms touched replayed in time order, those new to the
  /// history from the answers in memory (split over the cores), the others from their whole
  /// history; their states saved in the table's order, and its indexes made whole; the triggers
  /// put back.
  func run(_ answers: [AnsweredQuestion], source: String, scheduler: Scheduler) throws(SQLiteError)
    -> ImportSummary
  {
    // The indexes sort every answer: their sorts in memory (set outside a transaction)…
    let temporary = try HistoryDatabase.sqlite {
      try database.queue.writeWithoutTransaction { db in
        let before = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
        return before
      }
    }
    defer { try? database.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = \(temporary)") } }
    return try database.write { db in
      // … in a larger cache, on the cores.
      let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
      let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
      try db.execute(sql: "PRAGMA cache_size = -262144")
      try db.execute(sql: "PRAGMA threads = \(ProcessInfo.processInfo.activeProcessorCount)")
      defer {
        try? db.execute(sql: "PRAGMA cache_size = \(cache)")
        try? db.execute(sql: "PRAGMA threads = \(threads)")
      }
      var forms = Forms()
      // The identities kept, or taken back (``AnswerIdentity``), by their 64 bits (``StoredIdentity``:
      // no String each); a text stored (damage) apart, compared as SQLite compares it answer by
      // answer (a text equals no BLOB).
      var kept = Set<UInt64>(), others = Set<String>()
      func keep(_ value: DatabaseValue) {
        switch value.storage {
        case .blob(let bytes): if let bits = StoredIdentity.bits(bytes: bytes) { kept.insert(bits) }
        case .string(let text): others.insert(text)
        default: break
        }
      }
      for value in try DatabaseValue.fetchAll(db, sql: Schema.selectWithdrawn) { keep(value) }
      var known = Set<Int32>()  // the forms with answers before this import
      let rows = try Row.fetchCursor(db, sql: "SELECT verb, tense, person, uid FROM answers")
      while let row = try rows.next() {
        known.insert(forms.number(of: Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2))))
        keep(row[3])
      }
      kept.reserveCapacity(kept.count + answers.count)
      let aside = try SetAside(db)

      var summary = ImportSummary(added: 0, alreadyKept: 0)
      var added: [(answer: Int32, form: Int32)] = []
      added.reserveCapacity(answers.count)
      var counts = Counts()
      let insert = try RawStatement(db, Schema.insertNumberedAnswer)
      defer { insert.finalize() }
      var id = try Int64.fetchOne(db, sql: Schema.nextAnswerID) ?? 1
      for (index, answer) in answers.enumerated() {
        let date = UnixTime.seconds(answer.date)
        let form = forms.number(of: answer)
        guard let uid = answer.id else {
          summary.alreadyKept += 1
          continue
        }
        let bits = StoredIdentity.bits(uid)
        guard bits.map({ kept.insert($0).inserted }) ?? others.insert(uid).inserted else {
          summary.alreadyKept += 1
          continue
        }
        try insert.run(db) { bind in
          bind.int(id, 1)
          bind.null(2)
          bind.text(Schema.source(of: answer, from: source), 3)
          bind.text(answer.verb, 4)
          bind.text(answer.tense, 5)
          bind.text(answer.person, 6)
          bind.blob(answer.expected, 7)
          bind.blob(answer.given, 8)
          bind.text(answer.result.rawValue, 9)
          bind.text(answer.rating.name, 10)
          bind.double(answer.seconds, 11)
          bind.int(date, 12)
          bind.int(answer.overridden ? 1 : 0, 13)
          bind.identity(uid, bits: bits, 14)
        }
        id += 1
        counts.add(answer, date: date, form: form, forms: forms)
        added.append((Int32(index), form))
        summary.added += 1
      }

      try aside.makeIndexes(of: "answers", db)
      try counts.write(forms, db)

      // Each form touched, replayed (``Replay``): one new to the history from the answers added,
      // in memory; one it had (or reset), from its whole history.
      let marks = try HistoryDatabase.marks(db)
      var fresh: [[Int32]] = Array(repeating: [], count: forms.items.count)
      var earlier = Set<Int32>()
      for (answer, form) in added {
        if known.contains(form) || marks[forms.items[Int(form)]].reset != nil {
          earlier.insert(form)
        } else {
          fresh[Int(form)].append(answer)
        }
      }
      var states = Self.replay(fresh, of: answers, scheduler: scheduler)
      let replay = Replay(scheduler: scheduler, marks: marks)
      for form in earlier {
        let item = forms.items[Int(form)]
        if let state = replay.states(ofOrdered: try HistoryDatabase.answers(of: item, db))[item] { states.append(state) }
      }
      // In the table's order (its key), so that each goes in beside the one before.
      states.sort { ($0.item.verb, $0.item.tense, $0.item.person) < ($1.item.verb, $1.item.tense, $1.item.person) }
      let save = try RawStatement(db, Schema.saveItem)
      defer { save.finalize() }
      for state in states {
        let card = state.card
        func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded()) }
        try save.run(db) { bind in
          bind.text(state.item.verb, 1)
          bind.text(state.item.tense, 2)
          bind.text(state.item.person, 3)
          bind.text(card.state.name, 4)
          bind.int(card.step.map(Int64.init), 5)
          bind.double(card.stability, 6)
          bind.double(card.difficulty, 7)
          bind.int(seconds(card.due), 8)
          bind.int(card.lastReview.map(seconds), 9)
          bind.int(Int64(state.reps), 10)
          bind.int(Int64(state.lapses), 11)
          bind.int(seconds(state.firstReview), 12)
        }
      }

      try aside.makeIndexes(of: "items", db)
      try aside.makeTriggers(db)
      return summary
    }
  }

  /// The states of the forms whose answers (indices into `answers`, in the order given) are
  /// `fresh`, each replayed from nothing in time order, the forms split over the cores.
  private static func replay(_ fresh: [[Int32]], of answers: [AnsweredQuestion], scheduler: Scheduler) -> [ItemState] {
    let parts = min(ProcessInfo.processInfo.activeProcessorCount, 8)
    let results = Mutex<[[ItemState]]>(Array(repeating: [], count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      // A form new to the history has no marks: each of its answers counts.
      let replay = Replay(scheduler: scheduler, marks: ItemMarks())
      var states: [ItemState] = []
      for form in stride(from: part, to: fresh.count, by: parts) where !fresh[form].isEmpty {
        let order = fresh[form].sorted { Replay.precedes(answers[Int($0)], answers[Int($1)]) }
        var state: [Item: ItemState] = [:]
        for index in order { replay.fold(answers[Int(index)], onto: &state) }
        states += state.values
      }
      results.withLock { $0[part] = states }
    }
    return results.withLock { $0.flatMap { $0 } }
  }
}

/// The forms of a bulk import, numbered as first met, with their verbs and cells (tense and
/// person) numbered too, for the counts.
private struct Forms {
  var numbers: [Item: Int32] = [:]
  var items: [Item] = []
  /// Each form's verb and cell, by number.
  var verbOf: [Int32] = [], cellOf: [Int32] = []
  var verbNumbers: [String: Int32] = [:], verbs: [String] = []
  var cellNumbers: [Item: Int32] = [:], cells: [(tense: String, person: String)] = []

  mutating func number(of answer: AnsweredQuestion) -> Int32 { number(of: answer.item) }

  mutating func number(of item: Item) -> Int32 {
    if let number = numbers[item] { return number }
    let number = Int32(items.count)
    numbers[item] = number
    items.append(item)
    if let verb = verbNumbers[item.verb] {
      verbOf.append(verb)
    } else {
      verbNumbers[item.verb] = Int32(verbs.count)
      verbOf.append(Int32(verbs.count))
      verbs.append(item.verb)
    }
    let cell = Item(verb: "", tense: item.tense, person: item.person)
    if let known = cellNumbers[cell] {
      cellOf.append(known)
    } else {
      cellNumbers[cell] = Int32(cells.count)
      cellOf.append(Int32(cells.count))
      cells.append((item.tense, item.person))
    }
    return number
  }
}

/// The answers added, counted as the summary tables count them (Schema.summaries, Schema.days and
/// stats_missed), to be added to those tables at once.
/// Each key's answers are a `Tally`, counted as Statistics.swift counts them.
private struct Counts {
  struct DayCell: Hashable {
    var day: Int64
    var cell: Int32
  }

  var slots: [Int64: Tally] = [:], days: [Int64: Tally] = [:], cells: [DayCell: Tally] = [:]
  var cellTotals: [Int32: Tally] = [:], verbs: [Int32: Tally] = [:]
  var missed: [Int32: Int] = [:]

  /// `x` divided by `n`, rounded down: ``Schema/floorDivided(_:_:)``.
  static func floor(_ x: Int64, _ n: Int64) -> Int64 { (x - ((x % n) + n) % n) / n }

  mutating func add(_ answer: AnsweredQuestion, date: Int64, form: Int32, forms: Forms) {
    let day = Self.floor(date, 86400)
    slots[Self.floor(date, 900), default: Tally()].count(answer)
    days[day, default: Tally()].count(answer)
    let cell = forms.cellOf[Int(form)]
    cells[DayCell(day: day, cell: cell), default: Tally()].count(answer)
    cellTotals[cell, default: Tally()].count(answer)
    verbs[forms.verbOf[Int(form)], default: Tally()].count(answer)
    if answer.result == .wrong { missed[form, default: 0] += 1 }
  }

  /// The counts added to the summary tables: a key new to a table is a row more, one there has
  /// the counts added to its row (as the triggers do for each answer).
  func write(_ forms: Forms, _ db: Database) throws {
    func add<Key>(
      _ table: String, _ keys: [String], _ rows: [Key: Tally], _ bindKey: (RawStatement.Binder, Key) -> Void
    ) throws {
      let columns = keys.joined(separator: ", ")
      let statement = try RawStatement(
        db,
        """
        INSERT INTO \(table) (\(columns), \(Schema.tallyColumns))
          VALUES (\(Array(repeating: "?", count: keys.count + 5).joined(separator: ", ")))
          ON CONFLICT (\(columns)) DO UPDATE SET answers = answers + excluded.answers,
            correct = correct + excluded.correct, accents_only = accents_only + excluded.accents_only,
            wrong = wrong + excluded.wrong, seconds = seconds + excluded.seconds
        """)
      defer { statement.finalize() }
      let first = Int32(keys.count + 1)
      for (key, tally) in rows {
        try statement.run(db) { bind in
          bindKey(bind, key)
          bind.int(Int64(tally.answers), first)
          bind.int(Int64(tally.correct), first + 1)
          bind.int(Int64(tally.accentsOnly), first + 2)
          bind.int(Int64(tally.wrong), first + 3)
          bind.double(tally.seconds, first + 4)
        }
      }
    }
    try add("stats_slots", ["slot"], slots) { bind, slot in bind.int(slot, 1) }
    try add("stats_days", ["day"], days) { bind, day in bind.int(day, 1) }
    try add("stats_cells", ["day", "tense", "person"], cells) { bind, key in
      bind.int(key.day, 1)
      bind.text(forms.cells[Int(key.cell)].tense, 2)
      bind.text(forms.cells[Int(key.cell)].person, 3)
    }
    try add("stats_cell_totals", ["tense", "person"], cellTotals) { bind, cell in
      bind.text(forms.cells[Int(cell)].tense, 1)
      bind.text(forms.cells[Int(cell)].person, 2)
    }
    try add("stats_verbs", ["verb"], verbs) { bind, verb in bind.text(forms.verbs[Int(verb)], 1) }
    let statement = try RawStatement(
      db,
      """
      INSERT INTO stats_missed (verb, tense, person, wrong) VALUES (?, ?, ?, ?)
        ON CONFLICT (verb, tense, person) DO UPDATE SET wrong = wrong + excluded.wrong
      """)
    defer { statement.finalize() }
    for (form, wrong) in missed {
      let item = forms.items[Int(form)]
      try statement.run(db) { bind in
        bind.text(item.verb, 1)
        bind.text(item.tense, 2)
        bind.text(item.person, 3)
        bind.int(Int64(wrong), 4)
      }
    }
  }
}

/// A statement of SQLite's own, its values bound as `DatabaseValue` binds them (a String as a C string, an
/// answer's text as its UTF-8 bytes for a `CAST(? AS TEXT)`), without `StatementArguments`: a bulk
/// import binds some 12 million values.
struct RawStatement {
  let statement: OpaquePointer

  init(_ db: Database, _ sql: String) throws {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
    }
    self.statement = statement
  }

  func finalize() { sqlite3_finalize(statement) }

  /// SQLite's `SQLITE_TRANSIENT` (a macro Swift cannot import): SQLite copies what is bound.
  static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  /// Binds as `DatabaseValue` binds, from the value's own bytes: no C string, `Data` or `DatabaseValue` made
  /// for each (SQLite copies the bytes: `SQLITE_TRANSIENT`).
  struct Binder {
    let statement: OpaquePointer
    func null(_ index: Int32) { sqlite3_bind_null(statement, index) }
    /// As a C string, up to its first NUL if any (as `DatabaseValue` binds a text).
    func text(_ value: String, _ index: Int32) {
      value.withCString { _ = sqlite3_bind_text(statement, index, $0, -1, RawStatement.transient) }
    }
    /// Its UTF-8 bytes as a BLOB (``Schema/text(_:)``); the empty text as an empty `Data` is bound.
    func blob(_ value: String, _ index: Int32) {
      guard !value.isEmpty else { _ = Schema.text(value).bind(to: statement, at: index); return }
      var value = value
      value.withUTF8 { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), RawStatement.transient) }
    }
    /// An identity in its stored form (``StoredIdentity/value(_:)``): the 8 bytes of its `bits`,
    /// big-endian; a text that is no identity (no bits) as it is.
    func identity(_ id: String, bits: UInt64?, _ index: Int32) {
      guard let bits else { _ = StoredIdentity.value(id).bind(to: statement, at: index); return }
      StoredIdentity.withBytes(bits) {
        _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), RawStatement.transient)
      }
    }
    func int(_ value: Int64?, _ index: Int32) {
      if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }
    func double(_ value: Double?, _ index: Int32) {
      if let value { _ = value.bind(to: statement, at: index) } else { sqlite3_bind_null(statement, index) }
    }
  }

  /// Binds the values (every one: those of the run before stay bound), runs the statement once,
  /// and resets it.
  func run(_ db: Database, _ bind: (Binder) -> Void) throws {
    bind(Binder(statement: statement))
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE else {
      let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
      sqlite3_reset(statement)
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: message, sql: String(cString: sqlite3_sql(statement)))
    }
    sqlite3_reset(statement)
  }
}

extension HistoryDatabase {
  /// The source of the answers merged from another machine by a sync.
  static let mergeSource = "sync"

  /// The answers not merged from another machine, above `after`, in id order.
  func ownAnswers(after: Int64) throws(SQLiteError) -> [(id: Int64, answer: AnsweredQuestion)] {
    try read { db in
      var answers: [(id: Int64, answer: AnsweredQuestion)] = []
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(Schema.answerColumns), id FROM answers WHERE id > ? AND source IS NOT ? ORDER BY id",
        arguments: [after, Self.mergeSource])
      while let row = try rows.next() {
        if let answer = try Schema.answer(row) { answers.append((try row.decode(Int64.self, atIndex: row.count - 1), answer)) }
      }
      return answers
    }
  }
}

/// The statistics' triggers and the indexes of the answers and of the forms' states, dropped while
/// many rows go in (each answer would update six summary tables and five indexes, each state four
/// indexes; an index is made faster whole) and made again as they were: a bulk import's and the
/// salvage's.
struct SetAside {
  private let rows: [(type: String, table: String, sql: String)]

  init(_ db: Database) throws {
    let found = try Row.fetchAll(
      db,
      sql: """
        SELECT type, name, tbl_name, sql FROM sqlite_master
        WHERE type = 'trigger' OR (type = 'index' AND tbl_name IN ('answers', 'items') AND sql IS NOT NULL)
        """)
    for row in found { try db.execute(sql: "DROP \((row[0] as String).uppercased()) \(row[1] as String)") }
    rows = found.map { ($0[0], $0[2], $0[3]) }
  }

  /// The indexes of `table` (`answers` or `items`), or of both.
  func makeIndexes(of table: String? = nil, _ db: Database) throws {
    for row in rows where row.type == "index" && (table == nil || row.table == table) { try db.execute(sql: row.sql) }
  }
  func makeTriggers(_ db: Database) throws { for row in rows where row.type == "trigger" { try db.execute(sql: row.sql) } }
}
