import ClockClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// One round of practice, built from explicit inputs: its questions (from a source), how it is
/// scored, the clock that times it and the checker that marks its answers. It owns answering,
/// the verdicts, the score and the results; screens only show it. It reads nothing from `Current`,
/// so a test builds one from given questions; the app builds one from the World (`Session.quiz`).
public struct Session: Sendable {
  public struct Answer: Sendable, Equatable {
    public var question: Question
    /// What the learner typed.
    public var given: String
    public var result: AnswerResult
    /// What the mistake was, for the learner ("pensar changes e to ie here: pienso, not penso."),
    /// or a note on a right answer (an older spelling); nil when there is nothing to say.
    public var feedback: String?
    /// When it was given.
    public var date: Date
    /// How long the learner took, from the question showing to the answer, in seconds.
    public var seconds: Double
    /// Judged wrong, counted right because the learner said so ("I was right").
    public var overridden = false
    /// What it earned, by the rating rule (``Rating/init(result:firstTry:hinted:seconds:letters:)``):
    /// the session asks each question once, without hints, so every answer is a first try.
    public var rating: Rating {
      // "I was right" earns good, whatever the time: the verdict was the trainer's mistake.
      overridden
        ? .good
        : Rating(result: result.outcome, firstTry: true, hinted: false, seconds: seconds, letters: question.accepted[0].count)
    }

    /// The answer as the history keeps it.
    public var answered: AnsweredQuestion {
      AnsweredQuestion(
        verb: question.verb, tense: question.form.tenseName, person: question.form.personName,
        expected: question.accepted[0], given: given, result: result, date: date, rating: rating,
        seconds: AnswerBounds.kept(seconds: seconds), mode: question.mode, overridden: overridden)
    }
  }

  /// The questions, in the order asked: those of the source, and the forms missed brought back
  /// (``bringBackDue()``).
  public private(set) var questions: [Question]
  /// Forms missed in a review or practice, to ask again in this session when their learning step
  /// is due (the scheduler's "again in 1 minute"), as Anki's learning cards come back.
  var comingBack: [(due: Date, question: Question)] = []
  /// Those brought back into `questions`, by the index they were put at (an undo puts them back).
  var broughtBack: [(index: Int, due: Date, question: Question)] = []
  /// How many questions were asked again, their forms missed earlier in the session.
  public private(set) var relearned = 0
  /// How many questions the session had at its start: what it announces ("8 questions") and what
  /// ``progress`` counts, a question skipped or a form brought back changing neither.
  public let announced: Int
  /// The questions of the start skipped, each by how many answers had been given before it.
  var skippedAt: [Int] = []
  public let scoring: Scoring
  public let startedAt: Date
  let clock: WallClock
  let check: Checker
  public private(set) var answers: [Answer] = []
  /// How each answer was kept in the history, by its index in `answers` (``keepLastAnswer(in:from:)``).
  var kept: [Int: KeptAnswer] = [:]
  /// The score reported at the end (``report(to:analytics:reviewPrompter:)``), which an undo of the last answer takes back.
  var reportedScore: Int64?
  /// What makes a form a leech and what its miss does (the settings); nil: no leeches.
  public var leeches: LeechRule?
  /// What to say before the first question: a sentence drill with fewer sentences than its count
  /// (``SentenceCue/shortfall(_:of:)``).
  public internal(set) var notice: String?
  /// Time not counted: the seconds of earlier pauses, and when the pause going on began.
  private var paused: (seconds: TimeInterval, since: Date?) = (0, nil)
  /// When the current question showed: its answer's response time counts from here.
  private var askedAt: Date

  public init(
    source: QuestionSource, scoring: Scoring, clock: WallClock,
    check: @escaping Checker = Session.acceptedForms
  ) {
    questions = Self.spread(source.questions())
    announced = questions.count
    self.scoring = scoring
    self.clock = clock
    self.check = check
    startedAt = clock.now()
    askedAt = startedAt
  }

