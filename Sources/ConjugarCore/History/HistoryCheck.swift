import ConjugarEngine
import Foundation
import ScoreboardClient
import SpacedRepetition

/// What a row must be, beyond its format, to join the history: an answer this trainer could have
/// given. A row that is not would break the history (an item no question can ask, "1 due" that
/// review never finds, a right answer that is no form of the verb), so an import refuses it, with
/// its line and the reason:
/// - its verb is in the catalog (or is a catalog verb used pronominally), spelt as the catalog does;
/// - its tense and person name a form the verb has;
/// - its date is from 2000 on, and not later than now (a few minutes' grace for another machine's
///   clock);
/// - it is within ``AnswerBounds``: an answer of at most 200 characters (and 800 bytes), at most a
///   day to give it; no control character in its answer or expected form, as no door takes one;
/// - a row marked right was right: its answer is one of the verb's forms there (as the trainer's
///   checker says, the pronoun before it and the spelling before 2010 allowed; a recognition's
///   answer names that form);
/// - its rating is one its result can earn (``Rating/init(result:firstTry:hinted:seconds:letters:)``):
///   wrong → again, accents-only → hard, correct → hard, good or easy.
public final class HistoryCheck {
  /// The earliest date a history may hold.
  public static let earliest = AnswerBounds.earliest
  /// How far past now a date may be: another machine's clock a little ahead.
  public static let clockGrace: TimeInterval = 300

  let conjugator: Conjugator
  let now: Date
  let check: Session.Checker
  /// Each verb's paradigm, worked out once (nil: not a catalog verb).
  private var paradigms: [String: Paradigm?] = [:]
  /// Each item's question, worked out once (nil: a form its verb does not have).
  private var questions: [Item: Question?] = [:]

  public init(conjugator: Conjugator, now: Date) {
    self.conjugator = conjugator
    self.now = now
    check = Session.diagnosing(with: conjugator)
  }

  /// Why `answer` cannot join the history, or nil if it can.
  public func problem(with answer: AnsweredQuestion) -> String? {
    if answer.date < Self.earliest { return "date \(ISODate.string(answer.date)) is before 2000" }
    if answer.date > now + Self.clockGrace { return "date \(ISODate.string(answer.date)) is in the future" }
    if let problem = AnswerBounds.problem(with: answer) { return problem }
    // What no door takes (``AnswerBounds/admit(_:)``): a control character, an answer past its bytes.
    func refused(_ name: String, _ text: String) -> String? {
      AnswerBounds.refusal(of: text).map { "the \(name) is none the trainer takes: \($0)" }
    }
    if let problem = refused("answer", answer.given) ?? refused("expected form", answer.expected) { return problem }
    // An item asked before has its question (and a catalog verb); else both are looked up.
    let found: Question?
    if let known = questions[answer.item] {
      found = known
    } else {
      guard let paradigm = paradigm(of: answer.verb) else {
        return "verb \"\(answer.verb)\" is not in the catalog"
      }
      found = ReviewComposer.question(for: answer.item, in: paradigm)
      questions[answer.item] = .some(found)
    }
    guard var question = found else {
      return "\(answer.verb) has no form for \(answer.tense) \(answer.person)"
    }
    let earned = switch answer.result {
    case .wrong: answer.rating == .again
    case .accentsOnly: answer.rating == .hard
    case .correct: answer.rating == .hard || answer.rating == .good || answer.rating == .easy
    }
    if !earned {
      let ratings: [Rating] = switch answer.result {
      case .wrong: [.again]
      case .accentsOnly: [.hard]
      case .correct: [.hard, .good, .easy]
      }
      return "rating \(answer.rating.name) does not go with the result \(answer.result.rawValue) "
        + "(\(ratings.map(\.name).joined(separator: " or ")))"
    }
    // A right answer as written (the common case) needs no checker.
    // An answer the learner counted right against the verdict ("I was right") is theirs to say.
    if answer.result == .correct, !answer.overridden, !question.accepted.contains(answer.given),
      AnswerChecker.check(answer.given, accepted: question.accepted) != .correct
    {
      if NamedReading(text: answer.given) != nil { question.mode = .recognition }
      if check(answer.given, question).0 != .correct {
        return "marked correct, but \"\(answer.given)\" is not \(answer.verb)'s \(answer.tense) \(answer.person)"
      }
    }
    return nil
  }

  private func paradigm(of verb: String) -> Paradigm? {
    if let known = paradigms[verb] { return known }
    var found: Paradigm?
    if let paradigm = try? conjugator.conjugate(verb), paradigm.known, paradigm.infinitive == verb { found = paradigm }
    paradigms[verb] = found
    return found
  }
}
