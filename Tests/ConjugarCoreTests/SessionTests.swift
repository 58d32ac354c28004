import AnalyticsClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import Testing

/// Sessions built from given questions, touching no World; and whole quizzes built from a World
/// that states each dependeffect the quiz uses, asserting on what the quiz asked of them.
@Suite struct SessionTests {
  static let questions = [
    Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"]),
    Question(verb: "hablar", translation: "to speak", form: .finite(.futuro, .tu), accepted: ["hablarás"]),
    Question(verb: "ir", translation: "to go", form: .gerundio, accepted: ["yendo"]),
  ]

  @Test func aSessionFromGivenQuestionsMarksScoresAndTimesItsAnswers() {
    let (clock, time) = WallClock.manual()
    var session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .moderate, region: .spain), clock: clock)
    #expect(session.current == Self.questions[0])
    #expect(session.progress == (1, 3) as (Int, Int))
    time.advance(by: 4)
    #expect(session.answer(" Tuve ") == .correct)
    #expect(session.answer("hablaras") == .accentsOnly)
    time.advance(by: 10)
    #expect(session.answer("iendo") == .wrong)
    #expect(session.isFinished)
    #expect(session.current == nil)
    #expect(session.points == 15)
    #expect(session.score == 36)  // 15 × 2 (moderate) × 1.2 (Spain)
    #expect(session.elapsedSeconds == 14)
    #expect([session.count(.correct), session.count(.accentsOnly), session.count(.wrong)] == [1, 1, 1])
    let history = session.history
    #expect(history.map(\.tense) == ["preterito", "futuro", "gerundio"])
    #expect(history.map(\.person) == ["yo", "tu", ""])
    #expect(history.map(\.expected) == ["tuve", "hablarás", "yendo"])
    #expect(history[0].given == " Tuve ")
    // Each answer is timed from its question and rated by the rating rule: tuve, right at the first
    // try in 4 s (over 1.5 + 0.15 × 4 = 2.1 s): good; hablaras: hard; iendo: again.
    #expect(history.map(\.seconds) == [4, 0, 10])
    #expect(history.map(\.rating) == [.good, .hard, .again])
    #expect(history.map(\.date) == [clock.now().addingTimeInterval(-10), clock.now().addingTimeInterval(-10), clock.now()])
  }

  @Test func aRightAnswerWithinTheTimeOfItsLettersIsEasy() {
    let (clock, time) = WallClock.manual()
    var session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: clock)
    time.advance(by: 2)  // tuve: within 1.5 s + 4 × 0.15 s = 2.1 s
    session.answer("tuve")
    time.advance(by: 2.95)  // hablarás: 1.5 s + 8 × 0.15 s = 2.7 s
    session.answer("hablarás")
    #expect(session.answers.map(\.rating) == [.easy, .good])
  }

  @Test func aSessionUsesTheCheckerItIsGiven() {
    var session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .easy, region: .latinAmerica),
      clock: WallClock.manual().0, check: { _, _ in (.correct, nil) })
    #expect(session.answer("anything") == .correct)
  }

  @Test func theScoreOfAnAnswerIsStatedOnce() {
    #expect(AnswerResult.allCases.map(Scoring.points(for:)) == [10, 5, 0])
    #expect(Scoring.pointsExplanation == "10 points for a right answer, 5 when only the accents are wrong.")
    #expect(Scoring(difficulty: .difficult, region: .spain).score(100) == 360)
    #expect(Scoring(difficulty: .moderate, region: .latinAmerica).score(100) == 200)
    #expect(Scoring(difficulty: .easy, region: .spain).multiplierExplanation == "Scores count ×1 for Easy, ×1.2 for Spain.")
  }

  /// A World stating what a quiz uses: settings, randomness, the clock, the score board,
  /// analytics and the review prompter. Anything else it touched would fail the test.
  struct Doubles {
    var world = World.unitTest(conjugator: sharedConjugator)
    let scores = Scoreboard.inMemory()
    let analytics = AnalyticsRecorder()
    let prompter = ReviewPrompterRecorder(promptOn: [1])
    let time: ManualTime

    init(difficulty: Difficulty, region: Region) {
      let (clock, time) = WallClock.manual()
      self.time = time
      world.settings = Settings(store: InMemorySettingsStore())
      world.random = .seeded(1)
      world.clock = clock
      world.scoreboard = scores
      world.analytics = analytics.analytics
      world.reviewPrompter = prompter.reviewPrompter
      world.settings.difficulty = difficulty
      world.settings.region = region
    }

    /// A quiz with these doubles' settings, randomness and clock.
    func quiz() -> Session {
      Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    }
  }

  @Test(arguments: Difficulty.allCases)
  func aWholeQuizWithKnownAnswersIsScoredReportedAndKept(_ difficulty: Difficulty) throws {
    let doubles = Doubles(difficulty: difficulty, region: .spain)
    var quiz = doubles.quiz()
    #expect(quiz.questions.count == 20)
    // Right, right without accents, wrong, then right to the end.
    for (n, question) in quiz.questions.enumerated() {
      doubles.time.advance(by: 3)
      let right = question.accepted[0]
      let unaccented = String(right.map { "áéíóú".contains($0) ? Character(String($0).applyingNoAccent) : $0 })
      let answer = n == 1 ? unaccented : n == 2 ? "xyz" : right
      quiz.answer(answer)
      // Kept the moment it is given, before the quiz ends.
      #expect(try quiz.keepLastAnswer(in: doubles.world.scoreboard, from: .quiz).get().state.reps == 1)
      #expect(try doubles.scores.answers.allAnswers().count == n + 1)
    }
    #expect(quiz.isFinished)
    let outcome = quiz.report(to: doubles.world.scoreboard, analytics: doubles.world.analytics, reviewPrompter: doubles.world.reviewPrompter)

    let accentedSecond = quiz.questions[1].accepted[0] != quiz.answers[1].given
    let points = 18 * 10 + (accentedSecond ? 5 : 10)
    let multiplier = [Difficulty.easy: 1.0, .moderate: 2.0, .difficult: 3.0][difficulty]! * 1.2
    #expect(outcome.score == Int((Double(points) * multiplier).rounded()))
    #expect(outcome.seconds == 60)
    #expect(outcome.rank == 1)
    #expect(outcome.reviewPrompt == ReviewPrompter.invitation)

    #expect(try doubles.scores.answers.bestScores(.max).count == 1)
    #expect(try doubles.scores.answers.bestScores(.max).first?.score == outcome.score)
    #expect(try doubles.scores.answers.bestScores(.max).first?.difficulty == difficulty)
    #expect(try doubles.scores.answers.bestScores(.max).first?.region == .spain)
    #expect(try doubles.scores.answers.bestScores(.max).first?.seconds == 60)

    let history = try doubles.scores.answers.allAnswers()
    #expect(history.count == 20)
    #expect(history[2].given == "xyz" && history[2].result == .wrong)
    #expect(history[2].expected == quiz.questions[2].accepted[0])
    #expect(history[0].result == .correct)
    #expect(history.map(\.verb) == quiz.questions.map(\.verb))
    // Every answer of the quiz moved its item's review state as it was kept.
    #expect(try Set(doubles.scores.items.items(nil).map(\.item)) == Set(history.map(\.item)))
    #expect(try doubles.scores.items.items(nil).allSatisfy { $0.reps == 1 })

    #expect(
      doubles.analytics.events == [
        .quizCompleted(score: outcome.score, difficulty: difficulty, region: .spain, questions: 20, seconds: 60)
      ])
    #expect(doubles.prompter.actions == 1)
  }

  /// u: the last answer taken back, out of the session and the history, its item as before; the
  /// question asked again; a finished quiz's score withdrawn with it.
  @Test func theLastAnswerIsTakenBack() throws {
    let doubles = Doubles(difficulty: .easy, region: .spain)
    var quiz = doubles.quiz()
    for question in quiz.questions.prefix(2) {
      quiz.answer(question.accepted[0])
      _ = try quiz.keepLastAnswer(in: doubles.world.scoreboard, from: .quiz).get()
    }
    let (answers, items) = try (doubles.scores.answers.allAnswers(), doubles.scores.items.items(nil))
    doubles.time.advance(by: 5)
    quiz.answer("xyz")
    _ = try quiz.keepLastAnswer(in: doubles.world.scoreboard, from: .quiz).get()
    #expect(try doubles.scores.answers.allAnswers().count == 3)
    try quiz.undoLastAnswer(in: doubles.world.scoreboard)
    #expect(quiz.answers.count == 2 && quiz.current == quiz.questions[2])
    #expect(try doubles.scores.answers.allAnswers() == answers)
    #expect(try doubles.scores.items.items(nil) == items)
    // Answered again: kept again, and the quiz goes on to its end.
    for question in quiz.questions.dropFirst(2) {
      quiz.answer(question.accepted[0])
      _ = try quiz.keepLastAnswer(in: doubles.world.scoreboard, from: .quiz).get()
    }
    let outcome = quiz.report(to: doubles.world.scoreboard, analytics: doubles.world.analytics, reviewPrompter: doubles.world.reviewPrompter)
    #expect(try doubles.scores.answers.bestScores(.max).map(\.score) == [outcome.score])
    #expect(try doubles.scores.answers.allAnswers().count == 20)
    #expect(outcome.scoreID != nil)
    try quiz.undoLastAnswer(in: doubles.world.scoreboard)
    #expect(try doubles.scores.answers.bestScores(.max) == [] && doubles.scores.answers.allAnswers().count == 19 && quiz.current == quiz.questions[19])
  }

  @Test func theRankComesFromTheScoreboard() throws {
    let doubles = Doubles(difficulty: .easy, region: .latinAmerica)
    for answers in [20, 5, 12] {
      var quiz = doubles.quiz()
      for (n, question) in quiz.questions.enumerated() { quiz.answer(n < answers ? question.accepted[0] : "-") }
      _ = quiz.report(to: doubles.world.scoreboard, analytics: doubles.world.analytics, reviewPrompter: doubles.world.reviewPrompter)
    }
    #expect(try doubles.scores.answers.bestScores(.max).map(\.score) == [200, 120, 50])
    #expect(try doubles.scores.answers.rank(of: 120) == 2)
  }

  @Test func aScoreboardThatFailsDoesNotLoseTheOutcome() {
    var doubles = Doubles(difficulty: .easy, region: .spain)
    struct DiskFull: Error {}
    doubles.world.scoreboard.answers.reportScore = { _, _ in throw DiskFull() }
    var quiz = doubles.quiz()
    for question in quiz.questions { quiz.answer(question.accepted[0]) }
    let outcome = quiz.report(to: doubles.world.scoreboard, analytics: doubles.world.analytics, reviewPrompter: doubles.world.reviewPrompter)
    #expect(outcome.score == 240)
    #expect(outcome.rank == nil)
    #expect(outcome.error?.contains("could not be saved") == true)
  }

  @Test func theQuizFollowsTheWorldsSettings() {
    let doubles = Doubles(difficulty: .easy, region: .latinAmerica)
    doubles.world.settings.quizSecondPerson = .vos
    let quiz = doubles.quiz()
    #expect(!quiz.questions.contains { $0.form.personName == "tu" || $0.form.personName == "vosotros" })
    #expect(quiz.scoring == Scoring(difficulty: .easy, region: .latinAmerica))
  }

  @Test func theTimerReadsTheWorldsClock() {
    let doubles = Doubles(difficulty: .easy, region: .spain)
    let quiz = doubles.quiz()
    #expect(quiz.elapsedSeconds == 0)
    doubles.time.advance(by: 61.5)
    #expect(quiz.elapsedSeconds == 61)
  }
}