  /// A session of `source`'s questions timed by `clock`, as `settings` say: scored by their
  /// difficulty and region, checked by `conjugator`'s diagnosis unless `check` says otherwise,
  /// leeches as they say.
  init(_ source: QuestionSource, settings: SettingValues, conjugator: Conjugator, clock: WallClock, check: Checker? = nil) {
    self.init(
      source: source, scoring: Scoring(difficulty: settings.difficulty, region: settings.region), clock: clock,
      check: check ?? Session.diagnosing(with: conjugator))
    leeches = LeechRule(settings)
  }

  public var current: Question? { answers.count < questions.count ? questions[answers.count] : nil }
  public var isFinished: Bool { current == nil }
  /// 1-based number of the question being asked among those of the start, for "3 of 20": the
  /// questions skipped before it counted, the forms brought back (``isComingBack``) not. A form
  /// brought back has the number of the question of the start that comes after it.
  public var progress: (number: Int, total: Int) {
    let broughtBefore = broughtBack.filter { $0.index < answers.count }.count
    let skipped = skippedAt.filter { $0 <= answers.count }.count
    return (min(answers.count - broughtBefore + skipped + 1, announced), announced)
  }

  /// Whether the question being asked is a form missed earlier in the session, brought back.
  public var isComingBack: Bool { current != nil && broughtBack.contains { $0.index == answers.count } }

  /// Points so far, before the multipliers.
  public var points: Int { answers.reduce(0) { $0 + Scoring.points(for: $1.result) } }
  public var score: Int { scoring.score(points) }

  /// How many answers had each result.
  public func count(_ result: AnswerResult) -> Int { answers.filter { $0.result == result }.count }

  /// Whole seconds since the start, from the clock, pauses left out.
  public var elapsedSeconds: Int {
    let now = clock.now()
    let pausing = paused.since.map { now.timeIntervalSince($0) } ?? 0
    return max(0, Int(now.timeIntervalSince(startedAt) - paused.seconds - pausing))
  }

  /// Stops the timer (the help is open); `resume` starts it again.
  public mutating func pause() {
    if paused.since == nil { paused.since = clock.now() }
  }

  public mutating func resume() {
    guard let since = paused.since else { return }
    let pause = clock.now().timeIntervalSince(since)
    paused = (paused.seconds + pause, nil)
    askedAt += pause  // a response time leaves the pause out too
  }

  /// Marks the answer to the current question and moves on.
  @discardableResult
  public mutating func answer(_ text: String) -> AnswerResult {
    guard let question = current else { return .wrong }
    let (result, feedback) = check(text, question)
    let now = clock.now()
    answers.append(
      Answer(
        question: question, given: text, result: result, feedback: feedback, date: now,
        seconds: max(0, now.timeIntervalSince(askedAt))))
    askedAt = now
    return result
  }

  /// `questions` with no verb asked twice in a row where another order allows it: a question of
  /// the verb just asked swaps with the next one of another verb (the order otherwise kept).
  static func spread(_ questions: [Question]) -> [Question] {
    var questions = questions
    for index in questions.indices.dropFirst() where questions[index].verb == questions[index - 1].verb {
      let previous = questions[index - 1].verb
      guard let other = questions[(index + 1)...].firstIndex(where: { $0.verb != previous }) else { break }
      questions.swapAt(index, other)
    }
    return questions
  }

  /// Takes the last answer out of the session: its question is the current one again, timed from
  /// now; if the answer had sent its form to come back, it no longer does.
  mutating func undoLast() {
    guard let last = answers.popLast() else { return }
    // What the answer brought back goes back to waiting; what it sent to come back, nowhere.
    for brought in broughtBack.reversed() where brought.index > answers.count {
      questions.remove(at: brought.index)
      relearned -= 1
      comingBack.append((brought.due, brought.question))
    }
    broughtBack.removeAll { $0.index > answers.count }
    comingBack.removeAll { $0.question == last.question }
    comingBack.sort { $0.due < $1.due }
    askedAt = clock.now()
  }

  /// How long before its step is due a form missed may come back when nothing else is left to ask
  /// (Anki's "learn ahead limit", 20 minutes): the session asks it then rather than end.
  public static let learnAhead: TimeInterval = 20 * 60

  /// Asks `question` again when `due` comes: its form was missed, and its learning step ends then.
  mutating func bringBack(_ question: Question, at due: Date) {
    comingBack.removeAll { $0.question == question }
    comingBack.append((due, question))
    comingBack.sort { $0.due < $1.due }
  }

