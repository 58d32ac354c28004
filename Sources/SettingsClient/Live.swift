import Foundation

// PLACEHOLDER — to be replaced by the real file store (issue 3).
public struct FileSettingsStore: SettingsStore {
  public let directory: URL
  public init(directory: URL) { self.directory = directory }
  public func load() -> (values: [String: String], notice: String?) { fatalError("not implemented") }
  public func save(_ values: [String: String]) throws { fatalError("not implemented") }
}
