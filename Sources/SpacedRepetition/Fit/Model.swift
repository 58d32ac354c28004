import Foundation

/// The numbers the memory model computes with: plain `Double`s to evaluate, ``Dual``s to get the
/// slope of the loss with respect to every weight as well. The formulas are written once, over
/// this protocol.
protocol ModelNumber {
  init(_ value: Double)
  var value: Double { get }
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, b: Self) -> Self
  static func / (a: Self, b: Self) -> Self
  func exp() -> Self
  func log() -> Self
  func pow(_ power: Self) -> Self
  func clamped(_ low: Double, _ high: Double) -> Self
}

extension Double: ModelNumber {
  var value: Double { self }
  func exp() -> Double { Foundation.exp(self) }
  func log() -> Double { Foundation.log(self) }
  func pow(_ power: Double) -> Double { Foundation.pow(self, power) }
  func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}

extension Dual: ModelNumber {}

extension MemoryModel: Sendable where N: Sendable {}

/// FSRS-6's memory model in the form fsrs-rs trains it: the formulas of ``Scheduler`` (which states
/// each in words), with fsrs-rs's bounds (stability 0.001…36,500, difficulty 1…10) and its
/// handling of the same day (delta 0: same-day stability). Memory only: no steps, no intervals.
///
/// Its methods are specialized here for `Double` and `Dual` (`@_specialize`): the optimizer, the
/// evaluation and the rule layer call them from other files, where, but in a whole-module build (a
/// release), they could not be specialized, and each operation on a number went through the
/// protocol, copying a `Dual`'s 25 doubles (debug builds, which optimise this module file by file).
struct MemoryModel<N: ModelNumber> {
  let w: [N]
  let decay: N
  let factor: N
  let expW8: N
  let meanDifficulty: N  // D₀(easy), unclamped: the target of mean reversion
  let sameDayFloor: N  // e^(w₁₇ · w₁₈): a lapse leaves S at most S / this

  static var minimumStability: Double { 0.001 }
  static var maximumStability: Double { 36_500 }

  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  init(weights: [N]) {
    w = weights
    decay = N(0) - weights[20]
    factor = (N(Foundation.log(0.9)) / decay).exp() - N(1)
    expW8 = weights[8].exp()
    meanDifficulty = weights[4] - (weights[5] * N(3)).exp() + N(1)
    sameDayFloor = (weights[17] * weights[18]).exp()
  }

  /// R after `days` whole days at stability `s`.
  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  func retrievability(days: Int, stability s: N) -> N {
    (N(1) + factor * N(Double(days)) / s).pow(decay)
  }

  /// R after `days` days, a fraction of a day counted too (the same curve, which FSRS's formula
  /// allows for any time; the scheduler and the fit count whole days): `conjugar recall`'s chance
  /// on a form answered earlier the same day.
  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  func retrievability(elapsed days: Double, stability s: N) -> N {
    (N(1) + factor * N(max(0, days)) / s).pow(decay)
  }

  /// The memory after the item's first review.
  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  func first(_ rating: Rating) -> (stability: N, difficulty: N) {
    let g = rating.rawValue
    return (
      w[g - 1].clamped(Self.minimumStability, Self.maximumStability),
      (w[4] - (w[5] * N(Double(g - 1))).exp() + N(1)).clamped(1, 10)
    )
  }

  /// The memory after a review `days` whole days after the previous one.
  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  func next(stability s: N, difficulty d: N, rating: Rating, days: Int) -> (stability: N, difficulty: N) {
    let g = Double(rating.rawValue)
    var stability: N
    if days == 0 {
      var increase = (w[17] * (N(g - 3) + w[18])).exp() * (N(0) - w[19] * s.log()).exp()
      if rating != .again && increase.value < 1 { increase = N(1) }
      stability = s * increase
    } else {
      let r = retrievability(days: days, stability: s)
      if rating == .again {
        let forget =
          w[11] * (N(0) - w[12] * d.log()).exp() * ((s + N(1)).pow(w[13]) - N(1)) * ((N(1) - r) * w[14]).exp()
        let floor = s / sameDayFloor
        stability = forget.value < floor.value ? forget : floor
      } else {
        var bonus = N(1)
        if rating == .hard { bonus = w[15] }
        if rating == .easy { bonus = w[16] }
        stability =
          s * (N(1) + expW8 * (N(11) - d) * (N(0) - w[9] * s.log()).exp() * (((N(1) - r) * w[10]).exp() - N(1)) * bonus)
      }
    }
    let damped = d + (N(0) - w[6] * N(g - 3)) * (N(10) - d) / N(9)
    let difficulty = (w[7] * meanDifficulty + (N(1) - w[7]) * damped).clamped(1, 10)
    return (stability.clamped(Self.minimumStability, Self.maximumStability), difficulty)
  }

  /// What ``replay(_:target:)`` tells of each target besides the prediction.
  struct Target {
    var recalled: Bool
    var weight: Double
    var days: Int
    /// The item's reviews a day or more after the previous one, up to this one and with it.
    var longTermReviews: Int
    /// The item's reviews a day or more after the previous one rated again, before this one.
    var lapses: Int
  }

  /// Walks every item of `log` (or those in `range`), calling `target` with the predicted R for
  /// each review a day or more after the previous one.
  @_specialize(where N == Double)
  @_specialize(where N == Dual)
  func replay(_ log: ReviewLog, items range: Range<Int>? = nil, target: (N, Target) -> Void) {
    for reviews in log.items[range ?? log.items.indices] {
      var (s, d) = first(reviews[0].rating)
      var longTermReviews = 0
      var lapses = 0
      for review in reviews.dropFirst() {
        if review.isTarget {
          longTermReviews += 1
          target(
            retrievability(days: review.days, stability: s),
            Target(
              recalled: review.rating != .again, weight: review.weight, days: review.days,
              longTermReviews: longTermReviews, lapses: lapses))
          if review.rating == .again { lapses += 1 }
        }
        (s, d) = next(stability: s, difficulty: d, rating: review.rating, days: review.days)
      }
    }
  }
}
