import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// 2 Quiz: what the next quiz will ask, the quiz itself (a question, the answer typed, the
/// verdict on the last one, score and time), and its results; and the review of the forms due
/// (r), each answer kept as it is given, with what it earned and when the form comes back. The
/// session does the quizzing; this screen shows it.
struct QuizScreen: Screen {
  enum Phase {
    case ready
    case asking(Session)
    case finished(Session, Session.Outcome)
  }

  /// What a yes would end: this quiz, or the whole program.
  enum Leaving { case quiz, program }

  /// The verdict on the answer just given.
  struct Verdict {
    let question: Question
    let given: String
    let result: AnswerResult
    /// What the mistake was, or a note on a right answer.
    let feedback: String?
    /// In a review or practice: what the answer earned and when the form comes back.
    var schedule: (rating: Rating, comesBack: String)? = nil
  }

  private(set) var phase = Phase.ready
  /// What the session asking or finished is: a scored quiz, a review, practice.
  private(set) var kind = Session.Kind.quiz
  /// The answer selected on the results (Enter opens its verb).
  private(set) var selected = 0
  private(set) var answer = TextField()
  private(set) var verdict: Verdict?
  /// Whether the verdict on the last answer is showing, in place of the next question, until a
  /// key is pressed (the timer stopped meanwhile).
  private(set) var showsVerdict = false
  /// What the session earned, when its last answer's verdict is showing: the results follow it.
  private var outcome: Session.Outcome?
  /// A recognition question's answer as it is made: the infinitive typed (in `answer`), then a
  /// tense and a person picked with the arrows.
  struct Naming: Equatable {
    enum Step { case verb, tense, person }
    var step = Step.verb
    var tense = 0
    var person = 0
  }
  private(set) var naming = Naming()
  /// The tenses and persons a recognition offers to pick from: those its questions are drawn from.
  private(set) var offered: (tenses: [Tense], persons: [Person]) = ([], [])
  /// Seconds since the quiz began, as last read from the clock (the screen shows this).
  private(set) var elapsed = 0
  /// Set while asking whether to leave.
  private(set) var leaving: Leaving?
  private(set) var offset = 0
  /// Whether speech can be heard (espeak-ng is installed).
  let speechAvailable: Bool
  /// Whether the session asking says the right form after each answer ("speak answers").
  private(set) var speaksAnswers = false
  /// Whether the question asking is one whose answer was just taken back (u), to say so under it.
  private(set) var takenBack = false
  /// Whether the session came from the Practice screen: its results offer to save the drill (s).
  var savesDrill = false

  init(speechAvailable: Bool = true) { self.speechAvailable = speechAvailable }

  var isAsking: Bool {
    if case .asking = phase { return true }
    return false
  }

  var name: String {
    if case .finished = phase { return "quiz-results" }
    return "quiz"
  }

  var helpTitle: String {
    if case .finished = phase { return "the results" }
    return "the quiz"
  }

  var isTyping: Bool { isAsking && leaving == nil }

  /// Whether the quiz is asking if the learner wants to leave.
  var isLeaving: Bool { isAsking && leaving != nil }

