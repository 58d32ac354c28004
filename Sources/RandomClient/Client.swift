import Synchronization

/// The source of randomness for quizzes: which verbs, tenses and persons, in which order.
public struct RandomSource: Sendable {
  public var next: @Sendable () -> UInt64

  public init(next: @escaping @Sendable () -> UInt64) { self.next = next }

  /// A generator to pass to `shuffled(using:)`, `randomElement(using:)`.
  public var generator: Generator { Generator(source: self) }

  public struct Generator: RandomNumberGenerator {
    let source: RandomSource
    public mutating func next() -> UInt64 { source.next() }
  }
}

/// SplitMix64: small, fast, and the same on every platform, which is all a quiz (or a seeded
/// fuzz test) needs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