  /// Puts the form missed whose step is due next in line: one whose step has ended, or, when no
  /// other question is left, the first to end within ``learnAhead``.
  public mutating func bringBackDue() {
    guard let first = comingBack.first, current == nil || answers.count < questions.count else { return }
    let now = clock.now()
    let nothingElse = answers.count >= questions.count
    guard first.due <= now || (nothingElse && first.due <= now + Self.learnAhead) else { return }
    comingBack.removeFirst()
    questions.insert(first.question, at: answers.count)
    broughtBack.append((answers.count, first.due, first.question))
    relearned += 1
  }

  /// The ids of the answers kept in the history, in the order given.
  public var keptIDs: [Int64] { answers.indices.compactMap { kept[$0]?.id } }

  /// "I was right": `answer` (the last one, taken back) given again, counted right.
  mutating func answerAgain(_ answer: Answer) {
    guard current == answer.question else { return }
    var right = answer
    right.result = .correct
    right.overridden = true
    right.feedback = nil
    answers.append(right)
  }

  /// "I don't know": the current question answered with nothing, wrong (rated again, as a miss
  /// is), its right form shown on the verdict.
  @discardableResult
  public mutating func reveal() -> AnswerResult {
    guard let question = current else { return .wrong }
    let now = clock.now()
    answers.append(
      Answer(
        question: question, given: "", result: .wrong, feedback: Self.revealed,
        date: now, seconds: max(0, now.timeIntervalSince(askedAt))))
    askedAt = now
    return .wrong
  }

  /// What the verdict says of an answer asked for.
  public static let revealed = "You asked to see it: it counts as a miss, and comes back soon."

  /// Skip: the current question left out, unanswered and unrated.
  public mutating func skip() {
    guard current != nil else { return }
    // A form brought back and skipped is no longer brought back; a question of the start skipped
    // still counts in ``progress``.
    if broughtBack.contains(where: { $0.index == answers.count }) {
      broughtBack.removeAll { $0.index == answers.count }
    } else {
      skippedAt.append(answers.count)
    }
    questions.remove(at: answers.count)
    for index in broughtBack.indices where broughtBack[index].index > answers.count { broughtBack[index].index -= 1 }
    askedAt = clock.now()
  }

  /// Leaves `question` out of the rest of the session (its form suspended): a miss of it no longer
  /// comes back.
  public mutating func leaveOut(_ question: Question) {
    comingBack.removeAll { $0.question.verb == question.verb && $0.question.form == question.form }
  }

  /// The answers as the history keeps them.
  public var history: [AnsweredQuestion] { answers.map(\.answered) }
}

extension Session {
  /// How a session marks an answer: its verdict, and what to tell the learner about it.
  public typealias Checker = @Sendable (_ answer: String, _ question: Question) -> (AnswerResult, feedback: String?)

  /// The verdict among the question's accepted forms alone, without feedback.
  public static let acceptedForms: Checker = { answer, question in
    (AnswerChecker.check(answer, accepted: question.accepted), nil)
  }

  /// The engine's diagnosis: hablo for habló is wrong (another form), the asked person's pronoun
  /// before the form is no mistake, and every wrong answer's mistake is named. A right answer in
  /// the spelling before 2010 (guió) counts, with a note.
  public static func diagnosing(with conjugator: Conjugator) -> Checker {
    { answer, question in
      if question.mode == .recognition { return recognizing(answer, question, with: conjugator) }
      guard case .finite(let tense, let person) = question.form, let paradigm = try? conjugator.conjugate(question.verb)
      else { return acceptedForms(answer, question) }
      let diagnosis = conjugator.diagnose(answer: answer, paradigm: paradigm, tense: tense, person: person)
      let result = AnswerResult(diagnosis.verdict)
      let given = AnswerChecker.normalized(answer)
      if result == .correct, let older = paradigm.olderSpellings(tense, person).first(where: { $0 == given }) {
        return (result, "\(older) is the spelling before 2010; today it is written \(paradigm[tense, person].first ?? older).")
      }
      return (result, result == .correct ? nil : diagnosis.message)
    }
  }
}
