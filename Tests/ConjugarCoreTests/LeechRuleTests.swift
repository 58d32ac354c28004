import ClockClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// A leech's miss, as the session keeps it: told in what `keepLastAnswer` returns, its form
/// suspended with the answer when the rule says so, and the suspension taken back with the answer
/// (`u`, "I was right").
@Suite struct LeechRuleTests {
  static let tengo = Question(verb: "tener", translation: nil, form: .finite(.presente, .yo), accepted: ["tengo"])
  static let tener = Item(verb: "tener", tense: "presente", person: "yo")

  /// A review of tengo, learned (right on three days) two months before the manual clock's now,
  /// with `rule`.
  static func review(_ rule: LeechRule?) throws -> (Session, World, Scoreboard) {
    var world = World.unitTest(conjugator: sharedConjugator)
    let scores = Scoreboard.inMemory()
    let (clock, _) = WallClock.manual()
    world.clock = clock
    world.scoreboard = scores
    let learned = [0, 1, 10].map { day in
      AnsweredQuestion(
        verb: "tener", tense: "presente", person: "yo", expected: "tengo", given: "tengo", result: .correct,
        date: clock.now() - Double(70 - day) * 86_400)
    }
    _ = try world.scoreboard.answers.importAnswers(learned)
    var session = Session(source: .given([tengo]), scoring: Scoring(difficulty: .easy, region: .spain), clock: clock)
    session.leeches = rule
    return (session, world, scores)
  }

  @Test func aLeechsMissIsSuspendedWithItsAnswerAndTakenBackWithIt() throws {
    var (session, world, scores) = try Self.review(LeechRule(lapses: 1, suspends: true))
    session.answer("tenio")
    let kept = try session.keepLastAnswer(in: world.scoreboard, from: .review).get()
    #expect(kept.leech == Session.Leech(lapses: 1, suspended: true))
    #expect(kept.rating == .again && kept.comesBack == kept.state.card.due)
    #expect(try world.scoreboard.items.itemMarks().suspended == [Self.tener])
    try session.undoLastAnswer(in: world.scoreboard)
    #expect(try world.scoreboard.items.itemMarks().suspended == [])
    #expect(try scores.answers.allAnswers().count == 3)
  }

  @Test func iWasRightTakesTheSuspensionBack() throws {
    var (session, world, _) = try Self.review(LeechRule(lapses: 1, suspends: true))
    session.answer("tenio")
    _ = try session.keepLastAnswer(in: world.scoreboard, from: .review).get()
    let kept = try #require(try session.overrideLastAnswer(in: world.scoreboard, from: .review))
    #expect(kept.leech == nil && kept.rating == .good)
    #expect(try world.scoreboard.items.itemMarks().suspended == [])
  }

  @Test func aNoticeOnlyRuleTellsButSuspendsNothing() throws {
    var (session, world, _) = try Self.review(LeechRule(lapses: 1, suspends: false))
    session.answer("tenio")
    let kept = try session.keepLastAnswer(in: world.scoreboard, from: .review).get()
    #expect(kept.leech == Session.Leech(lapses: 1, suspended: false))
    #expect(try world.scoreboard.items.itemMarks().suspended == [])
  }

  @Test func noRuleNoLeech() throws {
    var (session, world, _) = try Self.review(nil)
    session.answer("tenio")
    #expect(try session.keepLastAnswer(in: world.scoreboard, from: .review).get().leech == nil)
    #expect(try world.scoreboard.items.itemMarks().suspended == [])
  }

  /// The settings make the rule: off, notice only, suspend.
  @Test func theRuleComesFromTheSettings() {
    var values = SettingValues()
    values.leechThreshold = .off
    #expect(LeechRule(values) == nil)
    values.leechThreshold = .six
    values.leechAction = .notice
    #expect(LeechRule(values) == LeechRule(lapses: 6, suspends: false))
    values.leechAction = .suspend
    #expect(LeechRule(values) == LeechRule(lapses: 6, suspends: true))
  }
}
