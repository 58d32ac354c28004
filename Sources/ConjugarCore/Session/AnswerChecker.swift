import ConjugarEngine
import ScoreboardClient

/// Marks an answer: exact (but for case and surrounding spaces), right but for written accents,
/// or wrong. Any accepted form of the cell counts.
public enum AnswerChecker {
  public static func check(_ answer: String, accepted: [String]) -> AnswerResult {
    let given = normalized(answer)
    guard !given.isEmpty else { return .wrong }
    if accepted.contains(where: { normalized($0) == given }) { return .correct }
    let folded = withoutAccents(given)
    if accepted.contains(where: { withoutAccents(normalized($0)) == folded }) { return .accentsOnly }
    return .wrong
  }

  /// Lower case, inner spaces collapsed, surrounding spaces trimmed.
  public static func normalized(_ text: String) -> String {
    text.lowercased().split(whereSeparator: isSpace).joined(separator: " ")
  }

  /// White space and nothing else. (`Character.isWhitespace` looks at the first scalar only, so a
  /// space carrying a combining accent, " \u{301}", would count as a space and an answer of it
  /// as blank, unequal even to itself.)
  static func isSpace(_ character: Character) -> Bool {
    character.isWhitespace && character.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// Without acute accents or diaeresis: "averigüé" and "averigue" are the same letters.
  /// ñ is a letter of its own, not an n with an accent, so it stays.
  static func withoutAccents(_ text: String) -> String {
    String(
      text.map { c -> Character in
        switch c {
        case "á": "a"
        case "é": "e"
        case "í": "i"
        case "ó": "o"
        case "ú", "ü": "u"
        default: c
        }
      })
  }
}
