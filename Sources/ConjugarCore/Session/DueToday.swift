import Foundation
import ScoreboardClient
import SettingsClient

/// The forms a review asks today: those due now, less those the plan of the days moves to a later
/// day (``DayPlan``, with `load-balance` on or easy days set). The review, the title's count of
/// forms due, the Quiz tab's "nothing to review" and plain mode's menu all read it, so that what
/// they say is what a review asks. With the plan moving nothing, or nothing due, the score board's
/// due forms as they are (no plan is made).
public enum DueToday {
  /// The forms asked today at `now`, the most forgotten first, at most `limit`; days in `timeZone`.
  public static func items(
    _ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: TimeZone, limit: Int
  ) throws -> [ItemState] {
    let options = DayPlan.Options(settings)
    guard options.isActive else { return try board.items.dueItems(now, limit) }
    let due = try board.items.dueCount(now)
    guard due > 0 else { return [] }
    let plan = try plan(board, settings: settings, options: options, at: now, timeZone: timeZone)
    let today = Day(now, in: timeZone)
    return Array(try board.items.dueItems(now, due).filter { !plan.isLater($0.item, than: today) }.prefix(limit))
  }

  /// How many forms are asked today at `now` (``items(_:settings:at:timeZone:limit:)``, all of them).
  public static func count(_ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: TimeZone) throws -> Int {
    guard DayPlan.Options(settings).isActive else { return try board.items.dueCount(now) }
    return try items(board, settings: settings, at: now, timeZone: timeZone, limit: .max).count
  }

  static func plan(
    _ board: Scoreboard, settings: SettingValues, options: DayPlan.Options, at now: Date, timeZone: TimeZone
  ) throws -> DayPlan {
    let today = Day(now, in: timeZone)
    let reading = try DayPlan.reading(board, settings: settings, now: now, startOfToday: today.start(in: timeZone))
    return DayPlan(reading, today: today, timeZone: timeZone, options: options)
  }
}