  var hints: [KeyHint] {
    switch phase {
    case .ready:
      [KeyHint("Enter", "start"), KeyHint("r", "review"), KeyHint("d", "drill")]
        + (speechAvailable ? [KeyHint("l", "listen")] : [])
    case .asking where leaving != nil: [KeyHint("y", "yes"), KeyHint("n", "no")]
    case .asking(let session) where showsVerdict:
      [KeyHint("Enter", session.isFinished ? "the results" : "next question"), KeyHint("u", "undo")]
        + (speaksAnswers ? [KeyHint("^R", "say again")] : [])
    case .asking(let session) where session.current?.mode == .recognition:
      switch naming.step {
      case .verb: [KeyHint("Enter", "then the tense"), KeyHint("Esc", "leave \(kind.noun)")]
      case .tense: [KeyHint("↑↓", "tense"), KeyHint("Enter", "then the person"), KeyHint("⌫", "back")]
      case .person: [KeyHint("↑↓", "person"), KeyHint("Enter", "answer"), KeyHint("⌫", "back")]
      }
    case .asking(let session):
      [KeyHint("Enter", "answer"), KeyHint("Esc", "leave \(kind.noun)")]
        + (session.current?.mode == .listening
          ? [KeyHint("^R", "hear again")] : speaksAnswers ? [KeyHint("^R", "say again")] : [])
        + [KeyHint("a' n~ u:", "á ñ ü")]
    case .finished(let session, _):
      (session.missed.isEmpty ? [] : [KeyHint("p", "practise the \(session.missed.count) I missed")])
        + (savesDrill ? [KeyHint("s", "save drill")] : [])
        + [KeyHint("Enter", "open verb"), KeyHint("↑↓", "select"), KeyHint("u", "undo last"), KeyHint("Esc", "done")]
    }
  }

  var help: [KeyHint] {
    switch phase {
    case .ready:
      return [
        KeyHint("Enter", "start a quiz with the settings shown (change them in 4 Settings)"),
        KeyHint("r", "review: the forms due, the most forgotten first, then a few new ones a day"),
        KeyHint("d", "drill: the Practice screen, to compose a drill (tenses, persons, verbs, length, mode)"),
        KeyHint(
          "l",
          "listening drill: a form is said with its pronoun, not shown; write the form you hear"
            + (speechAvailable ? "" : " (\(Speech.unavailableReason), which Scripts/setup installs)")),
      ]
    case .asking:
      return [
        KeyHint("Enter", "answer; the verdict shows, with the letters that differ marked and what the mistake was"),
        KeyHint("any key", "on the verdict: the next question (the timer stops while the verdict shows)"),
        KeyHint("u", "on the verdict: take the answer back (out of the history and the schedule) and answer again"),
        KeyHint("← → Home End", "move in the answer"), KeyHint("Backspace Del", "delete"),
        KeyHint("Ctrl-U", "clear the answer"),
        KeyHint(
          "↑ ↓ ⌫",
          "recognition: after the infinitive and Enter, pick the tense, Enter, then the person, Enter; Backspace goes back a step. Every reading of the form counts."),
        KeyHint(
          "Ctrl-R",
          "listening: hear the form again; otherwise say the right form of the last answer again (speak answers: 4 Settings; needs espeak-ng)"),
        KeyHint("a' e' i' o' u'", "type á é í ó ú"), KeyHint("n~", "type ñ"), KeyHint("u:", "type ü"),
        KeyHint("Esc", "leave the quiz (asks first)"),
        KeyHint("", Scoring.pointsExplanation),
      ]
    case .finished:
      return [
        KeyHint("↑ ↓  k j", "select an answer"), KeyHint("Enter", "open the verb of the answer selected"),
        KeyHint("p", "practise the ones not right, now"),
        KeyHint("u", "take the last answer back (the score with it) and answer it again"),
        KeyHint("Esc", "back to the start of the quiz screen"),
      ] + (savesDrill ? [KeyHint("s", "save this drill by name, on the Practice screen")] : [])
    }
  }

  /// Reads the clock again, for the timer.
  mutating func tick() {
    if case .asking(let session) = phase { elapsed = session.elapsedSeconds }
  }

  /// Stops or starts the quiz's timer (while the help or the leave prompt is open).
  mutating func setPaused(_ paused: Bool) {
    guard case .asking(var session) = phase, !showsVerdict, paused || leaving == nil else { return }
    if paused { session.pause() } else { session.resume() }
    phase = .asking(session)
  }

