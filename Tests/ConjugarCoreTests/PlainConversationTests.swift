import ClockClient
import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import Testing

/// A session as a conversation of lines (issue 34, §1): each line a sentence that stands alone, no
/// escape sequence, no carriage return, none longer than 200 characters; the same answers kept as
/// the full-screen trainer keeps them.
@Suite struct PlainConversationTests {
  static let questions = [
    Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"]),
    Question(verb: "hablar", translation: "to speak", form: .finite(.futuro, .tu), accepted: ["hablarás"]),
    Question(verb: "ir", translation: "to go", form: .gerundio, accepted: ["yendo"]),
    Question(verb: "ser", translation: "to be", form: .finite(.presente, .nosotros), accepted: ["somos"]),
  ]

  /// The unit-test World with what a conversation uses: an in-memory board and a manual clock.
  static func world() -> (World, ScoreRecorder) {
    var world = World.unitTest(conjugator: sharedConjugator)
    let recorder = ScoreRecorder()
    world.scoreboard = recorder.scoreboard
    world.clock = WallClock.manual().0
    return (world, recorder)
  }

  static func conversation(_ world: World) -> PlainConversation {
    let session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    return PlainConversation(session: session, in: world, origin: .quiz)
  }

  @Test func aWholeSessionReadsAsSentences() {
    let (world, recorder) = Self.world()
    var conversation = Self.conversation(world)
    var transcript = conversation.opening()
    for line in ["tuve", "hablaras", ":help", ":idk", "sómos"] {
      let (lines, done) = conversation.take(line)
      transcript += lines
      #expect(done == (line == "sómos"), "\(line)")
    }
    #expect(transcript == [
      "4 questions. Type the form and press Enter; :help lists the other words.",
      "Question 1 of 4. tener (to have), pretérito perfecto simple, yo:",
      "Right: tuve.",
      "Question 2 of 4. hablar (to speak), futuro simple, tú:",
      // Another form of the verb, named in words.
      "Wrong: hablarás. You wrote hablaras.",
      "hablaras is the pretérito imperfecto de subjuntivo (-ra) (tú) of hablar; the futuro simple (tú) is hablarás.",
    ] + Array(transcript[6...]))
    #expect(transcript.contains(":idk: I don't know: shows the form; it counts as a miss and comes back soon."))
    #expect(transcript.contains("Not known: yendo."))
    #expect(transcript.contains("Right but for the accents: somos. You wrote sómos."))
    #expect(transcript.last == "Missed: hablar, futuro simple, tú: hablarás; ir, gerundio: yendo.")
    #expect(transcript.contains("Done: 4 answers, 1 right, 1 right but for the accents, 2 missed; every answer is kept."))
    for line in transcript {
      #expect(!line.contains("\u{1B}") && !line.contains("\r") && !line.contains("\n") && line.count <= 200, "\(line)")
      #expect(line.hasSuffix(".") || line.hasSuffix(":"), "a sentence or a question: \(line)")
    }
    // Kept as the trainer keeps them, the moment each was given.
    #expect(recorder.answers.map(\.given) == ["tuve", "hablaras", "", "sómos"])
  }

  @Test func undoTakesTheAnswerBackAndAsksAgain_skipAndQuitKeepNothingMore() {
    let (world, recorder) = Self.world()
    var conversation = Self.conversation(world)
    _ = conversation.take("tuvo")
    #expect(recorder.answers.count == 1)
    let undone = conversation.take(":undo")
    #expect(undone.lines == ["Answer taken back.", "Question 1 of 4. tener (to have), pretérito perfecto simple, yo:"])
    #expect(recorder.answers.isEmpty)
    #expect(conversation.take(":skip").lines.first == "Skipped: nothing kept.")
    #expect(conversation.take("").lines.first == "Type the form, or :idk if you don't know it (:help lists the other words).")
    let quit = conversation.take(":quit")
    #expect(quit.done)
    #expect(quit.lines == ["Stopped after 0 answers, 0 right, 0 right but for the accents, 0 missed; every answer is kept."])
    #expect(recorder.answers.isEmpty)
  }
}
