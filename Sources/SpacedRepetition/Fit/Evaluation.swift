import Foundation

/// How well a set of weights predicts a review log, measured as fsrs-rs's `evaluate` measures it.
public struct Evaluation: Sendable, Equatable, Codable {
  /// The recency-weighted mean binary cross-entropy of the predictions (see ``ReviewLog``):
  /// −Σ wᵢ(yᵢ ln Rᵢ + (1 − yᵢ) ln(1 − Rᵢ)) / Σ wᵢ, y = 1 when recalled. Lower is better.
  public var logLoss: Double
  /// The calibration error: the targets put in bins by the days since the previous review, the
  /// item's reviews a day or more apart and its lapses (each on a log scale, as fsrs-rs's
  /// `r_matrix_index`); in each bin the mean R against the recall rate; the root of the mean
  /// squared difference, each bin weighing as its targets' recency weights. Lower is better.
  public var rmseBins: Double
  /// The predictions scored.
  public var targets: Int

  public init(logLoss: Double, rmseBins: Double, targets: Int) {
    self.logLoss = logLoss
    self.rmseBins = rmseBins
    self.targets = targets
  }

  /// The evaluation of `weights` on `log`.
  public init(weights: [Double], log: ReviewLog) {
    precondition(weights.count == 21, "FSRS-6 has 21 weights")
    let model = MemoryModel<Double>(weights: weights)
    var loss = 0.0
    var weightSum = 0.0
    var count = 0
    var bins: [Bin: (predicted: Double, recalled: Double, count: Int, weight: Double)] = [:]
    model.replay(log) { r, target in
      loss -= target.weight * (target.recalled ? Foundation.log(r) : Foundation.log(1 - r))
      weightSum += target.weight
      count += 1
      let bin = Bin(target)
      bins[bin, default: (0, 0, 0, 0)].predicted += r
      bins[bin]!.recalled += target.recalled ? 1 : 0
      bins[bin]!.count += 1
      bins[bin]!.weight += target.weight
    }
    var squares = 0.0
    for bin in bins.values {
      squares += bin.weight * pow((bin.predicted - bin.recalled) / Double(bin.count), 2)
    }
    self.init(
      logLoss: count == 0 ? 0 : loss / weightSum,
      rmseBins: count == 0 ? 0 : (squares / weightSum).squareRoot(),
      targets: count)
  }

  /// fsrs-rs's bins: each of days, length and lapses rounded down to a power of its own base.
  struct Bin: Hashable {
    var days: Int
    var length: Int
    var lapses: Int

    init(_ target: MemoryModel<Double>.Target) {
      func bin(_ x: Int, base: Double, scale: Double) -> Int {
        Int((scale * pow(base, (Foundation.log(Double(x)) / Foundation.log(base)).rounded(.down))).rounded())
      }
      days = bin(target.days, base: 3.62, scale: 248)
      length = bin(target.longTermReviews + 1, base: 1.89, scale: 1.99)
      lapses = target.lapses == 0 ? 0 : bin(target.lapses, base: 1.73, scale: 1.65)
    }
  }
}