  /// Asks whether to leave; `program`: q was pressed, so yes quits the program.
  mutating func askToLeave(_ what: Leaving) {
    leaving = what
    setPaused(true)
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    switch phase {
    case .ready:
      switch key {
      case .enter: start(.quiz(in: Current), .quiz, speaks: settings.speakAnswers.isOn)
      case .character("d"): return .openDrillBuilder
      case .character("r"):
        let review = Session.review(in: Current)
        guard !review.isFinished else { return .message("Nothing to review now, and no new forms left today.") }
        start(review, .review, speaks: settings.speakAnswers.isOn)
      case .character("l"):
        guard speechAvailable else { return .message(Self.listeningUnavailable) }
        do {
          start(try Session.listening(in: Current), .listening, speaks: settings.speakAnswers.isOn)
          return sayQuestion()
        } catch {
          return .message("No listening drill: \(error)")
        }
      default: break
      }
      return nil

    case .asking where leaving != nil:
      switch key {
      case .character("y"), .character("Y"):
        let what = leaving
        leaving = nil
        phase = .ready
        return what == .program ? .quit : nil
      case .character("n"), .character("N"), .escape:
        leaving = nil
        setPaused(false)
      default: break
      }
      return nil

    case .asking(let session) where showsVerdict:
      if key == .control("r"), let verdict, speaksAnswers { return .speak(verdict.question.spoken) }
      if key == .character("u") { return undo(session, outcome: outcome) }
      let action = next(after: session)
      // Esc, as on a question: ask to leave (the next question waits behind the dialog).
      if key == .escape, isAsking {
        askToLeave(.quiz)
        return nil
      }
      return action

    case .asking(var session) where session.current?.mode == .recognition && key != .escape:
      guard let text = name(key) else { return nil }
      return submit(text, to: &session)

    case .asking(var session):
      switch key {
      case .escape:
        askToLeave(.quiz)
      case .control("r"):
        if let current = session.current, current.mode == .listening { return .speak(current.spoken) }
      case .enter:
        // An Enter with nothing typed is a slip, not an answer.
        guard !answer.text.trimmingSpaces.isEmpty else { return .bell }
        return submit(answer.text, to: &session)
      default:
        _ = answer.handle(key)
      }
      return nil

    case .finished(let quiz, let outcome):
      return handleResults(key, quiz, outcome, in: area, settings: settings)
    }
  }

  /// A key on a recognition question: the infinitive typed, then the tense and the person
  /// picked; the answer (`NamedReading.text`) once the person is picked with Enter.
  private mutating func name(_ key: Key) -> String? {
    switch (naming.step, key) {
    case (.verb, .enter):
      guard !answer.text.trimmingSpaces.isEmpty else { return nil }
      naming.step = .tense
    case (.verb, _):
      _ = answer.handle(key)
    case (.tense, .enter):
      naming.step = .person
    case (.person, .enter):
      let reading = NamedReading(
        verb: answer.text, tense: offered.tenses[naming.tense], person: offered.persons[naming.person])
      return reading.text
    case (.tense, .backspace), (.person, .backspace):
      naming.step = naming.step == .person ? .tense : .verb
    case (.tense, _):
      naming.tense = moved(naming.tense, by: key, count: offered.tenses.count, height: 1) ?? naming.tense
    case (.person, _):
      naming.person = moved(naming.person, by: key, count: offered.persons.count, height: 1) ?? naming.person
    }
    return nil
  }

