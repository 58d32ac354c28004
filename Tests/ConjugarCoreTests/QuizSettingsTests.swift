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

/// The quiz's length and tenses, as settings: the quiz asks that many questions of those tenses,
/// and its score, results and analytics follow.
@Suite struct QuizSettingsTests {
  func world(_ change: (Settings) -> Void) -> (World, AnalyticsRecorder, Scoreboard) {
    var world = World.unitTest(conjugator: sharedConjugator)
    let analytics = AnalyticsRecorder()
    let scores = Scoreboard.inMemory()
    world.settings = Settings(store: InMemorySettingsStore())
    world.random = .seeded(3)
    world.clock = WallClock.manual().0
    world.scoreboard = scores
    world.analytics = analytics.analytics
    world.reviewPrompter = ReviewPrompterRecorder(promptOn: []).reviewPrompter
    change(world.settings)
    return (world, analytics, scores)
  }

  @Test(arguments: QuizLength.allCases)
  func aQuizAsksAsManyQuestionsAsItsLengthSays(_ length: QuizLength) throws {
    let (world, analytics, _) = world { $0.quizLength = length }
    var quiz = Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    #expect(quiz.questions.count == length.count)
    #expect(Set(quiz.questions.map { "\($0.verb) \($0.form)" }).count == length.count)
    for question in quiz.questions {
      #expect(quiz.progress.total == length.count)
      quiz.answer(question.accepted[0])
      _ = try quiz.keepLastAnswer(in: world.scoreboard, from: .quiz).get()
    }
    #expect(quiz.isFinished)
    let outcome = quiz.report(to: world.scoreboard, analytics: world.analytics, reviewPrompter: world.reviewPrompter)
    #expect(outcome.score == length.count * 10)  // easy, Latin America: ×1
    guard case .quizCompleted(_, _, _, let questions, _) = analytics.events.last else {
      Issue.record("no quiz in analytics: \(analytics.events)")
      return
    }
    #expect(questions == length.count)
  }

  @Test func aQuizAsksTheTensesPickedAndNoNonFiniteForm() {
    let picked = QuizTenses.chosen([.preterito, .imperfecto])
    for seed in 1...5 as ClosedRange<UInt64> {
      let questions = QuizComposer(
        conjugator: sharedConjugator, difficulty: .difficult, region: .spain, secondPerson: .tu, tenses: picked,
        questionCount: 50
      ).questions(using: .seeded(seed))
      #expect(questions.count == 50)
      let tenses = Set(questions.map(\.form.tenseName))
      #expect(tenses == ["preterito", "imperfecto"])
    }
    // The difficulty's: its tenses and non-finite forms, as before.
    #expect(QuizComposer.forms(for: .moderate, tenses: .difficulty) == QuizComposer.forms(for: .moderate))
    #expect(QuizComposer.forms(for: .moderate).contains(.gerundio))
    #expect(QuizComposer.forms(for: .moderate, tenses: picked) == [.finite(.preterito, .yo), .finite(.imperfecto, .yo)])
  }

  @Test func tensesPickedKeepTheDifficultysMultiplier() throws {
    let (world, _, _) = world {
      $0.difficulty = .difficult
      $0.quizTenses = .chosen([.presente])
      $0.quizLength = .ten
    }
    var quiz = Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    #expect(quiz.questions.allSatisfy { $0.form.tenseName == "presente" })
    for question in quiz.questions { quiz.answer(question.accepted[0]) }
    #expect(quiz.report(to: world.scoreboard, analytics: world.analytics, reviewPrompter: world.reviewPrompter).score == 10 * 10 * 3)
  }

  @Test func newFormsInAReviewComeFromTheQuizsTenses() throws {
    var settings = SettingValues()
    settings.quizTenses = .chosen([.imperfecto])
    settings.newItemsPerDay = .five
    let composer = ReviewComposer(
      conjugator: sharedConjugator, scoreboard: Scoreboard.inMemory(), settings: settings, timeZone: ReviewTests.utc)
    let questions = composer.questions(at: ReviewTests.now)
    #expect(questions.count == 5)
    #expect(questions.allSatisfy { $0.form.tenseName == "imperfecto" })
  }

  @Test func aSetOfTensesIsReadWrittenAndNamed() {
    let value = QuizTenses(rawValue: " imperfecto , preterito ")
    #expect(value == .chosen([.preterito, .imperfecto]))
    #expect(value?.rawValue == "preterito,imperfecto")
    #expect(value?.name == "pretérito, imperfecto")
    #expect(QuizTenses(rawValue: "difficulty") == .difficulty)
    #expect(QuizTenses.difficulty.name == "the difficulty's")
    #expect(QuizTenses(rawValue: "presente-subjuntivo")?.name == "presente de subjuntivo")
    // None, a name that is no tense's, a tense twice, an empty part: no value.
    for bad in ["", "pasado", "preterito,pasado", "preterito,preterito", "preterito,pretérito", "preterito,", ","] {
      #expect(QuizTenses(rawValue: bad) == nil, "\(bad)")
    }
    // Issue 40, 9: named as --tenses names them, accents and case optional; a tense twice said so.
    #expect(QuizTenses(rawValue: "Pretérito, imperfecto de subjuntivo (-ra)") == .chosen([.preterito, .imperfectoSubjuntivoRa]))
    #expect(QuizTenses.refusal("preterito, pretérito perfecto simple") == "names the tense pretérito perfecto simple twice")
    #expect(QuizTenses.refusal("pasado") == nil)
    #expect(QuizTenses.picking([]) == nil)
    #expect(QuizTenses.picking(["futuro", "presente"]) == .chosen([.presente, .futuro]))
    // The picker starts from the tenses a quiz asks now: the difficulty's.
    var settings = SettingValues()
    settings.difficulty = .easy
    #expect(QuizTenses.difficulty.members(with: settings) == ["presente", "preterito", "futuro"])
  }
}
