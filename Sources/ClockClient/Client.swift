import Foundation
import Synchronization

/// The time: for the dates of scores and the quiz timer, which the screen refreshes every second.
public struct WallClock: Sendable {
  public var now: @Sendable () -> Date

  public init(now: @escaping @Sendable () -> Date) { self.now = now }
}
