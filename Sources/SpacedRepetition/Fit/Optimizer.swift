import Foundation
import Synchronization

/// Fits FSRS-6's 21 weights to a learner's own reviews, as Anki's optimizer (fsrs-rs) does: the
/// weights that make the model's predicted recall best match what happened, measured by log loss.
///
/// 1. The four initial stabilities first, each on its own (as fsrs-rs's pre-training): the
///    stability after a first rating of again, hard, good or easy that best predicts the item's
///    next review a day or more later.
/// 2. Then all 21 together, by Adam (fsrs-rs's optimizer, its learning rate 0.04 falling on a
///    cosine) on the whole log at each step, each weight kept within fsrs-rs's bounds, the initial
///    stabilities moved on a log scale. It stops when 30 steps have not lowered the loss; the best
///    weights seen are the result.
public enum Optimizer {
  /// fsrs-rs fits every weight only from 64 predictions (reviews a day or more after the item's
  /// previous one); below that it keeps the defaults.
  public static let minimumTargets = 64

  /// The bounds fsrs-rs clamps each weight to (its `clip_parameters`, with one relearning step).
  public static let bounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100,  // initial stability
    1...10, 0.001...4, 0.001...4, 0.001...0.75,  // difficulty
    0...4.5, 0...0.8, 0.001...3.5,  // recall stability
    0.001...5, 0.001...0.25, 0.001...0.9, 0...4,  // forget stability
    0...1, 1...6,  // hard penalty, easy bonus
    0...2, 0...2, 0...0.8,  // same-day stability
    0.1...0.8,  // decay
  ]

  public struct Result: Sendable, Equatable {
    public var weights: [Double]
    /// The default (or starting) weights on the log, and the fitted ones.
    public var before: Evaluation
    public var after: Evaluation
    public var reviews: Int
    public var items: Int
    public var iterations: Int
  }

  public enum Outcome: Sendable, Equatable {
    case fitted(Result)
    /// Too few predictions to fit: `have` of the `minimumTargets` needed.
    case notEnough(have: Int, needed: Int)
  }

  /// The weights fitted to `log`, starting from `start` (the defaults unless given).
  /// - Parameter progress: called after each iteration with (done, total).
  public static func fit(
    _ log: ReviewLog, start: [Double] = Parameters.defaultWeights, iterations: Int = 400,
    progress: (Int, Int) -> Void = { _, _ in }
  ) -> Outcome {
    let before = Evaluation(weights: start, log: log)
    guard before.targets >= minimumTargets else { return .notEnough(have: before.targets, needed: minimumTargets) }

    var weights = clamp(start)
    for rating in Rating.allCases {
      if let stability = initialStability(after: rating, log: log, decay: weights[20]) {
        weights[rating.rawValue - 1] = stability
      }
    }

    // Adam's steps are in the weights' units; the initial stabilities span 0.001 to 100, so they
    // are moved on a log scale (a step of 0.04 changes them by 4 %).
    let logScale = 0..<4
    var best = (loss: Double.infinity, weights: weights, step: 0)
    var m = [Double](repeating: 0, count: 21)
    var v = [Double](repeating: 0, count: 21)
    let (beta1, beta2, epsilon, rate) = (0.9, 0.999, 1e-8, 0.04)
    var done = 0
    for step in 1...iterations {
      var (loss, gradient) = lossAndGradient(weights, log: log)
      if loss < best.loss - 1e-7 { best = (loss, weights, step) } else if loss < best.loss { best.loss = loss; best.weights = weights }
      done = step
      progress(step, iterations)
      // Stop when 30 steps have not improved the loss by 1e-7.
      if step - best.step >= 30 { break }
      for i in logScale { gradient[i] *= weights[i] }  // ∂L/∂ln w = w · ∂L/∂w
      let lr = rate * 0.5 * (1 + cos(Double.pi * Double(step - 1) / Double(iterations)))
      for i in 0..<21 {
        m[i] = beta1 * m[i] + (1 - beta1) * gradient[i]
        v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i]
        let mHat = m[i] / (1 - pow(beta1, Double(step)))
        let vHat = v[i] / (1 - pow(beta2, Double(step)))
        let change = lr * mHat / (vHat.squareRoot() + epsilon)
        if logScale.contains(i) { weights[i] *= Foundation.exp(-change) } else { weights[i] -= change }
      }
      weights = clamp(weights)
    }
    progress(iterations, iterations)
    return .fitted(
      Result(
        weights: best.weights, before: before, after: Evaluation(weights: best.weights, log: log),
        reviews: log.reviews, items: log.items.count, iterations: done))
  }

  static func clamp(_ weights: [Double]) -> [Double] {
    zip(weights, bounds).map { min(max($0, $1.lowerBound), $1.upperBound) }
  }

  /// The (recency-weighted) mean log loss of `weights` on `log`, and its gradient: the items split
  /// among the processors.
  static func lossAndGradient(_ weights: [Double], log: ReviewLog) -> (loss: Double, gradient: [Double]) {
    let model = MemoryModel<Dual>(weights: weights.enumerated().map { Dual.weight($1, index: $0) })
    let parts = log.targets < 2_000 ? 1 : ProcessInfo.processInfo.activeProcessorCount
    // Each part's sums, added in the parts' order so the result is the same on every run.
    let sums = Mutex([(loss: Double, gradient: Gradient, weights: Double)](repeating: (0, .zero, 0), count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let count = log.items.count
      var loss = 0.0
      var gradient = Gradient.zero
      var weights = 0.0
      model.replay(log, items: (count * part / parts)..<(count * (part + 1) / parts)) { r, target in
        if target.recalled {
          loss -= target.weight * Foundation.log(r.value)
          gradient = gradient - r.gradient.scaled(by: target.weight / r.value)
        } else {
          loss -= target.weight * Foundation.log(1 - r.value)
          gradient = gradient + r.gradient.scaled(by: target.weight / (1 - r.value))
        }
        weights += target.weight
      }
      sums.withLock { $0[part] = (loss, gradient, weights) }
    }
    let (loss, gradient, sum) = sums.withLock { $0 }.reduce((0.0, Gradient.zero, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1, $0.2 + $1.2) }
    let n = max(sum, .leastNormalMagnitude)
    return (loss / n, (0..<21).map { gradient[$0] / n })
  }

  /// The initial stability after a first rating `rating` that best predicts the reviews made a
  /// day or more after it (with nothing between), found by golden-section search on log S; nil
  /// when there are none.
  static func initialStability(after rating: Rating, log: ReviewLog, decay: Double) -> Double? {
    var samples: [(days: Int, recalled: Bool)] = []
    for reviews in log.items where reviews.count > 1 && reviews[0].rating == rating && reviews[1].days > 0 {
      samples.append((reviews[1].days, reviews[1].rating != .again))
    }
    guard !samples.isEmpty else { return nil }
    var weights = Parameters.defaultWeights
    weights[20] = decay
    let model = MemoryModel<Double>(weights: weights)
    // The log loss, plus a pull towards the default of one unit of log loss per e-fold away from
    // it: with few reviews (or all of them right) the default stands; with many, the reviews decide.
    let prior = Foundation.log(Parameters.defaultWeights[rating.rawValue - 1])
    func loss(_ x: Double) -> Double {
      samples.reduce(abs(x - prior)) { sum, sample in
        let r = model.retrievability(days: sample.days, stability: Foundation.exp(x))
        return sum - (sample.recalled ? Foundation.log(r) : Foundation.log(1 - r))
      }
    }
    var (low, high) = (Foundation.log(bounds[0].lowerBound), Foundation.log(bounds[0].upperBound))
    let golden = (5.0.squareRoot() - 1) / 2
    for _ in 0..<80 {
      let a = high - golden * (high - low)
      let b = low + golden * (high - low)
      if loss(a) < loss(b) { high = b } else { low = a }
    }
    return Foundation.exp((low + high) / 2)
  }
}
