import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// "I don't know", "I was right" and skip: the history, the schedule and the statistics after each
/// are those of the plain answer it stands for — a miss, a right answer rated good, or no answer.
@Suite struct AnswerKeysTests {
  static let questions = [
    Question(verb: "tener", translation: nil, form: .finite(.presente, .yo), accepted: ["tengo"]),
    Question(verb: "hablar", translation: nil, form: .finite(.presente, .yo), accepted: ["hablo"]),
  ]

  /// A practice of the two questions on a memory score board and a manual clock.
  static func practice() -> (Session, World, Scoreboard, ManualTime) {
    var world = World.unitTest(conjugator: sharedConjugator)
    let scores = Scoreboard.inMemory()
    let (clock, time) = WallClock.manual()
    world.clock = clock
    world.scoreboard = scores
    let session = Session(source: .given(questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: clock)
    return (session, world, scores, time)
  }

  @Test func iDontKnowIsAMissRatedAgainWithTheFormShown() throws {
    var (revealed, world, scores, time) = Self.practice()
    var (plain, plainWorld, plainScores, plainTime) = Self.practice()
    time.advance(by: 4)
    plainTime.advance(by: 4)
    #expect(revealed.reveal() == .wrong)
    plain.answer("")
    _ = try revealed.keepLastAnswer(in: world.scoreboard, from: .review).get()
    _ = try plain.keepLastAnswer(in: plainWorld.scoreboard, from: .review).get()
    let answer = try #require(try scores.answers.allAnswers().first)
    #expect(answer.given == "" && answer.result == .wrong && answer.rating == .again)
    #expect(revealed.answers.last?.feedback == Session.revealed)
    // The same history, schedule and statistics as a plain miss at that moment.
    #expect(try scores.answers.allAnswers() == plainScores.answers.allAnswers())
    #expect(try scores.items.items(nil) == plainScores.items.items(nil))
    let query = StatisticsQuery(now: world.clock.now(), timeZone: world.timeZone)
    #expect(try world.scoreboard.standing.statistics(query) == plainWorld.scoreboard.standing.statistics(query))
    #expect(revealed.count(.wrong) == 1 && revealed.current?.verb == "hablar")
  }

  /// "I was right": the miss counted right, rated good — history (but for its mark), schedule,
  /// statistics and score as if the answer had been judged right and rated good in the first place.
  @Test(arguments: ["tengp", "téngo"])
  func iWasRightCountsTheMissRightRatedGood(given: String) throws {
    var (overruled, world, scores, time) = Self.practice()
    time.advance(by: 4)
    #expect(overruled.answer(given) != .correct)
    _ = try overruled.keepLastAnswer(in: world.scoreboard, from: .review).get()
    let kept = try #require(try overruled.overrideLastAnswer(in: world.scoreboard, from: .review))
    #expect(kept.state.reps == 1 && kept.rating == .good)
    let answer = try #require(try scores.answers.allAnswers().first)
    #expect(try scores.answers.allAnswers().count == 1)
    #expect(answer.given == given && answer.result == .correct && answer.rating == .good && answer.overridden)
    #expect(overruled.count(.correct) == 1 && overruled.points == Scoring.points(for: .correct))
    #expect(overruled.current?.verb == "hablar")
    // The plain answer it stands for: right, rated good, at that moment.
    let (_, plainWorld, plainScores, _) = Self.practice()
    var plain = answer
    plain.overridden = false
    _ = try plainWorld.scoreboard.answers.recordAnswer(plain, .review)
    #expect(try scores.items.items(nil) == plainScores.items.items(nil))
    let query = StatisticsQuery(now: world.clock.now(), timeZone: world.timeZone)
    #expect(try world.scoreboard.standing.statistics(query) == plainWorld.scoreboard.standing.statistics(query))
    // A right answer has nothing to overrule.
    overruled.answer("hablo")
    #expect(try overruled.overrideLastAnswer(in: world.scoreboard, from: .review) == nil)
  }

  @Test func skipLeavesTheQuestionOutUnansweredAndUnrated() throws {
    var (session, world, scores, time) = Self.practice()
    time.advance(by: 4)
    session.skip()
    #expect(try scores.answers.allAnswers().isEmpty && scores.items.items(nil).isEmpty)
    #expect(session.answers.isEmpty && session.questions.count == 1 && session.current?.verb == "hablar")
    // The count stays what was announced: the question skipped counts (issue 40, 6).
    #expect(session.progress == (2, 2))
    session.answer("hablo")
    _ = try session.keepLastAnswer(in: world.scoreboard, from: .review).get()
    #expect(try session.isFinished && scores.answers.allAnswers().map(\.verb) == ["hablar"])
    session.skip()  // nothing left: nothing happens
    #expect(session.isFinished)
  }
}

/// No verb asked twice in a row, where another order allows it.
@Suite struct SpreadTests {
  static func question(_ verb: String, _ tense: Tense = .presente) -> Question {
    Question(verb: verb, translation: nil, form: .finite(tense, .yo), accepted: ["x"])
  }

