import Synchronization

extension RandomSource {
  /// The system's generator.
  public static let live = RandomSource(next: {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  })

  /// The same sequence every run, from `seed`.
  public static func seeded(_ seed: UInt64) -> RandomSource {
    let state = SeededState(seed)
    return RandomSource(next: { state.next() })
  }
}

/// A seeded generator shared by the closures of one `RandomSource`.
private final class SeededState: Sendable {
  private let generator: Mutex<SplitMix64>

  init(_ seed: UInt64) { generator = Mutex(SplitMix64(seed: seed)) }

  func next() -> UInt64 { generator.withLock { $0.next() } }
}
