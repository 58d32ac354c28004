import FileStorage
import Foundation
import PlainText
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// How long the learner takes to answer a form, from their own answers (issue 41, item 4): the
/// median seconds of the form's answers, else of its verb's, else of its tense's, else of every
/// answer, else ``defaultSeconds``. Pure: the seconds in, the medians kept.
public struct AnswerTimes: Sendable, Equatable {
  /// Where an expected time comes from: the first of these with an answer timed.
  public enum Source: String, Sendable, Equatable, CaseIterable {
    case form, verb, tense, learner, stated
  }

  /// The time expected of a form when no answer was timed at all.
  public static let defaultSeconds: Double = 10

  private var byForm: [Item: Double] = [:]
  private var byVerb: [String: Double] = [:]
  private var byTense: [String: Double] = [:]
  private var overall: Double?

  /// The medians of `seconds`, each form's answer times; a time that is not a positive number
  /// (an old history's: none) is left out.
  public init(seconds: [Item: [Double]]) {
    var verbs: [String: [Double]] = [:], tenses: [String: [Double]] = [:], all: [Double] = []
    for (item, times) in seconds {
      let timed = times.filter { $0.isFinite && $0 > 0 }
      guard let median = Self.median(timed) else { continue }
      byForm[item] = median
      verbs[item.verb, default: []] += timed
      tenses[item.tense, default: []] += timed
      all += timed
    }
    byVerb = verbs.compactMapValues(Self.median)
    byTense = tenses.compactMapValues(Self.median)
    overall = Self.median(all)
  }

  /// The times of `answers` (those with none left out).
  public init(answers: some Sequence<AnsweredQuestion>) {
    var seconds: [Item: [Double]] = [:]
    for answer in answers { if let time = answer.seconds { seconds[answer.item, default: []].append(time) } }
    self.init(seconds: seconds)
  }

  /// The seconds `item` is expected to take, and where that comes from.
  public func expected(_ item: Item) -> (seconds: Double, from: Source) {
    if let seconds = byForm[item] { return (seconds, .form) }
    if let seconds = byVerb[item.verb] { return (seconds, .verb) }
    if let seconds = byTense[item.tense] { return (seconds, .tense) }
    if let seconds = overall { return (seconds, .learner) }
    return (Self.defaultSeconds, .stated)
  }

  /// The middle value (the mean of the two middle ones of an even count); nil of none.
  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted(), middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// `conjugar forecast` (issue 41, item 4): for each of the next days, the forms falling due that
/// day and the minutes they are expected to take. Days are local days (``Day``) in the time zone
/// given, as `stats` counts them; a form already overdue counts on today, a suspended form on no
/// day; each form counts once, on the day it is planned (``DayPlan``: its due date, or with the
/// balancer or easy days a day near it). Pure: the forms' review states,
/// the suspended forms and the answer times in, the days out, and their text.
public struct Forecast: Sendable, Equatable {
  /// The days a forecast may cover.
  public static let dayRange = 1...365

  /// One day of the forecast.
  public struct DayLoad: Sendable, Equatable {
    public var day: Day
    /// The forms due that day (today: with those overdue).
    public var due: Int
    /// Of `due`, those due before today began (today only).
    public var overdue: Int
    /// The seconds the forms due are expected to take, summed.
    public var seconds: Double
    /// What the day carries: normal, or an easy day's kind.
    public var kind: DayKind
    /// Whether it is a day of a break: nothing is asked.
    public var away: Bool

    public init(day: Day, due: Int = 0, overdue: Int = 0, seconds: Double = 0, kind: DayKind = .normal, away: Bool = false) {
      self.day = day
      self.due = due
      self.overdue = overdue
      self.seconds = seconds
      self.kind = kind
      self.away = away
    }

    /// "away", "a minimum day", "a reduced day"; nil for a normal day.
    public var mark: String? {
      away ? Self.awayMark : kind == .normal ? nil : "a \(kind.rawValue) day"
    }

    /// What a day of a break says, in the table, the sentences and the chart.
    public static let awayMark = "away"

    public var minutes: Double { seconds / 60 }
  }

  /// The days, today first, one each, a day with nothing due included.
  public var days: [DayLoad]

  /// The forecast of `days` days from `now`'s local day in `timeZone` (clamped to ``dayRange``),
  /// each form on the day it falls due: the plan with the balancer off and no easy day.
  public init(items: [ItemState], suspended: Set<Item>, times: AnswerTimes, now: Date, timeZone: Zone, days: Int) {
    let plan = DayPlan(
      items: items, suspended: suspended, times: times, scheduler: Scheduler(), today: Day(now, in: timeZone),
      timeZone: timeZone, options: DayPlan.Options(balance: false))
    self.init(plan: plan, items: items, times: times, now: now, timeZone: timeZone, days: days)
  }

  /// The forecast of `days` days of `plan` (``DayPlan``) from `now`'s local day in `timeZone`
  /// (clamped to ``dayRange``): each form on its planned day, each day marked as the plan's easy
  /// days and break make it.
  public init(plan: DayPlan, items: [ItemState], times: AnswerTimes, now: Date, timeZone: Zone, days: Int) {
    let today = Day(now, in: timeZone)
    let count = min(max(days, Self.dayRange.lowerBound), Self.dayRange.upperBound)
    var loads = (0..<count).map {
      DayLoad(
        day: today + $0, kind: plan.options.easyDays.kind(ofDay: today.number + $0),
        away: plan.options.breakDays.contains(day: today.number + $0))
    }
    for state in items {
      guard let placement = plan.placements[state.item] else { continue }
      let offset = placement.day - today.number
      guard offset >= 0, offset < count else { continue }
      loads[offset].due += 1
      if offset == 0 && placement.due < today.number { loads[offset].overdue += 1 }
      loads[offset].seconds += times.expected(state.item).seconds
    }
    self.days = loads
  }

