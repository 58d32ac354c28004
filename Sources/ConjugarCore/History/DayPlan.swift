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
/// the days of its interval's fuzz range (where the scheduler might have put it anyway: a short
/// interval's band is a day or none), and its due day. A form learning or relearning (minutes or
/// a day apart) has its due day alone. A form may be asked before its due day, today too, on a
/// day of its window: the plan made on a day asks what the plan made the day before put on it. A
/// form due today or overdue may move later while its window lasts.
///
/// **The choice**, the forms with one day first, then by the end of their window (the most
/// pressed first), the form's key last: the day of the window whose load, with the form's
/// expected time, over its capacity (normal 1, reduced ½) is lowest; a minimum day (capacity 0)
/// only when the whole window is minimum; ties to the day nearest the due day, then the earlier.
/// With the balancer on, a day holding one of the form's **siblings** (the other persons of its
/// verb and tense) counts as twice as full, two as three times, so that the persons learnt
/// together are asked on different days unless the other days are much fuller. With the balancer
/// off, a form due on a normal day stays there, and only those due on an easy day or in a break
/// are placed so, among the days of their window.
///
/// **A break** (``Break``): no form is asked on its days, not even a learning one. A form due in it
/// may be asked in the week before the break or the week after (``Break/spread``) as well as on
/// the days of its window outside it, so what falls due while the learner is away is brought
/// forward or spread after it, the lightest days first; a form due outside it is asked on a day
/// of its window outside it.
public struct DayPlan: Sendable {
  /// How far from the desired retention a form may be asked: one point.
  public static let band = 0.01

  /// Whether the balancer weighs the days by their minutes, what each weekday carries, and the
  /// days the learner is away.
  public struct Options: Sendable, Equatable {
    public var balance: Bool
    public var easyDays: EasyDays
    public var breakDays: Break

    public init(balance: Bool, easyDays: EasyDays = .none, breakDays: Break = .none) {
      self.balance = balance
      self.easyDays = easyDays
      self.breakDays = breakDays
    }

    /// As `settings` say: `load-balance`, `easy-days` and `break`.
    public init(_ settings: SettingValues) {
      self.init(balance: settings.loadBalance == .on, easyDays: settings.easyDays, breakDays: settings.breakDays)
    }

    /// Whether the plan moves anything from `today` on: otherwise each form is asked the day it
    /// falls due.
    public func isActive(from today: Day) -> Bool { balance || easyDays.isSet || breakDays.lasts(onOrAfter: today.number) }
  }

  /// A form's planned day and the day it fell due (before today for one overdue), as day numbers.
  public struct Placement: Sendable, Equatable {
    public var day: Int
    public var due: Int
  }

  /// Each form's placement (suspended forms have none).
  public private(set) var placements: [Item: Placement] = [:]
  /// What it was made with: what each day carries, and the break.
  public let options: Options