  /// Gives `text` as the answer to the current question, and shows its verdict.
  private mutating func submit(_ text: String, to session: inout Session) -> Action? {
    guard let question = session.current else { return nil }
    let result = session.answer(text)
    takenBack = false
    verdict = Verdict(
      question: question, given: AnswerChecker.normalized(text), result: result,
      feedback: session.answers.last?.feedback)
    answer = TextField()
    naming = Naming()
    elapsed = session.elapsedSeconds
    // The verdict shows until a key, the timer stopped.
    showsVerdict = true
    session.pause()
    // Speak answers: the right form, with its pronoun, after the verdict's chime.
    let spoken: Action? = speaksAnswers ? .speak(question.spoken) : nil
    // Every answer is kept as it is given; a review or practice shows its form's new schedule.
    var error: String?
    switch session.keepLastAnswer(in: Current, from: kind == .quiz ? .quiz : .review) {
    case .success(let kept):
      if kind != .quiz { verdict?.schedule = (session.answers.last!.rating, comesBack(kept.state.card.due, from: Current.clock.now())) }
    case .failure(let failure):
      error = "The answer could not be saved: \(failure)"
    }
    let kept = Action.answerKept(chime: result == .correct, error: error)
    if session.isFinished {
      if kind == .quiz {
        let outcome = session.report(to: Current)
        self.outcome = outcome
        phase = .asking(session)
        return then(.all([kept, .quizFinished(outcome, chime: false)]), spoken)
      }
      outcome = Session.Outcome(seconds: session.elapsedSeconds)
    }
    phase = .asking(session)
    return then(kept, spoken)
  }

  /// `u`: takes the last answer back (out of the history, the score of a finished quiz with it)
  /// and asks its question again.
  private mutating func undo(_ session: Session, outcome: Session.Outcome?) -> Action? {
    var session = session
    do {
      if let id = outcome?.scoreID { try Current.scoreboard.withdrawScore(id) }
      try session.undoLastAnswer(in: Current)
    } catch {
      return .message("The answer could not be taken back: \(error)")
    }
    session.resume()
    phase = .asking(session)
    self.outcome = nil
    verdict = nil
    showsVerdict = false
    answer = TextField()
    naming = Naming()
    takenBack = true
    return .answerKept(chime: false, error: nil)
  }

  private mutating func handleResults(
    _ key: Key, _ quiz: Session, _ outcome: Session.Outcome, in area: Area, settings: SettingValues
  ) -> Action? {
    switch key {
    case .escape:
      phase = .ready
    case .character("u"):
      return undo(quiz, outcome: outcome)
    case .enter:
      guard quiz.answers.indices.contains(selected) else { return nil }
      return .openVerb(quiz.answers[selected].question.verb)
    case .character("s") where savesDrill:
      return .saveDrill
    case .character("p"):
      guard !quiz.missed.isEmpty else { return nil }
      start(.practice(quiz.missed, in: Current), .practice, speaks: settings.speakAnswers.isOn)
      return sayQuestion()
    default:
      let count = quiz.answers.count
      if let moved = moved(selected, by: key, count: count, height: max(1, (area.height - 1) / 2)) {
        selected = moved
        // The selected answer's two lines show.
        let (lines, first) = resultLines(quiz, outcome, width: area.width)
        let height = max(0, area.height - 1)
        let top = first + 2 * selected
        offset = scrollOffset(offset, showing: top + 1, count: lines.count, height: height)
        offset = min(offset, top)
      }
    }
    return nil
  }

  /// After the verdict: the next question (said, in a listening drill), or the results.
  private mutating func next(after session: Session) -> Action? {
    showsVerdict = false
    // A form missed whose learning step has ended meanwhile comes next.
    var session = session
    session.bringBackDue()
    if session.isFinished {
      phase = .finished(session, outcome ?? Session.Outcome(seconds: session.elapsedSeconds))
      outcome = nil
      offset = 0
      selected = 0
      return nil
    }
    session.resume()
    phase = .asking(session)
    return sayQuestion()
  }

  /// Why there is no listening drill, where it would be offered.
  static let listeningUnavailable = "The listening drill \(Speech.unavailableReason), which Scripts/setup installs."

  /// Says the question asking, if it is a listening one.
  private func sayQuestion() -> Action? {
    guard case .asking(let session) = phase, let question = session.current, question.mode == .listening else { return nil }
    return .speak(question.spoken)
  }

  /// `first`, then `second`: either may be nil.
  private func then(_ first: Action?, _ second: Action?) -> Action? {
    guard let first else { return second }
    guard let second else { return first }
    return .all([first, second])
  }

