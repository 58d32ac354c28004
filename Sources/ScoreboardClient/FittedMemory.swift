import FileStorage
import Foundation
import SpacedRepetition

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
  /// The rule layer fitted with these weights (issue 42: what `conjugar recall` reads), when
  /// there were enough first answers to fit one. Kept in the database beside the weights, never
  /// in ``line`` (what a sync and `optimize --export` carry): weights from another machine come
  /// without it.
  public var rules: RuleLayer?

  public init(weights: [Double], date: Date, reviews: Int, logLoss: Double, rmseBins: Double, rules: RuleLayer? = nil) {
    self.weights = weights
    self.date = date
    self.reviews = reviews
    self.logLoss = logLoss
    self.rmseBins = rmseBins
    self.rules = rules
  }

  /// The weights and their fit alone, as ``line`` carries them: what two machines compare.
  public var withoutRules: FittedMemory {
    var copy = self
    copy.rules = nil
    return copy
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

  /// One line, as a sync writes it for the other machines: the date (seconds since 1970), the
  /// answers, the log loss, the RMSE, then the 21 weights, separated by spaces.
  public var line: String {
    "\(UnixTime.seconds(date)) \(reviews) \(logLoss) \(rmseBins) " + weights.map { "\($0)" }.joined(separator: " ")
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
}

extension Scoreboard.Memory {
  /// The calibration of the weights in use (fitted and applied, else FSRS-6's defaults) on every
  /// answer the optimizer scores: what `conjugar stats` prints and Progress draws before a fit.
  public func calibrationInUse() throws -> Calibration {
    Calibration(weights: try fittedMemory()?.weights ?? Parameters.defaultWeights, log: try reviewLog())
  }

  /// The schedule in use: `settings` (their desired retention), with the fitted weights over it
  /// when some are applied, as the live score board schedules each answer.
  public func schedulerInUse(_ settings: Scheduler) throws -> Scheduler {
    try fittedMemory().map { $0.applied(to: settings) } ?? settings
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
