import Synchronization

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
