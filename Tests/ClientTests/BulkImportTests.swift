import CSQLite
import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// An import of many answers takes the bulk path (the summaries filled anew, the indexes made
/// whole): its database is row for row that of the same answers imported a few at a time.
@Suite struct BulkImportTests {
  /// 12,000 answers on 900 forms, some wrong, some right but for the accents, over a year, a few
  /// given twice.
  static let answers: [AnsweredQuestion] = (0..<12_000).map { i in
    let result: AnswerResult = i % 7 == 0 ? .wrong : i % 11 == 0 ? .accentsOnly : .correct
    return AnsweredQuestion(
      verb: "verb\(i % 100)", tense: ["presente", "preterito", "futuro"][i % 3], person: ["yo", "tu", "el"][(i / 3) % 3],
      expected: "x", given: result == .correct ? "x" : result == .wrong ? "y\(i % 3)" : "á", result: result,
      date: Date(timeIntervalSince1970: 1_760_000_000 + Double(i) * 2_600 + Double(i % 13) * 86_400),
      seconds: i % 5 == 0 ? nil : 1 + Double(i % 9) * 0.37)
  }

  @Test func aBulkImportEndsAsAnswerByAnswerDoes() throws {
    // With their identities, as an export writes them; 50 of them twice: kept once.
    let identified = AnswerIdentity.identified(Self.answers)
    let answers = identified + identified.prefix(50)
    try withTemporaryDirectory { directory in
      let bulk = directory.appendingPathComponent("bulk"), steps = directory.appendingPathComponent("steps")
      let summary = try Scoreboard.live(directory: bulk).answers.importAnswers(answers)
      #expect(summary == ImportSummary(added: 12_000, alreadyKept: 50))
      let board = Scoreboard.live(directory: steps)
      var added = 0
      for start in stride(from: 0, to: answers.count, by: 2_500) {
        added += try board.answers.importAnswers(Array(answers[start..<min(start + 2_500, answers.count)])).added
      }
      #expect(added == 12_000)
      let bulkTables = UndoTests.dump(bulk.appendingPathComponent("scores.sqlite").path)
      let stepTables = UndoTests.dump(steps.appendingPathComponent("scores.sqlite").path)
      #expect(bulkTables["answers"]?.count == 12_000)
      // The indexes and triggers set aside are all back, as they were.
      let schema = "SELECT group_concat(type || ' ' || name || ' ' || sql, char(10)) FROM (SELECT * FROM sqlite_master ORDER BY name)"
      let bulkSchema = HistoryDatabaseTests.single(schema, in: bulk.appendingPathComponent("scores.sqlite").path)
      #expect(bulkSchema != nil)
      #expect(bulkSchema == HistoryDatabaseTests.single(schema, in: steps.appendingPathComponent("scores.sqlite").path))
      for table in ["answers", "items", "stats_slots", "stats_cells", "stats_cell_totals", "stats_verbs", "stats_days", "stats_missed"] {
        #expect(SalvageTests.rounded(bulkTables[table]) == SalvageTests.rounded(stepTables[table]), "\(table)")
      }
      // Again, whole: nothing added; and the statistics' triggers are back (one answer more counts).
      let again = Scoreboard.live(directory: bulk)
      #expect(try again.answers.importAnswers(answers) == ImportSummary(added: 0, alreadyKept: 12_050))
      let one = AnsweredQuestion(
        verb: "verb1", tense: "presente", person: "yo", expected: "x", given: "x", result: .correct,
        date: Date(timeIntervalSince1970: 1_800_000_000))
      _ = try again.answers.recordAnswer(one, .review)
      _ = try board.answers.recordAnswer(one, .review)
      let after = UndoTests.dump(bulk.appendingPathComponent("scores.sqlite").path)
      let afterSteps = UndoTests.dump(steps.appendingPathComponent("scores.sqlite").path)
      for table in ["stats_slots", "stats_cells", "stats_cell_totals", "stats_verbs", "stats_days", "stats_missed"] {
        #expect(SalvageTests.rounded(after[table]) == SalvageTests.rounded(afterSteps[table]), "\(table) after an answer")
      }
      #expect(Scoreboard.live(directory: bulk).notice == nil)
    }
  }

