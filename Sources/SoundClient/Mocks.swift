import Synchronization
import Unimplemented

extension Sound {
  /// Makes no sound.
  public static let noop = Sound(ring: {})
  /// Fails the test that rings it without saying so.
  public static let failing = Sound(ring: { unimplemented("Sound.ring") })
}

/// Counts the rings, for tests.
public final class SoundRecorder: Sendable {
  private let count = Mutex(0)

  public init() {}

  public var rings: Int { count.withLock { $0 } }
  public var sound: Sound { Sound(ring: { self.count.withLock { $0 += 1 } }) }
}
