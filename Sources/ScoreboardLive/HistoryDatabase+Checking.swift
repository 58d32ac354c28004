import FileStorage
import Foundation
import PlainText
import SQLite
import ScoreboardClient
import SpacedRepetition

extension HistoryDatabase {
  // MARK: Checking

  /// A file up to this size is checked whole at each start (quick_check: about 2.5 ms a MB).
  static let wholeCheckLimit = 16 << 20
  /// A file up to this size (some 6,000 answers) gets the full integrity_check at each start.
  static let fullCheckLimit = 1 << 20

  /// A finding of integrity_check about an index only (its table is whole): REINDEX repairs it.
  static func isIndexProblem(_ problem: String) -> Bool {
    (problem.hasPrefix("row ") && problem.contains(literal: " missing from index "))
      || problem.hasPrefix("wrong # of entries in index ") || problem.hasPrefix("non-unique entry in UNIQUE index ")
  }
  /// How long after the opening the background check (and the daily backup) starts: after the
  /// trainer's first frame, not competing with it for this machine's two cores.
  static let backgroundCheckDelay: Duration = .seconds(2)
  /// Beside the database, the mark a background check leaves when it finds damage.
  static let damagedSuffix = "-damaged"

  /// Damage inside the file (a disk error, a byte changed) shows only when a page is read: a report
  /// would then fail, or the history leave rows out, quiz after quiz. `quick_check` walks every
  /// b-tree page and finds it (it skips comparing indexes with their tables, the costly part of
  /// `integrity_check`: 0.17 s per 10,000 quizzes). A small file (up to 16 MB, some 100,000
  /// answers) is checked whole at the start. A larger one has its small tables checked at the
  /// start (the scores and the migrations), and the whole file in the background, 2 s later,
  /// on a connection of its own, without holding up the first frame; damage found there is marked,
  /// and the next start sets the file aside. Every start then runs the full `integrity_check` in
  /// the background too, for what `quick_check` leaves out (an index that disagrees with its table).
  static func check(_ queue: DatabaseQueue, path: String, files: FileClient) throws {
    let size = files.size(path)
    var problems = try queue.read { db -> [String] in
      // A small file is checked in full, its indexes against their tables too: an index that lost
      // a row hides answers from the history until the background check finds it.
      if size <= fullCheckLimit { return try String.fetchAll(db, sql: "PRAGMA integrity_check") }
      if size <= wholeCheckLimit { return try String.fetchAll(db, sql: "PRAGMA quick_check") }
      var problems: [String] = []
      for table in ["scores", "grdb_migrations"] where try db.tableExists(table) {
        problems += try String.fetchAll(db, sql: "PRAGMA quick_check(\(table))").filter { $0 != "ok" }
      }
      return problems.isEmpty ? ["ok"] : problems
    }
    // Damage in indexes alone loses nothing: the indexes are rebuilt from their tables.
    if problems != ["ok"], problems.allSatisfy(isIndexProblem) {
      try queue.write { db in try db.execute(sql: "REINDEX") }
      problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
    guard problems == ["ok"] else {
      throw DatabaseError(
        resultCode: .SQLITE_CORRUPT, message: "the database is damaged: \(problems.prefix(3).joined(separator: "; "))")
    }
    // The full check (integrity_check, which also compares every index with its table) follows
    // in the background, whatever the size, after the first frame: `Scoreboard.live` starts it
    // (``checkIntegrity(ofFileAt:files:)``).
  }

  /// SQLite's full `integrity_check` of the file at `path`, on a read-only connection of its own;
  /// damage found is marked (``markDamaged(_:identity:findings:files:)``) if the file is still the one
  /// checked. A busy or missing file is left for the next start to check.
  static func checkIntegrity(ofFileAt path: String, files: FileClient) {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyTimeout = busyTimeout
    let checked = files.entryIdentity(path)
    let result: [String]
    do {
      let reader = try DatabaseQueue(path: path, configuration: configuration)
      result = try reader.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode) {
      result = [error.message ?? "damaged"]
    } catch {
      return  // busy, gone: the next start checks again
    }
    guard result != ["ok"], let checked, files.entryIdentity(path) == checked else { return }
    markDamaged(path, identity: checked, findings: result, files: files)
  }

  /// Leaves the mark that the file at `path` (`identity`: that file, not one that takes its place
  /// later) is damaged, with what was found: the next opening salvages it.
  static func markDamaged(_ path: String, identity: FileClient.Identity? = nil, findings: [String], files: FileClient) {
    guard let identity = identity ?? files.entryIdentity(path) else { return }
    let mark = ([identity.description] + findings).joined(separator: "\n")
    try? files.write(mark, to: path + damagedSuffix)
  }

  /// Whether the file at `path` is marked damaged (``markDamaged(_:identity:findings:files:)``).
  static func isMarkedDamaged(_ path: String, files: FileClient) -> Bool { damageFound(path, files: files) != nil }

  /// What the mark beside the file at `path` says was found, if it names that file.
  static func damageFound(_ path: String, files: FileClient) -> String? {
    guard let mark = files.text(path + damagedSuffix, limit: 1 << 16) else { return nil }
    let lines = mark.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == files.entryIdentity(path)?.description else { return nil }
    return lines.dropFirst().prefix(3).joined(separator: "; ")
  }
}