  /// A bulk import into a history that has answers: the summaries' counts added to theirs, the
  /// forms it had replayed from their whole history; as answer by answer again.
  @Test func aSecondBulkImportAddsToTheFirst() throws {
    try withTemporaryDirectory { directory in
      let bulk = directory.appendingPathComponent("bulk"), steps = directory.appendingPathComponent("steps")
      let board = Scoreboard.live(directory: bulk)
      #expect(try board.answers.importAnswers(Array(Self.answers.prefix(10_000))).added == 10_000)
      #expect(try board.answers.importAnswers(Array(Self.answers.reversed())) == ImportSummary(added: 2_000, alreadyKept: 10_000))
      let stepBoard = Scoreboard.live(directory: steps)
      for start in stride(from: 0, to: Self.answers.count, by: 2_500) {
        _ = try stepBoard.answers.importAnswers(Array(Self.answers[start..<min(start + 2_500, Self.answers.count)]))
      }
      let bulkTables = UndoTests.dump(bulk.appendingPathComponent("scores.sqlite").path)
      let stepTables = UndoTests.dump(steps.appendingPathComponent("scores.sqlite").path)
      for table in ["items", "stats_slots", "stats_cells", "stats_cell_totals", "stats_verbs", "stats_days", "stats_missed"] {
        #expect(SalvageTests.rounded(bulkTables[table]) == SalvageTests.rounded(stepTables[table]), "\(table)")
      }
      #expect(bulkTables["answers"]?.count == 12_000)
    }
  }

  /// A bulk import numbers its answers itself (``Schema/insertNumberedAnswer``): from above every
  /// answer kept and every one taken back, as answer by answer.
  @Test func aBulkImportNumbersItsAnswersAfterThoseTakenBack() throws {
    let answers = AnswerIdentity.identified(Self.answers)
    try withTemporaryDirectory { directory in
      var numbers: [[String]] = []
      for bulk in [true, false] {
        let folder = directory.appendingPathComponent(bulk ? "bulk" : "steps")
        let board = Scoreboard.live(directory: folder)
        let kept = try (0..<3).map { i in
          try board.answers.recordAnswer(
            AnsweredQuestion(
              verb: "verb1", tense: "presente", person: "yo", expected: "x", given: "x", result: .correct,
              date: Date(timeIntervalSince1970: 1_700_000_000 + Double(i))), .review)
        }
        // The two latest taken back: the next id is 4, not 2.
        try board.answers.undoAnswer(kept[2])
        try board.answers.undoAnswer(kept[1])
        let chunk = bulk ? answers.count : 2_500
        for start in stride(from: 0, to: answers.count, by: chunk) {
          _ = try board.answers.importAnswers(Array(answers[start..<min(start + chunk, answers.count)]))
        }
        numbers.append(Self.column("SELECT id || ' ' || hex(uid) FROM answers ORDER BY id", in: folder))
      }
      #expect(numbers[0].count == 12_001)
      #expect(numbers[0].first?.hasPrefix("1 ") == true && numbers[0].dropFirst().first?.hasPrefix("4 ") == true)
      #expect(numbers[0].last?.hasPrefix("12003 ") == true)
      // The answer kept before has an identity of its own on each machine.
      #expect(numbers[0].dropFirst() == numbers[1].dropFirst())
    }
  }

  /// The first column of each row `sql` selects in the history under `folder`.
  static func column(_ sql: String, in folder: URL) -> [String] {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    let path = folder.appendingPathComponent("scores.sqlite").path
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
    var rows: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "NULL")
    }
    return rows
  }
}
