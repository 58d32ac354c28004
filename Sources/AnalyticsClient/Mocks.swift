import Synchronization
import Unimplemented

extension Analytics {
  /// Records nothing.
  public static let noop = Analytics(record: { _ in })
  /// Fails the test that records an event without saying so.
  public static let failing = Analytics(record: { _ in unimplemented("Analytics.record") })
}

/// Records the events it is given, for tests to assert on.
public final class AnalyticsRecorder: Sendable {
  private let recorded = Mutex<[AnalyticsEvent]>([])

  public init() {}

  public var events: [AnalyticsEvent] { recorded.withLock { $0 } }

  public var analytics: Analytics {
    Analytics(record: { event in self.recorded.withLock { $0.append(event) } })
  }
}
