import ClockClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// Composes a review: the items due that are asked today (``DueToday``: the plan of the days may
/// move some later), the most forgotten first (lowest retrievability), up to the session size and
/// what is left of the day's reviews; then, while the day's allowance lasts,
/// items never practised, from the most frequent verbs and the quiz's tenses (``DailyLimits``).
public struct ReviewComposer: Sendable {
  let conjugator: Conjugator
  let scoreboard: Scoreboard
  /// The quiz's tenses and who a new question may address (no vosotros in Latin America, tú or
  /// vos as set).
  let quiz: QuizComposer
  let size: Int
  let settings: SettingValues
  let timeZone: Zone

  public init(
    conjugator: Conjugator, scoreboard: Scoreboard, settings: SettingValues, timeZone: Zone
  ) {
    self.conjugator = conjugator
    self.scoreboard = scoreboard
    quiz = QuizComposer(conjugator: conjugator, settings: settings)
    size = settings.reviewSize.count
    self.settings = settings
    self.timeZone = timeZone
  }

  /// The questions of a review at `now`: the due items, then the new ones, within the day's limits.
  public func questions(at now: Date) -> [Question] {
    let limits = DailyLimits(scoreboard: scoreboard, settings: settings, at: now, timeZone: timeZone)
    let due =
      (try? DueToday.items(
        scoreboard, settings: settings, at: now, timeZone: timeZone, limit: limits.reviews(of: size))) ?? []
    var questions = due.compactMap { question(for: $0.item) }
    questions += newItems(count: limits.newLeft).compactMap(question(for:))
    return questions
  }

  /// The first `count` items never practised nor suspended, verb by verb in order of frequency,
  /// each verb's cells in the order of the quiz's tenses and persons; while the rule layer in use
  /// orders new forms by their rules, a form on a rule not yet met first (``NewFormOrder``).
  public func newItems(count: Int) -> [Item] {
    guard count > 0 else { return [] }
    let layer = (try? scoreboard.memory.fittedMemory())??.rules
    let byRules = layer?.ordersNewForms ?? false
    let forms = quiz.forms
    let suspended = (try? scoreboard.items.itemMarks().suspended) ?? []
    var rules = RuleForms(conjugator: conjugator)
    var candidates: [NewFormOrder.Candidate] = []
    var verbs = 0
    for entry in QuizComposer.frequentEntries(of: conjugator.catalog) {
      if candidates.count >= count && (!byRules || verbs >= NewFormOrder.window) { break }
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
      let known = (try? scoreboard.items.knownItems(cells)) ?? []
      let new = cells.filter { !known.contains($0) && !suspended.contains($0) }
      if !new.isEmpty { verbs += 1 }
      candidates += new.map { NewFormOrder.Candidate(item: $0, rules: byRules ? rules.ruleIDs(of: $0) : []) }
    }
    var met: Set<String> = []
    if let layer, byRules {
      let recent = ((try? scoreboard.answers.history(NewFormOrder.recentAnswers)) ?? []).map(\.item)
      met = NewFormOrder.met(layer: layer, recent: Set(recent)) { rules.ruleIDs(of: $0) }
    }
    return NewFormOrder.choose(count, from: candidates, byRules: byRules, met: met)
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

  /// A review of the forms `scoreboard` finds due now, as `settings` say, today's limits counted in
  /// `timeZone`.
  public static func review(
    settings: SettingValues, scoreboard: Scoreboard, conjugator: Conjugator, clock: WallClock, timeZone: Zone
  ) -> Session {
    let composer = ReviewComposer(conjugator: conjugator, scoreboard: scoreboard, settings: settings, timeZone: timeZone)
    return Session(.review(composer, at: clock.now()), settings: settings, conjugator: conjugator, clock: clock)
  }

  /// `questions` (those not answered right, say) to ask again now.
  public static func practice(
    _ questions: [Question], settings: SettingValues, conjugator: Conjugator, clock: WallClock
  ) -> Session {
    Session(.given(questions), settings: settings, conjugator: conjugator, clock: clock)
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
