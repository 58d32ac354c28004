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
    /// A miss of a leech (the leech threshold setting): the form's lapses so far, and whether
    /// the miss suspended it (the setting Leech action).
    var leech: Session.Leech? = nil

    /// Whether `!` ("I was right") may count it right: a miss with an answer given, not a
    /// "don't know" (Ctrl-D), which has none.
    var mayBeCountedRight: Bool { result != .correct && !given.isEmpty }
  }

  var phase = Phase.ready
  /// What the session asking or finished is: a scored quiz, a review, practice.
  private(set) var kind = Session.Kind.quiz
  /// The answer selected on the results (Enter opens its verb).
  var selected = 0
  var answer = TextField()
  var verdict: Verdict?
  /// Whether the verdict on the last answer is showing, in place of the next question, until a
  /// key is pressed (the timer stopped meanwhile).
  var showsVerdict = false
  /// What the session earned, when its last answer's verdict is showing: the results follow it.
  var outcome: Session.Outcome?
  /// A recognition question's answer as it is made: the infinitive typed (in `answer`), then a
  /// tense and a person picked with the arrows.
  struct Naming: Equatable {
    enum Step { case verb, tense, person }
    var step = Step.verb
    var tense = 0
    var person = 0
  }
  var naming = Naming()
  /// The tenses and persons a recognition offers to pick from (nil before a session starts).
  private(set) var offered: RecognitionChoices?
  /// Seconds since the quiz began, as last read from the clock (the screen shows this).
  private(set) var elapsed = 0
  /// Set while asking whether to leave.
  private(set) var leaving: Leaving?
  var offset = 0
  /// Whether speech can be heard (espeak-ng is installed).
  let speechAvailable: Bool
  /// Whether the session asking says the right form after each answer ("speak answers").
  private(set) var speaksAnswers = false
  /// Whether the question asking is one whose answer was just taken back (u), to say so under it.
  var takenBack = false
  /// Whether the session came from the Practice screen: its results offer to save the drill (s).
  var savesDrill = false

  /// Where the values of the question's lines begin.
  let label = 9

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
    switch phase {
    case .ready: "the quiz"
    case .asking: "the \(kind.noun)"
    case .finished: "the results"
    }
  }

  var isTyping: Bool { isAsking && leaving == nil }

  /// Whether the quiz is asking if the learner wants to leave.
  var isLeaving: Bool { isAsking && leaving != nil }

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
        guard !review.isFinished else { return .message(Self.nothingToReview(in: Current)) }
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
      if key == .character("u") { return undo(session) }
      // ! counts a miss right; on a don't know, it does nothing (it is no key that goes on).
      if key == .character("!"), let verdict, verdict.result != .correct {
        return verdict.mayBeCountedRight ? overrule(session) : nil
      }
      // A leech missed: t opens its verb's table (the verdict stays, for when the learner is back).
      if key == .character("t"), let verdict, verdict.leech != nil { return .openVerb(verdict.question.verb) }
      let action = next(after: session)
      // Esc, as on a question: ask to leave (the next question waits behind the dialog).
      if key == .escape, isAsking {
        askToLeave(.quiz)
        return nil
      }
      return action

    case .asking(var session) where key == .control("d"):
      // I don't know: the answer shown, counted a miss.
      return submit("", to: &session, revealing: true)

    case .asking(var session) where key == .control("n"):
      // Skip: left out, unanswered.
      session.skip()
      answer = TextField()
      naming = Naming()
      takenBack = false
      guard session.isFinished else {
        phase = .asking(session)
        return sayQuestion()
      }
      let outcome = kind == .quiz ? session.report(to: Current) : Session.Outcome(seconds: session.elapsedSeconds)
      showResults(of: session, outcome)
      return nil

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

  /// Why `r` finds nothing to ask, naming the limit reached and its setting: the day's reviews
  /// spent with forms due, the day's new forms brought in, or none a day.
  static func nothingToReview(in world: World) -> String {
    let values = world.settings.values
    let now = world.clock.now()
    let limits = DailyLimits(scoreboard: world.scoreboard, settings: values, at: now, calendar: .current)
    let due = (try? world.scoreboard.dueCount(now)) ?? 0
    let settings = SettingDeclarations.shared
    if due > 0, limits.reviewsLeft == 0, let limit = values.maxReviewsPerDay.count {
      return "Today's \(limit) reviews are done (\(settings.maxReviewsPerDay.label)); \(due) due."
    }
    let perDay = values.newItemsPerDay.count
    if perDay == 0 { return "Nothing to review now, and \(settings.newItemsPerDay.label) is 0." }
    if limits.newLeft == 0 { return "Nothing due; today's \(perDay) new forms are in (\(settings.newItemsPerDay.label))." }
    return "Nothing to review now, and no form left to bring in."
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
      guard let offered else { return nil }
      let reading = NamedReading(
        verb: answer.text, tense: offered.tenses[naming.tense], person: offered.persons[naming.person])
      return reading.text
    case (.tense, .backspace), (.person, .backspace):
      naming.step = naming.step == .person ? .tense : .verb
    case (.tense, _):
      naming.tense = moved(naming.tense, by: key, count: offered?.tenses.count ?? 0, height: 1) ?? naming.tense
    case (.person, _):
      naming.person = moved(naming.person, by: key, count: offered?.persons.count ?? 0, height: 1) ?? naming.person
    }
    return nil
  }

  /// Gives `text` as the answer to the current question, and shows its verdict.
  private mutating func submit(_ text: String, to session: inout Session, revealing: Bool = false) -> Action? {
    guard let question = session.current else { return nil }
    let result = revealing ? session.reveal() : session.answer(text)
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
      if kind != .quiz { verdict?.schedule = (kept.rating, comesBack(kept.comesBack, from: Current.clock.now())) }
      verdict?.leech = kept.leech
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

  /// After the verdict: the next question (said, in a listening drill), or the results.
  private mutating func next(after session: Session) -> Action? {
    showsVerdict = false
    // A form missed whose learning step has ended meanwhile comes next.
    var session = session
    session.bringBackDue()
    if session.isFinished {
      showResults(of: session, outcome ?? Session.Outcome(seconds: session.elapsedSeconds))
      return nil
    }
    session.resume()
    phase = .asking(session)
    return sayQuestion()
  }

  /// The results of `session`, finished, from the top.
  private mutating func showResults(of session: Session, _ outcome: Session.Outcome) {
    phase = .finished(session, outcome)
    self.outcome = nil
    offset = 0
    selected = 0
  }

  /// Why there is no listening drill, where it would be offered.
  static let listeningUnavailable = "The listening drill \(Speech.unavailableReason), which Scripts/setup installs."

  /// Says the question asking, if it is a listening one.
  func sayQuestion() -> Action? {
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
    offered = RecognitionChoices(session.questions, scoring: session.scoring, with: Current.conjugator)
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
        drawQuestion(quiz, in: &frame, area: area, namesCueForm: settings.cueShowsForm.isOn)
      }
      if let leaving { drawLeaving(leaving, in: &frame, area: area) }
    case .finished(let quiz, let outcome): drawResults(quiz, outcome, in: &frame, area: area)
    }
  }
}
