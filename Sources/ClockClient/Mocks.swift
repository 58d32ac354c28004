import Foundation
import Synchronization
import Unimplemented

extension WallClock {
  /// A clock that stands still at `date` until told to move.
  public static func manual(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> (WallClock, ManualTime) {
    let time = ManualTime(start)
    return (WallClock(now: { time.date }), time)
  }

  /// Fails the test that reads the time without saying so.
  public static let failing = WallClock(now: { unimplemented("WallClock.now") })
}

extension TimingLog {
  /// Fails the test whose loop reports timings without saying so.
  public static let failing = TimingLog(
    frameShown: { unimplemented("TimingLog.frameShown") }, keyRead: { unimplemented("TimingLog.keyRead") })
}

/// The hand of a manual clock.
public final class ManualTime: Sendable {
  private let current: Mutex<Date>

  init(_ date: Date) { current = Mutex(date) }

  public var date: Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}


/// Records what the trainer's loop tells a timing log, in order ("frame", "key"), for tests.
public final class TimingRecorder: Sendable {
  private let recorded = Mutex<[String]>([])

  public init() {}

  public var events: [String] { recorded.withLock { $0 } }

  public var timingLog: TimingLog {
    TimingLog(
      frameShown: { self.recorded.withLock { $0.append("frame") } },
      keyRead: { self.recorded.withLock { $0.append("key") } })
  }
}
