import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// Which local day each form is asked (issue 41): the load balancer by minutes and the easy days.
///
/// A form's review state says when it falls due (FSRS's interval, moved by the fuzz); the plan
/// only chooses, among the days near it, the one it is asked. It never changes a state: the same
/// answers give the same states on every machine (the one replay), and the plan is a function of
/// those states, the answer times and the settings, so machines that sync, with the same
/// settings, plan the same days.
///
/// **The window** of a form in review: the days on which FSRS's chance of knowing it stays within
/// ``band`` of the desired retention (R(t) = (1 + factor · t / S)^decay from its last review),
/// and its due day. A form learning or relearning (minutes or a day apart) has its due day alone.
/// No form is brought into today from a later day, so a review never grows as it is done; a form
/// due today or overdue may move later while its window lasts.
///
/// **The choice**, the forms with one day first, then by the end of their window (the most
/// pressed first), the form's key last: the day of the window whose load, with the form's
/// expected time, over its capacity (normal 1, reduced ½) is lowest; a minimum day (capacity 0)
/// only when the whole window is minimum; ties to the day nearest the due day, then the earlier.
/// With the balancer off, a form due on a normal day stays there, and only those due on an easy
/// day are placed so, among the days of their window.
public struct DayPlan: Sendable {
  /// How far from the desired retention a form may be asked: one point.
  public static let band = 0.01

  /// Whether the balancer weighs the days by their minutes, and what each weekday carries.
  public struct Options: Sendable, Equatable {
    public var balance: Bool
    public var easyDays: EasyDays

    public init(balance: Bool, easyDays: EasyDays = .none) {
      self.balance = balance
      self.easyDays = easyDays
    }

    /// As `settings` say: `load-balance` and `easy-days`.
    public init(_ settings: SettingValues) {
      self.init(balance: settings.loadBalance == .on, easyDays: settings.easyDays)
    }

    /// Whether the plan moves anything: otherwise each form is asked the day it falls due.
    public var isActive: Bool { balance || easyDays.isSet }
  }

  /// A form's planned day and the day it fell due (before today for one overdue), as day numbers.
  public struct Placement: Sendable, Equatable {
    public var day: Int
    public var due: Int
  }

  /// Each form's placement (suspended forms have none).
  public private(set) var placements: [Item: Placement] = [:]

  /// The plan of `items` from `today`: `spentToday`, the seconds of today's answers, counts on
  /// today's load.
  public init(
    items: [ItemState], suspended: Set<Item>, times: AnswerTimes, scheduler: Scheduler, today: Day,
    timeZone: TimeZone, options: Options, spentToday: Double = 0
  ) {
    struct Form {
      var item: Item
      /// The item's key, the last tie-break of the order.
      var key: String
      var seconds: Double
      /// The day it falls due, today for one overdue.
      var due: Int
      var overdueFrom: Int
      var window: ClosedRange<Int>
    }
    let today = today.number
    var forms: [Form] = []
    forms.reserveCapacity(items.count)
    for state in items where !suspended.contains(state.item) {
      let dueDay = Day(state.card.due, in: timeZone).number
      let due = max(today, dueDay)
      let window = options.isActive ? Self.window(state.card, due: due, today: today, scheduler: scheduler, timeZone: timeZone) : due...due
      forms.append(Form(item: state.item, key: state.item.key, seconds: times.expected(state.item).seconds, due: due, overdueFrom: dueDay, window: window))
    }
    forms.sort { a, b in
      let x = (a.window.count == 1 ? 0 : 1, a.window.upperBound, a.window.lowerBound)
      let y = (b.window.count == 1 ? 0 : 1, b.window.upperBound, b.window.lowerBound)
      return x != y ? x < y : a.key < b.key
    }
    placements.reserveCapacity(forms.count)
    let capacities = options.easyDays.kinds.map(\.capacity)
    // The seconds planned on each day from today, today's with the seconds already spent.
    var load = [Double](repeating: 0, count: (forms.map(\.window.upperBound).max() ?? today) - today + 1)
    load[0] = spentToday
    for form in forms {
      let day: Int
      if form.window.count == 1 || (!options.balance && options.easyDays.kind(ofDay: form.due) == .normal) {
        day = form.due
      } else {
        day = Self.choose(form.window, due: form.due, seconds: form.seconds, today: today, load: load, capacities: capacities)
      }
      placements[form.item] = Placement(day: day, due: form.overdueFrom)
      load[day - today] += form.seconds
    }
  }

