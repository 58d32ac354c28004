import Synchronization

/// The World the app runs in. Every dependeffect is read through it: `Current.settings.region`.
///
/// Built lazily, on first use, by what the executable handed over before anything read it: the
/// command line's World (`World.launch { .commandLine() }`, in main), or the trainer's, from the
/// launch options it parsed (`World.launch(with:)`). In a test process nothing is handed over and
/// `Current` is the unit-test World, made of failing doubles: a test states what it uses through
/// `World.withCurrent`.
///
/// In a debug build `Current` is a `var`, so that tests can replace it. Swift 6 forbids an unguarded
/// global `var` (it is shared mutable state), hence `nonisolated(unsafe)`: the app assigns nothing
/// to it, and tests assign only through `World.withCurrent`, which holds one process-wide lock for
/// as long as the replacement lasts — so no two tests ever read or write it at the same time, even
/// with the test runner's parallelism. In a release build it is a `let`, which is safe by itself.
#if DEBUG
  nonisolated(unsafe) public var Current: World = World.launched()
#else
  public let Current: World = World.launched()
#endif

extension World {
  private static let launcher = Mutex<(@Sendable () -> World)?>(nil)

  /// Says how `Current` is to be made; call it before anything reads `Current`. The last call wins.
  public static func launch(_ make: @escaping @Sendable () -> World) { launcher.withLock { $0 = make } }

  /// Hands the parsed launch options to `Current`: the trainer's World.
  public static func launch(with options: LaunchOptions) { launch { options.makeWorld() } }

  static func launched() -> World {
    if let make = launcher.withLock({ $0 }) { return make() }
    return .unitTest()
  }
}

#if DEBUG
  private let currentLock = Lock()

  extension World {
    /// Runs `body` with `Current` replaced by `world`, then puts the old World back. Tests that
    /// need `Current` go through here: the lock makes them take turns, whatever runs in parallel.
    public static func withCurrent<R>(_ world: World, _ body: () throws -> R) rethrows -> R {
      try currentLock.withLock {
        let saved = Current
        Current = world
        defer { Current = saved }
        return try body()
      }
    }
  }
#endif
