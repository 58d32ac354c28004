import Foundation

/// The learner fsrs-rs simulates to choose a desired retention: its `SimulatorConfig::default()`
/// (fsrs crate 6.6.2, `src/simulation.rs`, as fsrs-rs-python 0.9.3's `default_simulator_config`
/// gives it). Costs are seconds; ratings are indexed again, hard, good, easy.
public struct SimulatorConfig: Sendable, Equatable {
  /// Cards in the deck: more than a year can learn, so new cards never run out.
  public var deckSize = 10_000
  /// Days simulated.
  public var learnSpan = 365
  /// Seconds of study a day: a day's cards are taken until its cost passes this (no count limits:
  /// fsrs-rs's `learn_limit` and `review_limit` are unlimited by default).
  public var maxCostPerDay = 1_800.0
  /// The longest interval, days.
  public var maxInterval = 36_500.0
  /// The first rating of a new card.
  public var firstRatingProbabilities = [0.24, 0.094, 0.495, 0.171]
  /// The rating of a review remembered: hard, good, easy.
  public var reviewRatingProbabilities = [0.224, 0.631, 0.145]
  /// In a learning step, the next rating given the last (rows: again, hard, good).
  public var learningStepTransitions = [
    [0.3686, 0.0628, 0.5108, 0.0577],
    [0.0442, 0.4553, 0.4457, 0.0549],
    [0.0519, 0.047, 0.8462, 0.055],
  ]
  /// In a relearning step, the same.
  public var relearningStepTransitions = [
    [0.2157, 0.0643, 0.6595, 0.0604],
    [0.05, 0.4638, 0.4475, 0.0387],
    [0.1057, 0.1434, 0.7266, 0.0244],
  ]
  /// Seconds an answer takes, by the card's state (learning, review, relearning) and rating.
  public var stateRatingCosts = [
    [19.58, 18.79, 13.78, 10.71],
    [19.38, 17.59, 12.38, 8.94],
    [16.44, 15.25, 12.32, 8.03],
  ]
  /// Good answers in a row that end the learning steps (one fewer when the first rating is good).
  public var learningStepCount = 2
  /// The same for the relearning steps after a lapse.
  public var relearningStepCount = 1

  public init() {}
}

/// fsrs-rs's `simulate` (fsrs 6.6.2, `src/simulation.rs`), reduced to what `optimal_retention`
/// reads of it: a deck studied for `learnSpan` days, every day's cards taken in fsrs-rs's order
/// (the due reviews, easiest first, then new cards) until the day's cost passes `maxCostPerDay`,
/// the rest left for the next day. Recall is drawn from the FSRS-6 memory with the given weights;
/// ratings from the config's odds. The result is the total cost and the cards memorised on the
/// last day (the sum of their retrievabilities). Same model, not the same random stream: a
/// generator of our own (SplitMix64), so the result is the same on every machine, and one stream
/// per card (the n-th card learned draws the same numbers whatever the retention), so runs at
/// nearby retentions differ by the retention's effect more than by chance.
struct Simulator {
  let config: SimulatorConfig
  let w: [Double]
  /// The forgetting curve's shape: R(t) = (1 + factor · t / S)^decay, R(S) = 0.9.
  let decay: Double
  let factor: Double

