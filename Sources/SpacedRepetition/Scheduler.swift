import Foundation

/// FSRS-6, the memory model Anki schedules with, exactly as py-fsrs 6.3.2's `Scheduler` computes it
/// (same formulas, same order of operations, same rounding), with one change: the fuzz is drawn
/// from the item and the review's time instead of a random generator, so that replaying a history
/// gives the same schedule (see ``fuzzUnit(item:at:)``).
///
/// Pure: no clock, no I/O. Times are `Date`s passed in. Whole days are 86,400 s periods since the
/// last review, not calendar days. For a replay that gives the same result from an exported
/// history, pass review times in whole seconds (the history keeps seconds).
///
/// The model, in its words:
/// - **R**, retrievability: the chance of recalling the item now.
/// - **S**, stability: the days after which R has fallen from 1 to 0.9.
/// - **D**, difficulty: 1 to 10; the harder the item, the less S grows at each success.
/// - **G**, the rating: again = 1, hard = 2, good = 3, easy = 4.
public struct Scheduler: Sendable {
  public let parameters: Parameters
  /// The forgetting curve's decay, −w₂₀.
  public let decay: Double
  /// The curve's factor, 0.9^(1/decay) − 1, which makes R = 0.9 when t = S.
  public let factor: Double

  /// The smallest stability py-fsrs allows.
  static let minimumStability = 0.001
  /// The range of difficulty.
  static let difficultyRange = 1.0...10.0
  /// Python's `math.e`. py-fsrs raises it to powers (`math.e ** x`, C's `pow`), not `exp(x)`:
  /// doing the same keeps the results bit for bit equal.
  static let e = 2.718281828459045

