import ConjugarEngine
import ScoreboardClient

/// Marks an answer: exact (but for case and surrounding spaces), right but for written accents,
/// or wrong. Any accepted form of the cell counts. The engine's diagnosis decides
/// (`Diagnosis.verdict`, `Conjugator.diagnose`); this is how the session and the score board
/// name its verdict.
public enum AnswerChecker {
  /// The verdict among the accepted forms alone (no verb to tell another form of it from an
  /// accent slip: `check(_:paradigm:tense:person:conjugator:)` does).
  public static func check(_ answer: String, accepted: [String]) -> AnswerResult {
    AnswerResult(Diagnosis.verdict(of: answer, accepted: accepted))
  }

  /// The verdict of the full diagnosis: hablo for habló is wrong (another form of the verb), and
  /// the asked person's subject pronoun before the form is no mistake.
  public static func check(
    _ answer: String, paradigm: Paradigm, tense: Tense, person: Person, conjugator: Conjugator
  ) -> AnswerResult {
    AnswerResult(conjugator.diagnose(answer: answer, paradigm: paradigm, tense: tense, person: person).verdict)
  }

  /// Lower case, inner spaces collapsed, surrounding spaces trimmed.
  public static func normalized(_ text: String) -> String { Diagnosis.normalized(text) }
}

extension AnswerResult {
  /// The score board's name for the diagnosis's verdict (the same names).
  public init(_ verdict: Diagnosis.Verdict) {
    switch verdict {
    case .correct: self = .correct
    case .accentsOnly: self = .accentsOnly
    case .wrong: self = .wrong
    }
  }
}
