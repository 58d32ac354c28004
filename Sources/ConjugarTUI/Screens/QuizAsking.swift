import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SpacedRepetition
import TerminalClient

extension QuizScreen {
  /// The quiz screen while a session asks: its question with the answer as typed (or named), or
  /// the verdict on the last answer in place of the next question until a key; the timer; and the
  /// dialog that asks whether to leave.
  struct Asking {
    var session: Session
    /// What the session is: a scored quiz, a review, practice.
    let kind: Session.Kind
    /// Whether the right form is said after each answer ("speak answers").
    let speaksAnswers: Bool
    /// Whether the session came from the Practice screen: its results offer to save the drill (s).
    let savesDrill: Bool
    /// The tenses and persons a recognition offers to pick from.
    let offered: RecognitionChoices?
    /// The answer to the question asking, as it is typed.
    var answer = TextField()
    /// A recognition question's answer as it is made: the infinitive typed (in `answer`), then a
    /// tense and a person picked with the arrows.
    var naming = Naming()
    /// Whether the question asking is one whose answer was just taken back (u), to say so under it.
    var takenBack = false
    /// The verdict on the last answer, showing in place of the next question until a key (the
    /// timer stopped meanwhile); nil while a question is asked.
    var verdict: Verdict?
    /// What the session earned, when its last answer's verdict is showing: the results follow it.
    var outcome: Session.Outcome?
    /// Seconds since the session began, as last read from the clock (the screen shows this).
    var elapsed = 0
    /// Set while asking whether to leave.
    var leaving: Leaving?

    init(_ session: Session, kind: Session.Kind, speaksAnswers: Bool, savesDrill: Bool) {
      self.session = session
      self.kind = kind
      self.speaksAnswers = speaksAnswers
      self.savesDrill = savesDrill
      offered = RecognitionChoices(session.questions, scoring: session.scoring, with: Current.conjugator)
    }

    struct Naming: Equatable {
      enum Step { case verb, tense, person }
      var step = Step.verb
      var tense = 0
      var person = 0
    }

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

    /// What follows a key: still asking, back before the session (it was left), or its results.
    enum Next {
      case asking, ready
      case finished(Session.Outcome)
    }

    /// The question asking, anew: nothing typed, nothing named, no verdict; `takenBack`: its
    /// answer was just taken back.
    mutating func ask(takenBack: Bool = false) {
      answer = TextField()
      naming = Naming()
      verdict = nil
      self.takenBack = takenBack
    }

    /// Stops or starts the timer; not while the verdict shows (it is stopped), nor started while
    /// the leave dialog is open.
    mutating func setPaused(_ paused: Bool) {
      guard verdict == nil, paused || leaving == nil else { return }
      if paused { session.pause() } else { session.resume() }
    }

    mutating func askToLeave(_ what: Leaving) {
      leaving = what
      setPaused(true)
    }

    mutating func handle(_ key: Key) -> (Action?, Next) {
      if let leaving {
        switch key {
        case .character("y"), .character("Y"): return (leaving == .program ? .quit : nil, .ready)
        case .character("n"), .character("N"), .escape:
          self.leaving = nil
          setPaused(false)
          // Back to the question; in a listening drill, said (the dialog may have come before it was).
          return (sayQuestion(), .asking)
        default: break
        }
        return (nil, .asking)
      }
      if let verdict { return handle(key, on: verdict) }
      switch key {
      case .control("d"):
        // I don't know: the answer shown, counted a miss.
        return (submit("", revealing: true), .asking)
      case .control("n"):
        return skip()
      case _ where session.current?.mode == .recognition && key != .escape:
        guard let text = name(key) else { return (nil, .asking) }
        return (submit(text), .asking)
      case .escape:
        askToLeave(.quiz)
      case .control("r"):
        if let current = session.current, current.mode == .listening { return (.speak(current.spoken), .asking) }
      case .enter:
        // An Enter with nothing typed is a slip, not an answer.
        guard !answer.text.trimmingSpaces.isEmpty else { return (.bell, .asking) }
        return (submit(answer.text), .asking)
      default:
        _ = answer.handle(key)
      }
      return (nil, .asking)
    }

    /// A key on the verdict: u, !, t and Ctrl-R do what they say; Esc and q ask to leave the quiz
    /// or quit (no answer is being typed, so q is the program's key, as everywhere else), and on
    /// the last question's verdict q quits at once, the quiz kept; any other goes on.
    private mutating func handle(_ key: Key, on verdict: Verdict) -> (Action?, Next) {
      if key == .control("r"), speaksAnswers { return (.speak(verdict.question.spoken), .asking) }
      if key == .character("u") {
        do {
          return (try undo(), .asking)
        } catch {
          return (Self.notTakenBack(error), .asking)
        }
      }
      // ! counts a miss right; on a don't know, it does nothing (it is no key that goes on).
      if key == .character("!"), verdict.result != .correct {
        return (verdict.mayBeCountedRight ? overrule() : nil, .asking)
      }
      // A leech missed: t opens its verb's table (the verdict stays, for when the learner is back).
      if key == .character("t"), verdict.leech != nil { return (.openVerb(verdict.question.verb), .asking) }
      let next = self.next()
      // Esc, as on a question: ask to leave; q: ask to quit (the next question waits behind the dialog).
      if key == .escape || key == .character("q"), case .asking = next.1 {
        askToLeave(key == .escape ? .quiz : .program)
        return (nil, .asking)
      }
      if key == .character("q") { return (then(next.0, .quit), next.1) }
      return next
    }

