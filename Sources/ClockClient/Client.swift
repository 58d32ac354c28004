import Foundation
import Synchronization

/// The time: for the dates of scores and the quiz timer, which the screen refreshes every second.
public struct WallClock: Sendable {
  public var now: @Sendable () -> Date

  public init(now: @escaping @Sendable () -> Date) { self.now = now }

  public static let live = WallClock(now: { Date() })

  /// A clock that stands still at `date` until told to move.
  public static func manual(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> (WallClock, ManualTime) {
    let time = ManualTime(start)
    return (WallClock(now: { time.date }), time)
  }
}

/// The hand of a manual clock.
public final class ManualTime: Sendable {
  private let current: Mutex<Date>

  init(_ date: Date) { current = Mutex(date) }

  public var date: Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