  /// The days a form may be asked (see the type's comment).
  static func window(_ card: Card, due: Int, today: Int, scheduler: Scheduler, timeZone: TimeZone) -> ClosedRange<Int> {
    guard card.state == .review, let stability = card.stability, let reviewed = card.lastReview else { return due...due }
    let lastDay = Day(reviewed, in: timeZone).number
    let retention = scheduler.parameters.desiredRetention
    // The days after the last review at which R falls to r: S / factor · (r^(1/decay) − 1).
    func days(_ r: Double) -> Double { stability / scheduler.factor * (pow(r, 1 / scheduler.decay) - 1) }
    var first = min(due, lastDay + Int(days(retention + band).rounded(.up)))
    var last = max(due, lastDay + Int(days(retention - band).rounded(.down)))
    // Never brought into today; one due today or overdue may stay today.
    first = max(first, due <= today ? today : today + 1)
    last = max(last, first)
    return first...last
  }

  /// The day of `window` whose load, with `seconds` more, over its capacity is lowest.
  /// (`capacities`: each weekday's, Sunday first, as ``EasyDays/kinds``.)
  static func choose(
    _ window: ClosedRange<Int>, due: Int, seconds: Double, today: Int, load: [Double], capacities: [Double]
  ) -> Int {
    var best = due
    var bestKey = (2, Double.infinity, Int.max, Int.max)
    for day in window {
      let capacity = capacities[EasyDays.weekday(ofDay: day)]
      let filled = (load[day - today] + seconds) / max(capacity, 1e-9)
      let key = (capacity == 0 ? 1 : 0, capacity == 0 ? 0 : filled, abs(day - due), day)
      if key < bestKey {
        best = day
        bestKey = key
      }
    }
    return best
  }

  /// Whether `item` is planned for a day after `day` (a form due then that the plan moves later).
  public func isLater(_ item: Item, than day: Day) -> Bool { (placements[item]?.day ?? .min) > day.number }

  /// What a plan is made from, read from a history: every form's state, the answer times of the
  /// last ``recentAnswers`` answers, the seconds of today's among them, the suspended forms and
  /// the schedule in use.
  public struct Reading: Sendable {
    public var items: [ItemState]
    public var suspended: Set<Item>
    public var times: AnswerTimes
    public var spentToday: Double
    public var scheduler: Scheduler
  }

  /// How many of the latest answers give the answer times: the learner's pace now, and a bounded
  /// read at any size of history.
  public static let recentAnswers = 20_000

  /// What `board` holds for a plan at `now` (today beginning at `startOfToday`), `settings` giving
  /// the desired retention under the fitted weights.
  public static func reading(_ board: Scoreboard, settings: SettingValues, now: Date, startOfToday: Date) throws -> Reading {
    let recent = try board.answers.history(recentAnswers)
    return Reading(
      items: try board.items.items(nil), suspended: try board.items.itemMarks().suspended,
      times: AnswerTimes(answers: recent),
      spentToday: recent.filter { $0.date >= startOfToday && $0.date <= now }.compactMap(\.seconds)
        .filter { $0.isFinite && $0 > 0 }.reduce(0, +),
      scheduler: try board.memory.schedulerInUse(settings.scheduler))
  }

  /// The plan of `reading` from `today`.
  public init(_ reading: Reading, today: Day, timeZone: TimeZone, options: Options) {
    self.init(
      items: reading.items, suspended: reading.suspended, times: reading.times, scheduler: reading.scheduler, today: today,
      timeZone: timeZone, options: options, spentToday: reading.spentToday)
  }

}

