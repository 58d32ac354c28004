import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// What is left of the day's reviews and new forms (Anki's daily limits), from the history since
/// the day began (local midnight, as the daily goal counts it) and the settings `new-per-day` and
/// `max-reviews-per-day`.
///
/// A new form is one whose first answer was today. A review is any other answer given today, in
/// any mode (quiz, review, practice, drill): every answer moves its form's schedule, so every one
/// that is not a form's first counts, the learning steps of today's new forms included.
public struct DailyLimits: Sendable, Equatable {
  /// New forms that reviews may still bring in today.
  public var newLeft: Int
  /// Reviews left today; nil: no limit.
  public var reviewsLeft: Int?

  public init(newLeft: Int, reviewsLeft: Int?) {
    self.newLeft = newLeft
    self.reviewsLeft = reviewsLeft
  }

  /// The limits at `now` for `settings`, counted on `scoreboard` (a history it cannot read counts
  /// as nothing done today). On a day of a break (the setting `break`) no new form comes in.
  public init(scoreboard: Scoreboard, settings: SettingValues, at now: Date, timeZone: Zone) {
    let today = Day(now, in: timeZone)
    let start = today.start(in: timeZone)
    let introduced = (try? scoreboard.items.newItemsSince(start)) ?? 0
    self.init(settings: settings, introduced: introduced) { (try? scoreboard.standing.answersSince(start)) ?? 0 }
    if settings.breakDays.contains(day: today.number) { newLeft = 0 }
  }

  /// The limits for `settings` given the forms `introduced` today and the answers `answered`
  /// today (read only when the reviews a day are limited).
  public init(settings: SettingValues, introduced: Int, answered: () -> Int) {
    newLeft = max(0, settings.newItemsPerDay.count - introduced)
    reviewsLeft = settings.maxReviewsPerDay.count.map { limit in max(0, limit - max(0, answered() - introduced)) }
  }

  /// The due forms a review may ask today of `due`: no more than are left.
  public func reviews(of due: Int) -> Int { min(due, reviewsLeft ?? due) }
}
