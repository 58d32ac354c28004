import Foundation
import SpacedRepetition

/// Answers counted: how many, how they went, and the time they took.
public struct Tally: Sendable, Equatable {
  public var answers = 0
  public var correct = 0
  public var accentsOnly = 0
  public var wrong = 0
  /// The sum of the response times known, in seconds.
  public var seconds = 0.0

  public init(answers: Int = 0, correct: Int = 0, accentsOnly: Int = 0, wrong: Int = 0, seconds: Double = 0) {
    self.answers = answers
    self.correct = correct
    self.accentsOnly = accentsOnly
    self.wrong = wrong
    self.seconds = seconds
  }

  /// Correct ÷ answers; nil when there are none.
  public var accuracy: Double? { answers == 0 ? nil : Double(correct) / Double(answers) }

  public mutating func add(_ other: Tally) {
    answers += other.answers
    correct += other.correct
    accentsOnly += other.accentsOnly
    wrong += other.wrong
    seconds += other.seconds
  }

  package mutating func subtract(_ other: Tally) {
    answers -= other.answers
    correct -= other.correct
    accentsOnly -= other.accentsOnly
    wrong -= other.wrong
    seconds -= other.seconds
  }

  package mutating func count(_ answer: AnsweredQuestion) {
    answers += 1
    switch answer.result {
    case .correct: correct += 1
    case .accentsOnly: accentsOnly += 1
    case .wrong: wrong += 1
    }
    seconds += answer.seconds ?? 0
  }
}

/// What the statistics are asked for: when "now" is, in which time zone days begin, and from
/// which day the answers count.
public struct StatisticsQuery: Sendable, Equatable {
  public var now: Date
  public var timeZone: Zone
  /// Only the answers from this local day on count in the figures of answers (totals, cells, verbs,
  /// most missed); the days, the streak and the memory are always whole.
  public var since: Day?
  /// Whether to count the answers by verb too (the screen's groups; the command does not need them).
  public var byVerb: Bool
  /// Whether to make ``Statistics/memory`` too, a pass over every form practised
  /// (``Scoreboard/Standing/memory``); without it, the memory is empty. Progress reads it on a
  /// thread of its own, after its key's frame.
  public var memory: Bool

  public init(now: Date, timeZone: Zone, since: Day? = nil, byVerb: Bool = false, memory: Bool = true) {
    self.now = now
    self.timeZone = timeZone
    self.since = since
    self.byVerb = byVerb
    self.memory = memory
  }

  /// Local midnight of `since`.
  public var sinceDate: Date? { since?.start(in: timeZone) }
  public var today: Day { Day(now, in: timeZone) }
}

/// Where the learner stands, computed by the store (``Scoreboard/Standing/statistics``) from summary tables
/// kept with each answer.
public struct Statistics: Sendable, Equatable {
  /// A cell of the tables, (tense, person), with the names of the JSON contract; the non-finite
  /// forms have an empty person.
  public struct Cell: Sendable, Hashable, Comparable {
    public var tense: String
    public var person: String

    public init(tense: String, person: String) {
      self.tense = tense
      self.person = person
    }

    public static func < (a: Cell, b: Cell) -> Bool { (a.tense, a.person) < (b.tense, b.person) }
  }

  public struct DayTally: Sendable, Equatable {
    public var day: Day
    public var tally: Tally

    public init(day: Day, tally: Tally) {
      self.day = day
      self.tally = tally
    }
  }

  public struct Missed: Sendable, Equatable {
    public var item: Item
    public var wrong: Int

    public init(item: Item, wrong: Int) {
      self.item = item
      self.wrong = wrong
    }
  }

  /// The items practised, by review state, and what is due.
  public struct Memory: Sendable, Equatable {
    /// First practised today (they are also counted in their state).
    public var new = 0
    public var learning = 0
    public var review = 0
    public var relearning = 0
    /// In review with a stability of at least ``Statistics/masteredStability`` days (also
    /// counted in review).
    public var mastered = 0
    public var dueNow = 0
    /// Due after now and within the next 7 days.
    public var dueWeek = 0
    /// The mean retrievability of the items practised, now: the recall the model predicts today.
    public var recall: Double?

    public init(
      new: Int = 0, learning: Int = 0, review: Int = 0, relearning: Int = 0, mastered: Int = 0, dueNow: Int = 0,
      dueWeek: Int = 0, recall: Double? = nil
    ) {
      self.new = new
      self.learning = learning
      self.review = review
      self.relearning = relearning
      self.mastered = mastered
      self.dueNow = dueNow
      self.dueWeek = dueWeek
      self.recall = recall
    }