  init(weights: [Double], config: SimulatorConfig = SimulatorConfig()) {
    precondition(weights.count == 21, "FSRS-6 has 21 weights")
    self.config = config
    w = weights
    decay = -weights[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  /// At most this many same-day steps (fsrs-rs's `MAX_STEPS`).
  private static let maximumSteps = 5
  /// The bounds of S and D (fsrs-rs's `S_MIN`, `S_MAX`, `D_MIN`, `D_MAX`).
  private static let (minimumStability, maximumStability) = (0.001, 36_500.0)
  private static let (minimumDifficulty, maximumDifficulty) = (1.0, 10.0)

  struct Outcome {
    /// Seconds spent over the whole span.
    var cost: Double
    /// The cards memorised on the last day: the sum of the learned cards' retrievabilities.
    var memorized: Double
    /// Cards learned, and reviews done (learning and relearning steps not counted), as fsrs-rs
    /// counts them.
    var learned: Int
    var reviews: Int
  }

  /// A card learned: its memory, the day of its last review, and its own random numbers.
  private struct Learned {
    var stability: Double
    var difficulty: Double
    var lastDay: Int
    var random: SplitMix64
  }

  func run(desiredRetention: Double, seed: UInt64) -> Outcome {
    let span = config.learnSpan
    // `stateRatingCosts`' rows: learning, review, relearning.
    let (learningCosts, reviewCosts, relearningCosts) = (
      config.stateRatingCosts[0], config.stateRatingCosts[1], config.stateRatingCosts[2]
    )
    var seeds = SplitMix64(seed: seed)
    var cards: [Learned] = []
    cards.reserveCapacity(config.deckSize)
    // The cards due each day, by their index in `cards` (none kept for days past the span).
    var due = [[Int32]](repeating: [], count: span)
    var totalCost = 0.0
    var reviews = 0

    for day in 0..<span {
      var cost = 0.0
      // fsrs-rs's queue order within a day: reviews before new cards, the reviews by its default
      // priority, (difficulty × 100) as an integer, lowest first.
      var today = due[day]
      due[day] = []
      today.sort { a, b in
        let (pa, pb) = (Int32(cards[Int(a)].difficulty * 100), Int32(cards[Int(b)].difficulty * 100))
        return pa != pb ? pa < pb : a < b
      }
      var taken = 0
      while taken < today.count, cost <= config.maxCostPerDay {
        let index = Int(today[taken])
        taken += 1
        reviews += 1
        var card = cards[index]
        let r = retrievability(Double(day - card.lastDay), card.stability)
        let forgot = card.random.unit() >= r
        let rating = forgot ? 1 : 2 + card.random.pick(config.reviewRatingProbabilities)
        cost += reviewCosts[rating - 1]
        if forgot {
          let s = stabilityAfterFailure(card.stability, r, card.difficulty)
          (card.stability, card.difficulty, cost) = steps(
            s, nextDifficulty(card.difficulty, rating), first: nil, costs: relearningCosts,
            transitions: config.relearningStepTransitions, count: config.relearningStepCount, cost: cost,
            random: &card.random)
        } else {
          card.stability = stabilityAfterSuccess(card.stability, r, card.difficulty, rating)
          card.difficulty = nextDifficulty(card.difficulty, rating)
        }
        card.lastDay = day
        let next = day + interval(card.stability, desiredRetention)
        if next < span { due[next].append(Int32(index)) }
        cards[index] = card
      }
      // Those left are due tomorrow, ordered among tomorrow's by their difficulty.
      if taken < today.count, day + 1 < span { due[day + 1].append(contentsOf: today[taken...]) }
      while cards.count < config.deckSize, cost <= config.maxCostPerDay {
        var random = SplitMix64(seed: seeds.next())
        let rating = 1 + random.pick(config.firstRatingProbabilities)
        let d0 = initialDifficulty(rating).clamped(Self.minimumDifficulty, Self.maximumDifficulty)
        let (s, d, after) = steps(
          w[rating - 1], d0, first: rating, costs: learningCosts, transitions: config.learningStepTransitions,
          count: config.learningStepCount, cost: cost, random: &random)
        cost = after
        let next = day + interval(s, desiredRetention)
        if next < span { due[next].append(Int32(cards.count)) }
        cards.append(Learned(stability: s, difficulty: d, lastDay: day, random: random))
      }
      totalCost += cost
    }
    // Each card learned counts its retrievability on the last day.
    let memorized = cards.reduce(0.0) { sum, card in
      sum + retrievability(Double(span - 1 - card.lastDay), card.stability)
    }
    return Outcome(cost: totalCost, memorized: memorized, learned: cards.count, reviews: reviews)
  }

  /// fsrs-rs's `memory_state_short_term`: the same-day steps of learning (after a `first` rating)
  /// or relearning (after a lapse, `first` nil: the lapse's again starts the chain and is paid as
  /// a review). Each step draws the next rating from the last; the steps end after `count` ratings
  /// above hard without an again between (one fewer when the first rating is good), at an easy,
  /// or after five. Returns S, D and `cost` plus the steps' costs.
  private func steps(
    _ s: Double, _ d: Double, first: Int?, costs: [Double], transitions: [[Double]], count: Int, cost: Double,
    random: inout SplitMix64
  ) -> (Double, Double, Double) {
    var (s, d, cost) = (s, d, cost)
    var rating = first ?? 1
    if let first { cost += costs[first - 1] }
    let needed = rating > 2 ? max(count - 1, 0) : count
    var inARow = 0
    for _ in 0..<Self.maximumSteps {
      if inARow >= needed || rating >= 4 { break }
      rating = 1 + random.pick(transitions[rating - 1])
      s = sameDayStability(s, rating)
      d = nextDifficulty(d, rating)
      cost += costs[rating - 1]
      if rating > 2 { inARow += 1 } else if rating == 1 { inARow = 0 }
    }
    return (
      s.clamped(Self.minimumStability, Self.maximumStability), d.clamped(Self.minimumDifficulty, Self.maximumDifficulty),
      cost
    )
  }

  // FSRS-6's formulas as simulation.rs states them (the model's, in ``Scheduler``'s words; here
  // in Double, with no generics, to run fast in every build).

  /// R after `t` days at stability `s` (`power_forgetting_curve`).
  private func retrievability(_ t: Double, _ s: Double) -> Double {
    pow(1 + factor * t / s, decay)
  }

  /// `next_interval`, rounded and kept within 1…`maxInterval` days: the days until R falls to
  /// `retention`.
  private func interval(_ s: Double, _ retention: Double) -> Int {
    let days = (s / factor * (pow(retention, 1 / decay) - 1)).rounded()
    return Int(min(max(days, 1), config.maxInterval))
  }

  /// `init_d`: D after a first rating, before clamping.
  private func initialDifficulty(_ rating: Int) -> Double {
    w[4] - exp(w[5] * Double(rating - 1)) + 1
  }

  /// `next_d`: moved by the rating, damped near 10, pulled towards D₀(easy).
  private func nextDifficulty(_ d: Double, _ rating: Int) -> Double {
    let damped = d + (10 - d) / 9 * (-w[6] * Double(rating - 3))
    return (w[7] * initialDifficulty(4) + (1 - w[7]) * damped).clamped(Self.minimumDifficulty, Self.maximumDifficulty)
  }

  /// `stability_after_success`.
  private func stabilityAfterSuccess(_ s: Double, _ r: Double, _ d: Double, _ rating: Int) -> Double {
    let hardPenalty = rating == 2 ? w[15] : 1
    let easyBonus = rating == 4 ? w[16] : 1
    let increase = exp(w[8]) * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1) * hardPenalty * easyBonus
    return (s * (1 + increase)).clamped(Self.minimumStability, Self.maximumStability)
  }

  /// `stability_after_failure`: never above S / e^(w₁₇·w₁₈).
  private func stabilityAfterFailure(_ s: Double, _ r: Double, _ d: Double) -> Double {
    let forgetting = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14])
    return min(forgetting, s / exp(w[17] * w[18])).clamped(Self.minimumStability, Self.maximumStability)
  }

  /// `stability_short_term`: as the model's same-day formula, but only good and easy keep S from
  /// falling (hard may lower it here).
  private func sameDayStability(_ s: Double, _ rating: Int) -> Double {
    let increase = exp(w[17] * (Double(rating) - 3 + w[18])) * pow(s, -w[19])
    return (s * (rating >= 3 ? max(increase, 1) : increase)).clamped(Self.minimumStability, Self.maximumStability)
  }
}

/// SplitMix64 (Steele, Lea and Flood 2014): small, fast, the same on every platform.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1): the top 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// An index drawn with the given weights (their sum need not be 1).
  mutating func pick(_ weights: [Double]) -> Int {
    var x = unit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      if x < weight { return index }
      x -= weight
    }
    return weights.count - 1
  }
}
