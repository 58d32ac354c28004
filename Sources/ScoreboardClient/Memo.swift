import Synchronization

/// What is worked out from a score board and kept between reads, so that a read need not work it
/// out again: today's plan of the days (`DayPlan.Today`, in ConjugarCore) is what is kept. Every
/// copy of a board shares its memo; a board made anew has a new, empty one. The memo only keeps a
/// value: the value says itself when it no longer holds (by a key its reader compares).
public final class Memo: Sendable {
  private let kept = Mutex<(any Sendable)?>(nil)

  public init() {}

  /// The value kept, if it is a `Value`.
  public func value<Value: Sendable>(_: Value.Type) -> Value? { kept.withLock { $0 as? Value } }

  /// Keeps `value` in place of what was kept, unless that is a `Value` that `replaces` says not to
  /// replace.
  public func keep<Value: Sendable>(_ value: Value, replacing replaces: (Value) -> Bool = { _ in true }) {
    kept.withLock { kept in
      if let old = kept as? Value, !replaces(old) { return }
      kept = value
    }
  }
}
