import AnalyticsClient
import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
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
  static func world() -> (World, Scoreboard) {
    var world = World.unitTest(conjugator: sharedConjugator)
    let board = Scoreboard.inMemory()
    world.scoreboard = board
    world.clock = WallClock.manual().0
    return (world, board)
  }

  static func conversation(_ world: World) -> PlainConversation {
    let session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    return PlainConversation(session: session, in: world, origin: .quiz)
  }

  @Test func aWholeSessionReadsAsSentences() throws {
    let (world, board) = Self.world()
    var conversation = Self.conversation(world)
    var transcript = conversation.opening()
    for line in ["tuve", "hablaras", ":help", ":idk", "sómos", ""] {
      let (lines, done) = conversation.take(line)
      transcript += lines
      #expect(done == (line == ""), "\(line)")
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
    #expect(Array(transcript.suffix(2)) == ["Missed: hablar, futuro simple, tú: hablarás.", "Missed: ir, gerundio: yendo."])
    #expect(transcript.contains("Done: 4 answers, 1 right, 1 right but for the accents, 2 missed; every answer is kept."))
    for line in transcript {
      #expect(!line.contains("\u{1B}") && !line.contains("\r") && !line.contains("\n") && line.count <= 200, "\(line)")
      #expect(line.hasSuffix(".") || line.hasSuffix(":"), "a sentence or a question: \(line)")
    }
    // Kept as the trainer keeps them, the moment each was given.
    #expect(try board.answers.allAnswers().map(\.given) == ["tuve", "hablaras", "", "sómos"])
  }

  /// `conjugar --plain`: the menu, a review with nothing due, where you stand, a quiz stopped early
  /// (its answers kept, no score, as in the full-screen trainer) and a quiz finished (its score kept
  /// and said), then quit.
  @Test func theMenuStartsSessionsAndSaysWhereYouStand() throws {
    var (world, board) = Self.world()
    world.settings = Settings(store: InMemorySettingsStore(["quiz-length": "10", "new-per-day": "0"]))
    world.random = .seeded(7)
    world.analytics = .noop
    world.reviewPrompter = .noop
    var menu = PlainMenu(in: world, drills: .commandLine)
    let menuLine = "0 forms are due now. Type a number and Enter: 1 review, 2 quiz, 3 a saved drill, "
      + "4 practise the most missed, 5 listening drill, 6 where you stand, 7 settings, 8 quit."
    #expect(menu.opening().last == menuLine)
    #expect(menu.take("1").lines == ["Nothing to review now.", menuLine])
    // Issue 40, 8: after a bad entry one short sentence, not the whole menu again; Enter says it.
    #expect(menu.take("9").lines == ["Type a number from 1 to 8, or press Enter to hear the choices again."])
    #expect(menu.take("").lines == [menuLine])
    #expect(menu.take("2").lines.first == "10 questions. Type the form and press Enter; :help lists the other words.")
    _ = menu.take("nada")
    let stopped = menu.take(":quit")
    #expect(stopped.lines.first == "Stopped after 1 answer, 0 right, 0 right but for the accents, 1 missed; every answer is kept.")
    #expect(!stopped.done && stopped.lines.last!.hasSuffix("6 where you stand, 7 settings, 8 quit."))
    #expect(try board.answers.allAnswers().count == 1 && board.answers.bestScores(.max).isEmpty, "answers kept, no score")
    _ = menu.take("2")
    var last: (lines: [String], done: Bool) = ([], false)
    for _ in 0..<10 { last = menu.take(":idk") }
    last = menu.take("")
    // Issue 40, 8: a score of 0 is not called "number 1 among your best scores".
    #expect(last.lines.contains("Score: 0."), "\(last.lines)")
    #expect(!last.lines.contains { $0.contains("among your best scores") }, "\(last.lines)")
    #expect(try board.answers.bestScores(.max).count == 1)
    #expect(menu.take("6").lines.first?.hasPrefix("Answers: 11;") == true)
    #expect(menu.take("8") == (["Goodbye."], true))
  }

  /// A sentence cue asks with its sentence, the gap in it.
  @Test func aSentenceCueAsksWithItsSentence() {
    let (world, _) = Self.world()
    let cue = Question(
      verb: "ir", translation: "to go", form: .finite(.preterito, .nosotros), accepted: ["fuimos"],
      sentence: "Ayer nosotros ___ (ir) al cine.")
    let session = Session(source: .given([cue]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock)
    let conversation = PlainConversation(session: session, in: world)
    #expect(conversation.prompt() == ["Question 1 of 1. Fill the gap: Ayer nosotros ___ (ir) al cine. The form of ir:"])
  }

  /// Recognition asks its three parts as three lines; a tense or person that is none is asked again.
  @Test func recognitionAsksTheVerbTenseAndPersonALineEach() throws {
    let (world, board) = Self.world()
    let shown = Question(
      verb: "ir", translation: "to go", form: .finite(.preterito, .nosotros), accepted: ["fuimos"], mode: .recognition)
    let session = Session(
      source: .given([shown]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var conversation = PlainConversation(session: session, in: world)
    #expect(conversation.opening() == [
      "1 question. Name each form's verb, tense and person, a line each; :help lists the other words.",
      "Question 1 of 1. Name the verb, tense and person of fuimos. The verb (its infinitive):",
    ])
    #expect(conversation.take("ser").lines == ["The tense of fuimos (presente, pretérito perfecto simple, imperfecto…):"])
    #expect(conversation.take("pasado").lines.first == "\"pasado\" is no tense.")
    #expect(conversation.take("pretérito perfecto simple").lines == ["The person of fuimos (yo, tú, él, nosotros…):"])
    let verdict = conversation.take("nosotros")
    #expect(verdict.lines.first == "Right.")
    #expect(verdict.lines.contains { $0.hasPrefix("fuimos is ") }, "every reading named: \(verdict.lines)")
    #expect(try board.answers.allAnswers().map(\.given) == ["ser/preterito/nosotros"])
  }

  /// Issue 39, §3: the answer line is a door (``AnswerBounds/admit(_:)``). A line longer than an
  /// answer may be is refused with one sentence, nothing kept; a control character or escape
  /// sequence is removed, never echoed nor kept; a long answer is echoed shortened, so that no
  /// line is longer than 200 characters.
  @Test func aLineOutsideTheBoundsIsRefusedAndControlsAreRemoved() throws {
    let (world, board) = Self.world()
    var conversation = Self.conversation(world)
    var transcript: [String] = []
    let tooLong = conversation.take(String(repeating: "a", count: 201))
    transcript += tooLong.lines
    #expect(tooLong.lines == [
      "That line is not taken: it has 201 characters, more than the 200 an answer may have.",
      "Question 1 of 4. tener (to have), pretérito perfecto simple, yo:",
    ])
    #expect(try board.answers.allAnswers().isEmpty)
    // Escape sequences (a colour, a title), C0, DEL and C1 characters: removed.
    let coloured = conversation.take("\u{1B}[1mtu\u{1B}[31mv\u{7F}\u{9B}2Je\u{1B}]0;title\u{7}\u{0}")
    transcript += coloured.lines
    #expect(coloured.lines.first == "Right: tuve.")
    // An answer of 200 characters (with a few escape sequences more) is taken, and echoed shortened.
    let long = conversation.take("\u{1B}[31m" + String(repeating: "x", count: 200) + "\u{1B}[0m")
    transcript += long.lines
    let wrong = try #require(long.lines.first)
    #expect(wrong.hasPrefix("Wrong: hablarás. You wrote xxx") && wrong.hasSuffix("x….") && wrong.count == 200, "\(wrong)")
    // A tab inside the line is a space.
    transcript += conversation.take("\u{1B}[0myendo\t\u{1B}[0m").lines
    for line in transcript {
      #expect(!line.unicodeScalars.contains(where: AnswerBounds.isControl) && line.count <= 200, "\(line)")
    }
    let kept = try board.answers.allAnswers()
    #expect(kept.map(\.given) == ["tuve", String(repeating: "x", count: 200), "yendo"])
    for answer in kept { #expect(AnswerBounds.problem(with: answer) == nil && AnswerBounds.refusal(of: answer.given) == nil) }
  }

  /// In recognition, a verb, tense or person named at length: echoed shortened, kept within bounds.
  @Test func aLongNameInRecognitionStaysWithinTheBounds() throws {
    let (world, board) = Self.world()
    let shown = Question(
      verb: "ir", translation: "to go", form: .finite(.preterito, .nosotros), accepted: ["fuimos"], mode: .recognition)
    let session = Session(
      source: .given([shown]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var conversation = PlainConversation(session: session, in: world)
    var transcript = conversation.take(String(repeating: "v", count: 200)).lines
    let noTense = conversation.take(String(repeating: "t", count: 200)).lines
    #expect(noTense.first?.hasPrefix("\"ttt") == true && noTense.first?.hasSuffix("t…\" is no tense.") == true, "\(noTense)")
    transcript += noTense
    transcript += conversation.take("pretérito perfecto simple").lines
    transcript += conversation.take("nosotros").lines
    #expect(transcript.contains { $0.hasPrefix("Wrong. You named vvv") }, "\(transcript)")
    for line in transcript { #expect(line.count <= 200, "\(line)") }
    let kept = try board.answers.allAnswers()
    #expect(kept.map(\.given) == [String(repeating: "v", count: 64) + "/preterito/nosotros"])
    #expect(kept.allSatisfy { AnswerBounds.problem(with: $0) == nil })
  }

  /// `:right` ("I was right") counts the last answer right, kept as overridden; not after a right
  /// answer or "I don't know".
  @Test func rightCountsTheLastAnswerRight() throws {
    let (world, board) = Self.world()
    var conversation = Self.conversation(world)
    _ = conversation.take("tuvo")
    let right = conversation.take(":right")
    // Issue 40, 7: it says which answer it changed.
    #expect(right.lines == [
      "Counted right, as you said (I was right): your answer tuvo to tener, pretérito perfecto simple, yo; rated good, and marked so in the history.",
      "Question 2 of 4. hablar (to speak), futuro simple, tú:",
    ])
    #expect(try board.answers.allAnswers().map(\.given) == ["tuvo"] && board.answers.allAnswers()[0].overridden && board.answers.allAnswers()[0].result == .correct)
    #expect(conversation.take(":right").lines.first == "Nothing to count right: :right counts your last answer right when it was judged wrong.")
    _ = conversation.take(":idk")
    #expect(conversation.take(":right").lines.first == "Nothing to count right: :right counts your last answer right when it was judged wrong.")
  }

  /// Issue 40, 7: a review's verdict says when the form comes back, as the full screen's does
  /// ("Rated good · again in 4 days"); `:right` says it again for the answer it changed; a quiz's
  /// verdict says nothing of it.
  @Test func aReviewsVerdictSaysWhenTheFormComesBack() throws {
    let (world, _) = Self.world()
    let session = Session(
      source: .given(Self.questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var review = PlainConversation(session: session, in: world, origin: .review)
    #expect(review.take("tuve").lines == [
      "Right: tuve.", "Rated easy: it comes back in 9 days.", "Question 2 of 4. hablar (to speak), futuro simple, tú:",
    ])
    let wrong = review.take("hablare").lines
    #expect(wrong.contains("Rated again: it comes back in 1 minute."), "\(wrong)")
    #expect(review.take(":right").lines == [
      "Counted right, as you said (I was right): your answer hablare to hablar, futuro simple, tú; rated good, and marked so in the history.",
      "Rated good: it comes back in 10 minutes.",
      "Question 3 of 4. ir (to go), gerundio:",
    ])
    var quiz = Self.conversation(world)
    #expect(!quiz.take("tuve").lines.contains { $0.hasPrefix("Rated") })
  }

  /// Issue 40, 7: recognition's `:idk` names the form shown ("Not known." alone before), and
  /// `:right` names the answer it changed.
  @Test func recognitionsIdkNamesTheFormAndRightTheAnswer() throws {
    let (world, _) = Self.world()
    let shown = [
      Question(verb: "tener", translation: "to have", form: .finite(.futuro, .yo), accepted: ["tendré"], mode: .recognition),
      Question(verb: "ir", translation: "to go", form: .finite(.presente, .el), accepted: ["va"], mode: .recognition),
    ]
    let session = Session(
      source: .given(shown), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var conversation = PlainConversation(session: session, in: world, origin: .quiz)
    #expect(conversation.take(":idk").lines.prefix(2) == [
      "Not known: tendré is tener: futuro simple, yo.", "You asked to see it: it counts as a miss, and comes back soon.",
    ])
    for part in ["ser", "presente", "yo"] { _ = conversation.take(part) }
    #expect(conversation.take(":right").lines.first
      == "Counted right, as you said (I was right): your answer to va, ser, presente, yo; rated good, and marked so in the history.")
  }

  @Test func undoTakesTheAnswerBackAndAsksAgain_skipAndQuitKeepNothingMore() throws {
    let (world, board) = Self.world()
    var conversation = Self.conversation(world)
    _ = conversation.take("tuvo")
    #expect(try board.answers.allAnswers().count == 1)
    let undone = conversation.take(":undo")
    #expect(undone.lines == ["Answer taken back.", "Question 1 of 4. tener (to have), pretérito perfecto simple, yo:"])
    #expect(try board.answers.allAnswers().isEmpty)
    #expect(conversation.take(":skip").lines.first == "Skipped: nothing kept.")
    #expect(conversation.take("").lines.first == "Type the form, or :idk if you don't know it (:help lists the other words).")
    let quit = conversation.take(":quit")
    #expect(quit.done)
    #expect(quit.lines == ["Stopped after 0 answers, 0 right, 0 right but for the accents, 0 missed; every answer is kept."])
    #expect(try board.answers.allAnswers().isEmpty)
  }

  /// Issue 40, 5: after the last question's verdict the results wait for Enter, so that `:right`
  /// and `:undo` still change the last answer (they reached the menu: "Type a number from 1 to 7.").
  @Test func rightAndUndoWorkAfterTheLastQuestion() throws {
    let (world, board) = Self.world()
    var conversation = Self.conversation(world)
    for line in ["tuve", "hablarás", "yendo"] { #expect(!conversation.take(line).done) }
    let last = conversation.take("sois")
    #expect(!last.done && last.lines.last == PlainConversationTests.lastAnswered, "\(last.lines)")
    #expect(conversation.take("7") == (["No question is left.", Self.lastAnswered], false))
    let right = conversation.take(":right")
    #expect(right == ([
      "Counted right, as you said (I was right): your answer sois to ser, presente, nosotros; rated good, and marked so in the history.",
      Self.lastAnswered,
    ], false))
    #expect(try board.answers.allAnswers().last.map { $0.overridden && $0.result == .correct } == true)
    #expect(conversation.take(":right").lines.first == "Nothing to count right: :right counts your last answer right when it was judged wrong.")
    let undone = conversation.take(":undo")
    #expect(undone == (["Answer taken back.", "Question 4 of 4. ser (to be), presente, nosotros:"], false))
    #expect(try board.answers.allAnswers().map(\.given) == ["tuve", "hablarás", "yendo"])
    #expect(conversation.take("somos").lines == ["Right: somos.", Self.lastAnswered])
    let results = conversation.take("")
    #expect(results.done && results.lines.first == "Done: 4 answers, 4 right, 0 right but for the accents, 0 missed; every answer is kept.")
    #expect(try board.answers.allAnswers().map(\.given) == ["tuve", "hablarás", "yendo", "somos"])
  }

  static let lastAnswered = "That was the last question: press Enter for the results, or type :undo or :right to change your last answer."

  /// Issue 40, 5: in the menu, a quiz's last answer counted right by `:right` counts in its score.
  @Test func aQuizsLastAnswerIsCountedRightBeforeItsScore() throws {
    var (world, board) = Self.world()
    world.settings = Settings(store: InMemorySettingsStore(["quiz-length": "10", "new-per-day": "0"]))
    world.random = .seeded(7)
    world.analytics = .noop
    world.reviewPrompter = .noop
    var menu = PlainMenu(in: world, drills: .commandLine)
    _ = menu.take("2")
    for _ in 0..<9 { _ = menu.take(menu.current!.accepted[0]) }
    #expect(menu.take("nada").lines.last == Self.lastAnswered)
    #expect(menu.take(":right").lines.first
      == "Counted right, as you said (I was right): your answer nada to entrar, pretérito perfecto simple, ellos, ellas o ustedes; rated good, and marked so in the history.")
    let end = menu.take("")
    #expect(end.lines.first == "Done: 10 answers, 10 right, 0 right but for the accents, 0 missed; every answer is kept.", "\(end.lines)")
    let score = try #require(board.answers.bestScores(.max).first?.score)
    #expect(score > 0 && end.lines.contains { $0.hasPrefix("Score: \(score)") }, "\(end.lines)")
    #expect(!end.lines.contains("Type a number from 1 to 7."))
  }

  /// Issue 40, 6: the count stays what was announced: a question skipped still counts ("Question 1
  /// of 4" skipped is followed by "Question 2 of 4", not "Question 1 of 3"), and so after an undo.
  @Test func aSkippedQuestionKeepsTheCount() {
    let (world, _) = Self.world()
    var conversation = Self.conversation(world)
    #expect(conversation.take(":skip").lines == ["Skipped: nothing kept.", "Question 2 of 4. hablar (to speak), futuro simple, tú:"])
    #expect(conversation.take("hablarás").lines.last == "Question 3 of 4. ir (to go), gerundio:")
    #expect(conversation.take(":skip").lines.last == "Question 4 of 4. ser (to be), presente, nosotros:")
    #expect(conversation.take(":undo").lines == ["Answer taken back.", "Question 2 of 4. hablar (to speak), futuro simple, tú:"])
    #expect(conversation.take("hablarás").lines.last == "Question 4 of 4. ser (to be), presente, nosotros:")
  }

  /// Issue 40, 6: a form missed coming back in the session is announced as coming back, not
  /// counted as a question more ("1 question." was followed by "Question 2 of 2").
  @Test func aFormComingBackIsAnnouncedSo() {
    let (world, _) = Self.world()
    let session = Session(
      source: .given([Self.questions[0]]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var conversation = PlainConversation(session: session, in: world, origin: .review)
    #expect(conversation.opening() == [
      "1 question. Type the form and press Enter; :help lists the other words.",
      "Question 1 of 1. tener (to have), pretérito perfecto simple, yo:",
    ])
    let again = "Missed earlier, asked again. tener (to have), pretérito perfecto simple, yo:"
    #expect(conversation.take("nada").lines.last == again)
    #expect(conversation.take(":idk").lines.last == again)
    #expect(conversation.take(":undo").lines == ["Answer taken back.", again])
    #expect(conversation.take(":skip").lines.first == "Skipped: nothing kept.")
    #expect(conversation.session.isFinished)
  }

  /// Issue 40, 8: persons as a listener hears them, "él, ella o usted", not "él/ella/usted" (a
  /// screen reader says the slashes): in the question, the verdict's explanation, the named
  /// reading of recognition and the results.
  @Test func personsAreSaidAsWords() {
    let (world, _) = Self.world()
    let va = Question(verb: "ir", translation: "to go", form: .finite(.presente, .el), accepted: ["va"])
    let shown = Question(verb: "ir", translation: "to go", form: .finite(.presente, .ellos), accepted: ["van"], mode: .recognition)
    let session = Session(
      source: .given([va, shown]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    var conversation = PlainConversation(session: session, in: world, origin: .quiz)
    var lines = conversation.opening()
    #expect(lines.last == "Question 1 of 2. ir (to go), presente, él, ella o usted:")
    for line in ["vas", "ir", "presente", "el", ""] { lines += conversation.take(line).lines }
    #expect(lines.contains("vas is the presente (tú) of ir; the presente (él, ella o usted) is va."), "\(lines)")
    #expect(lines.contains("Wrong. You named ir, presente, él, ella o usted."), "\(lines)")
    #expect(lines.contains("Missed: ir, presente, él, ella o usted: va."), "\(lines)")
    #expect(!lines.contains { $0.contains("/") }, "\(lines)")
  }

  /// Issue 40, 8: the results name each form missed once, with how many times when more than once.
  @Test func eachFormMissedIsListedOnce() {
    let (world, _) = Self.world()
    let session = Session(
      source: .given([Self.questions[0], Self.questions[1], Self.questions[0], Self.questions[0]]),
      scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock)
    var conversation = PlainConversation(session: session, in: world, origin: .quiz)
    var lines: [String] = []
    for line in ["nada", ":idk", "tuvo", "tuve", ""] { lines += conversation.take(line).lines }
    #expect(Array(lines.suffix(3)) == [
      "Done: 4 answers, 1 right, 0 right but for the accents, 3 missed; every answer is kept.",
      "Missed 2 times: tener, pretérito perfecto simple, yo: tuve.",
      "Missed: hablar, futuro simple, tú: hablarás.",
    ])
  }
}
