import FileStorage
import SyncClient
import Foundation

/// The sync's set-up as `data/sync` keeps it: `folder PATH` or `git REMOTE`, one line.
extension SyncSetup {
  package static func file(in data: URL) -> String { data.appendingPathComponent("sync").path }

  /// The set-up kept in `data`, if any.
  public static func load(in data: URL, _ files: FileClient) -> SyncSetup? {
    guard let text = files.text(file(in: data), limit: 64 << 10) else { return nil }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    if line.hasPrefix("folder ") { return .folder(URL(fileURLWithPath: String(line.dropFirst(7)))) }
    if line.hasPrefix("git ") { return .git(String(line.dropFirst(4))) }
    return nil
  }

  public func save(in data: URL, _ files: FileClient) throws {
    let line: String =
      switch self {
      case .folder(let url): "folder \(url.path)"
      case .git(let remote): "git \(remote)"
      }
    try files.write(line + "\n", to: Self.file(in: data))
  }
}
