import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import Synchronization

/// The trainer's sync (`conjugar sync`, when it is set up): at the start, in the World's background
/// after the first frame, its outcome then said on the bottom line; at the quit, a `conjugar sync` of
/// its own, which outlives the trainer. Never a key waits for it; offline is a notice.
final class SyncJob: Sendable {
  private let outcome = Mutex<String?>(nil)

  /// Starts a sync in the device World when one is set up; nil otherwise (any other World syncs
  /// nothing: tests and the simulator keep to themselves).
  static func start(in world: World) -> SyncJob? {
    guard world.name == .device, let setup = SyncSetup.load(in: world.files.data) else { return nil }
    return SyncJob(setup: setup, world: world)
  }

  private init(setup: SyncSetup, world: World) {
    world.background.run("sync") {
      let text: String
      do {
        let report = try SyncRun(setup: setup, data: world.files.data, board: world.scoreboard, conjugator: world.conjugator)
          .run(now: world.clock.now())
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

  /// At the quit: `conjugar sync` as a process of its own, in a session of its own (closing the
  /// terminal does not stop it), its output to nowhere.
  static func startAfterQuit(in world: World) {
    guard world.name == .device, SyncSetup.load(in: world.files.data) != nil,
      let executable = Bundle.main.executablePath
    else { return }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    #if os(Linux)
      let newSession: Int16 = 0x80  // glibc's POSIX_SPAWN_SETSID, which Swift does not import
    #else
      let newSession = Int16(POSIX_SPAWN_SETSID)
    #endif
    posix_spawnattr_setflags(&attributes, newSession)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let arguments = [executable, "sync"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    _ = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
  }
}
