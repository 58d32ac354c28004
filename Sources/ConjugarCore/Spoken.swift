import ConjugarEngine

/// What the trainer says aloud: forms with their pronouns, as a speaker would say them — "yo
/// hablo", the imperative's pronoun after the form ("hable usted", "no hables tú"), a non-finite
/// form alone ("hablando").
public enum Spoken {
  /// `form` (one form of the cell) with the pronoun of `question`'s person.
  public static func form(_ form: String, _ asked: QuestionForm) -> String {
    guard case .finite(let tense, let person) = asked else { return form }
    let pronoun = person.label(in: tense)
    return tense.mood == .imperativo ? "\(form) \(pronoun)" : "\(pronoun) \(form)"
  }

  /// The tense's preferred forms in `persons`, each with its pronoun, joined by commas (a pause):
  /// "yo hablo, tú hablas, vos hablás, él habla, nosotros hablamos, ellos hablan". A person without
  /// the form (a defective verb, the imperative's yo) is left out.
  public static func tense(_ tense: Tense, of paradigm: Paradigm, persons: [Person]) -> String {
    persons.compactMap { person in
      paradigm[tense, person].first.map { form($0, .finite(tense, person)) }
    }.joined(separator: ", ")
  }
}

extension Question {
  /// The right form, as said after an answer or in a listening drill: "yo tuve".
  public var spoken: String { Spoken.form(accepted[0], form) }
}