  /// Starts asking `session`'s questions: a scored quiz, a review, or practice; `speaks`: the
  /// right form is said after each answer.
  mutating func start(_ session: Session, _ kind: Session.Kind = .quiz, speaks: Bool = false) {
    phase = .asking(session)
    self.kind = kind
    speaksAnswers = speaks
    savesDrill = false
    answer = TextField()
    naming = Naming()
    let cells = session.questions.compactMap { question -> (Tense, Person)? in
      guard case .finite(let tense, let person) = question.form else { return nil }
      return (tense, person)
    }
    offered = (
      Tense.allCases.filter { tense in cells.contains { $0.0 == tense } },
      Person.allCases.filter { person in cells.contains { $0.1 == person } }
    )
    verdict = nil
    showsVerdict = false
    outcome = nil
    elapsed = 0
    takenBack = false
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    switch phase {
    case .ready: drawReady(settings, in: &frame, area: area)
    case .asking(let quiz):
      if showsVerdict, let verdict {
        drawVerdict(verdict, of: quiz, in: &frame, area: area)
      } else {
        drawQuestion(quiz, in: &frame, area: area)
      }
      if let leaving { drawLeaving(leaving, in: &frame, area: area) }
    case .finished(let quiz, let outcome): drawResults(quiz, outcome, in: &frame, area: area)
    }
  }

  // MARK: Before the quiz

  private func drawReady(_ settings: SettingValues, in frame: inout Frame, area: Area) {
    let difficulty = settings.difficulty
    let tenses: String = switch difficulty {
    case .difficult: "every tense, the gerundio and the participio"
    default: QuizComposer.forms(for: difficulty).map(\.name).joined(separator: ", ")
    }
    let persons = settings.region == .spain ? "with vosotros" : "ustedes, no vosotros"
    var lines: [Line] = [Line(" \(QuizComposer.questionCount) questions. Press Enter to start.", .heading), Line()]
    let text = [
      "\(difficulty.name): \(tenses).",
      "\(settings.region.name) (\(persons)), \(settings.quizSecondPerson.name) for the second person.",
      Scoring.pointsExplanation,
      Scoring(difficulty: difficulty, region: settings.region).multiplierExplanation,
      "Change these in 4 Settings.",
      speechAvailable
        ? "Press l for a listening drill: hear a form, write it (\(DrillSpec().count ?? DrillSpec.untilStopped) questions)."
        : "Listening drill: \(Speech.unavailableReason), which Scripts/setup installs.",
    ]
    for paragraph in text {
      lines += wrapped(paragraph, width: area.width - 2).map { Line(" " + $0) }
    }
    frame.draw(lines, offset: 0, in: area)
  }

  // MARK: During the quiz

  /// Where the values of the question's lines begin.
  private let label = 9

  /// " Verb:    tener".
  private func labelled(_ name: String, _ value: String, _ style: Style = .plain) -> Line {
    var line = Line(" \(name):")
    line.pad(to: label)
    line.add(value, style)
    return line
  }

  /// The title line: which question of how many, the score and the time.
  private func drawTitle(_ quiz: Session, number: Int, in frame: inout Frame, area: Area) {
    let status = (kind == .quiz ? "Score \(quiz.score)   " : "") + "Time \(minutesAndSeconds(elapsed)) "
    let recognition = quiz.questions.first?.mode == .recognition
    let title = kind == .review ? "Review" : kind == .listening ? "Listening" : recognition ? "Recognition" : "Question"
    frame.write(" \(title) \(number) of \(quiz.questions.count)", row: area.top, column: area.left, style: .heading)
    frame.write(status, row: area.top, column: max(area.left, area.right - status.count), limit: area.right)
  }

