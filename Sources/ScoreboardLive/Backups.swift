import FileStorage
import Foundation
import SQLite
import ScoreboardClient

/// Daily copies of the score board: at most one a day, made at the trainer's start (in the
/// background, after the first frame), in the data folder's `backups/` as
/// `scores-YYYY-MM-DD.sqlite` (the UTC day), the last ``kept`` kept. Each is a consistent copy
/// made by SQLite's `VACUUM INTO` (a transaction's view of the database, whatever else writes
/// meanwhile), written under a temporary name and renamed, so a copy is whole or not there.
enum Backups {
  static let folder = HistoryMaintenance.backupFolderName
  static let kept = HistoryMaintenance.backupsKept
  static let prefix = "scores-"
  static let suffix = ".sqlite"
  typealias Backup = HistoryMaintenance.Backup

  /// The copies in `directory`'s backups folder, oldest first.
  static func list(in directory: URL, files: FileClient) -> [Backup] {
    let folder = directory.appendingPathComponent(Self.folder)
    return files.list(folder.path).filter { day(of: $0) != nil }.sorted().map { name in
      let path = folder.appendingPathComponent(name).path
      return Backup(path: path, day: day(of: name)!, bytes: files.size(path))
    }
  }

  /// `2026-11-25` of `scores-2026-11-25.sqlite`; nil for any other name.
  static func day(of name: String) -> String? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
    let day = String(name.dropFirst(prefix.count).dropLast(suffix.count))
    return day.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) == nil ? nil : day
  }

  /// The UTC day of `date`, as the copies are named.
  static func day(_ date: Date) -> String { UnixTime.day(date) }

  /// Makes the copy of the day of `now` of the database at `path` (on a read-only connection of
  /// its own), if there is none yet, and keeps the last ``kept``; what went wrong, if anything (a
  /// full disk: the trainer goes on).
  @discardableResult
  static func makeIfDue(ofDatabaseAt path: String, in directory: URL, now: Date, files: FileClient) -> String? {
    let folder = directory.appendingPathComponent(Self.folder)
    let today = day(now)
    guard !list(in: directory, files: files).contains(where: { $0.day == today }) else { return nil }
    let target = folder.appendingPathComponent(prefix + today + suffix).path
    let partial = target + ".partial"
    do {
      try files.createOwnDirectory(folder.path)
      try files.remove(partial)
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyTimeout = HistoryDatabase.busyTimeout
      let reader = try DatabaseQueue(path: path, configuration: configuration)
      try reader.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [partial]) }
      try files.rename(partial, target)
    } catch {
      try? files.remove(partial)
      return "The daily backup could not be made in \(folder.path): \(error)"
    }
    for old in list(in: directory, files: files).dropLast(kept) { try? files.remove(old.path) }
    return nil
  }
}
