import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The forms a review asks today: those due now, less those the plan of the days moves to a later
/// day, and those due later that it brings forward to today (``DayPlan``, with `load-balance` on,
/// easy days or a break set). The review, the title's count of forms due, the Quiz tab's "nothing
/// to review" and plain mode's menu all read it, so that what they say is what a review asks.
/// With the plan moving nothing, the score board's due forms as they are (no plan is made).
public enum DueToday {
  /// The forms asked today at `now`, those due the most forgotten first, then those brought
  /// forward by their due date; at most `limit`; days in `timeZone`.
  public static func items(
    _ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: TimeZone, limit: Int
  ) throws -> [ItemState] {
    let options = DayPlan.Options(settings)
    let today = Day(now, in: timeZone)
    guard options.isActive(from: today) else { return try board.items.dueItems(now, limit) }
    let reading = try DayPlan.reading(board, settings: settings, now: now, startOfToday: today.start(in: timeZone))
    let plan = DayPlan(reading, today: today, timeZone: timeZone, options: options)
    let due = try board.items.dueItems(now, try board.items.dueCount(now)).filter { !plan.isLater($0.item, than: today) }
    let early = reading.items.filter { plan.isEarly($0.item, on: today) }
      .sorted { ($0.card.due, $0.item.key) < ($1.card.due, $1.item.key) }
    return Array((due + early).prefix(limit))
  }

  /// How many forms are asked today at `now` (``items(_:settings:at:timeZone:limit:)``, all of them).
  public static func count(_ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: TimeZone) throws -> Int {
    guard DayPlan.Options(settings).isActive(from: Day(now, in: timeZone)) else { return try board.items.dueCount(now) }
    return try items(board, settings: settings, at: now, timeZone: timeZone, limit: .max).count
  }
}