  private func drawQuestion(_ quiz: Session, in frame: inout Frame, area: Area) {
    guard let question = quiz.current else { return }
    drawTitle(quiz, number: quiz.progress.number, in: &frame, area: area)

    var rows: [QuestionRow]
    if question.mode == .listening {
      // Said, not shown.
      rows = [.blank, .text(Line(" Write the form you hear, without its pronoun.", .heading))]
      rows.append(.text(Line(" Ctrl-R: hear it again.", .dim)))
    } else if question.mode == .recognition {
      // Shown: the learner names a verb, tense and person it can be.
      rows = [.blank, .text(labelled("Form", question.accepted[0], .heading)), .blank, .answer("Verb", prefix: "")]
      func picked(_ name: String, _ value: String, _ step: Naming.Step) -> QuestionRow {
        let reached = naming.step == step || (step == .tense && naming.step == .person)
        if !reached { return .text(labelled(name, "…", .dim)) }
        return .text(labelled(name, naming.step == step ? "‹ \(value) ›" : value, naming.step == step ? .selected : .plain))
      }
      let tense = offered.tenses[naming.tense]
      let person = offered.persons[naming.person]
      rows.append(picked("Tense", abbreviatedTense(tense.spanishName, width: area.width - label - 5), .tense))
      rows.append(picked("Person", tense.mood == .imperativo ? person.imperativePronoun : person.pronoun, .person))
      let help = switch naming.step {
      case .verb: "Type the infinitive, then Enter."
      case .tense: "↑↓ the tense, then Enter; ⌫ back."
      case .person: "↑↓ the person, then Enter to answer."
      }
      rows += [.blank, .hint(Line(" " + help, .dim))]
      draw(fitted(rows, height: area.height), in: &frame, area: area)
      return
    } else {
      var verb = labelled("Verb", question.verb, .heading)
      if let translation = question.translation { verb.add(" — " + translation) }
      let tense = abbreviatedTense(question.tenseDescription, width: area.width - label - 1)
      rows = [.blank, .text(verb), .text(labelled("Tense", tense))]
      if let pronoun = question.pronoun { rows.append(.text(labelled("Person", pronoun))) }
      if let sentence = question.sentence {
        // A sentence cue: the sentence to complete, under the verb, tense and person it asks for.
        rows.append(.blank)
        rows += wrapped(sentence, width: area.width - 2).map { .text(Line(" " + $0, .heading)) }
      }
    }
    // The negative imperative's prompt shows its no: the form is typed after it (or with it).
    let negative = question.form.tenseName == Tense.imperativoNegativo.rawValue && question.mode == .written
    rows += [.blank, .answer("Answer", prefix: negative ? "no " : "")]
    rows += [.blank, .hint(Line(" " + TextField.shortcutHelp, .dim))]
    if takenBack { rows.append(.hint(Line(" Answer taken back: give it again.", .dim))) }
    draw(fitted(rows, height: area.height), in: &frame, area: area)
  }

