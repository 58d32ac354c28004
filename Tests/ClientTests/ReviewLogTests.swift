import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

/// The live board reads the optimizer's review log, and the rules' standing's counts, with a
/// statement of its own, on a connection of its own: the same as made from every answer
/// (`eachAnswer`), rating rules included.
@Suite struct ReviewLogTests {
  @Test func theLiveLogIsTheLogOfEveryAnswer() throws {
    let start = HistoryDatabaseTests.start
    func answer(_ verb: String, _ person: String, _ result: AnswerResult, _ days: Double, rating: Rating? = nil) -> AnsweredQuestion {
      AnsweredQuestion(
        verb: verb, tense: "presente", person: person, expected: "x", given: result == .wrong ? "y" : "x", result: result,
        date: start + days * 86_400, rating: rating)
    }
    // Out of time order, ratings given and derived, the same second twice, a form answered within the day.
    let answers = [
      answer("tener", "yo", .correct, 3, rating: .easy), answer("tener", "yo", .wrong, 0),
      answer("tener", "yo", .accentsOnly, 1), answer("ser", "tu", .correct, 0), answer("ser", "tu", .correct, 0.2),
      answer("ser", "tu", .correct, 4, rating: .hard), answer("ir", "el", .wrong, 2), answer("ir", "el", .correct, 2),
    ]
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.importAnswers(answers)
      var reviews: [(item: String, seconds: Int64, rating: Rating)] = []
      try board.answers.eachAnswer { reviews.append(($0.item.key, Int64($0.date.timeIntervalSince1970), $0.rating)) }
      let expected = ReviewLog(reviews: reviews)
      let log = try board.memory.reviewLog()
      #expect(log.items == expected.items)
      #expect(log.targets == expected.targets && log.targets == 3)
      // tener: wrong (again), accents only (hard), then the rating given.
      #expect(log.items.contains { $0.map(\.rating) == [.again, .hard, .easy] && $0.map(\.days) == [0, 1, 2] })
    }
  }

  /// The long reads (every form's state, 10,000 answers or more) go on a connection of their own on
  /// a file, and on the board's own in memory: the same answers and states either way, and as a
  /// short read gives them; an answer kept just before is seen.
  @Test func longReadsOnAConnectionOfTheirOwnReadWhatTheBoardHolds() throws {
    let start = HistoryDatabaseTests.start
    let verbs = ["tener", "ser", "ir"], persons = ["yo", "tu"]
    let answers: [AnsweredQuestion] = (0..<30).map { (n: Int) -> AnsweredQuestion in
      let wrong = n % 4 == 0
      let date: Date = start + Double(n) * 3_600
      return AnsweredQuestion(
        verb: verbs[n % 3], tense: "presente", person: persons[n % 2], expected: "x", given: wrong ? "y" : "x",
        result: wrong ? .wrong : .correct, date: date)
    }
    try withTemporaryDirectory { directory in
      let file = Scoreboard.live(directory: directory)
      let memory = Scoreboard.inMemory()
      for board in [file, memory] { _ = try board.answers.importAnswers(answers) }
      #expect(file.location != memory.location)
      let long = try file.answers.history(20_000)
      #expect(long.count == answers.count && long.first?.date == answers.last?.date)
      #expect(long.map(\.item) == (try memory.answers.history(20_000)).map(\.item))
      #expect(long.map(\.date) == (try file.answers.history(answers.count)).map(\.date))  // a short read
      #expect(try file.items.items(nil) == (try memory.items.items(nil)))
      #expect(try file.items.items(nil).count == 6)
      _ = try file.answers.importAnswers([
        AnsweredQuestion(verb: "dar", tense: "presente", person: "yo", expected: "doy", given: "doy", result: .correct, date: start + 200_000)
      ])
      #expect(try file.answers.history(20_000).first?.verb == "dar")
      #expect(try file.items.items(nil).contains { $0.item.verb == "dar" })
    }
  }

  /// Each form's answers recalled and missed (the rules' standing's evidence), counted by SQLite:
  /// as every answer (`eachAnswer`) has them — the rating kept, else the result's, whatever the
  /// mode; on a file and in memory.
  @Test func theLiveRecallCountsAreEveryAnswersCounts() throws {
    let start = HistoryDatabaseTests.start
    func answer(
      _ verb: String, _ person: String, _ result: AnswerResult, _ days: Double, rating: Rating? = nil, mode: AnswerMode = .written
    ) -> AnsweredQuestion {
      AnsweredQuestion(
        verb: verb, tense: "presente", person: person, expected: "x", given: result == .wrong ? "y" : "x", result: result,
        date: start + days * 86_400, rating: rating, mode: mode)
    }
    // Ratings given and derived (a right answer shown first: again), accents only, the same second twice, every mode.
    let answers = [
      answer("tener", "yo", .correct, 3, rating: .easy), answer("tener", "yo", .wrong, 0), answer("tener", "yo", .accentsOnly, 1),
      answer("tener", "yo", .correct, 2, rating: .again), answer("ser", "tu", .correct, 0, mode: .listening),
      answer("ser", "tu", .correct, 0.2), answer("ir", "el", .wrong, 2, mode: .recognition), answer("ir", "el", .correct, 2),
    ]
    func check(_ board: Scoreboard) throws {
      _ = try board.answers.importAnswers(answers)
      var expected: [Item: RecallCount] = [:]
      try board.answers.eachAnswer { answer in
        let recalled = answer.rating != .again
        expected[answer.item, default: RecallCount(recalled: 0, missed: 0)].recalled += recalled ? 1 : 0
        expected[answer.item, default: RecallCount(recalled: 0, missed: 0)].missed += recalled ? 0 : 1
      }
      let counts = try board.memory.recallCounts()
      #expect(counts == expected)
      #expect(counts[Item(verb: "tener", tense: "presente", person: "yo")] == RecallCount(recalled: 2, missed: 2))
      #expect(counts[Item(verb: "ser", tense: "presente", person: "tu")] == RecallCount(recalled: 2, missed: 0))
      #expect(counts.values.reduce(0) { $0 + $1.recalled + $1.missed } == answers.count)
    }
    try withTemporaryDirectory { try check(Scoreboard.live(directory: $0)) }
    try check(Scoreboard.inMemory())
  }
}
