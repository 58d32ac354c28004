import CSQLite
import FileStorage
import Foundation
import SettingsClient
import Synchronization

extension Scoreboard {
  /// The score board in a SQLite database, `scores.sqlite` in `directory` (created with its parents
  /// if missing).
  ///
  /// Safe for several programs at once: the database is in WAL mode, each report is one
  /// `BEGIN IMMEDIATE` transaction (the score and its answers, all or nothing), and a connection
  /// waits up to 5 seconds for another's lock. A file at that path that is not a SQLite database
  /// (or a corrupt one) is set aside as `scores.sqlite.corrupt-<UTC time>` and a new database
  /// started, with a notice. When no database can be used at all, the scores are kept in memory
  /// and `notice` says so.
  public static func live(directory: URL) -> Scoreboard {
    let path = directory.appendingPathComponent(SQLiteScores.fileName).path
    do {
      try Files.createDirectory(directory.path)
    } catch {
      return inMemory(cannotUse: directory.path, reason: error.reason)
    }
    let store: SQLiteScores
    do {
      store = try SQLiteScores(path: path)
    } catch {
      return inMemory(cannotUse: directory.path, reason: error.message)
    }
    return Scoreboard(
      reportScore: { record, answers in try store.report(record, answers) },
      bestScores: { limit in try store.bestScores(limit: limit) },
      history: { limit in try store.history(limit: limit) },
      location: path,
      notice: store.notice)
  }

  private static func inMemory(cannotUse directory: String, reason: String) -> Scoreboard {
    var board = Scoreboard.inMemory()
    board.location = "in memory"
    board.notice = "Scores can't be saved in \(directory): \(reason); they are kept in memory until you quit."
    return board
  }
}

/// The database behind `Scoreboard.sqlite`: one connection, used by one thread at a time.
final class SQLiteScores: Sendable {
  static let fileName = "scores.sqlite"
  /// How long to wait for another connection's lock, in milliseconds.
  static let busyTimeout: Int32 = 5_000

  private let connection: Mutex<SQLiteConnection>
  /// Set when a corrupt file was set aside.
  let notice: String?

