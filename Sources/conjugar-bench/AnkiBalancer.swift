import Foundation
import SpacedRepetition

/// Anki's load balancer and easy days, ported to measure this project's ``DayPlan`` against (issue
/// 41, part 5; `conjugar-bench days`).
///
/// Followed: ankitects/anki, rslib/src/scheduler/states/load_balancer.rs at commit edd8b99c
/// (`LoadBalancer::find_interval`, `calculate_easy_days_modifiers`, `select_weighted_interval`,
/// `EasyDay::load_modifier`, `SIBLING_PENALTY`, `MAX_LOAD_BALANCE_INTERVAL`) and fuzz.rs
/// (`fuzz_delta`: no fuzz under 2.5 days), with the weight of later releases as issue 41 states it
/// (cards^-2.15 · days^-3, where that commit has cards^-2 · days^-1).
///
/// When a card is answered and goes to review with an interval of I days (before any fuzz):
/// - I over 90 days: plain fuzz (here the scheduler's own, as every way has it);
/// - else the candidate days are I's fuzz range, a single day under 2.5 days (the scheduler's
///   `fuzzRange`, py-fsrs's bounds: Anki's `constrained_fuzz_bounds` are the same formula on the
///   unrounded interval, so the ends may differ by a day);
/// - each day weighs 1.0 if no card is due on it, else cards^-2.15 · days^-3 · sibling · easy day,
///   with sibling 0.001 when a card of the same note (here: of the same verb and tense) is due
///   that day, and the easy day's modifier (``easyDayModifiers(_:kinds:)``);
/// - one day is drawn in proportion to the weights (Anki: a `WeightedIndex` sampled with a `StdRng`
///   seeded by the card's id and reps; here the caller's draw in 0..<1).
///
/// It counts cards, not time, and the card's due date becomes the day drawn, as in Anki.
struct AnkiBalancer {
  /// Beyond this interval Anki does not balance (`MAX_LOAD_BALANCE_INTERVAL`).
  static let maximumInterval = 90
  /// The weight of a day on which a sibling is due (`SIBLING_PENALTY`).
  static let siblingPenalty = 0.001

  let easyDays: EasyDays
  /// The cards due on each day (by day number).
  private var cards: [Int: Int] = [:]
  /// The cards due on each day by note.
  private var notes: [Int: [Int: Int]] = [:]

  init(easyDays: EasyDays) { self.easyDays = easyDays }

  /// A card of `note` now due on `day`.
  mutating func add(note: Int, day: Int) {
    cards[day, default: 0] += 1
    notes[day, default: [:]][note, default: 0] += 1
  }

  /// A card of `note` no longer due on `day` (answered: Anki's `remove_card`).
  mutating func remove(note: Int, day: Int) {
    cards[day, default: 0] -= 1
    notes[day, default: [:]][note, default: 0] -= 1
  }

  /// The day a card of `note` answered on `today` is next due, the scheduler giving an interval of
  /// `interval` days before fuzz; `draw` (in 0..<1) chooses among the weighted days, `fuzz` (in
  /// 0..<1) is the plain fuzz's draw beyond 90 days.
  func day(interval: Int, today: Int, note: Int, scheduler: Scheduler, draw: Double, fuzz: Double) -> Int {
    guard interval <= Self.maximumInterval else { return today + scheduler.fuzzed(days: interval, unit: fuzz) }
    let range = scheduler.fuzzRange(forInterval: interval) ?? interval...interval
    let days = Array(range)
    let counts = days.map { cards[today + $0] ?? 0 }
    let modifiers = Self.easyDayModifiers(counts, kinds: days.map { easyDays.kind(ofDay: today + $0) })
    let weights = days.indices.map { i -> Double in
      guard counts[i] > 0 else { return 1 }
      let sibling = (notes[today + days[i]]?[note] ?? 0) > 0 ? Self.siblingPenalty : 1
      return pow(1 / Double(counts[i]), 2.15) * pow(1 / Double(days[i]), 3) * sibling * modifiers[i]
    }
    var x = draw * weights.reduce(0, +)
    for (i, weight) in weights.enumerated() {
      if x < weight { return today + days[i] }
      x -= weight
    }
    return today + days[days.count - 1]
  }

  /// Anki's `EasyDay::load_modifier`: normal 1, reduced 0.5, minimum 0.0001 (not 0, so that a
  /// range of minimum days alone still balances).
  static func loadModifier(_ kind: DayKind) -> Double {
    switch kind {
    case .normal: 1
    case .reduced: 0.5
    case .minimum: 0.0001
    }
  }

  /// Anki's `calculate_easy_days_modifiers`, each candidate day's easy-day factor from the cards
  /// due on the candidate days (`counts`) and their kinds: a normal day 1, a minimum day 0.0001;
  /// a reduced day 1 while its cards, doubled, are at most the other days' cards over the sum of
  /// their load modifiers, else 0.0001.
  static func easyDayModifiers(_ counts: [Int], kinds: [DayKind]) -> [Double] {
    let total = counts.reduce(0, +)
    let modifiers = kinds.map(loadModifier).reduce(0, +)
    return zip(counts, kinds).map { count, kind in
      guard kind == .reduced else { return loadModifier(kind) }
      let threshold = Double(total - count) / (modifiers - 0.5)
      return Double(count) / 0.5 > threshold ? loadModifier(.minimum) : loadModifier(.normal)
    }
  }
}
