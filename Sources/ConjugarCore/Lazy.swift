import Synchronization

/// A value made the first time it is read, then kept: the World's score board, which a command
/// that never reads the history (`conjugar conjugate`) never opens, and the engine's catalog.
package final class Lazy<Value: Sendable>: Sendable {
  private let make: @Sendable () -> Value
  private let value = Mutex<Value?>(nil)

  package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  /// The value, made now if it was not yet.
  package var wrapped: Value {
    value.withLock { kept in
      if let kept { return kept }
      let made = make()
      kept = made
      return made
    }
  }

  /// Forgets the value; the next read makes it again.
  package func release() { value.withLock { $0 = nil } }

  /// The value made again, and kept in place of the old one.
  package func remade() -> Value {
    let made = make()
    value.withLock { $0 = made }
    return made
  }
}
