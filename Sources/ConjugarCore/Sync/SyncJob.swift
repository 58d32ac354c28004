import BackgroundClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import SyncClient
import Synchronization

/// The trainer's sync (`conjugar sync`, when it is set up), on the full screen and in plain mode: at
/// the start, in the World's background after the first frame (or the first lines), its outcome then
/// said in one line (the bottom line, or a line before the next reply); at the quit, a `conjugar sync`
/// of its own (`SyncClient.startAfterQuit`), which outlives the trainer. Never a key or a line waits
/// for it; offline is a notice.
public final class SyncJob: Sendable {
  private let outcome = Mutex<String?>(nil)

  /// Starts a sync when one is set up (`world.sync`: the simulator's, the ui-test's and the unit
  /// test's Worlds sync nothing unless a test says so); nil otherwise.
  public static func start(in world: World) -> SyncJob? {
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
  public func take() -> String? { outcome.withLock { value in defer { value = nil }; return value } }

}