    /// Ctrl-N, skip: the question left out, unanswered; the results if it was the last.
    private mutating func skip() -> (Action?, Next) {
      session.skip()
      ask()
      guard session.isFinished else { return (sayQuestion(), .asking) }
      return (nil, .finished(kind == .quiz ? session.report(to: Current.scoreboard, analytics: Current.analytics, reviewPrompter: Current.reviewPrompter) : Session.Outcome(seconds: session.elapsedSeconds)))
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

    /// Gives `text` as the answer to the current question, keeps it, and shows its verdict.
    private mutating func submit(_ text: String, revealing: Bool = false) -> Action? {
      guard let question = session.current else { return nil }
      let result = revealing ? session.reveal() : session.answer(text)
      let given = AnswerChecker.normalized(text)
      ask()
      elapsed = session.elapsedSeconds
      // The verdict shows until a key, the timer stopped.
      session.pause()
      var verdict = Verdict(question: question, given: given, result: result, feedback: session.answers.last?.feedback)
      // Speak answers: the right form, with its pronoun, after the verdict's chime.
      let spoken: Action? = speaksAnswers ? .speak(question.spoken) : nil
      // Every answer is kept as it is given; a review or practice shows its form's new schedule.
      var error: String?
      switch session.keepLastAnswer(in: Current.scoreboard, from: kind == .quiz ? .quiz : .review) {
      case .success(let kept):
        if kind != .quiz { verdict.schedule = (kept.rating, comesBack(kept.comesBack, from: Current.clock.now())) }
        verdict.leech = kept.leech
      case .failure(let failure):
        error = "The answer could not be saved: \(failure)"
      }
      self.verdict = verdict
      let kept = Action.answerKept(chime: result == .correct, error: error)
      if session.isFinished {
        if kind == .quiz {
          let outcome = session.report(to: Current.scoreboard, analytics: Current.analytics, reviewPrompter: Current.reviewPrompter)
          self.outcome = outcome
          return then(.all([kept, .quizFinished(outcome, chime: false)]), spoken)
        }
        outcome = Session.Outcome(seconds: session.elapsedSeconds)
      }
      return then(kept, spoken)
    }

    /// After the verdict: the next question (said, in a listening drill), or the results.
    private mutating func next() -> (Action?, Next) {
      verdict = nil
      // A form missed whose learning step has ended meanwhile comes next.
      session.bringBackDue()
      if session.isFinished { return (nil, .finished(outcome ?? Session.Outcome(seconds: session.elapsedSeconds))) }
      session.resume()
      return (sayQuestion(), .asking)
    }

    /// `u`: takes the last answer back (out of the history, the score of a finished quiz and a
    /// leech's suspension with it) and asks its question again; as it was if it could not.
    mutating func undo() throws -> Action {
      var session = self.session
      try session.undoLastAnswer(in: Current.scoreboard)
      session.resume()
      self.session = session
      outcome = nil
      ask(takenBack: true)
      return .answerKept(chime: false, error: nil)
    }

    /// What `u` says when the answer could not be taken back.
    static func notTakenBack(_ error: any Error) -> Action {
      .message("The answer could not be taken back: \(error)")
    }

    /// `!`, "I was right": the verdict's answer counted right, rated good, in the session, the
    /// history and, on a quiz's last answer, its score (reported again).
    private mutating func overrule() -> Action? {
      var session = self.session
      let kept: Session.Kept?
      do {
        kept = try session.overrideLastAnswer(in: Current.scoreboard, from: kind == .quiz ? .quiz : .review)
      } catch {
        return .message("The answer could not be counted right: \(error)")
      }
      guard let answer = session.answers.last else { return nil }
      verdict = Verdict(question: answer.question, given: answer.given, result: .correct, feedback: Self.overruled)
      if kind != .quiz, let kept {
        verdict?.schedule = (kept.rating, comesBack(kept.comesBack, from: Current.clock.now()))
      }
      var actions: [Action] = [.answerKept(chime: false, error: nil)]
      if session.isFinished, kind == .quiz {
        let outcome = session.report(to: Current.scoreboard, analytics: Current.analytics, reviewPrompter: Current.reviewPrompter)
        self.outcome = outcome
        actions.append(.quizFinished(outcome, chime: false))
      }
      self.session = session
      return .all(actions)
    }

    /// What the verdict says of an answer counted right by `!`.
    static let overruled = "Counted right, as you said (I was right): rated good, and marked so in the history."

    /// Says the question asking, if it is a listening one.
    func sayQuestion() -> Action? {
      guard let question = session.current, question.mode == .listening else { return nil }
      return .speak(question.spoken)
    }

    /// `first`, then `second`: either may be nil.
    private func then(_ first: Action?, _ second: Action?) -> Action? {
      guard let first else { return second }
      guard let second else { return first }
      return .all([first, second])
    }
  }
}
