import BackgroundClient
import ConjugarCore
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition

/// `conjugar-bench plan DIR`: the plan of the days (issue 41) on the history kept in DIR (a home's
/// data folder, a history imported there), from half a day after its last answer, in UTC: the
/// next 30 days' forecast four ways — the due dates alone, the balancer, Saturday and Sunday
/// minimum with the balancer off, and both — with, for each, the day-to-day swing of the minutes
/// (mean |Δ| / mean; again without today, which carries every form overdue), the mean distance from the desired retention of the forms in review at the
/// day they are asked (those asked in the 30 days, overdue ones left out), the weekend's minutes
/// a day against a weekday's, the 30 days' total, and the time to plan.
func benchPlan(_ directory: String) {
  let settings = SettingValues()
  let board = Scoreboard.live(directory: URL(fileURLWithPath: directory), scheduler: { settings.scheduler }, background: .noop)
  guard board.location != "in memory", let items = try? board.items.items(nil), !items.isEmpty else {
    print("error=no history in \(directory)")
    return
  }
  var answerTimes: [Item: [Double]] = [:]
  try? board.answers.eachAnswer { answer in
    if let time = answer.seconds { answerTimes[answer.item, default: []].append(time) }
  }
  let times = AnswerTimes(seconds: answerTimes)
  let scheduler = (try? board.memory.schedulerInUse(settings.scheduler)) ?? settings.scheduler
  let utc = Zone.utc
  let last = items.compactMap(\.card.lastReview).max() ?? Date()
  let now = last.addingTimeInterval(12 * 3600)
  let today = Day(now, in: utc)
  let retention = scheduler.parameters.desiredRetention
  let weekend = EasyDays(rawValue: "sat:minimum,sun:minimum")!
  print("plan_items=\(items.count) plan_answers_timed=\(answerTimes.values.reduce(0) { $0 + $1.count }) plan_today=\(today)")
  let ways: [(String, DayPlan.Options)] = [
    ("due", .init(balance: false)), ("balanced", .init(balance: true)),
    ("weekend_minimum", .init(balance: false, easyDays: weekend)),
    ("balanced_weekend_minimum", .init(balance: true, easyDays: weekend)),
  ]
  for (name, options) in ways {
    var plan: DayPlan?
    let time = median(5) {
      plan = DayPlan(
        items: items, suspended: [], times: times, scheduler: scheduler, today: today, timeZone: utc, options: options)
    }
    let forecast = Forecast(plan: plan!, items: items, times: times, now: now, timeZone: utc, days: 30)
    let minutes = forecast.days.map(\.minutes)
    func swing(_ minutes: ArraySlice<Double>) -> Double {
      let mean = minutes.reduce(0, +) / Double(minutes.count)
      return zip(minutes.dropFirst(), minutes).map { abs($0 - $1) }.reduce(0, +) / Double(minutes.count - 1) / mean
    }
    var distance = 0.0, counted = 0
    for state in items {
      guard state.card.state == .review, let stability = state.card.stability, let reviewed = state.card.lastReview,
        let placement = plan!.placements[state.item], placement.due >= today.number, placement.day < today.number + 30
      else { continue }
      let r = scheduler.retrievability(days: placement.day - Day(reviewed, in: utc).number, stability: stability)
      distance += abs(r - retention)
      counted += 1
    }
    let ends = forecast.days.filter { weekend.kind(ofDay: $0.day.number) == .minimum }.map(\.minutes)
    let weekdays = forecast.days.filter { weekend.kind(ofDay: $0.day.number) == .normal }.map(\.minutes)
    let ratio = (ends.reduce(0, +) / Double(ends.count)) / (weekdays.reduce(0, +) / Double(weekdays.count))
    print(
      "plan_way=\(name) swing=\(swing(minutes[...]).fixed(3)) swing_after_today=\(swing(minutes.dropFirst()).fixed(3)) retention_distance=\((distance / Double(max(1, counted))).fixed(4)) "
        + "weekend_to_weekday=\(ratio.fixed(3)) total_minutes=\(forecast.totalMinutes.fixed(1)) "
        + "forms=\(forecast.totalDue) plan_ms=\((seconds(time) * 1000).fixed(1))")
    print("plan_minutes_\(name)=" + minutes.map { $0.fixed(1) }.joined(separator: ","))
  }
}

