import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition

#if canImport(Glibc)
  import Glibc
#endif

/// How a path becomes a database of this version's schema, whatever is at it: a FIFO or a folder at
/// a journal's path set aside; a file a background check marked damaged, or one SQLite finds
/// damaged, salvaged (``Salvage``) and set aside, a fresh database made in its place with what was
/// recovered; a database of a newer version left as it is; migrations run (``Schema/migrator(scheduler:)``)
/// and this version's statements compiled on the result. ``HistoryDatabase`` is what is done with it.
enum HistoryOpening {
  /// The database, and what the learner reads once about its opening (a file set aside, a salvage).
  struct Opened {
    var queue: DatabaseQueue
    var notice: String?
  }

  /// The database at `path`, made usable.
  static func open(
    _ path: String, scheduler: @Sendable () -> Scheduler, check: (@Sendable () -> (AnsweredQuestion) -> String?)?,
    files: FileClient, now: @Sendable () -> Date
  ) throws(SQLiteError) -> Opened {
    // Something other than a file at the path or at its journal's (a FIFO would hang the opening,
    // /dev/null would swallow the scores) is set aside first. A folder at the path is left alone
    // (the scores then go to memory); at a journal's path, it is set aside too.
    var setAside: String?
    for suffix in [""] + Scoreboard.journalSuffixes {
      let kind = files.kind(path + suffix)
      guard kind == .special || (kind == .directory && !suffix.isEmpty) else { continue }
      let kept: String
      do {
        kept = try files.moveAside(path + suffix, nil, now())
      } catch {
        throw SQLiteError(
          code: ResultCode.SQLITE_CANTOPEN.rawValue,
          message: "\(path + suffix) is not a file and can't be set aside (\(error.reason))")
      }
      if suffix.isEmpty {
        setAside = "Your scores were unreadable; kept as \(kept), starting afresh."
        // Its journals belong to it: a new database must not pick them up.
        setAsideJournals(of: path, files: files, now: now)
      } else {
        setAside = setAside ?? "The score board's \(HistoryDatabase.fileName)\(suffix) was not a file; kept as \(kept)."
      }
    }
    do {
      return Opened(queue: try migrated(path, scheduler: scheduler(), files: files), notice: setAside)
    } catch where error.code == ResultCode.SQLITE_NOTADB.rawValue || error.code == ResultCode.SQLITE_CORRUPT.rawValue {
      // What can still be read, before the file is moved (SQLite reads its journal with it).
      var salvage = Salvage(path: path, files: files)
      salvage.setAside(failing: check?())
      let kept: String
      do {
        kept = try files.moveAside(path, nil, now())
      } catch {
        throw SQLiteError(
          code: ResultCode.SQLITE_CANTOPEN.rawValue,
          message: "the database is unreadable and can't be set aside (\(error.reason))")
      }
      // Its journal belongs to it: a new database must not pick it up.
      setAsideJournals(of: path, files: files, now: now)
      let fresh = try migrated(path, scheduler: scheduler(), files: files)
      // The rows set aside, beside the damaged file (`kept` is its name there), for the learner to read.
      let setAside = kept + ".set-aside.csv"
      let wroteSetAside = !salvage.setAside.isEmpty
        && (try? salvage.writeSetAside(to: FilePaths.parent(of: path) + "/" + setAside, files: files)) != nil
      if salvage.recovered == 0 && salvage.scores.isEmpty {
        return Opened(queue: fresh, notice: "Your scores were unreadable; kept as \(kept), starting afresh.")
      } else {
        let current = scheduler()
        let finished = salvage
        try HistoryDatabase.sqlite { try fresh.write { db in try finished.write(into: db, scheduler: current) } }
        return Opened(queue: fresh, notice: recoveryNotice(salvage, kept: kept, setAside: wroteSetAside ? setAside : nil))
      }
    }
  }

  /// A new database in SQLite's memory, migrated as a file is.
  static func inMemory(scheduler: Scheduler) throws(SQLiteError) -> DatabaseQueue {
    try HistoryDatabase.sqlite {
      let queue = try DatabaseQueue()
      try migrate(queue, scheduler: scheduler)
      return queue
    }
  }

