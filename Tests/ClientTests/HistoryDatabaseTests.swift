import BackgroundClient
import CSQLite
import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// The learning memory in the database: migrations from the old format, review states kept with
/// every answer, imports.
@Suite struct HistoryDatabaseTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let scheduler = Scheduler()

  /// The schema of the score board before migrations (`user_version` 0, no grdb_migrations), as
  /// that version wrote it.
  static let oldSchema = """
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
    PRAGMA journal_mode = WAL;
    """

  static func single(_ sql: String, in path: String) -> String? {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW
    else { return nil }
    return sqlite3_column_text(statement, 0).map { String(cString: $0) }
  }

  /// The steps of `sql`'s query plan (`EXPLAIN QUERY PLAN`) on the database at `path`; nil if it
  /// cannot be opened or the statement compiled.
  static func queryPlan(_ sql: String, in path: String) -> [String]? {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, "EXPLAIN QUERY PLAN " + sql, -1, &statement, nil) == SQLITE_OK else { return nil }
    var steps: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW { steps.append(String(cString: sqlite3_column_text(statement, 3))) }
    return steps
  }

  static func answer(
    _ verb: String, _ result: AnswerResult = .correct, at offset: TimeInterval, tense: String = "presente",
    given: String = "x", rating: Rating? = nil, seconds: Double? = nil
  ) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: verb, tense: tense, person: "yo", expected: "x", given: given, result: result, date: start + offset,
      rating: rating, seconds: seconds)
  }

  static func record(_ score: Int, at offset: TimeInterval) -> ScoreRecord {
    ScoreRecord(score: score, date: start + offset, difficulty: .easy, region: .spain, seconds: 60)
  }

  /// The interface module, which links no SQLite, names damage by SQLite's own result codes.
  @Test func damageIsSQLitesCorruptOrNotADatabase() {
    #expect(SQLiteError(code: SQLITE_CORRUPT, message: "").isDamage)
    #expect(SQLiteError(code: SQLITE_NOTADB, message: "").isDamage)
    #expect(!SQLiteError(code: SQLITE_BUSY, message: "").isDamage)
    #expect(!SQLiteError(code: SQLITE_IOERR, message: "").isDamage)
  }

  /// An old database, made with the old schema's SQL, upgrades in place: every score and answer
  /// kept, the ratings from the results, the review states seeded by replaying the answers.
  @Test func anOldDatabaseUpgradesKeepingEveryRowAndSeedsTheReviewStates() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      var sql = Self.oldSchema
      let results = ["correct", "accents-only", "wrong"]
      var expected: [AnsweredQuestion] = []
      for quiz in 0..<30 {
        let date = 1_800_000_000 + quiz * 86_400 * 2
        sql += "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (\(quiz * 10), \(date), 'easy', 'spain', 95);\n"
        for question in 0..<5 {
          let verb = ["tener", "ser", "ir"][(quiz + question) % 3]
          let tense = ["presente", "preterito"][question % 2]
          let result = results[(quiz * 7 + question) % 3]
          sql += """
            INSERT INTO answers (score_id, verb, tense, person, expected, given, result, date)
            VALUES (\(quiz + 1), '\(verb)', '\(tense)', 'yo', 'e', 'g', '\(result)', \(date));\n
            """
          expected.append(
            AnsweredQuestion(
              verb: verb, tense: tense, person: "yo", expected: "e", given: "g", result: AnswerResult(rawValue: result)!,
              date: Date(timeIntervalSince1970: Double(date))))
        }
      }
      // A row of a kind this version cannot read is kept too, though never shown.
      sql += """
        INSERT INTO answers (score_id, verb, tense, person, expected, given, result, date)
        VALUES (1, 'caber', 'presente', 'yo', 'quepo', 'quepo', 'half-right', 1800000000);
        """
      try SQLiteScoreboardTests.execute(sql, on: path)
      #expect(Self.single("SELECT count(*) FROM sqlite_master WHERE name = 'grdb_migrations'", in: path) == "0")

      let board = Scoreboard.live(directory: directory)
      #expect(board.notice == nil)
      #expect(board.location == path)
      #expect(Self.single("SELECT count(*) FROM scores", in: path) == "30")
      #expect(Self.single("SELECT count(*) FROM answers", in: path) == "151")
      #expect(Self.single("SELECT group_concat(identifier, ',') FROM grdb_migrations", in: path)
        == "1 scores and answers,2 learning memory,3 statistics,4 statistics by day,5 undo,6 fitted memory,7 item marks,8 overrides,9 identities,10 one order,11 fitted rules,12 identities in 8 bytes,13 leeches by lapses,14 answers by quiz")
      #expect(Self.single("SELECT count(*) FROM answers WHERE rating IS NULL", in: path) == "1")
      #expect(Self.single("SELECT count(*) FROM answers WHERE source = 'quiz' AND score_id IS NOT NULL", in: path) == "151")
      #expect(try board.answers.bestScores(.max).count == 30)
      // The answers come back with the ratings of their results: correct good, accents hard, wrong again.
      let history = try board.answers.history(.max)
      #expect(history.count == 150)
      #expect(Set(history.map { "\($0.result.rawValue) \($0.rating.name)" })
        == ["correct good", "accents-only hard", "wrong again"])
      // Oldest first, in the one order (``Replay``): by date, then, within a second, by identity.
      let oldestFirst = Array(history.reversed())
      #expect(oldestFirst == Replay.ordered(history))
      func byDate(_ answers: [AnsweredQuestion]) -> [String] { answers.map { "\($0.date) \($0.item.key)" }.sorted() }
      #expect(byDate(oldestFirst) == byDate(expected))

      // The review states are those of replaying the answers in time order.
      let replayed = Replay(scheduler: Self.scheduler, marks: ItemMarks()).states(ofOrdered: expected)
      let items = try board.items.items(nil)
      #expect(items.count == 6)
      #expect(items == replayed.values.sorted { $0.item < $1.item })
      #expect(items.map(\.reps).reduce(0, +) == 150)
      // A fresh database given the same answers holds the same states (migration 10 replays for both).
      let fresh = Scoreboard.inMemory()
      #expect(try fresh.answers.importAnswers(history) == ImportSummary(added: 150, alreadyKept: 0))
      #expect(try fresh.items.items(nil) == items)

      // Opening again migrates nothing more and keeps everything.
      let again = Scoreboard.live(directory: directory)
      #expect(again.notice == nil)
      #expect(try again.items.items(nil) == items)
      #expect(try again.answers.history(.max).count == 150)
    }
  }

  /// A database a newer version migrated is never downgraded: the app says so, keeps its scores
  /// in memory, and leaves the file as it was.
  /// The leeches (forms with at least so many lapses: Progress's figures at each key) are a search
  /// of version 13's index, not a pass over every form; and they are the forms with those lapses.
  @Test func theLeechesAreFoundByTheirIndex() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      // Learnt, then forgotten twice (a lapse each), days apart.
      let days: [(Double, AnswerResult)] = [(0, .correct), (2, .correct), (8, .correct), (30, .wrong), (31, .correct), (40, .correct), (90, .wrong)]
      for (day, result) in days {
        _ = try board.answers.recordAnswer(Self.answer("tener", result, at: day * 86_400), .review)
      }
      let path = directory.appendingPathComponent("scores.sqlite").path
      #expect(Self.single("SELECT count(*) FROM sqlite_master WHERE name = 'items_lapses'", in: path) == "1")
      let steps = Self.queryPlan("SELECT * FROM items WHERE lapses >= 8 ORDER BY lapses DESC, verb, tense, person LIMIT 10", in: path)
      #expect(steps?.contains { $0.contains("USING INDEX items_lapses") } == true, "\(steps ?? [])")
      let lapses = Int(Self.single("SELECT lapses FROM items", in: path) ?? "") ?? 0
      #expect(lapses > 0)
      #expect(try board.items.leeches(lapses, 10).map(\.item.verb) == ["tener"])
      #expect(try board.items.leeches(lapses + 1, 10).isEmpty)
    }
  }

  /// A score taken back finds its answers by version 14's index, which holds only a quiz's answers
  /// (not the reviews, imports and syncs, which have no quiz); and its answers stay, with no quiz.
  @Test func aScoreTakenBackFindsItsAnswersByTheQuizzesIndex() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.recordAnswer(Self.answer("tener", at: 0), .review)
      let path = directory.appendingPathComponent("scores.sqlite").path
      #expect(Self.single("SELECT sql FROM sqlite_master WHERE name = 'answers_score'", in: path)
        == "CREATE INDEX answers_score ON answers (score_id) WHERE score_id IS NOT NULL")
      #expect(Self.single("SELECT count(*) FROM answers INDEXED BY answers_score WHERE score_id IS NOT NULL", in: path) == "0")
      let steps = Self.queryPlan("UPDATE answers SET score_id = NULL WHERE score_id = 7", in: path)
      #expect(
        steps?.contains { $0.contains("USING COVERING INDEX answers_score") || $0.contains("USING INDEX answers_score") } == true,
        "\(steps ?? [])")
    }
  }

  /// The answers kept after a given one and dated before a moment (today's plan: older answers
  /// brought in since it was made), by their ids.
  @Test func theAnswersKeptSinceAnIdAreCountedByDate() throws {
    let board = Scoreboard.inMemory()
    #expect(try board.standing.latestAnswerID() == 0)
    for day in [10.0, 11, 12] { _ = try board.answers.recordAnswer(Self.answer("tener", at: day * 86_400), .review) }
    #expect(try board.standing.latestAnswerID() == 3)
    // An older answer brought in: kept after the third, dated before it.
    _ = try board.answers.importAnswers([Self.answer("ser", at: 86_400)])
    #expect(try board.standing.latestAnswerID() == 4)
    #expect(try board.standing.answersKept(3, Self.start + 5 * 86_400) == 1)
    #expect(try board.standing.answersKept(3, Self.start + 86_400) == 0)
    #expect(try board.standing.answersKept(4, Self.start + 20 * 86_400) == 0)
    #expect(try board.standing.answersKept(0, Self.start + 11.5 * 86_400) == 3)
  }

  @Test func aNewerDatabaseIsLeftUntouched() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite")
      do {
        let board = Scoreboard.live(directory: directory)
        try board.answers.reportQuiz(Self.record(10, at: 0), [Self.answer("tener", at: 0)])
      }
      try SQLiteScoreboardTests.execute(
        "INSERT INTO grdb_migrations VALUES ('3 something from the future'); PRAGMA wal_checkpoint(TRUNCATE);",
        on: path.path)
      let before = try Data(contentsOf: path)
      let board = Scoreboard.live(directory: directory)
      #expect(board.notice?.hasPrefix("Your scores were saved by a newer version of conjugar") == true)
      #expect(board.location == "in memory")
      try board.answers.reportQuiz(Self.record(20, at: 1), [Self.answer("ser", at: 1)])
      #expect(try board.answers.bestScores(10).map(\.score) == [20])
      #expect(try Data(contentsOf: path) == before)
      #expect(try fileNames(in: directory).filter { $0.contains("corrupt") } == [])
    }
  }

  /// An answer and its item's review state are kept together, each answer in its own transaction:
  /// when one's state cannot be kept, neither is that answer, the answers before it stay, and no
  /// score is reported.
  @Test func anAnswerAndItsReviewStateAreAllOrNothing() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try SQLiteScoreboardTests.execute(
        """
        CREATE TRIGGER refuse BEFORE INSERT ON items WHEN NEW.verb = 'boom'
        BEGIN SELECT RAISE(ABORT, 'the item was refused'); END;
        """, on: board.location)
      #expect(throws: SQLiteError.self) {
        try board.answers.reportQuiz(Self.record(90, at: 0), [Self.answer("tener", at: 0), Self.answer("boom", at: 1)])
      }
      #expect(try board.answers.bestScores(10) == [])
      #expect(try board.answers.history(10) == [Self.answer("tener", at: 0)])
      #expect(try board.items.items(nil).map(\.item.verb) == ["tener"])
      try board.answers.reportQuiz(Self.record(80, at: 2), [Self.answer("ser", at: 2)])
      #expect(try board.items.items(nil).map(\.item.verb) == ["ser", "tener"])
    }
  }

  /// Each answer moves its item's review state as the scheduler says; the due items come most
  /// forgotten first; the counts follow.
  @Test(arguments: [true, false])
  func answersScheduleTheirItems(onDisk: Bool) throws {
    try withTemporaryDirectory { directory in
      let board = onDisk ? Scoreboard.live(directory: directory) : Scoreboard.inMemory()
      // tener: good, then a day later good again (review, a few days); ser: wrong (learning, a minute).
      let first = try board.answers.recordAnswer(Self.answer("tener", at: 0, rating: .good), .review).state
      #expect(first.card.state == .learning && first.card.step == 1 && first.reps == 1)
      #expect(first.card.due == Self.start + 600)
      let second = try board.answers.recordAnswer(Self.answer("tener", at: 700, rating: .good), .review).state
      #expect(second.card.state == .review && second.reps == 2)
      let expected = Self.scheduler.review(
        Self.scheduler.review(Card(due: Self.start), rating: .good, at: Self.start, item: "tener/presente/yo"),
        rating: .good, at: Self.start + 700, item: "tener/presente/yo")
      #expect(second.card == expected)
      _ = try board.answers.recordAnswer(Self.answer("ser", .wrong, at: 800), .review).state
      try board.answers.reportQuiz(Self.record(50, at: 900), [Self.answer("ir", at: 900, tense: "futuro", rating: .easy)])

      #expect(try board.items.dueCount(Self.start + 800) == 0)
      #expect(try board.items.dueCount(Self.start + 860) == 1)  // ser, a minute after
      let later = Self.start + 86_400 * 60
      #expect(try board.items.dueCount(later) == 3)
      // Most forgotten first: the lowest retrievability two months on.
      let due = try board.items.dueItems(later, 10, [])
      let byRetrievability = due.sorted {
        Self.scheduler.retrievability(of: $0.card, at: later) < Self.scheduler.retrievability(of: $1.card, at: later)
      }
      #expect(due.map(\.item) == byRetrievability.map(\.item))
      #expect(try board.items.dueItems(later, 1, []).map(\.item) == [due[0].item])
      // Skipping forms (those today's plan asks later): the next ones in the same order, as many.
      #expect(try board.items.dueItems(later, 1, [due[0].item]).map(\.item) == [due[1].item])
      #expect(try board.items.dueItems(later, 10, [due[1].item]).map(\.item) == [due[0].item, due[2].item])
      #expect(try board.items.dueItems(later, 10, Set(due.map(\.item))).isEmpty)
      #expect(try board.items.newItemsSince(Self.start + 750) == 2)
      #expect(try board.items.newItemsSince(Self.start) == 3)
      let ir = Item(verb: "ir", tense: "futuro", person: "yo")
      #expect(try board.items.knownItems([ir, Item(verb: "ir", tense: "presente", person: "yo")]) == [ir])
      #expect(try board.items.items(Self.start + 860).map(\.item.verb) == ["ser"])
      #expect(try board.answers.history(10).first?.rating == .easy)
    }
  }

  /// Imports are idempotent, and the review states follow the whole history in time order, older
  /// answers imported after newer ones included.
  @Test(arguments: [true, false])
  func importsAreIdempotentAndReplayInTimeOrder(onDisk: Bool) throws {
    try withTemporaryDirectory { directory in
      let board = onDisk ? Scoreboard.live(directory: directory) : Scoreboard.inMemory()
      let days = 86_400.0
      // With their identities, as an export writes them (the quiz's answer kept with its own).
      let all = AnswerIdentity.identified([
        Self.answer("tener", at: 0), Self.answer("tener", .wrong, at: 3 * days, given: "y"),
        Self.answer("tener", .accentsOnly, at: 9 * days, given: "z", seconds: 2.5),
        Self.answer("ser", at: 1 * days), Self.answer("ser", at: 5 * days),
      ])
      try board.answers.reportQuiz(Self.record(10, at: 9 * days), [all[2]])
      // The older answers come in afterwards: tener is replayed from its first answer.
      let summary = try board.answers.importAnswers([all[0], all[1], all[3], all[4], all[2]])
      #expect(summary == ImportSummary(added: 4, alreadyKept: 1))
      #expect(try board.answers.importAnswers(all) == ImportSummary(added: 0, alreadyKept: 5))
      let replayed = Replay(scheduler: Self.scheduler, marks: ItemMarks()).states(of: all)
      #expect(try board.items.items(nil) == replayed.values.sorted { $0.item < $1.item })
      var exported: [AnsweredQuestion] = []
      try board.answers.eachAnswer { exported.append($0) }
      #expect(exported == all.sorted { $0.date < $1.date })
      #expect(exported.map(\.id) == all.sorted { $0.date < $1.date }.map(\.id), "each answer's identity kept")
    }
  }
}

