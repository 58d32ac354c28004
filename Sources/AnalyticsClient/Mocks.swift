import Synchronization

/// Records the events it is given, for tests to assert on.
public final class AnalyticsRecorder: Sendable {
  private let recorded = Mutex<[AnalyticsEvent]>([])

  public init() {}

  public var events: [AnalyticsEvent] { recorded.withLock { $0 } }

  public var analytics: Analytics {
    Analytics(record: { event in self.recorded.withLock { $0.append(event) } })
  }
}
