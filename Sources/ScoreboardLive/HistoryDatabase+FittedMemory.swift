import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition
import Synchronization

extension FittedMemory {
  /// The fitted memory a database holds, shared by its users. (A class of its own: a Mutex stored
  /// straight in HistoryDatabase, whose init throws, corrupted memory when the init failed.)
  final class Cell: Sendable {
    private let mutex = Mutex<FittedMemory?>(nil)

    var value: FittedMemory? {
      get { mutex.withLock { $0 } }
      set { mutex.withLock { $0 = newValue } }
    }
  }

  /// The weights as the database keeps them: comma-separated, each as Swift prints a Double (it
  /// reads back the same number).
  var weightsText: String { weights.map { "\($0)" }.joined(separator: ",") }

  /// The rule layer as the database keeps it: JSON, its keys sorted (nil: none).
  var rulesText: String? {
    guard let rules else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(rules)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The rule layer of `text`; nil when there is none, or it is no usable layer (a hand-edited
  /// column is ignored: the weights stay in use, without rules).
  static func rules(_ text: String?) -> RuleLayer? {
    guard let text, let layer = try? JSONDecoder().decode(RuleLayer.self, from: Data(text.utf8)), layer.isUsable
    else { return nil }
    return layer
  }
}

extension Schema {
  static let version6 = """
    CREATE TABLE fitted_memory (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      weights TEXT NOT NULL,
      date INTEGER NOT NULL,
      reviews INTEGER NOT NULL,
      log_loss REAL NOT NULL,
      rmse_bins REAL NOT NULL
    );
    """
}

extension HistoryDatabase {
  /// The schedule in use: the settings' (`settings`, their desired retention), with the `fitted`
  /// weights over it when there are some, else FSRS-6's defaults.
  static func scheduler(_ settings: Scheduler, fitted: FittedMemory?) -> Scheduler {
    fitted.map { $0.applied(to: settings) } ?? settings
  }

  /// The schedule in use now (``scheduler(_:fitted:)``).
  func scheduler() -> Scheduler { Self.scheduler(settingsScheduler(), fitted: fitted.value) }

  /// The fitted memory kept in the database; nil when there is none or it is not usable (a
  /// hand-edited row is ignored, never trusted).
  static func readFitted(_ db: Database) throws -> FittedMemory? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT weights, date, reviews, log_loss, rmse_bins, rules FROM fitted_memory WHERE id = 1")
    else { return nil }
    let text: String = try row.decode(forColumn: "weights")
    let fitted = FittedMemory(
      weights: text.split(separator: ",").compactMap { Double($0) },
      date: Date(timeIntervalSince1970: TimeInterval(try row.decode(forColumn: "date") as Int64)),
      reviews: try row.decode(forColumn: "reviews"), logLoss: try row.decode(forColumn: "log_loss"), rmseBins: try row.decode(forColumn: "rmse_bins"),
      rules: FittedMemory.rules(try row.decode(forColumn: "rules")))
    return fitted.isUsable ? fitted : nil
  }

  /// Puts `fitted` in use (nil: the defaults) and replays every item from its answers with it.
  func apply(_ fitted: FittedMemory?) throws(SQLiteError) -> Int {
    let scheduler = Self.scheduler(settingsScheduler(), fitted: fitted)
    let count = try write { db in
      try db.execute(sql: "DELETE FROM fitted_memory")
      if let fitted {
        try db.execute(
          sql: "INSERT INTO fitted_memory (id, weights, date, reviews, log_loss, rmse_bins, rules) VALUES (1, ?, ?, ?, ?, ?, ?)",
          arguments: [
            fitted.weightsText, UnixTime.seconds(fitted.date), fitted.reviews, fitted.logLoss, fitted.rmseBins, fitted.rulesText,
          ])
      }
      let states = try Self.replayAll(db, scheduler: scheduler)
      let save = try db.cachedStatement(sql: Schema.saveItem)
      for state in states.values { try save.execute(arguments: Schema.arguments(state)) }
      return states.count
    }
    self.fitted.value = fitted
    return count
  }
}

extension HistoryDatabase {
  /// The review log (``Scoreboard/Memory/reviewLog``), read on a connection of its own
  /// (``readOnItsOwn(_:)``). The same log as one made from ``eachAnswer(_:)``
  /// (``Schema/selectReviews`` rates as ``Schema/answer(_:)`` does), read by item from the index
  /// rather than gathered from every answer in time order.
  func reviewLog() throws(SQLiteError) -> ReviewLog {
    var items: [(key: String, reviews: [ReviewLog.Review])] = []
    let body = { (db: Database) throws in
      items = []
      let rows = try Row.fetchCursor(db, sql: Schema.selectReviews)
      var key = ""
      var reviews: [ReviewLog.Review] = []
      var previous: Int64 = 0
      while let row = try rows.next() {
        guard let rating = Rating(rawValue: try row.decode(atIndex: 2)) else { continue }
        let item: String = try row.decode(atIndex: 0)
        let seconds: Int64 = try row.decode(atIndex: 1)
        if item != key {
          if !reviews.isEmpty { items.append((key, reviews)) }
          key = item
          reviews = []
          previous = seconds
        }
        // Whole days, rounded down; in time order, so never negative.
        reviews.append(ReviewLog.Review(rating: rating, days: Int((seconds - previous) / 86_400), seconds: seconds))
        previous = seconds
      }
      if !reviews.isEmpty { items.append((key, reviews)) }
    }
    try readOnItsOwn(body)
    // In the order of the items' keys, as ``ReviewLog/init(reviews:)`` puts them.
    items.sort { $0.key < $1.key }
    return ReviewLog(items: items.map(\.reviews))
  }

  /// Each form's answers counted, recalled and missed (``Scoreboard/Memory/recallCounts``), by
  /// SQLite (``Schema/countRecalls`` rates as ``Schema/answer(_:)`` does), on a connection of its
  /// own (``readOnItsOwn(_:)``).
  func recallCounts() throws(SQLiteError) -> [Item: RecallCount] {
    var counts: [Item: RecallCount] = [:]
    try readOnItsOwn { db in
      counts = [:]
      let rows = try Row.fetchCursor(db, sql: Schema.countRecalls)
      while let row = try rows.next() {
        let item = Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2))
        let answers: Int = try row.decode(atIndex: 3)
        let missed: Int = try row.decode(atIndex: 4)
        counts[item] = RecallCount(recalled: answers - missed, missed: missed)
      }
    }
    return counts
  }

  /// Runs `body`, a reading of the whole history, on a read-only connection of its own to the file
  /// (the database is in WAL mode: it sees every answer committed, and holds up no other reader),
  /// or on the trainer's when one cannot be opened or the database is in memory: there it would
  /// hold up the trainer's reads until done. `body` must start from nothing: it runs again on the
  /// trainer's connection when the one of its own fails midway.
  func readOnItsOwn(_ body: (Database) throws -> Void) throws(SQLiteError) {
    func alone() -> Bool {
      guard let path else { return false }
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyTimeout = Self.busyTimeout
      return (try? DatabaseQueue(path: path, configuration: configuration).read(body)) != nil
    }
    if !alone() { try read(body) }  // on the trainer's connection
  }
}
