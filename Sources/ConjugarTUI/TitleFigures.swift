import ConjugarCore
import Foundation
import Synchronization
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The figures of the title bar: the forms due that today's limit of reviews lets a review ask
/// (as Anki's), and the answers given today, toward the daily goal. Read at the start, and once
/// after a key that kept an answer, ended a quiz, changed a mark or a setting, or showed a tab.
struct TitleFigures: Equatable {
  /// Nil while today's plan of the days is being made (``DueToday/countIfPlanned(_:settings:at:timeZone:)``).
  var due: Int? = 0
  var answeredToday = 0

  /// The figures at the World's now, days beginning at midnight in `timeZone`: three reads, the
  /// answers since then, the forms new since then and the forms due (none while today's plan is
  /// not made: the trainer makes it off the key path).
  static func read(in world: World, settings: SettingValues, timeZone: Zone) -> TitleFigures {
    let now = world.clock.now()
    let start = Day(now, in: timeZone).start(in: timeZone)
    let answered = (try? world.scoreboard.standing.answersSince(start)) ?? 0
    let introduced = (try? world.scoreboard.items.newItemsSince(start)) ?? 0
    let limits = DailyLimits(settings: settings, introduced: introduced) { answered }
    let due: Int?  // a history that cannot be read: none due
    do { due = try DueToday.countIfPlanned(world.scoreboard, settings: settings, at: now, timeZone: timeZone) } catch { due = 0 }
    return TitleFigures(due: due.map(limits.reviews(of:)), answeredToday: answered)
  }
}

/// Today's plan of the days (``DueToday``), made in the background: it plans every form, longer
/// than a key's frame may take at a large history. The title's count of forms due waits for it.
final class TodaysPlanJob: Sendable {
  private let finished = Mutex(false)

  /// Whether the job has run (the plan made, or the history found unreadable).
  var isDone: Bool { finished.withLock { $0 } }

  init(in world: World, settings: SettingValues, timeZone: Zone) {
    world.background.run("today's plan") {
      _ = try? DueToday.count(world.scoreboard, settings: settings, at: world.clock.now(), timeZone: timeZone)
      self.finished.withLock { $0 = true }
    }
  }
}
