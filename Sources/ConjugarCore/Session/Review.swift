import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// Composes a review: the items due, the most forgotten first (lowest retrievability), up to the
/// session size and what is left of the day's reviews; then, while the day's allowance lasts,
/// items never practised, from the most frequent verbs and the quiz's tenses (``DailyLimits``).
public struct ReviewComposer: Sendable {
  let conjugator: Conjugator
  let scoreboard: Scoreboard
  /// The quiz's tenses and who a new question may address (no vosotros in Latin America, tú or
  /// vos as set).
  let quiz: QuizComposer
  let size: Int
  let settings: SettingValues
  let calendar: Calendar

  public init(
    conjugator: Conjugator, scoreboard: Scoreboard, settings: SettingValues, calendar: Calendar = .current
  ) {
    self.conjugator = conjugator
    self.scoreboard = scoreboard
    quiz = QuizComposer(conjugator: conjugator, settings: settings)
    size = settings.reviewSize.count
    self.settings = settings
    self.calendar = calendar
  }

  /// The questions of a review at `now`: the due items, then the new ones, within the day's limits.
  public func questions(at now: Date) -> [Question] {
    let limits = DailyLimits(scoreboard: scoreboard, settings: settings, at: now, calendar: calendar)
    let due = (try? scoreboard.dueItems(now, limits.reviews(of: size))) ?? []
    var questions = due.compactMap { question(for: $0.item) }
    questions += newItems(count: limits.newLeft).compactMap(question(for:))
    return questions
  }

  /// The first `count` items never practised nor suspended, verb by verb in order of frequency,
  /// each verb's cells in the order of the quiz's tenses and persons.
  public func newItems(count: Int) -> [Item] {
    guard count > 0 else { return [] }
    let forms = quiz.forms
    let suspended = (try? scoreboard.itemMarks().suspended) ?? []
    var found: [Item] = []
    for entry in QuizComposer.frequentEntries(of: conjugator.catalog) {
      var cells: [Item] = []
      for form in forms {
        switch form {
        case .finite(let tense, _):
          cells += quiz.persons(for: tense).map {
            Item(verb: entry.infinitive, tense: tense.rawValue, person: $0.rawValue)
          }
        case .gerundio, .participio:
          cells.append(Item(verb: entry.infinitive, tense: form.tenseName, person: ""))
        }
      }
      let known = (try? scoreboard.knownItems(cells)) ?? []
      for cell in cells where !known.contains(cell) && !suspended.contains(cell) {
        found.append(cell)
        if found.count == count { return found }
      }
    }
    return found
  }

  /// The question that asks `item`, or nil if it names no form of the engine's.
  public func question(for item: Item) -> Question? {
    guard let paradigm = try? conjugator.conjugate(item.verb) else { return nil }
    return Self.question(for: item, in: paradigm)
  }

  /// The question that asks `item` of `paradigm` (its verb's), or nil if it names no form there.
  public static func question(for item: Item, in paradigm: Paradigm) -> Question? {
    guard let form = QuestionForm(tenseName: item.tense, personName: item.person) else { return nil }
    let accepted =
      switch form {
      case .gerundio: paradigm.gerundio
      case .participio: paradigm.participio
      case .finite(let tense, let person): paradigm[tense, person]
      }
    guard !accepted.isEmpty else { return nil }
    return Question(verb: paradigm.infinitive, translation: paradigm.translation, form: form, accepted: accepted)
  }
}

extension QuestionSource {
  /// A review: the due items, then new ones (``ReviewComposer``).
  public static func review(_ composer: ReviewComposer, at now: Date) -> QuestionSource {
    QuestionSource { composer.questions(at: now) }
  }
}

extension Session {
  /// What a session is for: the scored quiz, a review of the schedule, practising given
  /// questions again ("practise the ones I missed"), or the listening drill. All but the quiz keep
  /// each answer as it is given, with its item's new review state.
  public enum Kind: Sendable, Equatable {
    case quiz, review, practice, listening
  }