  /// The verdict on the answer just given, in place of the next question until a key: what was
  /// asked, the answer and the right form with the letters that differ marked, what the mistake
  /// was, and (in a review) when the form comes back.
  private func drawVerdict(_ verdict: Verdict, of quiz: Session, in frame: inout Frame, area: Area) {
    drawTitle(quiz, number: quiz.answers.count, in: &frame, area: area)
    let width = area.width
    let recognition = verdict.question.mode == .recognition
    let asked = recognition ? verdict.question.accepted[0] : verdict.question.description(width: width - 2)
    var rows: [QuestionRow] = [.blank, .text(Line(" " + asked, .heading))]
    if let sentence = verdict.question.sentence {
      rows += wrapped(sentence, width: width - 2).map { .context(Line(" " + $0, .dim)) }
    }
    rows.append(.blank)
    let expected = verdict.question.accepted[0]
    let right = verdict.question.accepted.contains(verdict.given)
    switch verdict.result {
    case .correct: rows.append(.text(Line(" ✓ Right", .correct)))
    case .accentsOnly:
      rows.append(.text(Line(" ~ Right but for the accents" + (kind == .quiz ? " (half points)" : ""), .almost)))
    case .wrong: rows.append(.text(Line(" ✗ Wrong", .wrong)))
    }
    if recognition {
      let named = NamedReading(text: verdict.given).map(\.description) ?? verdict.given
      rows += wrapped(named, width: width - 10).enumerated().map { number, text in
        var line = Line(number == 0 ? "   yours: " : "          ", .dim)
        line.add(text)
        return .text(line)
      }
    } else if right || verdict.result == .correct {
      // Right as typed, or right with what is no mistake (the no, a pronoun): the form itself.
      rows.append(.text(Line("   " + (right ? verdict.given : expected))))
    } else {
      let (given, wanted) = differingLetters(verdict.given, expected)
      var yours = Line("   yours: ", .dim)
      yours.add(verdict.given, marking: given, .difference)
      var correct = Line("   right: ", .dim)
      correct.add(expected, marking: wanted, .difference)
      rows += [.text(yours), .text(correct)]
    }
    if let feedback = verdict.feedback {
      rows.append(.blank)
      rows += wrapped(feedback, width: width - 3).map { .text(Line("   " + $0)) }
    }
    if let schedule = verdict.schedule {
      rows.append(.text(Line("   Rated \(schedule.rating.name) · again \(schedule.comesBack)", .dim)))
    }
    let next = quiz.isFinished ? "the results" : "the next question"
    rows += [.blank, .hint(Line(" Press any key for \(next).", .dim))]
    draw(fitted(rows, height: area.height), in: &frame, area: area)
    frame.cursor = nil
  }

  /// `rows` for a screen `height` high: when it is short, the blank lines go first (from the
  /// bottom), then the hints, then the context.
  private func fitted(_ rows: [QuestionRow], height: Int) -> [QuestionRow] {
    var rows = rows
    while rows.count + 1 > height {
      if let blank = rows.lastIndex(of: .blank) {
        rows.remove(at: blank)
      } else if let hint = rows.lastIndex(where: \.isHint) {
        rows.remove(at: hint)
      } else if let context = rows.lastIndex(where: \.isContext) {
        rows.remove(at: context)
      } else {
        break
      }
    }
    return rows
  }

  /// Draws `rows` under the title line.
  private func draw(_ rows: [QuestionRow], in frame: inout Frame, area: Area) {
    for (number, content) in rows.enumerated() where area.top + 1 + number < area.bottom {
      let row = area.top + 1 + number
      switch content {
      case .blank: break
      case .text(let line), .hint(let line), .context(let line):
        frame.draw(line, row: row, column: area.left, limit: area.right)
      case .answer(let name, let prefix):
        frame.draw(labelled(name, prefix), row: row, column: area.left, limit: area.right)
        let column = area.left + label + prefix.count
        answer.draw(
          in: &frame, row: row, column: column, width: min(32, area.right - column - 1),
          focused: leaving == nil && naming.step == .verb)
      }
    }
  }

  /// The lines of the question screen, and which give way first when the screen is short.
  private enum QuestionRow: Equatable {
    case blank
    /// The field typed in, with its label and the words before it (the negative imperative's no).
    case answer(String, prefix: String)
    case text(Line)
    /// The accent shortcuts.
    case hint(Line)
    /// What gives way after the hints: a sentence cue's sentence on the verdict.
    case context(Line)

    var isHint: Bool { if case .hint = self { true } else { false } }
    var isContext: Bool { if case .context = self { true } else { false } }
  }

