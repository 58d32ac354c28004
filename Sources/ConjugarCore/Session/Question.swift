import ConjugarEngine
import ScoreboardClient

/// What a question asks for: a finite form (tense and person), or a non-finite one.
public enum QuestionForm: Sendable, Equatable, Hashable {
  case finite(Tense, Person)
  case gerundio
  case participio

  /// "presente" / "gerundio", as stored in the history.
  public var tenseName: String {
    switch self {
    case .finite(let tense, _): tense.rawValue
    case .gerundio: "gerundio"
    case .participio: "participio"
    }
  }

  /// "yo", or "" for the non-finite forms.
  public var personName: String {
    if case .finite(_, let person) = self { return person.rawValue }
    return ""
  }

  /// The form these names, as stored in the history, ask for; nil if they name none.
  public init?(tenseName: String, personName: String) {
    switch tenseName {
    case "gerundio": self = .gerundio
    case "participio": self = .participio
    default:
      guard let tense = Tense(rawValue: tenseName), let person = Person(rawValue: personName) else { return nil }
      self = .finite(tense, person)
    }
  }
}

/// One question of a quiz: a verb, the form asked for, and every answer that counts as right.
public struct Question: Sendable, Equatable {
  public var verb: String
  public var translation: String?
  public var form: QuestionForm
  /// The accepted forms, preferred first. Non-empty.
  public var accepted: [String]
  /// A sentence with a gap for the form, when the question is a sentence cue.
  public var sentence: String?
  /// Written (verb, tense and person shown), or listening: the form is said with its pronoun,
  /// not shown, and the learner writes what was heard.
  public var mode: AnswerMode

  public init(
    verb: String, translation: String?, form: QuestionForm, accepted: [String], sentence: String? = nil,
    mode: AnswerMode = .written
  ) {
    self.verb = verb
    self.translation = translation
    self.form = form
    self.accepted = accepted
    self.sentence = sentence
    self.mode = mode
  }

  /// The pronoun to show (the imperative addresses usted, ustedes), or nil for non-finite forms.
  public var pronoun: String? {
    guard case .finite(let tense, let person) = form else { return nil }
    return Self.pronoun(tense, person)
  }

  /// The pronoun a question of `person` in `tense` shows: "él/ella/usted", "usted" in the
  /// imperative.
  public static func pronoun(_ tense: Tense, _ person: Person) -> String {
    tense.mood == .imperativo ? person.imperativePronoun : person.pronoun
  }

  /// The tense to show: "presente de subjuntivo", "gerundio".
  public var tenseDescription: String {
    switch form {
    case .finite(let tense, _): tense.spanishName
    case .gerundio: "gerundio"
    case .participio: "participio"
    }
  }
}