  /// A review with the World's settings and history.
  public static func review(in world: World) -> Session {
    let values = world.settings.values
    let composer = ReviewComposer(conjugator: world.conjugator, scoreboard: world.scoreboard, settings: values)
    return Session(
      source: .review(composer, at: world.clock.now()),
      scoring: Scoring(difficulty: values.difficulty, region: values.region), clock: world.clock, check: Session.diagnosing(with: world.conjugator))
  }

  /// The questions of `answers` that were not answered right, to ask again now.
  public static func practice(_ questions: [Question], in world: World) -> Session {
    let values = world.settings.values
    return Session(
      source: .given(questions), scoring: Scoring(difficulty: values.difficulty, region: values.region),
      clock: world.clock, check: Session.diagnosing(with: world.conjugator))
  }

  /// The forms still missed at the end: each form's last answer, when it was wrong or the accents
  /// were; a form missed, asked again and answered right is not among them.
  public var missed: [Question] {
    answers.indices.filter { index in
      let question = answers[index].question
      return answers[index].result != .correct
        && !answers[(index + 1)...].contains { $0.question.verb == question.verb && $0.question.form == question.form }
    }.map { answers[$0].question }
  }

  /// Keeps the last answer in the World's history with its item's new review state, the moment
  /// it is given (every session does: a quiz stopped early loses nothing); what was kept, or why
  /// it could not be.
  public mutating func keepLastAnswer(in world: World, from origin: AnswerOrigin) -> Result<KeptAnswer, any Error> {
    guard let answer = answers.last else { return .failure(CancellationError()) }
    let result = Result { try world.scoreboard.recordAnswer(answer.answered, origin) }
    if case .success(let kept) = result {
      self.kept[answers.count - 1] = kept
      // Outside the scored quiz, a form rated again or hard in its learning steps comes back in
      // this session when the step is due.
      if origin == .review, [.again, .hard].contains(answer.rating),
        [.learning, .relearning].contains(kept.state.card.state)
      {
        bringBack(answer.question, at: kept.state.card.due)
      }
      bringBackDue()
    }
    return result
  }

  /// "I was right" (`!`): the last answer, judged wrong or right but for accents, counted right —
  /// rated good — in the session (its score with it) and in the World's history: the answer as
  /// judged is taken back exactly (as `u` takes it back) and kept again, right and marked as
  /// overridden, so that it can be audited. Nil when the last answer was right already.
  public mutating func overrideLastAnswer(in world: World, from origin: AnswerOrigin) throws -> KeptAnswer? {
    guard let last = answers.last, last.result != .correct else { return nil }
    try undoLastAnswer(in: world)
    answerAgain(last)
    return try keepLastAnswer(in: world, from: origin).get()
  }

  /// Takes the last answer back: out of the World's history (its item's state and the statistics
  /// as they were) if it was kept, and out of the session, whose question is asked again.
  public mutating func undoLastAnswer(in world: World) throws {
    guard !answers.isEmpty else { return }
    if let kept = kept[answers.count - 1] { try world.scoreboard.undoAnswer(kept) }
    kept[answers.count - 1] = nil
    undoLast()
  }
}

/// When an item comes back, as the learner reads it: "in 10 minutes", "in 4 days".
public func comesBack(_ due: Date, from now: Date) -> String {
  let seconds = max(0, due.timeIntervalSince(now))
  func plural(_ n: Int, _ unit: String) -> String { "in \(n) \(unit)\(n == 1 ? "" : "s")" }
  switch seconds {
  case ..<90: return plural(max(1, Int((seconds / 60).rounded())), "minute")
  case ..<(90 * 60): return plural(Int((seconds / 60).rounded()), "minute")
  case ..<(36 * 3600): return plural(Int((seconds / 3600).rounded()), "hour")
  default: return plural(Int((seconds / 86_400).rounded()), "day")
  }
}
