import ConjugarCore
import ConjugarEngine
import ScoreboardClient

// How the quiz screen names what it asks.

extension QuestionForm {
  /// "presente", "gerundio": how the quiz screen names the tenses of a level.
  var name: String {
    switch self {
    case .finite(let tense, _): tense.spanishName
    case .gerundio: "gerundio"
    case .participio: "participio"
    }
  }
}

extension Question {
  /// What was asked — "tener, pretérito perfecto simple, yo" — its tense abbreviated if that
  /// makes it fit `width`.
  func description(width: Int) -> String {
    let rest = ([verb] + (pronoun.map { [$0] } ?? [])).map(\.count).reduce(0, +) + 2 * (pronoun == nil ? 1 : 2)
    let tense = abbreviatedTense(tenseDescription, width: max(8, width - rest))
    return ([verb, tense] + (pronoun.map { [$0] } ?? [])).joined(separator: ", ")
  }
}

extension Item {
  /// "ir, futuro simple, él/ella/usted": the form as a question names it, its tense abbreviated if
  /// that makes it fit `width`; its stored names if they name no form.
  func description(width: Int) -> String {
    guard let form = QuestionForm(tenseName: tense, personName: person) else { return "\(verb) \(tense) \(person)" }
    return Question(verb: verb, translation: nil, form: form, accepted: []).description(width: width)
  }
}

extension Session.Kind {
  /// "quiz", "review", "practice".
  var noun: String {
    switch self {
    case .quiz: "quiz"
    case .review: "review"
    case .practice: "practice"
    case .listening: "drill"
    }
  }
}
