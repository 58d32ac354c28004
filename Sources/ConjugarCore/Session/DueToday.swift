import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The forms a review asks today: those due now, less those the plan of the days moves to a later
/// day, and those due later that it brings forward to today (``DayPlan``, with `load-balance` on,
/// easy days or a break set; kept for the day: ``TodaysPlan``). A form answered since the plan was
/// made is asked if it is due now. The review, the title's count of forms due, the Quiz tab's
/// "nothing to review" and plain mode's menu all read it, so that what they say is what a review
/// asks. With the plan moving nothing, the score board's due forms as they are (no plan is made).
public enum DueToday {
  /// The forms asked today at `now`, those due the most forgotten first, then those brought
  /// forward by their due date; at most `limit`; days in `timeZone`.
  public static func items(
    _ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: Zone, limit: Int
  ) throws -> [ItemState] {
    guard case .plan(let plan) = try TodaysPlan.current(board, settings: settings, at: now, timeZone: timeZone) else {
      return try board.items.dueItems(now, limit, [])
    }
    let answered = try plan.answered(board)
    // The forms due, the most forgotten first, but those the plan asks later.
    let due = try board.items.dueItems(now, limit, Set(plan.later.keys).subtracting(answered))
    return Array((due + plan.early.filter { !answered.contains($0.item) }).prefix(limit))
  }

  /// How many forms are asked today at `now`: ``items(_:settings:at:timeZone:limit:)``'s count, told
  /// from the count of forms due, without reading them.
  public static func count(_ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: Zone) throws -> Int {
    try count(board, plan: TodaysPlan.current(board, settings: settings, at: now, timeZone: timeZone), at: now) ?? 0
  }

  /// The same count if it can be told without making today's plan (which takes a moment on a large
  /// history: the trainer makes it off the key path); nil while the plan is not made.
  public static func countIfPlanned(
    _ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: Zone
  ) throws -> Int? {
    try count(board, plan: TodaysPlan.current(board, settings: settings, at: now, timeZone: timeZone, making: false), at: now)
  }

  private static func count(_ board: Scoreboard, plan lookup: TodaysPlan.Lookup, at now: Date) throws -> Int? {
    switch lookup {
    case .none: return try board.items.dueCount(now)
    case .notMade: return nil
    case .plan(let plan):
      let answered = try plan.answered(board)
      return try board.items.dueCount(now) - plan.movedLater(at: now, answered: answered) + plan.earlyLeft(answered: answered)
    }
  }
}
