import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SyncClient
import Synchronization

/// The trainer's sync (`conjugar sync`, when it is set up): at the start, in the World's background
/// after the first frame, its outcome then said on the bottom line; at the quit, a `conjugar sync` of
/// its own, which outlives the trainer. Never a key waits for it; offline is a notice.
final class SyncJob: Sendable {
  private let outcome = Mutex<String?>(nil)

  /// Starts a sync when one is set up (`world.sync`: the simulator's, the ui-test's and the unit
  /// test's Worlds sync nothing unless a test says so); nil otherwise.
  static func start(in world: World) -> SyncJob? {
    guard world.sync.setup() != nil else { return nil }
    return SyncJob(world: world)
  }

  private init(world: World) {
    world.background.run("sync") {
      let text: String
      do {
        let report = try world.sync.run(world.scoreboard, false)
        // Where it may be cut, before git's message: the pointer to the rest.
        text =
          report.notices.first.map { "Sync incomplete (conjugar sync status says more): \($0)" }
          ?? report.shortSummary
      } catch {
        text = "Sync: \(error)"
      }
      self.outcome.withLock { $0 = text }
    }
  }

  /// The outcome once, when the sync has ended.
  func take() -> String? { outcome.withLock { value in defer { value = nil }; return value } }

}
