import Foundation
import BackgroundClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import FileStorage
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition

/// One conjugator for the suite: parsing the catalog once keeps the tests fast.
let sharedConjugator = Conjugator()

extension Scoreboard {
  /// The history in `directory` as the device opens it: the file system, the wall clock, the
  /// system's randomness, its maintenance (a test states only what it changes).
  static func live(
    directory: URL, scheduler: @escaping @Sendable () -> Scheduler = { Scheduler() }, background: Background = .live,
    backups: Bool = false, check: (@Sendable () -> (AnsweredQuestion) -> String?)? = nil
  ) -> Scoreboard {
    .live(
      directory: directory, scheduler: scheduler, background: background, backups: backups, check: check, files: .live,
      clock: .live, random: .live, maintenance: .live(directory: directory, files: .live, clock: .live))
  }
}
