import Foundation

/// Everything a ``Scheduler`` is set with. The defaults are py-fsrs 6.3.2's `Scheduler()`.
public struct Parameters: Sendable, Equatable, Codable {
  /// w₀…w₂₀, the FSRS-6 model weights. What each does is told where it is used, in ``Scheduler``:
  /// w₀–w₃ initial stability, w₄–w₇ difficulty, w₈–w₁₀ recall stability, w₁₁–w₁₄ forget stability,
  /// w₁₅ hard penalty, w₁₆ easy bonus, w₁₇–w₁₉ same-day stability, w₂₀ the forgetting curve's decay.
  public var weights: [Double]
  /// The chance of recall the schedule aims for at the due date (the learner's setting, 0.80–0.97).
  public var desiredRetention: Double
  /// The learning steps, in seconds.
  public var learningSteps: [TimeInterval]
  /// The relearning steps, in seconds.
  public var relearningSteps: [TimeInterval]
  /// The longest interval, in days.
  public var maximumInterval: Int
  /// Whether review intervals of 3 days or more are spread a little (see ``Scheduler``'s fuzz).
  public var fuzz: Bool

  /// FSRS-6's default weights, as py-fsrs 6.3.2 ships them.
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  public init(
    weights: [Double] = Self.defaultWeights,
    desiredRetention: Double = 0.9,
    learningSteps: [TimeInterval] = [60, 600],
    relearningSteps: [TimeInterval] = [600],
    maximumInterval: Int = 36_500,
    fuzz: Bool = true
  ) {
    self.weights = weights
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.fuzz = fuzz
  }
}