    public var items: Int { learning + review + relearning }
  }

  /// An item in review is mastered from this stability on, in days.
  public static let masteredStability = 21.0
  /// How many of the most missed cells.
  public static let mostMissedCount = 10

  /// The answers since the query's day (all of them without one).
  public var total = Tally()
  public var cells: [Cell: Tally] = [:]
  /// Empty unless the query asked for them.
  public var verbs: [String: Tally] = [:]
  /// Every local day with answers, oldest first, whatever the query's `since`.
  public var days: [DayTally] = []
  /// Days in a row with at least one answer, up to today, or up to yesterday while today has none
  /// yet (a streak is not lost before the day ends).
  public var streak = 0
  /// The answers today.
  public var today = Tally()
  /// The cells (of a verb) answered wrong most often, most first (ties: by verb, tense, person).
  public var mostMissed: [Missed] = []
  public var memory = Memory()

  public init() {}

  /// The answers by tense.
  public var tenses: [String: Tally] { merged { $0.tense } }
  /// The answers by person (the non-finite forms, which have none, left out).
  public var persons: [String: Tally] { merged { $0.person.isEmpty ? nil : $0.person } }

  private func merged(_ key: (Cell) -> String?) -> [String: Tally] {
    var result: [String: Tally] = [:]
    for (cell, tally) in cells {
      guard let name = key(cell) else { continue }
      result[name, default: Tally()].add(tally)
    }
    return result
  }

  /// The days of `days` from `since` on.
  public func days(since: Day?) -> [DayTally] {
    guard let since else { return days }
    return days.filter { $0.day >= since }
  }

  /// The streak on `days` (those with answers) as of `today`.
  public static func streak(days: Set<Day>, today: Day) -> Int {
    var day = days.contains(today) ? today : today - 1
    var count = 0
    while days.contains(day) {
      count += 1
      day = day - 1
    }
    return count
  }

  /// The figures, computed from every answer and item: the reference the database's queries are
  /// tested against.
  public static func computed(
    answers: some Sequence<AnsweredQuestion>, items: some Sequence<ItemState>, query: StatisticsQuery,
    scheduler: Scheduler
  ) -> Statistics {
    var statistics = Statistics()
    let since = query.sinceDate
    let today = query.today
    var byDay: [Day: Tally] = [:]
    var wrong: [Item: Int] = [:]
    for answer in answers {
      var one = Tally()
      one.count(answer)
      byDay[Day(answer.date, in: query.timeZone), default: Tally()].add(one)
      if let since, answer.date < since { continue }
      statistics.total.add(one)
      statistics.cells[Cell(tense: answer.tense, person: answer.person), default: Tally()].add(one)
      if query.byVerb { statistics.verbs[answer.verb, default: Tally()].add(one) }
      if answer.result == .wrong { wrong[answer.item, default: 0] += 1 }
    }
    statistics.days = byDay.sorted { $0.key < $1.key }.map { DayTally(day: $0.key, tally: $0.value) }
    statistics.today = byDay[today] ?? Tally()
    statistics.streak = streak(days: Set(byDay.keys), today: today)
    statistics.mostMissed = Array(
      wrong.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(mostMissedCount)
        .map { Missed(item: $0.key, wrong: $0.value) })

    let now = Date(timeIntervalSince1970: query.now.timeIntervalSince1970.rounded(.down))
    let startOfToday = today.start(in: query.timeZone)
    var memory = Memory()
    var recall = 0.0, recalled = 0
    for state in items {
      switch state.card.state {
      case .learning: memory.learning += 1
      case .review:
        memory.review += 1
        if (state.card.stability ?? 0) >= masteredStability { memory.mastered += 1 }
      case .relearning: memory.relearning += 1
      }
      if state.firstReview >= startOfToday { memory.new += 1 }
      if state.card.due <= now {
        memory.dueNow += 1
      } else if state.card.due <= now.addingTimeInterval(7 * 86_400) {
        memory.dueWeek += 1
      }
      if state.card.lastReview != nil, state.card.stability != nil {
        recall += scheduler.retrievability(of: state.card, at: now)
        recalled += 1
      }
    }
    memory.recall = recalled == 0 ? nil : recall / Double(recalled)
    statistics.memory = memory
    return statistics
  }
}
