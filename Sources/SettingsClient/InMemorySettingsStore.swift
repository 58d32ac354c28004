import Synchronization

/// Settings kept in memory only: the UI-test world, and tests.
public final class InMemorySettingsStore: SettingsStore {
  private let values: Mutex<[String: String]>
  private let notice: String?

  public init(_ values: [String: String] = [:], notice: String? = nil) {
    self.values = Mutex(values)
    self.notice = notice
  }

  public func load() -> (values: [String: String], notice: String?) { (values.withLock { $0 }, notice) }
  public func save(_ values: [String: String]) throws { self.values.withLock { $0 = values } }
  /// What was saved last, for tests.
  public var saved: [String: String] { values.withLock { $0 } }
}
