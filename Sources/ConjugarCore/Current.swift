import Synchronization

/// The World the app runs in. Every dependeffect is read through it: `Current.settings.region`.
///
/// Chosen once, by main, after it has parsed the command line: the World the parsed command runs
/// in (the command line's, or the trainer's from its launch options), handed to
/// ``World/run(in:_:)``, which makes it `Current` and runs the command in it. Nothing reads
/// `Current` before. In a test process nothing is handed over and `Current` is the unit-test
/// World, made of failing doubles: a test states what it uses through `World.withCurrent`.
///
/// In a debug build `Current` is a `var`, so that tests can replace it. Swift 6 forbids an unguarded
/// global `var` (it is shared mutable state), hence `nonisolated(unsafe)`: the app assigns nothing
/// to it but through `World.run(in:_:)`, and tests assign only through `World.withCurrent`, which
/// holds one process-wide lock for as long as the replacement lasts — so no two tests ever read or
/// write it at the same time, even with the test runner's parallelism. In a release build it is a
/// `let`, made the first time it is read, which is safe by itself.
#if DEBUG
  nonisolated(unsafe) public var Current: World = World.launched()
#else
  public let Current: World = World.launched()
#endif

extension World {
  /// The World main chose, and whether `Current` has been made (from it, or without it).
  private static let launcher = Mutex<(world: World?, made: Bool)>((nil, false))

  /// Runs `body` with `world` as `Current`: main's one launch, once it knows which World the
  /// command runs in. (In a debug build, as `withCurrent` does, so that the command tests run
  /// main's path.)
  public static func run<R>(in world: World, _ body: () throws -> R) rethrows -> R {
    #if DEBUG
      return try withCurrent(world, body)
    #else
      launcher.withLock {
        precondition(!$0.made, "Current was read before main chose the World it runs in")
        $0.world = world
      }
      return try body()
    #endif
  }

  static func launched() -> World {
    launcher.withLock {
      $0.made = true
      return $0.world ?? .unitTest()
    }
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
