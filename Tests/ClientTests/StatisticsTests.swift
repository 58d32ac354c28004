import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

/// The statistics on hand-made histories: each figure by hand, the day boundary in time zones
/// with clock changes and half-hour offsets, and the database's summary tables against the same
/// figures computed from every answer.
@Suite struct StatisticsTests {
  static let newYork = Zone(identifier: "America/New_York")!
  static let kolkata = Zone(identifier: "Asia/Kolkata")!
  static let utc = Zone(identifier: "UTC")!

  static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  static func answer(
    _ verb: String, _ tense: String, _ person: String, _ result: AnswerResult, _ date: String, seconds: Double? = nil
  ) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: "x", given: result == .correct ? "x" : "y", result: result,
      date: Self.date(date), seconds: seconds)
  }

  /// Around New York's change to summer time (2026-03-08, 02:00 EST → 03:00 EDT, 07:00 UTC), and
  /// its midnights (05:00 UTC in winter, 04:00 in summer).
  static let history = [
    answer("tener", "presente", "yo", .correct, "2026-03-05T15:00:00Z", seconds: 2),  // Mar 5, 10:00
    answer("tener", "presente", "yo", .wrong, "2026-03-06T04:59:59Z", seconds: 4.5),  // Mar 5, 23:59:59
    answer("ser", "preterito", "tu", .wrong, "2026-03-06T05:00:00Z", seconds: 3),  // Mar 6, 00:00
    answer("ser", "preterito", "tu", .accentsOnly, "2026-03-08T06:59:00Z", seconds: 1),  // Mar 8, 01:59 EST
    answer("ir", "futuro", "el", .correct, "2026-03-08T07:00:00Z"),  // Mar 8, 03:00 EDT
    answer("ir", "futuro", "el", .wrong, "2026-03-09T03:59:59Z", seconds: 10),  // Mar 8, 23:59:59 EDT
    answer("tener", "presente", "yo", .wrong, "2026-03-09T04:00:00Z", seconds: 2.25),  // Mar 9, 00:00 EDT
    answer("hablar", "gerundio", "", .correct, "2026-03-09T12:00:00Z", seconds: 1),  // Mar 9, 08:00
  ]

  /// The figures computed from every answer and item (``Statistics/computed(answers:items:query:scheduler:)``)
  /// and those of the database (its summary tables), on a file and in memory, which must agree.
  static func both(
    _ answers: [AnsweredQuestion], _ query: StatisticsQuery, _ check: (Statistics) throws -> Void
  ) throws {
    try withTemporaryDirectory { directory in
      for board in [Scoreboard.live(directory: directory), Scoreboard.inMemory()] {
        _ = try board.answers.importAnswers(answers)
        let reference = try computed(board, query)
        try check(reference)
        let database = try board.standing.statistics(query)
        #expect(rounded(database) == rounded(reference))
        try check(database)
      }
    }
  }

  /// The figures computed from every answer and item the board keeps.
  static func computed(_ board: Scoreboard, _ query: StatisticsQuery) throws -> Statistics {
    Statistics.computed(answers: try board.answers.allAnswers(), items: try board.items.items(nil), query: query, scheduler: Scheduler())
  }

  /// Sums of doubles in another order differ in the last bits.
  static func rounded(_ statistics: Statistics) -> Statistics {
    var result = statistics
    result.memory.recall = statistics.memory.recall.map { ($0 * 1e9).rounded() / 1e9 }
    func round(_ tally: inout Tally) { tally.seconds = (tally.seconds * 1e6).rounded() / 1e6 }
    round(&result.total)
    round(&result.today)
    for key in result.cells.keys { round(&result.cells[key]!) }
    for key in result.verbs.keys { round(&result.verbs[key]!) }
    for index in result.days.indices { round(&result.days[index].tally) }
    return result
  }

  static func days(_ statistics: Statistics) -> [String] {
    statistics.days.map { "\($0.day) \($0.tally.answers)/\($0.tally.correct)" }
  }

  @Test func daysAreLocalAcrossAClockChange() throws {
    let query = StatisticsQuery(now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.newYork, byVerb: true)
    try Self.both(Self.history, query) { statistics in
      #expect(Self.days(statistics) == ["2026-03-05 2/1", "2026-03-06 1/0", "2026-03-08 3/1", "2026-03-09 2/1"])
      #expect(statistics.total == Tally(answers: 8, correct: 3, accentsOnly: 1, wrong: 4, seconds: 23.75))
      #expect(statistics.total.accuracy == 3.0 / 8)
      #expect(statistics.today == Tally(answers: 2, correct: 1, accentsOnly: 0, wrong: 1, seconds: 3.25))
      // Mar 9 and Mar 8; Mar 7 had none.
      #expect(statistics.streak == 2)
      #expect(statistics.tenses["presente"] == Tally(answers: 3, correct: 1, accentsOnly: 0, wrong: 2, seconds: 8.75))
      #expect(statistics.tenses["gerundio"]?.answers == 1)
      #expect(statistics.persons["tu"] == Tally(answers: 2, correct: 0, accentsOnly: 1, wrong: 1, seconds: 4))
      #expect(statistics.persons[""] == nil)
      #expect(statistics.cells[.init(tense: "futuro", person: "el")]?.answers == 2)
      #expect(statistics.verbs["tener"]?.answers == 3)
      #expect(statistics.mostMissed.map { "\($0.item.key) \($0.wrong)" }
        == ["tener/presente/yo 2", "ir/futuro/el 1", "ser/preterito/tu 1"])
      #expect(statistics.memory.items == 4)
    }
    // The same answers in UTC fall on other days.
    try Self.both(Self.history, StatisticsQuery(now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.utc)) {
      #expect(Self.days($0) == ["2026-03-05 1/1", "2026-03-06 2/0", "2026-03-08 2/1", "2026-03-09 3/1"])
      #expect($0.streak == 2)  // today is Mar 10 in UTC: none yet, which does not break Mar 8 and 9
    }
  }

  @Test func sinceADayCountsFromItsLocalMidnight() throws {
    // Mar 8 begins at 05:00 UTC: the answers of its first hours (a UTC day begun before) count.
    let query = StatisticsQuery(
      now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.newYork, since: Day("2026-03-08"), byVerb: true)
    try Self.both(Self.history, query) { statistics in
      #expect(statistics.total == Tally(answers: 5, correct: 2, accentsOnly: 1, wrong: 2, seconds: 14.25))
      #expect(statistics.cells.count == 4)
      #expect(statistics.cells[.init(tense: "preterito", person: "tu")]
        == Tally(answers: 1, correct: 0, accentsOnly: 1, wrong: 0, seconds: 1))
      #expect(statistics.cells[.init(tense: "futuro", person: "el")]
        == Tally(answers: 2, correct: 1, accentsOnly: 0, wrong: 1, seconds: 10))
      #expect(statistics.verbs.keys.sorted() == ["hablar", "ir", "ser", "tener"])
      #expect(statistics.mostMissed.map { "\($0.item.key) \($0.wrong)" } == ["ir/futuro/el 1", "tener/presente/yo 1"])
      // The days, the streak and today are whole whatever the day asked.
      #expect(statistics.days.count == 4)
      #expect(statistics.days(since: query.since).map(\.day.description) == ["2026-03-08", "2026-03-09"])
      #expect(statistics.streak == 2)
    }
    // From a day after every answer: nothing.
    let later = StatisticsQuery(now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.newYork, since: Day("2026-03-10"))
    try Self.both(Self.history, later) {
      #expect($0.total == Tally())
      #expect($0.cells.isEmpty)
      #expect($0.mostMissed.isEmpty)
    }
  }

  /// India is 5 h 30 ahead of UTC: its midnight is 18:30 UTC, in the middle of a UTC hour.
  @Test func aHalfHourOffset() throws {
    let answers = [
      Self.answer("tener", "presente", "yo", .correct, "2026-06-01T18:15:00Z"),
      Self.answer("tener", "presente", "yo", .correct, "2026-06-01T18:29:59Z"),
      Self.answer("tener", "presente", "yo", .wrong, "2026-06-01T18:30:00Z"),
    ]
    let query = StatisticsQuery(
      now: Self.date("2026-06-01T20:00:00Z"), timeZone: Self.kolkata, since: Day("2026-06-02"))
    try Self.both(answers, query) { statistics in
      #expect(Self.days(statistics) == ["2026-06-01 2/2", "2026-06-02 1/0"])
      #expect(statistics.total.answers == 1)
      #expect(statistics.cells[.init(tense: "presente", person: "yo")]?.wrong == 1)
      #expect(statistics.today.answers == 1)
      #expect(statistics.streak == 2)
    }
  }

  /// A streak is days in a row up to today; today not yet practised does not break it, a day
  /// missed does.
  @Test func theStreak() throws {
    let days = Set(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-05", "2026-03-06"].map { Day($0)! })
    #expect(Statistics.streak(days: days, today: Day("2026-03-06")!) == 2)
    #expect(Statistics.streak(days: days, today: Day("2026-03-07")!) == 2)  // not lost before the day ends
    #expect(Statistics.streak(days: days, today: Day("2026-03-08")!) == 0)
    #expect(Statistics.streak(days: days, today: Day("2026-03-04")!) == 3)
    #expect(Statistics.streak(days: [], today: Day("2026-03-04")!) == 0)
    // Through the database, in the learner's time zone: 23:30 in New York is already tomorrow in UTC.
    let answers = [
      Self.answer("ser", "presente", "yo", .correct, "2026-03-02T04:30:00Z"),  // Mar 1, 23:30
      Self.answer("ser", "presente", "yo", .correct, "2026-03-03T04:30:00Z"),  // Mar 2, 23:30
    ]
    try Self.both(answers, StatisticsQuery(now: Self.date("2026-03-03T15:00:00Z"), timeZone: Self.newYork)) {
      #expect($0.streak == 2)
      #expect($0.today.answers == 0)
    }
    try Self.both(answers, StatisticsQuery(now: Self.date("2026-03-04T05:00:00Z"), timeZone: Self.newYork)) {
      #expect($0.streak == 0)  // Mar 4 began: Mar 3 was missed
    }
  }

  @Test func theMemory() throws {
    // One item answered right now and then for months: it graduates and grows stable (mastered);
    // one answered wrong once today (new, learning); one answered long ago and not since.
    var answers: [AnsweredQuestion] = []
    var day = Self.date("2026-01-01T12:00:00Z")
    for gap in [0, 1, 3, 8, 20, 45] {
      day = day.addingTimeInterval(Double(gap) * 86_400)
      answers.append(AnsweredQuestion(
        verb: "tener", tense: "presente", person: "yo", expected: "tengo", given: "tengo", result: .correct,
        date: day, rating: .easy))
    }
    answers.append(Self.answer("ir", "preterito", "yo", .wrong, "2026-04-01T09:00:00Z"))
    answers.append(AnsweredQuestion(
      verb: "ser", tense: "futuro", person: "yo", expected: "seré", given: "seré", result: .correct,
      date: Self.date("2026-01-02T09:00:00Z"), rating: .easy))
    let now = Self.date("2026-04-01T12:00:00Z")
    let query = StatisticsQuery(now: now, timeZone: Self.utc)
    try Self.both(answers, query) { statistics in
      let memory = statistics.memory
      #expect(memory.items == 3)
      #expect(memory.new == 1)
      #expect(memory.learning == 1)
      #expect(memory.review == 2)
      #expect(memory.mastered == 1)
      #expect(memory.relearning == 0)
      // ser is long due; ir comes back 10 minutes after its wrong answer: due; tener within days.
      #expect(memory.dueNow == 2)
      #expect(memory.dueWeek == 0)
      let recall = try #require(memory.recall)
      #expect(recall > 0.3 && recall < 1)
    }
    // The predicted recall is the mean of the retrievability of each item now.
    let inMemory = Scoreboard.inMemory()
    _ = try inMemory.answers.importAnswers(answers)
    let scheduler = Scheduler()
    let mean = try inMemory.items.items(nil).map { scheduler.retrievability(of: $0.card, at: now) }.reduce(0, +) / 3
    #expect(abs(try inMemory.standing.statistics(query).memory.recall! - mean) < 1e-12)
    #expect(try inMemory.items.items(nil).first { $0.item == Item(verb: "tener", tense: "presente", person: "yo") }!.card.stability! >= 21)
  }

  @Test func answersSinceAMidnight() throws {
    let midnight = Day("2026-03-09")!.start(in: Self.newYork)
    #expect(midnight == Self.date("2026-03-09T04:00:00Z"))
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.importAnswers(Self.history)
      #expect(try board.standing.answersSince(midnight) == 2)
      #expect(try board.standing.answersSince(Self.date("2026-03-01T00:00:00Z")) == 8)
    }
    let inMemory = Scoreboard.inMemory()
    _ = try inMemory.answers.importAnswers(Self.history)
    #expect(try inMemory.standing.answersSince(midnight) == 2)
    // From any quarter hour (the days after it are read whole, its own day by quarter hours), and
    // from the beginning of time.
    let slots = Self.history.map { Int(($0.date.timeIntervalSince1970 / 900).rounded(.down)) }
    for slot in stride(from: slots.min()! - 200, through: slots.max()! + 200, by: 7) {
      let date = Date(timeIntervalSince1970: Double(slot) * 900 + 17)
      #expect(try inMemory.standing.answersSince(date) == slots.count { $0 >= slot }, "\(date)")
    }
    #expect(try inMemory.standing.answersSince(.distantPast) == Self.history.count)
  }

  /// The verbs answered, for the groups the Progress screen works out ahead of its first frame.
  @Test func theVerbsAnswered() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      #expect(try board.standing.answeredVerbs().isEmpty)
      _ = try board.answers.importAnswers(Self.history)
      #expect(try board.standing.answeredVerbs().sorted() == ["hablar", "ir", "ser", "tener"])
    }
    let inMemory = Scoreboard.inMemory()
    _ = try inMemory.answers.importAnswers(Self.history)
    #expect(try inMemory.standing.answeredVerbs().sorted() == ["hablar", "ir", "ser", "tener"])
  }

  /// Answers around the clock for four weeks, across New York's clock change: the days of the
  /// database (whole UTC days, and the quarter-hours on the other side of the local midnight moved)
  /// are those computed from every answer, in zones behind UTC and ahead of it, by whole, half and
  /// quarter hours, with the local midnight early or late in the UTC day.
  @Test func daysAroundTheClockInManyZones() throws {
    let formatter = ISO8601DateFormatter()
    let first = Self.date("2026-02-20T00:00:00Z")
    let answers = (0..<300).map { (n: Int) -> AnsweredQuestion in
      let date = formatter.string(from: first.addingTimeInterval(Double(n) * 8_111))
      let result: AnswerResult = n % 5 == 0 ? .wrong : .correct
      return Self.answer(["tener", "ser", "ir"][n % 3], "presente", "yo", result, date, seconds: Double(n % 7))
    }
    let now = first.addingTimeInterval(300 * 8_111)
    for zone in ["America/New_York", "UTC", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Auckland", "Pacific/Chatham"] {
      let timeZone = Zone(identifier: zone)!
      try Self.both(answers, StatisticsQuery(now: now, timeZone: timeZone)) { statistics in
        #expect(statistics.days.count >= 28, "\(zone)")
        #expect(statistics.days.map(\.tally.answers).reduce(0, +) == 300, "\(zone)")
      }
      try Self.both(answers, StatisticsQuery(now: now, timeZone: timeZone, since: Day("2026-03-08"))) { _ in }
    }
  }

  /// A database of version 3, before `stats_days`, upgrades in place: the table is filled from the
  /// answers there, its figures are those computed from every answer, and its trigger keeps it.
  @Test func theDaysTableIsFilledFromTheAnswersThere() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      _ = try Scoreboard.live(directory: directory).answers.importAnswers(Array(Self.history[..<6]))
      try SQLiteScoreboardTests.execute(
        """
        DROP TRIGGER stats_day_answer; DROP TABLE stats_days;
        DELETE FROM grdb_migrations WHERE identifier = '4 statistics by day';
        """, on: path)
      #expect(HistoryDatabaseTests.single("SELECT count(*) FROM sqlite_master WHERE name = 'stats_days'", in: path) == "0")
      let board = Scoreboard.live(directory: directory)
      #expect(board.notice == nil)
      // The UTC days of those answers: Mar 5, 6, 8 and 9.
      #expect(HistoryDatabaseTests.single("SELECT group_concat(answers, ',') FROM stats_days", in: path) == "1,2,2,1")
      let query = StatisticsQuery(now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.newYork, byVerb: true)
      #expect(Self.rounded(try board.standing.statistics(query)) == Self.rounded(try Self.computed(board, query)))
      _ = try board.answers.importAnswers(Array(Self.history[6...]))
      #expect(HistoryDatabaseTests.single("SELECT group_concat(answers, ',') FROM stats_days", in: path) == "1,2,2,3")
      #expect(Self.rounded(try board.standing.statistics(query)) == Self.rounded(try Self.computed(board, query)))
    }
  }

  /// Answers recorded one by one (reviews) and in quizzes keep the summaries as imports do.
  @Test func everyWayOfAddingAnAnswerKeepsTheSummaries() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      let answers = Self.history
      _ = try board.answers.recordAnswer(answers[0], .review).state
      try board.answers.reportQuiz(
        ScoreRecord(score: 10, date: answers[2].date, difficulty: .easy, region: .spain, seconds: 60),
        Array(answers[1...3]))
      _ = try board.answers.importAnswers(Array(answers[4...]))
      let query = StatisticsQuery(now: Self.date("2026-03-10T03:00:00Z"), timeZone: Self.newYork, byVerb: true)
      #expect(Self.rounded(try board.standing.statistics(query)) == Self.rounded(try Self.computed(board, query)))
    }
  }

  @Test func days() {
    #expect(Day("1970-01-01")?.number == 0)
    #expect(Day("2000-03-01")?.description == "2000-03-01")
    #expect(Day("2024-02-29")! + 1 == Day("2024-03-01")!)
    #expect(Day("1969-12-31")?.number == -1)
    for bad in ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", "2026-01-01T00:00", "", "2026-00-10"] {
      #expect(Day(bad) == nil, "\(bad)")
    }
    for number in stride(from: -300_000, through: 2_000_000, by: 997) {
      #expect(Day(Day(number: number).description)?.number == number)
    }
    #expect(Day(Self.date("2026-03-09T03:59:59Z"), in: Self.newYork).description == "2026-03-08")
    #expect(Day(Self.date("2026-03-09T04:00:00Z"), in: Self.newYork).description == "2026-03-09")
    #expect(Day("2026-03-08")!.start(in: Self.newYork) == Self.date("2026-03-08T05:00:00Z"))
    // Midnight skipped by a clock change (Santiago, 2026-09-06): the day begins at 01:00.
    let santiago = Zone(identifier: "America/Santiago")!
    #expect(Day("2026-09-06")!.start(in: santiago) == Self.date("2026-09-06T04:00:00Z"))
  }
}