/// `conjugar-bench due-today DIR`: what a count of the forms asked today costs with the balancer
/// on (``DueToday``: the title's count after each answer): the first of the day, which makes
/// today's plan (on a board just opened), and the next ones, which read the plan kept; and the
/// first's parts: the plan's reading, the plan itself. Median of 5, UTC, half a day after the last
/// answer.
func benchDueToday(_ directory: String) {
  let settings = SettingValues(["load-balance": "on"])
  // Six boards, each opening's integrity check and backup left out (as benchHistory).
  func open() -> Scoreboard {
    Scoreboard.live(directory: URL(fileURLWithPath: directory), scheduler: { settings.scheduler }, background: .noop)
  }
  let board = open()
  guard board.location != "in memory", let items = try? board.items.items(nil), !items.isEmpty else {
    print("error=no history in \(directory)")
    return
  }
  let utc = Zone.utc
  let now = (items.compactMap(\.card.lastReview).max() ?? Date()).addingTimeInterval(12 * 3600)
  let today = Day(now, in: utc)
  var count = 0
  var kept = 0  // keeps the optimizer from dropping the work
  var boards = (0..<5).map { _ in open() }
  for fresh in boards { kept &+= (try? fresh.items.dueCount(now)) ?? 0 }  // each opened before it is timed
  let first = median(5) { count = (try? DueToday.count(boards.removeLast(), settings: settings, at: now, timeZone: utc)) ?? -1 }
  _ = try? DueToday.count(board, settings: settings, at: now, timeZone: utc)
  let next = median(21) { kept &+= (try? DueToday.count(board, settings: settings, at: now, timeZone: utc)) ?? 0 }
  let review = median(5) { kept &+= (try? DueToday.items(board, settings: settings, at: now, timeZone: utc, limit: 20))?.count ?? 0 }
  var reading: DayPlan.Reading?
  let read = median(5) { reading = try? DayPlan.reading(board, settings: settings, now: now, startOfToday: today.start(in: utc)) }
  let plan = median(5) { kept &+= DayPlan(reading!, today: today, timeZone: utc, options: DayPlan.Options(settings)).placements.count }
  let total = median(21) { kept &+= (try? board.standing.answersSince(.distantPast)) ?? 0 }
  let marks = median(21) { kept &+= (try? board.items.itemMarks())?.marks.count ?? 0 }
  let scheduler = median(21) { kept &+= (try? board.memory.schedulerInUse(settings.scheduler))?.parameters.weights.count ?? 0 }
  let dueCount = median(21) { kept &+= (try? board.items.dueCount(now)) ?? 0 }
  // Today's plan made on a thread, as the trainer makes it, on a board just opened; the trainer's
  // connection asked for the count of forms due as soon as the plan has begun.
  let planned = open()
  kept &+= (try? planned.items.dueCount(now)) ?? 0
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    _ = try? DueToday.count(planned, settings: settings, at: now, timeZone: utc)
    done.signal()
  }
  Thread.sleep(forTimeInterval: 0.02)
  let during = ContinuousClock().measure { kept &+= (try? planned.items.dueCount(now)) ?? 0 }
  done.wait()
  print(
    "due_today_parts answers_ms=\(seconds(total) * 1000) marks_ms=\(seconds(marks) * 1000) "
      + "scheduler_ms=\(seconds(scheduler) * 1000) due_count_ms=\(seconds(dueCount) * 1000) "
      + "due_count_while_planning_ms=\(seconds(during) * 1000)")
  print(
    "due_today_forms=\(items.count) due_today_count=\(count) due_today_first_ms=\(seconds(first) * 1000) "
      + "due_today_kept_ms=\(seconds(next) * 1000) due_today_review_20_ms=\(seconds(review) * 1000) "
      + "plan_reading_ms=\(seconds(read) * 1000) plan_ms=\(seconds(plan) * 1000) checksum=\(kept)")
}
