import BackgroundClient
import ClockClient
import RandomClient
import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The database behind `Scoreboard.live` and `Scoreboard.inMemory`: one SQLite connection (a
/// `DatabaseQueue` of the `SQLite` module, which serializes its users), synchronous, to a file or in memory.
final class HistoryDatabase: Sendable {
  static let fileName = "scores.sqlite"
  /// How long to wait for another connection's lock.
  static let busyTimeout: TimeInterval = 5
  /// Not SQLite's: the code of a database a newer version of the app has migrated.
  static let newerCode: Int32 = -2

  let queue: DatabaseQueue
  /// The file; nil for a database in memory.
  let path: String?
  /// The schedule the settings ask for, with FSRS-6's default weights (see ``scheduler()``).
  let settingsScheduler: @Sendable () -> Scheduler
  /// The memory model fitted to this history and in use, read at the opening (FittedMemory.swift).
  let fitted = FittedMemory.Cell()
  /// Set when a corrupt file was set aside.
  let notice: String?
  /// Where the file's damage is marked (a database in memory touches no file: ``FileClient/failing``).
  let files: FileClient
  /// The bits of a new answer's identity.
  let random: RandomSource

  /// Opens the database at `path`, checks it, and migrates it (``HistoryOpening``). A file there
  /// that is not a database, or is damaged, is set aside and a new database made in its place.
  init(
    path: String, scheduler: @escaping @Sendable () -> Scheduler,
    check: (@Sendable () -> (AnsweredQuestion) -> String?)? = nil, files: FileClient, now: @Sendable () -> Date,
    random: RandomSource
  ) throws(SQLiteError) {
    self.settingsScheduler = scheduler
    self.path = path
    self.files = files
    self.random = random
    let opened = try HistoryOpening.open(path, scheduler: scheduler, check: check, files: files, now: now)
    queue = opened.queue
    notice = opened.notice
    let fitted = try? queue.read { db in try Self.readFitted(db) }
    self.fitted.value = fitted ?? nil
  }

  /// A new database in memory, migrated as a file is.
  init(inMemory scheduler: @escaping @Sendable () -> Scheduler, random: RandomSource) throws(SQLiteError) {
    settingsScheduler = scheduler
    path = nil
    notice = nil
    files = .failing
    self.random = random
    queue = try HistoryOpening.inMemory(scheduler: scheduler())
  }

  // MARK: Writing

  /// Keeps a finished quiz's score and marks its answers, already kept, as its own.
  func report(_ record: ScoreRecord, _ answers: [Int64]) throws(SQLiteError) -> Int64 {
    try write { db in
      try db.cachedStatement(sql: Schema.insertScore).execute(arguments: [
        record.score, UnixTime.seconds(record.date), record.difficulty.rawValue, record.region.rawValue,
        record.seconds,
      ])
      let scoreID = db.lastInsertedRowID
      let link = try db.cachedStatement(sql: Schema.linkAnswer)
      for id in answers { try link.execute(arguments: [scoreID, id]) }
      return scoreID
    }
  }

  /// Keeps `answer` and its item's new state, and suspends its form if it is a leech's miss at
  /// `lapses` (dated as the answer), in one transaction; an answer without an identity gets a new
  /// one (``AnswerIdentity``).
  func record(
    _ answer: AnsweredQuestion, from origin: AnswerOrigin, suspendingLeechesAt lapses: Int? = nil
  ) throws(SQLiteError) -> KeptAnswer {
    let scheduler = scheduler()
    return try write { db in
      var answer = answer
      if answer.id == nil { answer.id = try Self.newIdentity(for: answer, bits: random.next(), db) }
      try Self.insert(answer, scoreID: nil, source: origin.rawValue, db)
      let id = db.lastInsertedRowID
      let before = try Self.state(of: answer.item, db)
      // Folded onto the state, or, given in the second of its last review (where the identities
      // order the answers), the form replayed (``Replay``). (An answer that does not count, given
      // before a reset another machine made later by its clock, leaves the state as it was.)
      let replay = Replay(scheduler: scheduler, marks: try Self.marks(db, of: answer.item))
      let state: ItemState?
      if Replay.follows(before, answer) {
        var states = before.map { [answer.item: $0] } ?? [:]
        replay.fold(answer, onto: &states)
        state = states[answer.item]
        if let state { try Self.save(state, db) }
      } else {
        state = try Self.replay(answer.item, with: replay, db)
      }
      var kept = KeptAnswer(id: id, before: before, state: state ?? replay.state(after: before, answer))
      if let lapses, kept.state.isLeech(missedBy: answer, at: lapses) {
        let suspend = ItemEvent(item: answer.item, action: .suspend, date: answer.date)
        if try Self.apply([suspend], merging: false, scheduler: scheduler, db) == 1 { kept.suspended = suspend.date }
      }
      return kept
    }
  }

  /// Takes `kept` back: its row deleted (the statistics follow, by the triggers of migration 5),
  /// its item's state as it was before it, and its identity kept as taken back, so that no merge
  /// brings it back and a sync takes it back on the other machines (``withdraw(_:)``).
  func undo(_ kept: KeptAnswer) throws(SQLiteError) {
    let scheduler = scheduler()
    try write { db in
      try db.execute(sql: Schema.withdrawKept, arguments: [kept.id])
      try db.cachedStatement(sql: Schema.deleteAnswer).execute(arguments: [kept.id])
      if let before = kept.before {
        try Self.save(before, db)
      } else {
        let item = kept.state.item
        try db.cachedStatement(sql: Schema.deleteItem).execute(arguments: [item.verb, item.tense, item.person])
      }
      if let suspended = kept.suspended {
        let unsuspend = ItemEvent(item: kept.state.item, action: .unsuspend, date: suspended.addingTimeInterval(0.001))
        _ = try Self.apply([unsuspend], merging: false, scheduler: scheduler, db)
      }
    }
  }

  /// Takes a score back; its answers stay.
  func withdrawScore(_ id: Int64) throws(SQLiteError) {
    try write { db in
      try db.execute(sql: "UPDATE answers SET score_id = NULL WHERE score_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM scores WHERE id = ?", arguments: [id])
    }
  }

  /// - Parameter source: `import`, or `sync` for the answers of another machine (``mergeSource``).
  func importAnswers(_ given: consuming [AnsweredQuestion], source: String = "import") throws(SQLiteError) -> ImportSummary {
    let scheduler = scheduler()
    let answers = AnswerIdentity.identified(consume given)
    if answers.count >= BulkImport.threshold { return try BulkImport(database: self).run(answers, source: source, scheduler: scheduler) }
    return try write { db in
      var summary = ImportSummary(added: 0, alreadyKept: 0)
      var added: [Item: [AnsweredQuestion]] = [:]
      let exists = try db.cachedStatement(sql: Schema.selectSameAnswer)
      for answer in answers {
        if try Bool.fetchOne(exists, arguments: Self.sameAnswerArguments(answer)) == true {
          summary.alreadyKept += 1
          continue
        }
        try Self.insert(answer, scoreID: nil, source: source, db)
        added[answer.item, default: []].append(answer)
        summary.added += 1
      }
      // Each item touched: the answers added folded onto its state when they all come after it
      // (``Replay/follows(_:_:)``), else (or when it was reset) replayed from its whole history.
      let replay = Replay(scheduler: scheduler, marks: try Self.marks(db))
      for (item, new) in added {
        let current = try Self.state(of: item, db)
        let sorted = Replay.ordered(new)
        if replay.marks[item].reset != nil || !Replay.follows(current, sorted[0]) {
          try Self.replay(item, with: replay, db)
        } else {
          var states = current.map { [item: $0] } ?? [:]
          for answer in sorted { replay.fold(answer, onto: &states) }
          if let state = states[item] { try Self.save(state, db) }
        }
      }
      return summary
    }
  }

  private static func sameAnswerArguments(_ answer: AnsweredQuestion) -> StatementArguments {
    [answer.id.map(StoredIdentity.value)]
  }

  /// A new answer's identity: 48 of random `bits`, and the check of what it says. Given in the second of
  /// answers already kept, its bits come after theirs, so that the one order (``Replay``: the
  /// second, then the identity) keeps the answers of a second in the order they were given here.
  static func newIdentity(for answer: AnsweredQuestion, bits random: UInt64, _ db: Database) throws -> String {
    let bits = random & 0xFFFF_FFFF_FFFF
    let latest = try DatabaseValue.fetchOne(
      db.cachedStatement(sql: "SELECT max(uid) FROM answers WHERE date = ?"), arguments: [UnixTime.seconds(answer.date)])
    // Its first twelve digits: the 48 high bits of its 64.
    guard let latest = latest.flatMap(StoredIdentity.bits) else { return AnswerIdentity.make(bits, for: answer) }
    let before = latest >> 16
    // After it by up to 2^32, while there is room; else random (the order within that second then
    // the identities', still the same on every machine).
    let after = before &+ 1 &+ (bits & 0xFFFF_FFFF)
    return AnswerIdentity.make(after <= 0xFFFF_FFFF_FFFF ? after : bits, for: answer)
  }

  /// Keeps `answer`, from `source` (`quiz`, `review`, `import`); an answer of the listening drill
  /// is kept with the source `listening` (``Schema/source(of:from:)``).
  static func insert(_ answer: AnsweredQuestion, scoreID: Int64?, source: String, _ db: Database) throws {
    try db.cachedStatement(sql: Schema.insertAnswer).execute(arguments: [
      scoreID, Schema.source(of: answer, from: source), answer.verb, answer.tense, answer.person, Schema.text(answer.expected), Schema.text(answer.given),
      answer.result.rawValue, answer.rating.name, answer.seconds, UnixTime.seconds(answer.date), answer.overridden,
      answer.id.map(StoredIdentity.value),
    ])
  }

  static func state(of item: Item, _ db: Database) throws -> ItemState? {
    try Row.fetchOne(db.cachedStatement(sql: Schema.selectItem), arguments: [item.verb, item.tense, item.person])
      .flatMap { try Schema.itemState($0) }
  }

  static func save(_ state: ItemState, _ db: Database) throws {
    try db.cachedStatement(sql: Schema.saveItem).execute(arguments: Schema.arguments(state))
  }

  /// `item`'s review state made anew from its answers (``Replay``), saved, or forgotten if none
  /// count: after a reset, or answers taken back. Returns it.
  @discardableResult
  static func replay(_ item: Item, scheduler: Scheduler, _ db: Database) throws -> ItemState? {
    try replay(item, with: Replay(scheduler: scheduler, marks: try marks(db, of: item)), db)
  }

  /// As ``replay(_:scheduler:_:)``, by `replay`, whose marks are the form's already read.
  @discardableResult
  static func replay(_ item: Item, with replay: Replay, _ db: Database) throws -> ItemState? {
    if let state = replay.states(ofOrdered: try answers(of: item, db))[item] {
      try save(state, db)
      return state
    }
    try db.cachedStatement(sql: Schema.deleteItem).execute(arguments: [item.verb, item.tense, item.person])
    return nil
  }

  /// Every form's review state made anew by `scheduler` from its answers (``Replay``): for a
  /// fitted memory put in use, `doctor`'s check and the migration that makes the states (10).
  static func replayAll(_ db: Database, scheduler: Scheduler) throws -> [Item: ItemState] {
    let replay = Replay(scheduler: scheduler, marks: try marks(db))
    var states: [Item: ItemState] = [:]
    let rows = try Row.fetchCursor(db, sql: Schema.selectAll)
    while let row = try rows.next() {
      guard let answer = try Schema.answer(row) else { continue }
      replay.fold(answer, onto: &states)
    }
    return states
  }

  /// An item's answers, in the order of ``Replay``, those before its last reset too.
  static func answers(of item: Item, _ db: Database) throws -> [AnsweredQuestion] {
    try answers(db.cachedStatement(sql: Schema.selectItemAnswers), arguments: [item.verb, item.tense, item.person])
  }

  /// The answers `statement` selects (``Schema/answerColumns`` first), each read from SQLite's row
  /// as it is stepped: no copy of the row, nor of its columns' names, as `Row.fetchAll` makes.
  static func answers(_ statement: Statement, arguments: StatementArguments) throws -> [AnsweredQuestion] {
    var answers: [AnsweredQuestion] = []
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    while let row = try rows.next() {
      if let answer = try Schema.answer(row) { answers.append(answer) }
    }
    return answers
  }

  // MARK: Access

  /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`, which waits for another
  /// writer rather than failing half-way), committed if `body` returns, rolled back if it throws.
  func write<T>(_ body: (Database) throws -> T) throws(SQLiteError) -> T {
    try markingDamage {
      try queue.writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return .commit
        }
        return result!
      }
    }
  }

  func read<T>(_ body: (Database) throws -> T) throws(SQLiteError) -> T {
    try markingDamage { try queue.read(body) }
  }

  /// Damage met while reading or writing (SQLite's, or a row that is no answer: ``Schema/answer(_:)``)
  /// marks the file, so that the next opening salvages it, and says so.
  private func markingDamage<T>(_ body: () throws -> T) throws(SQLiteError) -> T {
    do {
      return try Self.sqlite(body)
    } catch where error.isDamage {
      guard let path else { throw error }  // in memory: nothing to salvage
      Self.markDamaged(path, findings: [error.message], files: files)
      throw SQLiteError(code: error.code, message: "\(error.message); the history is salvaged when it is next opened")
    }
  }

  /// SQLite's errors as the score board's: SQLite's code and message.
  static func sqlite<T>(_ body: () throws -> T) throws(SQLiteError) -> T {
    do {
      return try body()
    } catch let error as DatabaseError {
      throw SQLiteError(code: error.resultCode.primaryResultCode.rawValue, message: error.message ?? "\(error)")
    } catch let error as HistoryOpening.NewerDatabase {
      throw SQLiteError(code: newerCode, message: error.message)
    } catch {
      throw SQLiteError(code: ResultCode.SQLITE_ERROR.rawValue, message: "\(error)")
    }
  }
}