  /// Opens the database at `path` and creates the tables if they are missing. A file there that is
  /// not a database, or is corrupt, is set aside and a new database made in its place.
  init(path: String) throws(SQLiteError) {
    // Something other than a file at the path or at its journal's (a FIFO would hang the opening,
    // /dev/null would swallow the scores) is set aside first. A folder at the path is left alone
    // (the scores then go to memory); at a journal's path, it is set aside too.
    var setAside: String?
    for suffix in ["", "-wal", "-shm", "-journal"] {
      let kind = Files.kind(of: path + suffix)
      guard kind == .special || (kind == .directory && !suffix.isEmpty) else { continue }
      let kept: String
      do {
        kept = try Files.moveAside(path + suffix, expected: nil, now: Date())
      } catch {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: "\(path + suffix) is not a file and can't be set aside (\(error.reason))")
      }
      if suffix.isEmpty {
        setAside = "Your scores were unreadable; kept as \(kept), starting afresh."
        // Its journals belong to it: a new database must not pick them up.
        Self.setAsideJournals(of: path)
      } else {
        setAside = setAside ?? "The score board's \(Self.fileName)\(suffix) was not a file; kept as \(kept)."
      }
    }
    do {
      connection = Mutex(try Self.open(path))
      notice = setAside
    } catch where error.code == SQLITE_NOTADB || error.code == SQLITE_CORRUPT {
      let kept: String
      do {
        kept = try Files.moveAside(path, expected: nil, now: Date())
      } catch {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: "the database is unreadable and can't be set aside (\(error.reason))")
      }
      // Its journal belongs to it: a new database must not pick it up.
      Self.setAsideJournals(of: path)
      connection = Mutex(try Self.open(path))
      notice = "Your scores were unreadable; kept as \(kept), starting afresh."
    }
  }

  /// Sets aside the journals of the database at `path` (which has just been set aside itself).
  private static func setAsideJournals(of path: String) {
    for suffix in ["-wal", "-shm", "-journal"] where Files.identity(of: path + suffix) != nil {
      _ = try? Files.moveAside(path + suffix, expected: nil, now: Date())
    }
  }

  private static func open(_ path: String) throws(SQLiteError) -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
    // Readers never block the writer, and a crash mid-write loses nothing committed. (Returns a row,
    // the mode in use, which may stay "delete" on file systems without shared memory: still safe.)
    try connection.withStatement("PRAGMA journal_mode = WAL") { statement throws(SQLiteError) in try statement.run() }
    try connection.execute("PRAGMA foreign_keys = ON")
    try connection.inTransaction { () throws(SQLiteError) in try connection.execute(schema) }
    // The statements compile only if the tables have the columns this version expects.
    for sql in [insertScore, insertAnswer, selectBest, selectHistory] {
      try connection.withStatement(sql) { _ in }
    }
    // Damage inside the file (a disk error, a byte changed) shows only when a page is read: a
    // report would then fail, or the history leave rows out, quiz after quiz. Checking the whole
    // file now finds it, and it is set aside. (integrity_check, not quick_check: only it finds an
    // index that disagrees with its table. About 2 ms per 100 quizzes; 0.17 s for 10,000.)
    let problems = try connection.withStatement("PRAGMA integrity_check") { statement throws(SQLiteError) in
      var rows: [String] = []
      while try statement.step() { rows.append(statement.text(0)) }
      return rows
    }
    guard problems == ["ok"] else {
      throw SQLiteError(code: SQLITE_CORRUPT, message: "the database is damaged: \(problems.prefix(3).joined(separator: "; "))")
    }
    return connection
  }

  // Dates are whole seconds since 1970 (UTC), as integers.
  static let schema = """
    CREATE TABLE IF NOT EXISTS scores (
      id INTEGER PRIMARY KEY,
      score INTEGER NOT NULL,
      date INTEGER NOT NULL,
      difficulty TEXT NOT NULL,
      region TEXT NOT NULL,
      seconds INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS answers (
      id INTEGER PRIMARY KEY,
      score_id INTEGER NOT NULL REFERENCES scores(id),
      verb TEXT NOT NULL,
      tense TEXT NOT NULL,
      person TEXT NOT NULL,
      expected TEXT NOT NULL,
      given TEXT NOT NULL,
      result TEXT NOT NULL,
      date INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS scores_best ON scores (score DESC, date, id);
    CREATE INDEX IF NOT EXISTS answers_newest ON answers (date DESC, id DESC);
    CREATE INDEX IF NOT EXISTS answers_score ON answers (score_id);
    """

  static let insertScore = "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (?, ?, ?, ?, ?)"
  static let insertAnswer = """
    INSERT INTO answers (score_id, verb, tense, person, expected, given, result, date)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    """
  // Rows this version cannot read (a difficulty a later version added) are left out.
  static let selectBest = """
    SELECT score, date, difficulty, region, seconds FROM scores
    WHERE difficulty IN (\(quoted(Difficulty.allCases.map(\.rawValue))))
      AND region IN (\(quoted(Region.allCases.map(\.rawValue))))
    ORDER BY score DESC, date, id LIMIT ?
    """
  static let selectHistory = """
    SELECT verb, tense, person, expected, given, result, date FROM answers
    WHERE result IN (\(quoted(AnswerResult.allCases.map(\.rawValue))))
    ORDER BY date DESC, id DESC LIMIT ?
    """

  private static func quoted(_ values: [String]) -> String {
    values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
  }

  func report(_ record: ScoreRecord, _ answers: [AnsweredQuestion]) throws(SQLiteError) {
    try connection.withLock { connection throws(SQLiteError) in
      try connection.inTransaction { () throws(SQLiteError) in
        try connection.withStatement(Self.insertScore) { statement throws(SQLiteError) in
          try statement.bind([
            .integer(Int64(record.score)), .integer(Files.unixSeconds(record.date)), .text(record.difficulty.rawValue),
            .text(record.region.rawValue), .integer(Int64(record.seconds)),
          ])
          try statement.run()
        }
        let scoreID = connection.lastInsertedRowID
        try connection.withStatement(Self.insertAnswer) { statement throws(SQLiteError) in
          for answer in answers {
            try statement.bind([
              .integer(scoreID), .text(answer.verb), .text(answer.tense), .text(answer.person), .text(answer.expected),
              .text(answer.given), .text(answer.result.rawValue), .integer(Files.unixSeconds(answer.date)),
            ])
            try statement.run()
          }
        }
      }
    }
  }

  func bestScores(limit: Int) throws(SQLiteError) -> [ScoreRecord] {
    guard limit > 0 else { return [] }
    return try connection.withLock { connection throws(SQLiteError) in
      try connection.withStatement(Self.selectBest) { statement throws(SQLiteError) in
        try statement.bind([.integer(Int64(limit))])
        var records: [ScoreRecord] = []
        while try statement.step() {
          guard let difficulty = Difficulty(rawValue: statement.text(2)),
            let region = Region(rawValue: statement.text(3))
          else { continue }
          records.append(
            ScoreRecord(
              score: Int(statement.integer(0)), date: Date(timeIntervalSince1970: Double(statement.integer(1))),
              difficulty: difficulty, region: region, seconds: Int(statement.integer(4))))
        }
        return records
      }
    }
  }

  func history(limit: Int) throws(SQLiteError) -> [AnsweredQuestion] {
    guard limit > 0 else { return [] }
    return try connection.withLock { connection throws(SQLiteError) in
      try connection.withStatement(Self.selectHistory) { statement throws(SQLiteError) in
        try statement.bind([.integer(Int64(limit))])
        var answers: [AnsweredQuestion] = []
        while try statement.step() {
          guard let result = AnswerResult(rawValue: statement.text(5)) else { continue }
          answers.append(
            AnsweredQuestion(
              verb: statement.text(0), tense: statement.text(1), person: statement.text(2),
              expected: statement.text(3), given: statement.text(4), result: result,
              date: Date(timeIntervalSince1970: Double(statement.integer(6)))))
        }
        return answers
      }
    }
  }
}