extension String {
  fileprivate var applyingNoAccent: String {
    switch self {
    case "á": "a"
    case "é": "e"
    case "í": "i"
    case "ó": "o"
    case "ú": "u"
    default: self
    }
  }
}

/// The feedback that names the mistake, in the sessions the World builds (issue 11).
@Suite struct FeedbackTests {
  static func session(_ verb: String, _ tense: Tense, _ person: Person) throws -> Session {
    let paradigm = try sharedConjugator.conjugate(verb)
    let question = Question(
      verb: verb, translation: nil, form: .finite(tense, person), accepted: paradigm.accepted(tense, person))
    return Session(
      source: .given([question]), scoring: Scoring(difficulty: .easy, region: .spain), clock: WallClock.manual().0,
      check: Session.diagnosing(with: sharedConjugator))
  }

  func mark(_ answer: String, _ verb: String, _ tense: Tense, _ person: Person) throws -> Session.Answer {
    var session = try Self.session(verb, tense, person)
    session.answer(answer)
    return try #require(session.answers.first)
  }

  @Test func aWrongAnswerIsExplained() throws {
    let penso = try mark("penso", "pensar", .presente, .yo)
    #expect(penso.result == .wrong)
    #expect(penso.feedback?.contains("pienso") == true)
    let buscé = try mark("buscé", "buscar", .preterito, .yo)
    #expect(buscé.feedback?.contains("qu") == true, "\(buscé.feedback ?? "")")
  }

  @Test func anotherFormIsNotAnAccentSlip() throws {
    let hablo = try mark("hablo", "hablar", .preterito, .el)
    #expect(hablo.result == .wrong)
    #expect(hablo.feedback?.contains("presente") == true, "\(hablo.feedback ?? "")")
    #expect(try mark("hablo", "hablar", .preterito, .el).result != .accentsOnly)
  }

  @Test func whatIsNoMistakeCounts() throws {
    #expect(try mark("él tiene", "tener", .presente, .el).result == .correct)
    let guió = try mark("guió", "guiar", .preterito, .el)
    #expect(guió.result == .correct)
    #expect(guió.feedback == "guió is the spelling before 2010; today it is written guio.")
    #expect(try mark("guio", "guiar", .preterito, .el).feedback == nil)
  }

  @Test func theWorldsSessionsDiagnose() {
    var world = World.unitTest(conjugator: sharedConjugator)
    world.settings = Settings(store: InMemorySettingsStore())
    world.random = .seeded(1)
    world.clock = WallClock.manual().0
    var quiz = Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    quiz.answer("zzz")
    #expect(quiz.answers.first?.feedback != nil)
  }
}