/// A large file is checked whole in the background: damage found there is salvaged at the next
/// start.
@Suite struct LargeHistoryCheckTests {
  @Test func damageInALargeFileIsFoundInTheBackgroundAndSalvagedAtTheNextStart() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite")
      do {
        let board = Scoreboard.live(directory: directory, background: .noop)
        try board.answers.reportQuiz(HistoryDatabaseTests.record(10, at: 0), [HistoryDatabaseTests.answer("tener", at: 0)])
      }
      // 20 MB in another table, past the size checked whole at each start.
      try SQLiteScoreboardTests.execute(
        """
        CREATE TABLE padding (bytes BLOB);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000)
        INSERT INTO padding SELECT randomblob(1000) FROM n;
        PRAGMA wal_checkpoint(TRUNCATE);
        """, on: path.path)
      var bytes = [UInt8](try Data(contentsOf: path))
      #expect(bytes.count > 17 << 20)
      let page = bytes.count / 4096 / 2
      for offset in (page * 4096)..<(page * 4096 + 16) { bytes[offset] = 0xFF }
      try Data(bytes).write(to: path)

      // The start checks the small tables only: no notice yet; the whole file is checked in the
      // background.
      let queue = BackgroundQueue()
      let board = Scoreboard.live(directory: directory, background: queue.background)
      #expect(board.notice == nil)
      #expect(try board.answers.bestScores(10).map(\.score) == [10])
      let mark = path.path + "-damaged"
      #expect(queue.names == ["integrity check"])
      #expect(!FileManager.default.fileExists(atPath: mark))
      #expect(board.damage() == nil)
      queue.runAll()
      #expect(FileManager.default.fileExists(atPath: mark), "the background check found nothing")
      #expect(board.damage() != nil, "the trainer says so at once")

      let next = Scoreboard.live(directory: directory, background: .noop)
      let kept = try #require(try fileNames(in: directory).first { $0.hasPrefix("scores.sqlite.corrupt-") })
      #expect(next.notice == "Your scores file was damaged: 1 answer recovered, none lost; the damaged file is kept as \(kept).")
      #expect(!FileManager.default.fileExists(atPath: mark))
      try next.answers.reportQuiz(HistoryDatabaseTests.record(20, at: 1), [])
      #expect(try next.answers.bestScores(10).map(\.score) == [20, 10])
      #expect(try next.answers.history(10).map(\.verb) == ["tener"])
    }
  }
}
