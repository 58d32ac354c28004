import Synchronization

/// A lock around code rather than around a value, for `World.withCurrent`.
final class Lock: Sendable {
  private let mutex = Mutex(())

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    try mutex.withLock { _ in try body() }
  }
}