  /// The forecast of `days` days from `now` read from `board`, as the trainer will ask them: the
  /// plan of the days (``DayPlan``) of every form's review state, the suspended ones and the times
  /// of the latest answers, by `settings` — the one way `conjugar forecast` and Progress's
  /// Forecast read it (a screen reads it off the key path).
  public static func read(
    _ board: Scoreboard, settings: SettingValues, now: Date, timeZone: Zone, days: Int
  ) throws -> Forecast {
    let today = Day(now, in: timeZone)
    let reading = try DayPlan.reading(board, settings: settings, now: now, startOfToday: today.start(in: timeZone))
    let plan = DayPlan(reading, today: today, timeZone: timeZone, options: DayPlan.Options(settings))
    return Forecast(plan: plan, items: reading.items, times: reading.times, now: now, timeZone: timeZone, days: days)
  }

  public var totalDue: Int { days.reduce(0) { $0 + $1.due } }
  public var totalMinutes: Double { days.reduce(0) { $0 + $1.minutes } }

  // MARK: - Text

  /// Minutes to one decimal: "3.0".
  public static func minutes(_ value: Double) -> String { value.fixed(1) }

  public static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

  /// The day's weekday, in full: "Friday" (1970-01-01, day 0, was a Thursday).
  public static func weekday(_ day: Day) -> String { weekdays[EasyDays.weekday(ofDay: day.number)] }

  /// One JSON object a day, a line each, the keys in this order: `{"date":"2026-11-27","due":12,"minutes":3.0}`.
  public func json() -> String {
    days.map { "{\"date\":\"\($0.day)\",\"due\":\($0.due),\"minutes\":\(Self.minutes($0.minutes))}\n" }.joined()
  }

  /// The widest a table's line is.
  public static let tableWidth = 80

  /// A header, a line a day — the date, the weekday, the forms due, the minutes and a bar of the
  /// minutes scaled to the day with most — then the total; no line wider than ``tableWidth``.
  public func table() -> String {
    let counts = days.map { "\($0.due)" } + ["\(totalDue)"]
    let minutes = days.map { Self.minutes($0.minutes) } + [Self.minutes(totalMinutes)]
    let countWidth = max("forms".count, counts.map(\.count).max() ?? 0)
    let minutesWidth = max("minutes".count, minutes.map(\.count).max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    func row(_ date: String, _ weekday: String, _ count: String, _ minutes: String) -> String {
      date.padded(toLength: 10) + "  " + weekday.padded(toLength: 3)
        + "  " + pad(count, countWidth) + "  " + pad(minutes, minutesWidth)
    }
    // Room after the bar for the longest mark of a day, where some day has one.
    let markWidth = days.compactMap(\.mark).map { $0.count + 2 }.max() ?? 0
    let barWidth = min(40, Self.tableWidth - row("", "", "", "").count - 2 - markWidth)
    let largest = days.map(\.seconds).max() ?? 0
    var lines = [row("date", "day", "forms", "minutes")]
    for (index, load) in days.enumerated() {
      let cells = largest > 0 ? Int((load.seconds / largest * Double(barWidth)).rounded()) : 0
      let bar = String(repeating: "█", count: load.due > 0 ? max(1, cells) : 0)
      var line = row("\(load.day)", String(Self.weekday(load.day).prefix(3)), counts[index], minutes[index])
      if let mark = load.mark {
        line += "  " + bar.padded(toLength: barWidth) + "  " + mark
      } else if !bar.isEmpty {
        line += "  " + bar
      }
      lines.append(line)
    }
    lines.append(row("total", "", counts.last!, minutes.last!))
    return lines.map { $0 + "\n" }.joined()
  }

  /// A sentence a day, for a screen reader, then the total: "Today, Friday 27 November: 12 forms
  /// (2 of them overdue), about 3 minutes.", "Tomorrow, Saturday 28 November: no forms due.";
  /// the year said when it is not today's.
  public func plain() -> String {
    var lines = days.indices.map(sentence)
    let span = days.count == 1 ? "today" : "in the next \(days.count) days"
    lines.append(
      totalDue == 0
        ? "In all, no forms due \(span)." : "In all, \(Self.forms(totalDue)) \(span), \(Self.about(totalMinutes)).")
    return lines.map { $0 + "\n" }.joined()
  }

  /// The sentence of the day at `index` (0: today), as ``plain()`` says it: Progress's Forecast
  /// says it of the day selected.
  public func sentence(_ index: Int) -> String {
    let load = days[index]
    let (year, month, day) = load.day.components
    let date =
      "\(Self.weekday(load.day)) \(day) \(Day.months[month - 1])" + (year == days[0].day.components.year ? "" : " \(year)")
    let name = (index == 0 ? "Today, \(date)" : index == 1 ? "Tomorrow, \(date)" : date) + (load.mark.map { ", \($0)" } ?? "")
    guard load.due > 0 else { return "\(name): no forms due." }
    let overdue =
      load.overdue == 0 ? "" : load.overdue < load.due ? " (\(load.overdue) of them overdue)" : load.due == 1 ? " (overdue)" : " (all overdue)"
    return "\(name): \(Self.forms(load.due))\(overdue), \(Self.about(load.minutes))."
  }

  private static func forms(_ count: Int) -> String { "\(count) form\(count == 1 ? "" : "s")" }

  private static func about(_ minutes: Double) -> String {
    let whole = Int(minutes.rounded())
    return whole == 0 ? "less than a minute" : "about \(whole) minute\(whole == 1 ? "" : "s")"
  }
}
