import BackgroundClient
import CSQLite
import ClockClient
import ConjugarWorlds
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// Taking the last answer back: the history, the review states and every summary table are as they
/// were before it, row for row.
@Suite struct UndoTests {
  static let start = HistoryDatabaseTests.start

  /// Every row of every table the score board keeps, as text, table by table.
  static func dump(_ path: String) -> [String: [String]] {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [:] }
    var tables: [String: [String]] = [:]
    for table in [
      "scores", "answers", "items", "stats_slots", "stats_cells", "stats_cell_totals", "stats_verbs", "stats_days",
      "stats_missed",
    ] {
      var statement: OpaquePointer?
      defer { sqlite3_finalize(statement) }
      guard sqlite3_prepare_v2(handle, "SELECT * FROM \(table)", -1, &statement, nil) == SQLITE_OK else {
        tables[table] = ["missing"]
        continue
      }
      var rows: [String] = []
      while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
          (0..<sqlite3_column_count(statement)).map { column in
            sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
          }.joined(separator: "|"))
      }
      tables[table] = rows.sorted()
    }
    return tables
  }

  static func answer(
    _ verb: String, _ result: AnswerResult, at offset: TimeInterval, seconds: Double = 2.345
  ) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: verb, tense: "presente", person: "yo", expected: "x", given: result == .wrong ? "y" : "x", result: result,
      date: start + offset, seconds: seconds)
  }

  /// Answers already there (tener twice, ser wrong once, in the same quarter-hour and day), then
  /// one more: of an item seen before (the tallies go down) or new (its rows go), right or wrong.
  @Test(arguments: [("tener", AnswerResult.wrong), ("tener", .correct), ("ir", .wrong), ("ir", .accentsOnly)])
  func anUndoneAnswerLeavesEveryTableAsBefore(verb: String, result: AnswerResult) throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.importAnswers([
        Self.answer("tener", .correct, at: 0), Self.answer("ser", .wrong, at: 30), Self.answer("tener", .wrong, at: 60),
      ])
      try board.answers.reportQuiz(HistoryDatabaseTests.record(10, at: 90), [Self.answer("ser", .correct, at: 90)])
      let before = Self.dump(board.location)
      let dueBefore = try board.items.dueCount(Self.start + 86_400)
      let query = StatisticsQuery(now: Self.start + 3600, timeZone: Zone(identifier: "Europe/Madrid")!, byVerb: true)
      let statisticsBefore = try board.standing.statistics(query)

      let kept = try board.answers.recordAnswer(Self.answer(verb, result, at: 120, seconds: 1.1), .quiz)
      #expect(Self.dump(board.location) != before, "the answer changed the tables")
      try board.answers.undoAnswer(kept)

      #expect(Self.dump(board.location) == before)
      #expect(try board.items.dueCount(Self.start + 86_400) == dueBefore)
      // The seconds summed less the answer's may differ in the last bit of a Double (a + b − b);
      // `stats` prints them to the millisecond.
      #expect(StatisticsTests.rounded(try board.standing.statistics(query)) == StatisticsTests.rounded(statisticsBefore))
    }
  }

  /// The score board in memory takes an answer back the same way.
  @Test func theBoardInMemoryTakesAnAnswerBack() throws {
    let board = Scoreboard.inMemory()
    try board.answers.reportQuiz(HistoryDatabaseTests.record(10, at: 0), [Self.answer("tener", .correct, at: 0)])
    let (history, items) = (try board.answers.history(10), try board.items.items(nil))
    let kept = try board.answers.recordAnswer(Self.answer("tener", .wrong, at: 60), .review)
    #expect(kept.before == items.first)
    try board.answers.undoAnswer(kept)
    #expect(try board.answers.history(10) == history)
    #expect(try board.items.items(nil) == items)
  }

  /// A finished quiz's score taken back: the score gone, its answers kept.
  @Test(arguments: [true, false])
  func aWithdrawnScoreLeavesItsAnswers(onDisk: Bool) throws {
    try withTemporaryDirectory { directory in
      let board = onDisk ? Scoreboard.live(directory: directory) : Scoreboard.inMemory()
      let id = try board.answers.reportQuiz(HistoryDatabaseTests.record(10, at: 0), [Self.answer("tener", .correct, at: 0)])
      try board.answers.withdrawScore(id)
      #expect(try board.answers.bestScores(10) == [])
      #expect(try board.answers.history(10).map(\.verb) == ["tener"])
    }
  }
}

/// The daily backups: one a day at most, the last seven kept, each a whole copy.
@Suite struct BackupTests {
  @Test func oneADayTheLastSevenKept() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      try board.answers.reportQuiz(HistoryDatabaseTests.record(10, at: 0), [HistoryDatabaseTests.answer("tener", at: 0)])
      let maintenance = HistoryMaintenance.live(directory: directory, files: .live, clock: .live)
      let start = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
      for day in 0..<9 {
        #expect(maintenance.backUp(start + Double(day) * 86_400) == nil)
        // A second start the same day makes none.
        #expect(maintenance.backUp(start + Double(day) * 86_400 + 3600) == nil)
      }
      let backups = maintenance.backups()
      #expect(backups.map(\.day) == (2..<9).map { "2026-09-\(21 + $0)" })
      // Each is a database with the history of its day.
      let restored = directory.appendingPathComponent("restored")
      try FileManager.default.createDirectory(at: restored, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: backups[0].path, toPath: restored.appendingPathComponent("scores.sqlite").path)
      #expect(try Scoreboard.live(directory: restored).answers.history(10) == [HistoryDatabaseTests.answer("tener", at: 0)])
    }
  }

  /// The trainer's start: today's copy made in the background after the opening, beside the
  /// integrity check; a command's opening makes none.
  @Test func theTrainersStartBacksUpInTheBackground() throws {
    try withTemporaryDirectory { directory in
      let maintenance = HistoryMaintenance.live(directory: directory, files: .live, clock: .live)
      let command = BackgroundQueue()
      _ = Scoreboard.live(directory: directory, background: command.background)
      #expect(command.names == ["integrity check"])
      command.runAll()
      #expect(maintenance.backups().isEmpty)
      let trainer = BackgroundQueue()
      _ = Scoreboard.live(directory: directory, background: trainer.background, backups: true)
      #expect(trainer.names == ["integrity check", "backup"])
      #expect(maintenance.backups().isEmpty, "not before the job runs")
      trainer.runAll()
      #expect(maintenance.backups().count == 1)
    }
  }
}
