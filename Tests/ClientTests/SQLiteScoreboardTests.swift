import CSQLite
import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import Testing

@Suite struct SQLiteScoreboardTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func record(_ score: Int, at offset: TimeInterval, _ difficulty: Difficulty = .easy) -> ScoreRecord {
    ScoreRecord(score: score, date: start + offset, difficulty: difficulty, region: .spain, seconds: 95)
  }

  static func answer(_ verb: String, given: String = "tengo", at offset: TimeInterval) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: verb, tense: "presente", person: "yo", expected: "tengo", given: given, result: .correct,
      date: start + offset)
  }

  /// Runs `sql` on the database at `path` through a connection of the test's own.
  static func execute(_ sql: String, on path: String) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
      throw SQLiteError(code: -1, message: "can't open \(path)")
    }
    sqlite3_busy_timeout(handle, 5_000)
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw SQLiteError(code: sqlite3_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
  }

  @Test func reportedScoresComeBackBestFirstAndAnswersNewestFirst() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      #expect(board.notice == nil)
      #expect(board.location == directory.appendingPathComponent("scores.sqlite").path)
      #expect(try board.answers.bestScores(10) == [])
      #expect(try board.answers.history(10) == [])

      try board.answers.reportQuiz(Self.record(70, at: 0), [Self.answer("tener", at: 0), Self.answer("ser", at: 1)])
      try board.answers.reportQuiz(
        ScoreRecord(score: 95, date: Self.start + 60, difficulty: .difficult, region: .latinAmerica, seconds: 200),
        [Self.answer("ir", given: "", at: 60)])
      try board.answers.reportQuiz(Self.record(80, at: 120, .moderate), [])

      #expect(try board.answers.bestScores(10).map(\.score) == [95, 80, 70])
      #expect(
        try board.answers.bestScores(1) == [
          ScoreRecord(score: 95, date: Self.start + 60, difficulty: .difficult, region: .latinAmerica, seconds: 200)
        ])
      #expect(try board.answers.history(10).map(\.verb) == ["ir", "ser", "tener"])
      #expect(try board.answers.history(1) == [Self.answer("ir", given: "", at: 60)])
      #expect(try board.answers.bestScores(0) == [] && board.answers.history(-1) == [])
      #expect(try board.answers.rank(of: 90) == 2)
      #expect(try board.answers.rank(of: 100) == 1)
    }
  }

  @Test func equalScoresListTheEarlierFirst() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try board.answers.reportQuiz(Self.record(50, at: 300), [])
      try board.answers.reportQuiz(Self.record(50, at: 100), [])
      try board.answers.reportQuiz(Self.record(60, at: 200), [])
      try board.answers.reportQuiz(Self.record(50, at: 100, .difficult), [])
      #expect(
        try board.answers.bestScores(10) == [
          Self.record(60, at: 200), Self.record(50, at: 100), Self.record(50, at: 100, .difficult),
          Self.record(50, at: 300),
        ])
    }
  }

  @Test func datesAndTextRoundTrip() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      let odd = AnsweredQuestion(
        verb: "pingüinear", tense: "pretérito", person: "vos", expected: "a'b\"c", given: "x\0y ñ 🇪🇸",
        result: .accentsOnly, date: Self.start + 0.75)
      try board.answers.reportQuiz(
        ScoreRecord(score: -3, date: Date(timeIntervalSince1970: 59.9), difficulty: .easy, region: .spain, seconds: 0),
        [odd])
      var expected = odd
      expected.date = Self.start  // to the second
      #expect(try board.answers.history(1) == [expected])
      #expect(try board.answers.bestScores(1).first?.date == Date(timeIntervalSince1970: 59))
    }
  }

  @Test func scoresSurviveANewBoardAndCreateTheFolders() throws {
    try withTemporaryDirectory { directory in
      let folder = directory.appendingPathComponent("share/conjugar")
      try Scoreboard.live(directory: folder).answers.reportQuiz(Self.record(42, at: 0), [Self.answer("tener", at: 0)])
      let again = Scoreboard.live(directory: folder)
      #expect(again.notice == nil)
      #expect(try again.answers.bestScores(5) == [Self.record(42, at: 0)])
      #expect(try again.answers.history(5) == [Self.answer("tener", at: 0)])
    }
  }

  @Test func eachAnswerIsKeptInItsOwnTransaction() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try Self.execute(
        """
        CREATE TRIGGER refuse BEFORE INSERT ON answers WHEN NEW.verb = 'boom'
        BEGIN SELECT RAISE(ABORT, 'the answer was refused'); END;
        """, on: board.location)
      let error = #expect(throws: SQLiteError.self) {
        try board.answers.reportQuiz(Self.record(90, at: 0), [Self.answer("tener", at: 0), Self.answer("boom", at: 1)])
      }
      #expect(error?.message == "the answer was refused")
      // The answer before the refused one was kept as it was given; no score without the quiz's end.
      #expect(try board.answers.bestScores(10) == [])
      #expect(try board.answers.history(10) == [Self.answer("tener", at: 0)])
      // The connection is not left inside the failed transaction.
      try board.answers.reportQuiz(Self.record(80, at: 2), [Self.answer("ser", at: 2)])
      #expect(try board.answers.bestScores(10) == [Self.record(80, at: 2)])
      #expect(try board.answers.history(10) == [Self.answer("ser", at: 2), Self.answer("tener", at: 0)])
    }
  }

  @Test func twoBoardsOnOneFileFromManyThreadsKeepEveryScore() throws {
    try withTemporaryDirectory { directory in
      let boards = [Scoreboard.live(directory: directory), Scoreboard.live(directory: directory)]
      let problems = problemsRunningConcurrently(100) { index in
        let board = boards[index % 2]
        try board.answers.reportQuiz(
          Self.record(index, at: TimeInterval(index)),
          [Self.answer("v\(index)a", at: TimeInterval(index)), Self.answer("v\(index)b", at: TimeInterval(index))])
        _ = try board.answers.bestScores(3)
        return nil
      }
      #expect(problems == [])
      #expect(try boards[0].answers.bestScores(.max).map(\.score) == Array((0..<100).reversed()))
      let history = try boards[1].answers.history(.max)
      #expect(history.count == 200)
      // The newest first; within a second, in the one order read backwards (``Replay``).
      #expect(Set(history.prefix(2).map(\.verb)) == ["v99b", "v99a"])
      #expect(Array(history.reversed()) == Replay.ordered(history))
    }
  }

  /// Another program (the sqlite3 shell) holds the write lock while this one reports: the reports
  /// wait for it rather than fail, and both programs' scores are kept.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
  func anotherProcessWritingAtTheSameTimeLosesNothing() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      let marker = directory.appendingPathComponent("locked")
      var script = ".timeout 5000\n"
      script += "BEGIN IMMEDIATE;\n"
      script +=
        "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (1000, 1800000000, 'easy', 'spain', 1);\n"
      script += ".system touch '\(marker.path)'\n"
      // Holds the lock for a moment, while this process starts reporting.
      script +=
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1500000) SELECT count(*) FROM n;\n"
      script += "COMMIT;\n"
      for index in 1..<50 {
        script += "BEGIN IMMEDIATE; INSERT INTO scores (score, date, difficulty, region, seconds) "
        script += "VALUES (\(1000 + index), 1800000000, 'easy', 'spain', 1); COMMIT;\n"
      }
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
      shell.arguments = ["-bail", board.location]
      let input = Pipe()
      let errors = Pipe()
      shell.standardInput = input
      shell.standardOutput = FileHandle.nullDevice
      shell.standardError = errors
      try shell.run()
      input.fileHandleForWriting.write(Data(script.utf8))
      try input.fileHandleForWriting.close()

      let deadline = Date() + 20
      while !FileManager.default.fileExists(atPath: marker.path), shell.isRunning, Date() < deadline {
        usleep(2_000)
      }
      #expect(FileManager.default.fileExists(atPath: marker.path))
      for index in 0..<50 { try board.answers.reportQuiz(Self.record(index, at: TimeInterval(index)), []) }
      shell.waitUntilExit()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(shell.terminationStatus == 0, "\(message)")
      #expect(message.isEmpty)
      let scores = Set(try board.answers.bestScores(.max).map(\.score))
      #expect(scores == Set(0..<50).union(1000..<1050))
    }
  }

  @Test func aFileThatIsNotADatabaseIsSetAsideAndANewOneStarted() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite")
      let garbage = Data(String(repeating: "these are not the scores you are looking for\n", count: 200).utf8)
      try garbage.write(to: path)
      let board = Scoreboard.live(directory: directory)
      #expect(board.location == path.path)
      let names = try fileNames(in: directory)
      let kept = try #require(names.first { $0.hasPrefix("scores.sqlite.corrupt-") })
      #expect(matches(kept, #"scores\.sqlite\.corrupt-\d{8}T\d{6}Z"#))
      #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == garbage)
      #expect(board.notice == "Your scores were unreadable; kept as \(kept), starting afresh.")
      try board.answers.reportQuiz(Self.record(10, at: 0), [Self.answer("tener", at: 0)])
      #expect(try Scoreboard.live(directory: directory).answers.bestScores(10) == [Self.record(10, at: 0)])
    }
  }

  @Test func anUnusableFolderKeepsScoresInMemoryAndSaysSo() throws {
    try withTemporaryDirectory { directory in
      let folder = try unwritableDirectory(in: directory)
      let board = Scoreboard.live(directory: folder)
      #expect(board.location == "in memory")
      let notice = try #require(board.notice)
      #expect(notice.hasPrefix("Scores can't be saved in \(folder.path): "))
      #expect(notice.hasSuffix("; they are kept in memory until you quit."))
      #expect(!notice.contains("\n"))
      try board.answers.reportQuiz(Self.record(10, at: 0), [Self.answer("tener", at: 0)])
      #expect(try board.answers.bestScores(10) == [Self.record(10, at: 0)])
      #expect(try board.answers.rank(of: 5) == 2)
    }
  }

  @Test func aFolderInPlaceOfTheDatabaseKeepsScoresInMemory() throws {
    try withTemporaryDirectory { directory in
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("scores.sqlite"), withIntermediateDirectories: false)
      let board = Scoreboard.live(directory: directory)
      #expect(board.location == "in memory")
      #expect(board.notice?.hasPrefix("Scores can't be saved in \(directory.path): ") == true)
    }
  }

  /// A database of another shape is not this app's to set aside: the scores go to memory instead,
  /// with SQLite's reason, and the file is left as it was.
  @Test func aDatabaseOfAnotherShapeIsLeftAlone() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      try Self.execute("CREATE TABLE scores (name TEXT); INSERT INTO scores VALUES ('mine');", on: path)
      let board = Scoreboard.live(directory: directory)
      #expect(board.location == "in memory")
      #expect(board.notice?.contains("no column named") == true || board.notice?.contains("no such column") == true)
      #expect(try fileNames(in: directory).filter { $0.contains("corrupt") } == [])
    }
  }

  @Test func rowsOfAnUnknownKindAreLeftOut() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try board.answers.reportQuiz(Self.record(10, at: 0), [Self.answer("tener", at: 0)])
      try Self.execute(
        """
        INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (99, 1800000000, 'expert', 'spain', 1);
        INSERT INTO answers (score_id, verb, tense, person, expected, given, result, date)
          VALUES (1, 'ser', 'presente', 'yo', 'soy', 'soy', 'half-right', 1800000009);
        """, on: board.location)
      #expect(try board.answers.bestScores(10) == [Self.record(10, at: 0)])
      #expect(try board.answers.history(10) == [Self.answer("tener", at: 0)])
    }
  }

  @Test func theDatabaseIsInWALModeWithItsTables() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try board.answers.reportQuiz(Self.record(10, at: 0), [Self.answer("tener", at: 0)])
      _ = Scoreboard.live(directory: directory)  // opening again changes nothing
      var handle: OpaquePointer?
      defer { sqlite3_close_v2(handle) }
      #expect(sqlite3_open_v2(board.location, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
      func single(_ sql: String) -> String? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_text(statement, 0).map { String(cString: $0) }
      }
      #expect(single("PRAGMA journal_mode") == "wal")
      #expect(
        single(
          "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
          == "answer_ids,answers,fitted_memory,grdb_migrations,item_marks,items,scores,stats_cell_totals,stats_cells,stats_days,stats_missed,stats_slots,stats_verbs,withdrawn")
      #expect(single("SELECT count(*) FROM answers JOIN scores ON scores.id = answers.score_id") == "1")
      #expect(single("SELECT date FROM scores") == "1800000000")
    }
  }

  /// SQLite opening a FIFO reads it, and waits for ever: one at the database's path is set aside.
  @Test func aFIFOInPlaceOfTheDatabaseIsSetAsideWithoutHanging() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      #expect(mkfifo(path, 0o600) == 0)
      let opened = finishing(within: 10) { Scoreboard.live(directory: directory) }
      let board = try #require(try opened?.get(), "opening the score board hung on a FIFO")
      #expect(board.location == path)
      let kept = try #require(try fileNames(in: directory).first { $0.hasPrefix("scores.sqlite.corrupt-") })
      #expect(fileType(directory.appendingPathComponent(kept).path) == S_IFIFO)
      #expect(board.notice == "Your scores were unreadable; kept as \(kept), starting afresh.")
      try board.answers.reportQuiz(Self.record(10, at: 0), [])
      #expect(try board.answers.bestScores(10) == [Self.record(10, at: 0)])
    }
  }

  /// A link to /dev/null would swallow every score; a link that loops can never be opened.
  @Test(arguments: ["/dev/null", "scores.sqlite"])
  func aLinkToNoFileInPlaceOfTheDatabaseIsSetAside(_ target: String) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      #expect(symlink(target, path) == 0)
      let board = Scoreboard.live(directory: directory)
      #expect(board.notice?.hasPrefix("Your scores were unreadable; kept as scores.sqlite.corrupt-") == true)
      #expect(fileType(path) == S_IFREG)
      try board.answers.reportQuiz(Self.record(10, at: 0), [])
      #expect(try Scoreboard.live(directory: directory).answers.bestScores(10) == [Self.record(10, at: 0)])
    }
  }

  /// A FIFO at a journal's path hangs SQLite too (it reads the journal to see whether it is hot);
  /// a folder or a device there makes every open fail. Set aside, the scores are still there.
  @Test(arguments: ["-wal", "-shm", "-journal"])
  func somethingNotAFileAtAJournalsPathIsSetAside(_ suffix: String) throws {
    try withTemporaryDirectory { base in
      for plant in 0..<3 {
        let directory = base.appendingPathComponent("\(plant)")
        try Scoreboard.live(directory: directory).answers.reportQuiz(Self.record(10, at: 0), [Self.answer("ser", at: 0)])
        let journal = directory.appendingPathComponent("scores.sqlite" + suffix).path
        if fileType(journal) == S_IFREG { unlink(journal) }  // the board closed (the -shm may stay)
        switch plant {
        case 0: #expect(mkfifo(journal, 0o600) == 0)
        case 1: try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
        default: #expect(symlink("/dev/zero", journal) == 0)
        }
        let opened = finishing(within: 10) { Scoreboard.live(directory: directory) }
        let board = try #require(try opened?.get(), "\(suffix), plant \(plant): opening hung")
        let notice = try #require(board.notice, "\(suffix), plant \(plant)")
        #expect(notice.hasPrefix("The score board's scores.sqlite\(suffix) was not a file; kept as scores.sqlite\(suffix).corrupt-"))
        #expect(board.location.hasSuffix("scores.sqlite"))
        #expect(try board.answers.bestScores(10).map(\.score) == [10])
        #expect(try board.answers.history(10).map(\.verb) == ["ser"])
        #expect(try fileNames(in: directory).filter { $0.contains(".corrupt-") }.count == 1)
      }
    }
  }

  /// Issue 39, §3: a salvage that sets a row aside never says "none lost". (An answer longer than
  /// the trainer takes, written past it: damage found as it is read, the file salvaged when opened
  /// again.)
  @Test func aSalvageThatSetsARowAsideDoesNotSayNoneLost() throws {
    try withTemporaryDirectory { directory in
      do {
        let board = Scoreboard.live(directory: directory)
        for index in 0..<2 {
          try board.answers.reportQuiz(Self.record(index, at: TimeInterval(index)), [Self.answer("tener", at: TimeInterval(index))])
        }
      }
      let path = directory.appendingPathComponent("scores.sqlite").path
      try Self.execute("UPDATE answers SET given = '\(String(repeating: "a", count: 201))' WHERE id = 2", on: path)
      do {
        let board = Scoreboard.live(directory: directory, background: .noop)
        #expect(throws: (any Error).self) { try board.answers.history(10) }
      }
      let board = Scoreboard.live(directory: directory, background: .noop)
      let kept = try #require(try fileNames(in: directory).first { $0.hasPrefix("scores.sqlite.corrupt-") && !$0.hasSuffix(".csv") })
      #expect(board.notice == "Your scores file was damaged: 1 answer recovered; 1 damaged row was set aside in \(kept).set-aside.csv; the damaged file is kept as \(kept).")
      #expect(try board.answers.history(10).map(\.given) == ["tengo"])
    }
  }

  /// Damage inside the file does not show until a page is read: the opening checks the whole file,
  /// so that a damaged database is salvaged at once, not found quiz after quiz.
  @Test func aDamagedDatabaseIsSalvagedWhenOpened() throws {
    try withTemporaryDirectory { directory in
      do {
        let board = Scoreboard.live(directory: directory)
        for index in 0..<200 {
          try board.answers.reportQuiz(Self.record(index, at: TimeInterval(index)), [Self.answer("tener", at: TimeInterval(index))])
        }
      }
      // Page 3 (pages are 4096 bytes): one of the tables or indexes, its header overwritten.
      let path = directory.appendingPathComponent("scores.sqlite")
      var bytes = [UInt8](try Data(contentsOf: path))
      #expect(bytes.count > 4 * 4096)
      for offset in (2 * 4096)..<(2 * 4096 + 16) { bytes[offset] = 0xFF }
      try Data(bytes).write(to: path)

      let board = Scoreboard.live(directory: directory)
      let kept = try #require(try fileNames(in: directory).first { $0.hasPrefix("scores.sqlite.corrupt-") })
      #expect(board.notice == "Your scores file was damaged: 200 answers recovered, none lost; the damaged file is kept as \(kept).")
      #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == Data(bytes))
      var answers = 0
      try board.answers.eachAnswer { _ in answers += 1 }
      #expect(answers == 200)
      #expect(try board.answers.bestScores(3).map(\.score) == [199, 198, 197])
      try board.answers.reportQuiz(Self.record(1000, at: 0), [])
      #expect(try board.answers.bestScores(1) == [Self.record(1000, at: 0)])
      #expect(Scoreboard.live(directory: directory).notice == nil)
    }
  }

  @Test func listeningAnswersAreKeptWithTheirModeAndUpdateTheItem() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      var heard = Self.answer("tener", at: 0)
      heard.mode = .listening
      let state = try board.answers.recordAnswer(heard, .review).state
      #expect(state.reps == 1)
      _ = try board.answers.recordAnswer(Self.answer("tener", at: 60), .review).state
      #expect(try board.answers.history(10).map(\.mode) == [.written, .listening])
      var modes: [AnswerMode] = []
      try board.answers.eachAnswer { modes.append($0.mode) }
      #expect(modes == [.listening, .written])
      #expect(try board.items.items(nil).first?.reps == 2, "one item, whichever the mode")
      let path = directory.appendingPathComponent("scores.sqlite").path
      #expect(
        HistoryDatabaseTests.single("SELECT group_concat(source, ',') FROM (SELECT source FROM answers ORDER BY id)", in: path)
          == "listening,review")
    }
  }
}
