import ConjugarCore
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The figures of the title bar: the forms due that today's limit of reviews lets a review ask
/// (as Anki's), and the answers given today, toward the daily goal. Read at the start, and once
/// after a key that kept an answer, ended a quiz, changed a mark or a setting, or showed a tab.
struct TitleFigures: Equatable {
  var due = 0
  var answeredToday = 0

  /// The figures at the World's now, days beginning at midnight in `timeZone`: three reads, the
  /// answers since then, the forms new since then and the forms due.
  static func read(in world: World, settings: SettingValues, timeZone: TimeZone) -> TitleFigures {
    let now = world.clock.now()
    let start = Day(now, in: timeZone).start(in: timeZone)
    let answered = (try? world.scoreboard.standing.answersSince(start)) ?? 0
    let introduced = (try? world.scoreboard.items.newItemsSince(start)) ?? 0
    let limits = DailyLimits(settings: settings, introduced: introduced) { answered }
    let due = (try? DueToday.count(world.scoreboard, settings: settings, at: now, timeZone: timeZone)) ?? 0
    return TitleFigures(due: limits.reviews(of: due), answeredToday: answered)
  }
}
