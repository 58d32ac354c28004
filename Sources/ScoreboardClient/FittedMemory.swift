import FileStorage
import Foundation
import GRDB
import SpacedRepetition
import Synchronization

/// FSRS-6's 21 weights fitted to the learner's own history (``Optimizer``), and how well they and
/// the defaults predicted it: what `conjugar optimize --apply` puts in use. The schedule then uses
/// these weights instead of the defaults, with the settings' desired retention.
public struct FittedMemory: Sendable, Equatable, Codable {
  public var weights: [Double]
  /// When they were fitted.
  public var date: Date
  /// The answers they were fitted to.
  public var reviews: Int
  /// Their log loss and RMSE (bins) on those answers (``Evaluation``).
  public var logLoss: Double
  public var rmseBins: Double

  public init(weights: [Double], date: Date, reviews: Int, logLoss: Double, rmseBins: Double) {
    self.weights = weights
    self.date = date
    self.reviews = reviews
    self.logLoss = logLoss
    self.rmseBins = rmseBins
  }

  /// Weights the scheduler can use: 21 finite numbers, each within fsrs-rs's bounds.
  public var isUsable: Bool {
    weights.count == 21 && zip(weights, Optimizer.bounds).allSatisfy { $0.isFinite && $1.contains($0) }
  }

  /// `scheduler` with these weights instead of its own.
  public func applied(to scheduler: Scheduler) -> Scheduler {
    var parameters = scheduler.parameters
    parameters.weights = weights
    return Scheduler(parameters: parameters)
  }

  /// The fitted memory a database holds, shared by its users. (A class of its own: a Mutex stored
  /// straight in HistoryDatabase, whose init throws, corrupted memory when the init failed.)
  final class Cell: Sendable {
    private let mutex = Mutex<FittedMemory?>(nil)

    var value: FittedMemory? {
      get { mutex.withLock { $0 } }
      set { mutex.withLock { $0 = newValue } }
    }
  }

  /// One line, as a sync writes it for the other machines: the date (seconds since 1970), the
  /// answers, the log loss, the RMSE, then the 21 weights, separated by spaces.
  public var line: String {
    "\(Files.unixSeconds(date)) \(reviews) \(logLoss) \(rmseBins) " + weights.map { "\($0)" }.joined(separator: " ")
  }

  /// The fitted memory of `line`; nil unless it is one, with usable weights.
  public init?(line: String) {
    let fields = line.split(separator: " ")
    guard fields.count == 25, let seconds = Int64(fields[0]), let reviews = Int(fields[1]),
      let logLoss = Double(fields[2]), let rmseBins = Double(fields[3])
    else { return nil }
    let weights = fields[4...].compactMap { Double($0) }
    self.init(
      weights: weights, date: Date(timeIntervalSince1970: TimeInterval(seconds)), reviews: reviews, logLoss: logLoss,
      rmseBins: rmseBins)
    guard isUsable else { return nil }
  }

  /// The weights as the database keeps them: comma-separated, each as Swift prints a Double (it
  /// reads back the same number).
  var weightsText: String { weights.map { "\($0)" }.joined(separator: ",") }
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
    guard let row = try Row.fetchOne(db, sql: "SELECT weights, date, reviews, log_loss, rmse_bins FROM fitted_memory WHERE id = 1")
    else { return nil }
    let text: String = try row.decode(forColumn: "weights")
    let fitted = FittedMemory(
      weights: text.split(separator: ",").compactMap { Double($0) },
      date: Date(timeIntervalSince1970: TimeInterval(try row.decode(forColumn: "date") as Int64)),
      reviews: try row.decode(forColumn: "reviews"), logLoss: try row.decode(forColumn: "log_loss"), rmseBins: try row.decode(forColumn: "rmse_bins"))
    return fitted.isUsable ? fitted : nil
  }

  /// Puts `fitted` in use (nil: the defaults) and replays every item from its answers with it.
  func apply(_ fitted: FittedMemory?) throws(SQLiteError) -> Int {
    let scheduler = Self.scheduler(settingsScheduler(), fitted: fitted)
    let count = try write { db in
      try db.execute(sql: "DELETE FROM fitted_memory")
      if let fitted {
        try db.execute(
          sql: "INSERT INTO fitted_memory (id, weights, date, reviews, log_loss, rmse_bins) VALUES (1, ?, ?, ?, ?, ?)",
          arguments: [fitted.weightsText, Files.unixSeconds(fitted.date), fitted.reviews, fitted.logLoss, fitted.rmseBins])
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
  /// The review log (``Scoreboard/reviewLog``), read on a read-only connection of its own to the
  /// file (the database is in WAL mode: it sees every answer committed, and holds up no other
  /// reader), or on the trainer's when one cannot be opened or the database is in memory. The same
  /// log as one made from ``eachAnswer(_:)`` (``Schema/selectReviews`` rates as ``Schema/answer(_:)``
  /// does), read by item from the index rather than gathered from every answer in time order.
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
    /// Whether the log was read on a connection of its own.
    func readOnItsOwn() -> Bool {
      guard let path else { return false }
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(Self.busyTimeout)
      return (try? DatabaseQueue(path: path, configuration: configuration).read(body)) != nil
    }
    if !readOnItsOwn() { try read(body) }  // on the trainer's connection
    // In the order of the items' keys, as ``ReviewLog/init(reviews:)`` puts them.
    items.sort { $0.key < $1.key }
    return ReviewLog(items: items.map(\.reviews))
  }
}

extension Scoreboard {
  /// The calibration of the weights in use (fitted and applied, else FSRS-6's defaults) on every
  /// answer the optimizer scores: what `conjugar stats` prints and Progress draws before a fit.
  public func calibrationInUse() throws -> Calibration {
    Calibration(weights: try fittedMemory()?.weights ?? Parameters.defaultWeights, log: try reviewLog())
  }
}

/// A fit of the memory model to a history, as `conjugar optimize` and Progress's `o` both run it:
/// FSRS-6's weights fitted to the review log, and the weights in use scored on the same answers.
public struct MemoryFit: Sendable {
  public var log: ReviewLog
  /// The weights in use (fitted and applied, else FSRS-6's defaults).
  public var inUse: [Double]
  public var outcome: Optimizer.Outcome
  /// The weights in use, on the same answers.
  public var before: Evaluation

  /// Fits `log`, reporting (done, total) after each iteration.
  public init(log: ReviewLog, inUse: [Double], progress: (Int, Int) -> Void = { _, _ in }) {
    self.log = log
    self.inUse = inUse
    outcome = Optimizer.fit(log, progress: progress)
    before = Evaluation(weights: inUse, log: log)
  }

  /// The fitted weights as the history keeps them, dated `date`; nil when there were too few
  /// answers to fit.
  public func fitted(at date: Date) -> FittedMemory? {
    guard case .fitted(let result) = outcome else { return nil }
    return FittedMemory(
      weights: result.weights, date: date, reviews: result.reviews, logLoss: result.after.logLoss,
      rmseBins: result.after.rmseBins)
  }
}
