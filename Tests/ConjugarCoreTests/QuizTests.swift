import AnalyticsClient
import ClockClient
import ConjugarCore
import ReviewPrompterClient
import ScoreboardClient
import SettingsClient
import Testing

/// Whole quizzes run against a unit-test World put in `Current`, asserting on what the quiz asked
/// of its dependeffects. `World.withCurrent` makes these tests take turns with every other test
/// that replaces `Current`, whatever the runner runs in parallel.
@Suite struct QuizTests {
  struct Doubles {
    var world = World.unitTest(conjugator: sharedConjugator)
    let scores = ScoreRecorder()
    let analytics = AnalyticsRecorder()
    let prompter = ReviewPrompterRecorder(promptOn: [1])
    let time: ManualTime

    init(difficulty: Difficulty, region: Region) {
      let (clock, time) = WallClock.manual()
      self.time = time
      world.clock = clock
      world.scoreboard = scores.scoreboard
      world.analytics = analytics.analytics
      world.reviewPrompter = prompter.reviewPrompter
      world.settings.difficulty = difficulty
      world.settings.region = region
    }
  }

  @Test(arguments: Difficulty.allCases)
  func aWholeQuizWithKnownAnswersIsScoredReportedAndKept(_ difficulty: Difficulty) {
    let doubles = Doubles(difficulty: difficulty, region: .spain)
    World.withCurrent(doubles.world) {
      let quiz = Quiz()
      #expect(quiz.questions.count == 20)
      // Right, right without accents, wrong, then right to the end.
      for (n, question) in quiz.questions.enumerated() {
        doubles.time.advance(by: 3)
        let right = question.accepted[0]
        let unaccented = String(right.map { "áéíóú".contains($0) ? Character(String($0).applyingNoAccent) : $0 })
        let answer = n == 1 ? unaccented : n == 2 ? "xyz" : right
        quiz.answer(answer)
      }
      #expect(quiz.isFinished)
      let outcome = quiz.finish()

      let accentedSecond = quiz.questions[1].accepted[0] != quiz.answers[1].given
      let points = 18 * Quiz.pointsCorrect + (accentedSecond ? Quiz.pointsAccentsOnly : Quiz.pointsCorrect)
      let multiplier = [Difficulty.easy: 1.0, .moderate: 2.0, .difficult: 3.0][difficulty]! * 1.2
      #expect(outcome.score == Int((Double(points) * multiplier).rounded()))
      #expect(outcome.seconds == 60)
      #expect(outcome.rank == 1)
      #expect(outcome.reviewPrompt == ReviewPrompter.invitation)

      #expect(doubles.scores.scores.count == 1)
      #expect(doubles.scores.scores.first?.score == outcome.score)
      #expect(doubles.scores.scores.first?.difficulty == difficulty)
      #expect(doubles.scores.scores.first?.region == .spain)
      #expect(doubles.scores.scores.first?.seconds == 60)

      let history = doubles.scores.answers
      #expect(history.count == 20)
      #expect(history[2].given == "xyz" && history[2].result == .wrong)
      #expect(history[2].expected == quiz.questions[2].accepted[0])
      #expect(history[0].result == .correct)
      #expect(history.map(\.verb) == quiz.questions.map(\.verb))

      #expect(
        doubles.analytics.events == [
          .quizCompleted(score: outcome.score, difficulty: difficulty, region: .spain, questions: 20, seconds: 60)
        ])
      #expect(doubles.prompter.actions == 1)
    }
  }

  @Test func finishingTwiceReportsOnce() {
    let doubles = Doubles(difficulty: .easy, region: .latinAmerica)
    World.withCurrent(doubles.world) {
      let quiz = Quiz()
      for question in quiz.questions { quiz.answer(question.accepted[0]) }
      let first = quiz.finish()
      #expect(quiz.finish() == first)
      #expect(doubles.scores.scores.count == 1)
      #expect(first.score == 200)  // 20 × 10, easy, Latin America
    }
  }

  @Test func theRankComesFromTheScoreboard() {
    let doubles = Doubles(difficulty: .easy, region: .latinAmerica)
    World.withCurrent(doubles.world) {
      for answers in [20, 5, 12] {
        let quiz = Quiz()
        for (n, question) in quiz.questions.enumerated() { quiz.answer(n < answers ? question.accepted[0] : "-") }
        quiz.finish()
      }
      let ranks = doubles.scores.scores.map(\.score)
      #expect(ranks == [200, 50, 120])
      let rank = try? doubles.scores.scoreboard.rank(of: 120)
      #expect(rank == 2)
    }
  }

  @Test func aScoreboardThatFailsDoesNotLoseTheOutcome() {
    var doubles = Doubles(difficulty: .easy, region: .spain)
    struct DiskFull: Error {}
    doubles.world.scoreboard.reportScore = { _, _ in throw DiskFull() }
    World.withCurrent(doubles.world) {
      let quiz = Quiz()
      for question in quiz.questions { quiz.answer(question.accepted[0]) }
      let outcome = quiz.finish()
      #expect(outcome.score == 240)
      #expect(outcome.rank == nil)
      #expect(outcome.error?.contains("could not be saved") == true)
    }
  }

  @Test func theQuizFollowsTheSettingsInCurrent() {
    let doubles = Doubles(difficulty: .easy, region: .latinAmerica)
    World.withCurrent(doubles.world) {
      Current.settings.quizSecondPerson = .vos
      let quiz = Quiz()
      #expect(!quiz.questions.contains { $0.form.personName == "tu" || $0.form.personName == "vosotros" })
      #expect(quiz.difficulty == .easy && quiz.region == .latinAmerica)
    }
  }

  @Test func theTimerReadsTheWorldsClock() {
    let doubles = Doubles(difficulty: .easy, region: .spain)
    World.withCurrent(doubles.world) {
      let quiz = Quiz()
      #expect(quiz.elapsedSeconds == 0)
      doubles.time.advance(by: 61.5)
      #expect(quiz.elapsedSeconds == 61)
    }
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
