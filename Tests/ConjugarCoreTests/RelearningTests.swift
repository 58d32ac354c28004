import ClockClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// A form missed in a review or practice comes back in the same session once its learning step
/// is due, as Anki's learning cards do; the scored quiz asks each question once.
@Suite struct RelearningTests {
  static func question(_ verb: String, _ form: String) -> Question {
    Question(verb: verb, translation: nil, form: .finite(.presente, .yo), accepted: [form])
  }

  struct Practice {
    var world = World.unitTest(conjugator: sharedConjugator)
    let scores = Scoreboard.inMemory()
    let time: ManualTime

    init() {
      let (clock, time) = WallClock.manual()
      self.time = time
      world.clock = clock
      world.scoreboard = scores
    }

    /// Answers the current question with `text` after `seconds`, keeps it; its state.
    func answer(_ session: inout Session, _ text: String, after seconds: TimeInterval) throws -> ItemState {
      time.advance(by: seconds)
      session.answer(text)
      return try session.keepLastAnswer(in: world.scoreboard, from: .review).get().state
    }
  }

  @Test func aMissComesBackAfterItsStepsUntilItGraduates() throws {
    let practice = Practice()
    let questions = ["tener": "tengo", "hablar": "hablo", "comer": "como"].sorted { $0.key < $1.key }
      .map { Self.question($0.key, $0.value) }
    var session = Session(
      source: .given(questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: practice.world.clock)
    #expect(session.current?.verb == "comer")
    // comer missed: learning, again in a minute; hablar right in 30 s: nothing due yet, and a right
    // answer does not come back.
    let missed = try practice.answer(&session, "x", after: 5)
    #expect(missed.card.state == .learning && missed.card.due == practice.world.clock.now() + 60)
    _ = try practice.answer(&session, "hablo", after: 30)
    #expect(session.current?.verb == "tener")
    // tener right 40 s later: comer's minute is over, so it comes next.
    _ = try practice.answer(&session, "tengo", after: 40)
    #expect(session.current?.verb == "comer")
    #expect(session.relearned == 1)
    // Missed again: back after its step once more, asked at once as nothing else is left (within
    // the learn-ahead limit) rather than end the session.
    let second = try practice.answer(&session, "x", after: 5)
    #expect(second.card.state == .learning && second.card.step == 0)
    #expect(session.current?.verb == "comer" && session.relearned == 2)
    // Right: done for this session (its next step is days or minutes away, as the scheduler says).
    _ = try practice.answer(&session, "como", after: 70)
    #expect(session.isFinished)
    // Every answer kept, with its state.
    #expect(try practice.scores.answers.allAnswers().map(\.verb) == ["comer", "hablar", "tener", "comer", "comer"])
    #expect(try practice.scores.items.items(nil).first { $0.item == Item(verb: "comer", tense: "presente", person: "yo") }?.reps == 3)
    #expect(session.relearned == 2)
  }

  /// The forms missed are those still missed at the end: one missed, asked again and answered
  /// right is not; one missed twice is one form (issue 33, item 11).
  @Test func aFormAnsweredRightWhenAskedAgainIsNoLongerMissed() throws {
    let practice = Practice()
    var session = Session(
      source: .given([Self.question("tener", "tengo"), Self.question("hablar", "hablo")]),
      scoring: Scoring(difficulty: .easy, region: .spain), clock: practice.world.clock)
    _ = try practice.answer(&session, "x", after: 5)
    _ = try practice.answer(&session, "x", after: 5)
    #expect(session.missed.map(\.verb) == ["tener", "hablar"])
    _ = try practice.answer(&session, "tengo", after: 70)
    #expect(session.missed.map(\.verb) == ["hablar"])
    _ = try practice.answer(&session, "y", after: 70)
    #expect(session.missed.map(\.verb) == ["hablar"], "missed twice: one form")
  }

  @Test func undoingAMissDoesNotBringItBack() throws {
    let practice = Practice()
    var session = Session(
      source: .given([Self.question("tener", "tengo")]), scoring: Scoring(difficulty: .easy, region: .spain),
      clock: practice.world.clock)
    _ = try practice.answer(&session, "x", after: 5)
    #expect(session.current?.verb == "tener" && session.relearned == 1)
    try session.undoLastAnswer(in: practice.world.scoreboard)
    // The question asked again is the one undone, once.
    #expect(session.answers.isEmpty && session.current?.verb == "tener")
    _ = try practice.answer(&session, "tengo", after: 5)
    #expect(session.isFinished, "right: nothing comes back")
  }

  @Test func theQuizAsksEachQuestionOnce() throws {
    let practice = Practice()
    var session = Session(
      source: .given([Self.question("tener", "tengo")]), scoring: Scoring(difficulty: .easy, region: .spain),
      clock: practice.world.clock)
    practice.time.advance(by: 5)
    session.answer("x")
    _ = try session.keepLastAnswer(in: practice.world.scoreboard, from: .quiz).get()
    #expect(session.isFinished && session.relearned == 0)
  }
}