  public init(parameters: Parameters = Parameters()) {
    precondition(parameters.weights.count == 21, "FSRS-6 has 21 weights")
    precondition(parameters.desiredRetention > 0 && parameters.desiredRetention < 1, "retention within (0, 1)")
    self.parameters = parameters
    decay = -parameters.weights[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  private var w: [Double] { parameters.weights }

  // MARK: - Reviewing

  /// The card after a review rated `rating` at `date`.
  ///
  /// 1. Memory: the first review sets S₀ and D₀; a review less than a whole day after the last
  ///    one updates S by the same-day formula; a later one by the recall or forget formula, with
  ///    R at the time of the review. D moves after every review but the first.
  /// 2. Schedule: learning and relearning cards walk their steps (``steps(_:at:rating:)``); review
  ///    cards get the next interval, or go to relearning when forgotten.
  /// 3. Fuzz: when the card ends in review and fuzz is on, its interval is spread.
  ///
  /// - Parameter item: the item's key (e.g. `tener/preterito/vos`), which seeds the fuzz.
  public func review(_ card: Card, rating: Rating, at date: Date, item: String) -> Card {
    var next = card
    next.lastReview = date

    // 1. Memory.
    let stability: Double
    if let s = card.stability, let difficulty = card.difficulty {
      if let last = card.lastReview, Self.wholeDays(from: last, to: date) < 1 {
        stability = shortTermStability(s, rating)
      } else {
        let r = retrievability(of: card, at: date)
        stability = nextStability(difficulty: difficulty, stability: s, retrievability: r, rating: rating)
      }
      next.difficulty = nextDifficulty(difficulty, rating)
    } else {
      stability = initialStability(rating)
      next.difficulty = initialDifficulty(rating, clamped: true)
    }
    next.stability = stability

    // 2. Schedule.
    var days: Int? = nil  // a review interval, in days
    var seconds: TimeInterval = 0  // a step, in seconds
    switch card.state {
    case .learning, .relearning:
      let steps = card.state == .learning ? parameters.learningSteps : parameters.relearningSteps
      switch Self.steps(steps, at: card.step ?? 0, rating: rating) {
      case .graduate:
        next.state = .review
        next.step = nil
        days = nextInterval(stability: stability)
      case .step(let step, let wait):
        next.step = step
        seconds = wait
      }
    case .review:
      if rating == .again, let first = parameters.relearningSteps.first {
        next.state = .relearning
        next.step = 0
        seconds = first
      } else {
        days = nextInterval(stability: stability)
      }
    }

    // 3. Fuzz.
    if var interval = days {
      if parameters.fuzz && next.state == .review {
        interval = fuzzed(days: interval, unit: Self.fuzzUnit(item: item, at: date))
      }
      seconds = TimeInterval(interval) * 86_400
    }
    next.due = date.addingTimeInterval(seconds)
    return next
  }

  /// What a learning or relearning card does next.
  enum Step: Equatable {
    /// It leaves the steps for review.
    case graduate
    /// It stays in the steps, at this step, asked again after this many seconds.
    case step(Int, TimeInterval)
  }

  /// The learning steps (the same rules for the relearning steps), for a card at step `step`:
  /// - again: back to step 0, asked again after the first step;
  /// - hard: the same step; at step 0, asked again after the mean of the first two steps (1.5 ×
  ///   the first when there is only one); at a later step, after that step again;
  /// - good: the next step, or review after the last;
  /// - easy: review at once.
  ///
  /// With no steps, or a step beyond the last (steps shortened since), any rating but again
  /// graduates.
  static func steps(_ steps: [TimeInterval], at step: Int, rating: Rating) -> Step {
    if steps.isEmpty || (step >= steps.count && rating != .again) { return .graduate }
    switch rating {
    case .again:
      return .step(0, steps[0])
    case .hard:
      if step == 0 && steps.count == 1 { return .step(0, steps[0] * 1.5) }
      if step == 0 { return .step(0, (steps[0] + steps[1]) / 2.0) }
      return .step(step, steps[step])
    case .good:
      return step + 1 == steps.count ? .graduate : .step(step + 1, steps[step + 1])
    case .easy:
      return .graduate
    }
  }

  // MARK: - Retrievability

  /// **The forgetting curve**: R(t, S) = (1 + factor · t / S)^decay, with decay = −w₂₀,
  /// factor = 0.9^(1/decay) − 1, and t the whole days since the last review (0 if before it).
  /// 0 for a card never reviewed.
  public func retrievability(of card: Card, at date: Date) -> Double {
    guard let last = card.lastReview, let stability = card.stability else { return 0 }
    return retrievability(days: Self.wholeDays(from: last, to: date), stability: stability)
  }

  /// R after `days` whole days since the last review (0 if negative) at `stability`.
  public func retrievability(days: Int, stability: Double) -> Double {
    pow(1 + factor * Double(max(0, days)) / stability, decay)
  }

  /// Whole days from `start` to `end`, rounded down (Python's `timedelta.days`).
  static func wholeDays(from start: Date, to end: Date) -> Int {
    Int((end.timeIntervalSince(start) / 86_400).rounded(.down))
  }

  // MARK: - Interval

  /// **The next interval**: the days after which R falls to the desired retention r:
  /// I = S / factor · (r^(1/decay) − 1), rounded to whole days (half to even, as Python's
  /// `round`), at least 1 and at most the maximum interval. With r = 0.9, I is S rounded.
  public func nextInterval(stability: Double) -> Int {
    let days = days(toRetention: parameters.desiredRetention, stability: stability)
    return min(max(Int(days.rounded(.toNearestOrEven)), 1), parameters.maximumInterval)
  }

  /// The days after a review at which R falls to `retention`, unrounded: S / factor · (r^(1/decay) − 1).
  public func days(toRetention retention: Double, stability: Double) -> Double {
    (stability / factor) * (pow(retention, 1 / decay) - 1)
  }

  // MARK: - Stability

  /// **Initial stability**: S₀(G) = w[G − 1]: w₀ after again, w₁ hard, w₂ good, w₃ easy.
  func initialStability(_ rating: Rating) -> Double {
    max(w[rating.rawValue - 1], Self.minimumStability)
  }

  /// **Same-day stability**, for a review less than a day after the last:
  /// S′ = S · e^(w₁₇ · (G − 3 + w₁₈)) · S^(−w₁₉). After hard, good or easy the factor is at
  /// least 1 (S never falls); after again it may be below 1.
  func shortTermStability(_ stability: Double, _ rating: Rating) -> Double {
    var increase = pow(Self.e, w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
    if rating != .again { increase = max(increase, 1.0) }
    return max(stability * increase, Self.minimumStability)
  }

  /// The stability after a review a day or more after the last: the recall formula after hard,
  /// good or easy, the forget formula after again; at least the minimum.
  func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
    let next =
      rating == .again
      ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
      : recallStability(difficulty: difficulty, stability: stability, retrievability: retrievability, rating: rating)
    return max(next, Self.minimumStability)
  }

  /// **Recall stability**: S′ = S · (1 + e^w₈ · (11 − D) · S^(−w₉) · (e^((1 − R) · w₁₀) − 1)
  /// · hard penalty · easy bonus), with the hard penalty w₁₅ after hard (else 1) and the easy
  /// bonus w₁₆ after easy (else 1). The lower R was, the more S grows.
  func recallStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
    let hardPenalty = rating == .hard ? w[15] : 1
    let easyBonus = rating == .easy ? w[16] : 1
    return stability
      * (1 + pow(Self.e, w[8]) * (11 - difficulty) * pow(stability, -w[9])
        * (pow(Self.e, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
  }

  /// **Forget stability** (post-lapse): the smaller of
  /// w₁₁ · D^(−w₁₂) · ((S + 1)^w₁₃ − 1) · e^((1 − R) · w₁₄) and S / e^(w₁₇ · w₁₈),
  /// so that a lapse never leaves S higher than a same-day again would.
  func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
    let longTerm =
      w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1) * pow(Self.e, (1 - retrievability) * w[14])
    let shortTerm = stability / pow(Self.e, w[17] * w[18])
    return min(longTerm, shortTerm)
  }

  // MARK: - Difficulty

  /// **Initial difficulty**: D₀(G) = w₄ − e^(w₅ · (G − 1)) + 1, clamped to 1…10 when it sets a
  /// card's D (not when it is the target of mean reversion).
  func initialDifficulty(_ rating: Rating, clamped: Bool) -> Double {
    let difficulty = w[4] - pow(Self.e, w[5] * Double(rating.rawValue - 1)) + 1
    return clamped ? Self.clampDifficulty(difficulty) : difficulty
  }

  /// **Next difficulty**, in three movements:
  /// - the change ΔD = −w₆ · (G − 3): again and hard raise D, easy lowers it;
  /// - **linear damping**: D′ = D + ΔD · (10 − D) / 9, so D approaches 10 ever more slowly;
  /// - **mean reversion**: D″ = w₇ · D₀(easy) + (1 − w₇) · D′, a slight pull towards the
  ///   difficulty of an item rated easy at first (unclamped, so below 1);
  /// then clamped to 1…10.
  func nextDifficulty(_ difficulty: Double, _ rating: Rating) -> Double {
    let target = initialDifficulty(.easy, clamped: false)
    let delta = -(w[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10.0 - difficulty) * delta / 9.0
    return Self.clampDifficulty(w[7] * target + (1 - w[7]) * damped)
  }

  static func clampDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, difficultyRange.lowerBound), difficultyRange.upperBound)
  }
}