  private func drawLeaving(_ leaving: Leaving, in frame: inout Frame, area: Area) {
    let question = leaving == .program ? "Quit conjugar?" : "Leave this \(kind.noun)?"
    // Every answer is kept as it is given; a quiz's score needs its end.
    let kept = kind == .quiz ? ["The answers given are kept,", "the score is not."] : ["The answers given are kept."]
    let lines = [question] + kept + ["y: yes   n: no"]
    let width = min(area.width - 2, (lines.map(\.count).max() ?? 0) + 4)
    let height = lines.count + 2
    let left = area.left + (area.width - width) / 2
    let top = area.top + max(0, (area.height - height) / 2)
    let border = String(repeating: "─", count: max(0, width - 2))
    frame.write("┌" + border + "┐", row: top, column: left, limit: left + width)
    for (number, line) in lines.enumerated() {
      let row = top + 1 + number
      frame.write("│" + String(repeating: " ", count: max(0, width - 2)) + "│", row: row, column: left, limit: left + width)
      frame.write(line, row: row, column: left + 2, style: number == 0 ? .heading : .plain, limit: left + width - 1)
    }
    frame.write("└" + border + "┘", row: top + height - 1, column: left, limit: left + width)
    frame.cursor = nil
  }

  // MARK: After the quiz

  private func drawResults(_ quiz: Session, _ outcome: Session.Outcome, in frame: inout Frame, area: Area) {
    let title =
      switch kind {
      case .quiz: " Quiz finished: \(outcome.score) points"
      case .review: " Review finished: \(quiz.answers.count) forms"
      case .practice: " Practice finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
      case .listening: " Listening drill finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
      }
    frame.write(title, row: area.top, column: area.left, style: .heading, limit: area.right)
    let list = Area(top: area.top + 1, left: area.left, width: area.width, height: max(0, area.height - 1))
    var (lines, first) = resultLines(quiz, outcome, width: area.width)
    if lines.indices.contains(first + 2 * selected) { lines[first + 2 * selected].style(.selected) }
    frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: list.height), in: list)
  }

  /// Below the score: the time, level, region and rank, the counts, then two lines per question:
  /// what was asked, then the answer given and, if it was not right, the right one. With the
  /// index of the first question's line.
  private func resultLines(_ quiz: Session, _ outcome: Session.Outcome, width: Int) -> (lines: [Line], first: Int) {
    var summary = ["Time \(minutesAndSeconds(outcome.seconds))"]
    if kind == .quiz { summary += [quiz.scoring.difficulty.name, quiz.scoring.region.name] }
    if let rank = outcome.rank { summary.append("rank \(rank) on the score board") }
    let counts =
      "\(quiz.count(.correct)) right, \(quiz.count(.accentsOnly)) right but for the accents, \(quiz.count(.wrong)) wrong"
      + (quiz.relearned == 0 ? "" : "; \(quiz.relearned) asked again after a miss, at the end of its learning step")
    var lines = wrapped(summary.joined(separator: ", "), width: width - 2).map { Line(" " + $0) }
    lines += wrapped(counts, width: width - 2).map { Line(" " + $0, .dim) }
    lines.append(Line())
    let first = lines.count
    for (number, answer) in quiz.answers.enumerated() {
      let question = answer.question
      let numbered = (number + 1 < 10 ? "  " : " ") + "\(number + 1). "
      let recognition = question.mode == .recognition
      // A recognition shows the form, and the reading named.
      let asked = recognition ? question.accepted[0] + ": " : ""
      lines.append(Line(numbered + asked + question.description(width: width - numbered.count - asked.count)))
      let expected = recognition ? "as above" : question.accepted[0]
      let given = recognition
        ? NamedReading(text: answer.given).map(\.description) ?? answer.given : AnswerChecker.normalized(answer.given)
      var verdict = Line("     ")
      switch answer.result {
      case .correct:
        verdict.add("✓ " + given, .correct)
      case .accentsOnly:
        verdict.add("~ " + given, .almost)
        verdict.add("  right: " + expected)
      case .wrong:
        verdict.add("✗ " + given, .wrong)
        verdict.add("  right: " + expected)
      }
      lines.append(verdict)
    }
    return (lines, first)
  }
}
