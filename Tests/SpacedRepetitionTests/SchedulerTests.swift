import Foundation
import Testing

@testable import SpacedRepetition

let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
let minute: TimeInterval = 60
let day: TimeInterval = 86_400

/// A card in review with stability `stability`, last reviewed at `start`.
func reviewCard(stability: Double, difficulty: Double = 5) -> Card {
  Card(state: .review, step: nil, stability: stability, difficulty: difficulty, due: start, lastReview: start)
}

/// The steps, one rating at a time (the fixtures cover them too; these say them in words).
@Suite struct StepTests {
  let scheduler = Scheduler(parameters: Parameters(fuzz: false))

  func after(_ ratings: Rating..., gap: TimeInterval = minute) -> (card: Card, wait: TimeInterval) {
    var card = Card(due: start)
    var now = start
    for rating in ratings {
      card = scheduler.review(card, rating: rating, at: now, item: "tener/presente/yo")
      now += gap
    }
    return (card, card.due.timeIntervalSince(card.lastReview!))
  }

  @Test func aNewCardWalksTheLearningSteps() {
    #expect(after(.again).card.step == 0)
    #expect(after(.again).wait == 1 * minute)
    #expect(after(.hard).wait == 5.5 * minute)  // the mean of 1 and 10 minutes
    #expect(after(.good).card.step == 1)
    #expect(after(.good).wait == 10 * minute)
    #expect(after(.good, .hard).wait == 10 * minute)  // the same step again
    #expect(after(.good, .good).card.state == .review)
    #expect(after(.good, .good).card.step == nil)
    #expect(after(.good, .good).wait == 2 * day)  // S = w₂ = 2.3065: 2 days
    #expect(after(.easy).card.state == .review)
    #expect(after(.easy).wait == 8 * day)  // S = w₃ = 8.2956
  }

  @Test func theFirstReviewSetsInitialStabilityAndDifficulty() {
    let w = Parameters.defaultWeights
    for rating in Rating.allCases {
      let card = after(rating).card
      #expect(card.stability == w[rating.rawValue - 1])
      let d0 = w[4] - pow(2.718281828459045, w[5] * Double(rating.rawValue - 1)) + 1
      #expect(card.difficulty == min(max(d0, 1), 10))
    }
    #expect(after(.easy).card.difficulty == 1)  // D₀(easy) = −4.77…, clamped
  }

  @Test func aForgottenReviewCardRelearns() {
    let card = reviewCard(stability: 20)
    let forgotten = scheduler.review(card, rating: .again, at: start + 20 * day, item: "")
    #expect(forgotten.state == .relearning)
    #expect(forgotten.step == 0)
    #expect(forgotten.due == start + 20 * day + 10 * minute)
    #expect(forgotten.stability! < 20)
    let hard = scheduler.review(forgotten, rating: .hard, at: forgotten.due, item: "")
    #expect(hard.due.timeIntervalSince(forgotten.due) == 15 * minute)  // 1.5 × the only step
    let good = scheduler.review(forgotten, rating: .good, at: forgotten.due, item: "")
    #expect(good.state == .review)
  }

  @Test func retrievabilityFollowsTheForgettingCurveInWholeDays() {
    let card = reviewCard(stability: 10)
    #expect(scheduler.retrievability(of: Card(due: start), at: start) == 0)
    #expect(scheduler.retrievability(of: card, at: start - day) == 1)
    #expect(scheduler.retrievability(of: card, at: start + day - 1) == 1)
    #expect(abs(scheduler.retrievability(of: card, at: start + 10 * day) - 0.9) < 1e-12)
    #expect(scheduler.retrievability(of: card, at: start + 10 * day + 86_399) == scheduler.retrievability(of: card, at: start + 10 * day))
    #expect(scheduler.retrievability(of: card, at: start + 30 * day) < scheduler.retrievability(of: card, at: start + 11 * day))
  }
}

@Suite struct IntervalTests {
  /// py-fsrs 6.3.2's `_next_interval` for stabilities 1, 2.5, 3.5, 10, 30, 100, 1000 days.
  static let pyFSRS: [(retention: Double, days: [Int])] = [
    (0.80, [3, 8, 12, 33, 99, 332, 3316]),
    (0.85, [2, 5, 7, 19, 57, 191, 1906]),
    (0.90, [1, 2, 4, 10, 30, 100, 1000]),  // half to even: 2.5 → 2, 3.5 → 4
    (0.95, [1, 1, 1, 4, 12, 40, 403]),
    (0.97, [1, 1, 1, 2, 7, 22, 223]),
  ]