  /// "Your scores file was damaged: 9,412 answers recovered, 588 could not be read; the damaged
  /// file is kept as …". "None lost" only when nothing was: not when a row was set aside.
  static func recoveryNotice(_ salvage: Salvage, kept: String, setAside: String? = nil) -> String {
    func number(_ n: Int) -> String { n.grouped }
    let lost = salvage.lost > 0 ? ", \(number(salvage.lost)) could not be read" : salvage.setAside.isEmpty ? ", none lost" : ""
    let rejected = salvage.setAside.isEmpty ? "" : "; \(number(salvage.setAside.count)) damaged row"
      + (salvage.setAside.count == 1 ? " was" : "s were") + " set aside" + (setAside.map { " in \($0)" } ?? "")
    return "Your scores file was damaged: \(number(salvage.recovered)) answer\(salvage.recovered == 1 ? "" : "s") "
      + "recovered\(lost)\(rejected); the damaged file is kept as \(kept)."
  }

  /// Sets aside the journals of the database at `path` (which has just been set aside itself).
  private static func setAsideJournals(of path: String, files: FileClient, now: @Sendable () -> Date) {
    for suffix in Scoreboard.journalSuffixes where files.entryIdentity(path + suffix) != nil {
      _ = try? files.moveAside(path + suffix, nil, now())
    }
  }

  private static func migrated(_ path: String, scheduler: Scheduler, files: FileClient) throws(SQLiteError) -> DatabaseQueue {
    try HistoryDatabase.sqlite {
      var configuration = Configuration()
      configuration.busyTimeout = HistoryDatabase.busyTimeout
      configuration.prepare = { db in
        // Readers never block the writer, and a crash mid-write loses nothing committed. (Returns
        // the mode in use, which may stay "delete" on file systems without shared memory: still safe.)
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        // In WAL mode, NORMAL syncs at checkpoints, not at each commit: a killed program loses
        // nothing committed and the file stays whole; a power cut may lose the last answers.
        // (FULL's sync at each commit made recording an answer 4 ms on this machine.)
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      // A check in the background of an earlier start found damage in this file (the mark names
      // it: not a file that has taken its place since): salvaged now.
      if files.entryIdentity(path + HistoryDatabase.damagedSuffix) != nil {
        let marked = HistoryDatabase.isMarkedDamaged(path, files: files)
        try? files.remove(path + HistoryDatabase.damagedSuffix)
        if marked {
          throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the database is damaged (found by the last check)")
        }
      }
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try HistoryDatabase.check(queue, path: path, files: files)
      if try queue.read({ db in try Schema.migrator(scheduler: scheduler).hasBeenSuperseded(db) }) {
        throw NewerDatabase(
          message: "Your scores were saved by a newer version of conjugar: \(path) is left as it is, and "
            + "this session's scores are kept in memory until you quit.")
      }
      try migrate(queue, scheduler: scheduler)
      return queue
    }
  }

  /// Brings the database up to this version's schema (``Schema/migrator(scheduler:)``), and checks
  /// that this version's statements compile on it.
  private static func migrate(_ queue: DatabaseQueue, scheduler: Scheduler) throws {
    let migrator = Schema.migrator(scheduler: scheduler)
    // Two programs opening an old database at once both try to migrate it: the second's
    // migration fails (the first has done it) and is rolled back; once more, it finds none to do.
    var attempt = 0
    while true {
      do {
        try migrator.migrate(queue)
        break
      } catch let error as DatabaseError where attempt < 2 && error.resultCode != .SQLITE_CORRUPT {
        attempt += 1
      }
    }
    // The statements compile only if the tables have the columns this version expects.
    try queue.read { db in
      for sql in Schema.statements { _ = try db.makeStatement(sql: sql) }
    }
  }

  /// A database a newer version of the app has migrated: never touched.
  struct NewerDatabase: Error {
    var message: String
  }
}