  @Test func noVerbTwiceInARow() {
    let verbs = ["negociar", "negociar", "tener", "ser", "ser", "ser", "ir", "ir"]
    let session = Session(
      source: .given(verbs.map { Self.question($0) }), scoring: Scoring(difficulty: .easy, region: .spain),
      clock: WallClock(now: { Date(timeIntervalSince1970: 0) }))
    let asked = session.questions.map(\.verb)
    #expect(asked.sorted() == verbs.sorted())
    #expect(zip(asked, asked.dropFirst()).allSatisfy { $0 != $1 }, "\(asked)")
  }

  @Test(arguments: 0..<50)
  func theQuizNeverAsksAVerbTwiceInARow(seed: UInt64) {
    let composer = QuizComposer(conjugator: sharedConjugator, difficulty: .moderate, region: .spain, secondPerson: .tu)
    let session = Session(
      source: .quiz(composer, random: .seeded(seed)), scoring: Scoring(difficulty: .moderate, region: .spain),
      clock: WallClock(now: { Date(timeIntervalSince1970: 0) }))
    let asked = session.questions.map(\.verb)
    #expect(zip(asked, asked.dropFirst()).allSatisfy { $0 != $1 }, "\(asked)")
  }
}

/// Tenses and persons on the command line as the trainer shows them (issue 26, item 3).
@Suite struct ArgumentNameTests {
  @Test(arguments: [
    ("preterito", Tense.preterito), ("pretérito", .preterito), ("pretérito perfecto simple", .preterito),
    ("Pretérito Imperfecto", .imperfecto), ("presente de subjuntivo", .presenteSubjuntivo),
    ("imperfecto de subjuntivo (-ra)", .imperfectoSubjuntivoRa), ("imperfecto-subjuntivo-se", .imperfectoSubjuntivoSe),
  ])
  func tenses(_ name: String, _ tense: Tense) { #expect(Tense(argument: name) == tense) }

  @Test(arguments: [
    ("tu", Person.tu), ("tú", .tu), ("él", .el), ("el", .el), ("usted", .el), ("ella", .el), ("ellos", .ellos),
    ("ustedes", .ellos), ("nosotras", .nosotros), ("vosotros", .vosotros), ("VOS", .vos),
  ])
  func persons(_ name: String, _ person: Person) { #expect(Person(argument: name) == person) }

  @Test func aWrongOneIsRefusedAndTheNamesListedOnOneLine() {
    #expect(Tense(argument: "pret") == nil && Person(argument: "ustedes tres") == nil)
    #expect(CommaSeparated<Tense>.allValueStrings.count == 1)
    #expect(CommaSeparated<Tense>(argument: "pretérito, futuro simple")?.values == [.preterito, .futuro])
  }
}