  @Test func desiredRetentionSetsTheIntervals() {
    for (retention, days) in Self.pyFSRS {
      let scheduler = Scheduler(parameters: Parameters(desiredRetention: retention))
      #expect([1, 2.5, 3.5, 10, 30, 100, 1000].map { scheduler.nextInterval(stability: $0) } == days, "\(retention)")
    }
  }

  @Test func higherRetentionBringsTheNextReviewSooner() {
    let card = reviewCard(stability: 30)
    let dues = [0.80, 0.85, 0.90, 0.93, 0.95, 0.97].map { retention in
      Scheduler(parameters: Parameters(desiredRetention: retention, fuzz: false))
        .review(card, rating: .good, at: start + 30 * day, item: "").due
    }
    #expect(zip(dues, dues.dropFirst()).allSatisfy { $0 > $1 })
    // Stability does not depend on the retention: only the interval does.
    let stabilities = Set(
      [0.80, 0.97].map {
        Scheduler(parameters: Parameters(desiredRetention: $0)).review(card, rating: .good, at: start + 30 * day, item: "")
          .stability
      })
    #expect(stabilities.count == 1)
  }

  @Test func intervalsStopAtTheMaximum() {
    #expect(Scheduler().nextInterval(stability: 1e6) == 36_500)
    #expect(Scheduler(parameters: Parameters(maximumInterval: 365)).nextInterval(stability: 1000) == 365)
    #expect(Scheduler().nextInterval(stability: 0.001) == 1)

    // Easy at every due date: the interval grows to the maximum and stays there; with fuzz, it
    // stays within the fuzz below the maximum.
    for maximum in [365, 36_500] {
      for fuzz in [false, true] {
        let scheduler = Scheduler(parameters: Parameters(maximumInterval: maximum, fuzz: fuzz))
        var card = Card(due: start)
        var intervals: [Int] = []
        for _ in 0..<40 {
          card = scheduler.review(card, rating: .easy, at: card.due, item: "ser/presente/yo")
          intervals.append(Int(card.due.timeIntervalSince(card.lastReview!) / day))
        }
        #expect(intervals.allSatisfy { $0 <= maximum })
        #expect(intervals.suffix(5).allSatisfy { fuzz ? $0 >= scheduler.fuzzRange(days: maximum).lowerBound : $0 == maximum })
      }
    }
  }
}

@Suite struct FuzzTests {
  let scheduler = Scheduler()

  @Test func theDrawIsTheSameInSwiftAndInTheFixtureScript() {
    // Values of fuzz_unit in Scripts/generate-fsrs-fixtures.
    #expect(Scheduler.fuzzUnit(item: "tener/preterito/vos", at: start) == 0.15756765501971415)
    #expect(Scheduler.fuzzUnit(item: "tener/preterito/vos", at: start + 1) == 0.6506307241207742)
    #expect(Scheduler.fuzzUnit(item: "ñoñear/presente/tú", at: Date(timeIntervalSince1970: 0)) == 0.8872886923524794)
    #expect(Scheduler.fuzzUnit(item: "", at: Date(timeIntervalSince1970: -1)) == 0.5921241930429263)
    // Within the second, the draw does not change: the history keeps seconds.
    #expect(Scheduler.fuzzUnit(item: "tener/preterito/vos", at: start + 0.75) == 0.15756765501971415)
  }

  @Test func theSameItemAndTimeGiveTheSameSchedule() {
    let card = reviewCard(stability: 40)
    let at = start + 41 * day + 1234
    let once = scheduler.review(card, rating: .good, at: at, item: "tener/preterito/vos")
    let again = scheduler.review(card, rating: .good, at: at, item: "tener/preterito/vos")
    #expect(once == again)
    let unfuzzed = Scheduler(parameters: Parameters(fuzz: false)).review(card, rating: .good, at: at, item: "")
    #expect(once.stability == unfuzzed.stability && once.difficulty == unfuzzed.difficulty)
  }

  /// py-fsrs 6.3.2's fuzz, its `random()` at 0 and at just under 1: the range of its
  /// `_get_fuzz_range` widened by one day at the top by its rounding.
  static let pyFSRS: [(days: Int, lowest: Int, highest: Int)] = [
    (2, 2, 2), (3, 2, 5), (4, 3, 6), (5, 4, 7), (7, 5, 10), (10, 8, 13), (20, 17, 24), (21, 18, 25),
    (50, 46, 55), (100, 93, 108), (365, 345, 386), (1000, 948, 1053), (36_500, 34_673, 36_500),
  ]

