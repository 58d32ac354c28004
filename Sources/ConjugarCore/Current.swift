/// The World the app runs in. Every dependeffect is read through it: `Current.settings.region`.
///
/// Built lazily, on first use, from the launch arguments (`--world`), so the choice works in a
/// release build too. The executable checks those arguments before anything reads `Current`, so
/// here a bad argument cannot happen; should it, the default World is used.
///
/// In a debug build `Current` is a `var`, so that tests can replace it. Swift 6 forbids an unguarded
/// global `var` (it is shared mutable state), hence `nonisolated(unsafe)`: the app assigns nothing
/// to it, and tests assign only through `World.withCurrent`, which holds one process-wide lock for
/// as long as the replacement lasts — so no two tests ever read or write it at the same time, even
/// with the test runner's parallelism. In a release build it is a `let`, which is safe by itself.
#if DEBUG
  nonisolated(unsafe) public var Current: World = World.launch(CommandLine.arguments.dropFirst())
#else
  public let Current: World = World.launch(CommandLine.arguments.dropFirst())
#endif

extension World {
  static func launch(_ arguments: ArraySlice<String>) -> World {
    // A test process never gets a live World by accident: its tests choose theirs.
    if let program = CommandLine.arguments.first, program.hasSuffix(".xctest") || program.contains("PackageTests") {
      return .unitTest()
    }
    // Subcommands (conjugate, verbs) never read Current; only the trainer's own options matter here.
    return (try? LaunchArguments(Array(arguments)).makeWorld()) ?? .device()
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