  /// The plan of `items` from `today`: `spentToday`, the seconds of today's answers, counts on
  /// today's load.
  public init(
    items: [ItemState], suspended: Set<Item>, times: AnswerTimes, scheduler: Scheduler, today: Day,
    timeZone: Zone, options: Options, spentToday: Double = 0
  ) {
    struct Form {
      var item: Item
      /// The item's key, the last tie-break of the order.
      var key: String
      /// Its verb and tense's number: the forms of one are siblings.
      var siblings: Int
      var seconds: Double
      /// The day it falls due, today for one overdue.
      var due: Int
      var overdueFrom: Int
      var window: ClosedRange<Int>
    }
    self.options = options
    let active = options.isActive(from: today)
    let today = today.number
    let away = options.breakDays.lasts(onOrAfter: today) ? options.breakDays : .none
    var forms: [Form] = []
    forms.reserveCapacity(items.count)
    var verbTenses: [String: Int] = [:]
    for state in items where !suspended.contains(state.item) {
      let dueDay = Day(state.card.due, in: timeZone).number
      let due = max(today, dueDay)
      var window = active ? Self.window(state.card, due: due, today: today, scheduler: scheduler, timeZone: timeZone) : due...due
      if let days = away.days, away.contains(day: due) {
        let around = Self.aroundBreak(days, today: today)
        window = min(window.lowerBound, around.lowerBound)...max(window.upperBound, around.upperBound)
      }
      let verbTense = "\(state.item.verb)/\(state.item.tense)"
      let siblings = verbTenses[verbTense, default: verbTenses.count]
      verbTenses[verbTense] = siblings
      forms.append(
        Form(
          item: state.item, key: state.item.key, siblings: siblings, seconds: times.expected(state.item).seconds, due: due,
          overdueFrom: dueDay, window: window))
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
    // The days each verb and tense's forms are planned on so far (the balancer spreads them).
    var siblingDays = [[Int]](repeating: [], count: verbTenses.count)
    for form in forms {
      let day: Int
      // A form due outside a break stays on its due day when it has no other, or when nothing
      // moves it: the balancer off and its day normal.
      let stays = form.window.count == 1 || (!options.balance && options.easyDays.kind(ofDay: form.due) == .normal)
      if stays && !away.contains(day: form.due) {
        day = form.due
      } else {
        day = Self.choose(
          form.window, due: form.due, seconds: form.seconds, today: today, load: load, capacities: capacities,
          siblingDays: options.balance ? siblingDays[form.siblings] : [], away: away)
      }
      placements[form.item] = Placement(day: day, due: form.overdueFrom)
      load[day - today] += form.seconds
      siblingDays[form.siblings].append(day)
    }
  }

  /// The days a form may be asked (see the type's comment).
  static func window(_ card: Card, due: Int, today: Int, scheduler: Scheduler, timeZone: Zone) -> ClosedRange<Int> {
    guard card.state == .review, let stability = card.stability, let reviewed = card.lastReview else { return due...due }
    let lastDay = Day(reviewed, in: timeZone).number
    let retention = scheduler.parameters.desiredRetention
    func days(_ r: Double) -> Double { scheduler.days(toRetention: r, stability: stability) }
    var first = min(due, lastDay + Int(days(retention + band).rounded(.up)))
    var last = max(due, lastDay + Int(days(retention - band).rounded(.down)))
    // The fuzz's range too, where the scheduler might have put it anyway: a short interval's band
    // is a day or none, its fuzz a few.
    if scheduler.parameters.fuzz, let fuzz = scheduler.fuzzRange(forInterval: scheduler.nextInterval(stability: stability)) {
      first = min(first, lastDay + fuzz.lowerBound)
      last = max(last, lastDay + fuzz.upperBound)
    }
    return max(today, first)...last
  }

  /// The days a form falling due in the break `days` may be asked instead: the week before it
  /// (from today) and the week after.
  static func aroundBreak(_ days: ClosedRange<Day>, today: Int) -> ClosedRange<Int> {
    max(days.lowerBound.number - Break.spread, today)...(days.upperBound.number + Break.spread)
  }

  /// The day of `window`, outside the break, whose load, with `seconds` more, over its capacity,
  /// times one more than the siblings planned on it (`siblingDays`), is lowest: a day holding a
  /// sibling counts as twice as full, as a reduced day does. (`capacities`: each weekday's, Sunday
  /// first, as ``EasyDays/kinds``.)
  static func choose(
    _ window: ClosedRange<Int>, due: Int, seconds: Double, today: Int, load: [Double], capacities: [Double],
    siblingDays: [Int] = [], away: Break = .none
  ) -> Int {
    var best = due
    var bestKey = (2, Double.infinity, Int.max, Int.max)
    for day in window where !away.contains(day: day) {
      let capacity = capacities[EasyDays.weekday(ofDay: day)]
      let filled = (load[day - today] + seconds) / max(capacity, 1e-9)
      let siblings = Double(siblingDays.count { $0 == day })
      let key = (capacity == 0 ? 1 : 0, capacity == 0 ? siblings : filled * (1 + siblings), abs(day - due), day)
      if key < bestKey {
        best = day
        bestKey = key
      }
    }
    return best
  }

  /// Whether `item`, due after `day`, is planned on it or before: brought forward.
  public func isEarly(_ item: Item, on day: Day) -> Bool {
    placements[item].map { $0.day <= day.number && $0.due > day.number } ?? false
  }

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
  public init(_ reading: Reading, today: Day, timeZone: Zone, options: Options) {
    self.init(
      items: reading.items, suspended: reading.suspended, times: reading.times, scheduler: reading.scheduler, today: today,
      timeZone: timeZone, options: options, spentToday: reading.spentToday)
  }

}