  @Test func theFuzzStaysInPyFSRSsRange() {
    let top = 1 - 0x1p-53
    for (days, lowest, highest) in Self.pyFSRS {
      #expect(scheduler.fuzzed(days: days, unit: 0) == lowest, "\(days)")
      #expect(scheduler.fuzzed(days: days, unit: top) == highest, "\(days)")
      if days >= 3 {
        let range = scheduler.fuzzRange(days: days)
        #expect(range.lowerBound == lowest && min(range.upperBound + 1, 36_500) == highest, "\(days)")
      }
    }
    let short = Scheduler(parameters: Parameters(maximumInterval: 365))
    #expect(short.fuzzed(days: 365, unit: 0) == 345 && short.fuzzed(days: 365, unit: top) == 365)
    #expect(short.fuzzed(days: 364, unit: 0) == 344 && short.fuzzed(days: 364, unit: top) == 365)

    // And whatever the item and time.
    for days in [3, 6, 7, 19, 20, 45, 365, 36_499] {
      let range = scheduler.fuzzRange(days: days)
      for n in 0..<200 {
        let unit = Scheduler.fuzzUnit(item: "item \(n)", at: start + Double(n) * 977)
        #expect(unit >= 0 && unit < 1)
        let fuzzed = scheduler.fuzzed(days: days, unit: unit)
        #expect(fuzzed >= range.lowerBound && fuzzed <= min(range.upperBound + 1, 36_500), "\(days) → \(fuzzed)")
      }
    }
  }

  @Test func differentItemsSpread() {
    // 2,000 items learnt in the same second, due in 100 days before fuzz: every day of the
    // range is drawn, none much more often than a fair draw would.
    let persons = ["yo", "tú", "vos", "él", "nosotros", "vosotros", "ellos"]
    var counts: [Int: Int] = [:]
    for n in 0..<2_000 {
      let item = "verbo\(n / 7)/presente/\(persons[n % 7])"
      counts[scheduler.fuzzed(days: 100, unit: Scheduler.fuzzUnit(item: item, at: start)), default: 0] += 1
    }
    #expect(Set(counts.keys) == Set(93...108))
    // 16 values, the two ends half as likely: 2,000 / 15 ≈ 133 each inside, 67 at the ends.
    #expect(counts.filter { (94...107).contains($0.key) }.values.allSatisfy { (90...180).contains($0) })
    let mean = Double(counts.map { $0.key * $0.value }.reduce(0, +)) / 2_000
    #expect(abs(mean - 100.5) < 0.5)

    // One item over 1,000 days: the draws are spread too.
    let units = (0..<1_000).map { Scheduler.fuzzUnit(item: "tener/preterito/vos", at: start + Double($0) * day) }
    for decile in 0..<10 {
      let inDecile = units.filter { Int($0 * 10) == decile }.count
      #expect((60...140).contains(inDecile), "decile \(decile): \(inDecile)")
    }
  }

  @Test func learningStepsAreNeverFuzzed() {
    let card = scheduler.review(Card(due: start), rating: .good, at: start, item: "tener/preterito/vos")
    #expect(card.due == start + 10 * minute)
  }
}

@Suite struct RatingTests {
  @Test func theRatingRule() {
    #expect(Rating(result: .wrong, firstTry: true, seconds: 0.5, letters: 5) == .again)
    #expect(Rating(result: .shown) == .again)
    #expect(Rating(result: .accentsOnly, firstTry: true, seconds: 0.5, letters: 5) == .hard)
    #expect(Rating(result: .correct, firstTry: true, hinted: true, seconds: 0.5, letters: 5) == .hard)
    #expect(Rating(result: .correct, firstTry: false, seconds: 0.5, letters: 5) == .good)
    #expect(Rating(result: .correct, firstTry: true, seconds: nil, letters: 5) == .good)
    // "tuvisteis": 9 letters, 1.5 + 9 × 0.15 = 2.85 s.
    #expect(Rating.easyLimit(letters: 9) == 2.85)
    #expect(Rating(result: .correct, firstTry: true, seconds: 2.85, letters: 9) == .easy)
    #expect(Rating(result: .correct, firstTry: true, seconds: 2.86, letters: 9) == .good)
  }

  @Test func fromTheResultAlone() {
    #expect(Rating(result: .correct) == .good)
    #expect(Rating(result: .accentsOnly) == .hard)
    #expect(Rating(result: .wrong) == .again)
  }

  @Test func namesAndNumbers() {
    #expect(Rating.allCases.map(\.rawValue) == [1, 2, 3, 4])
    #expect(Rating.allCases.map(\.name) == ["again", "hard", "good", "easy"])
    #expect(Rating.allCases.allSatisfy { Rating(name: $0.name) == $0 })
    #expect(CardState.allCases.map(\.rawValue) == [1, 2, 3])
    #expect(CardState.allCases.allSatisfy { CardState(name: $0.name) == $0 })
    #expect(Rating(name: "Good") == nil)
  }
}
