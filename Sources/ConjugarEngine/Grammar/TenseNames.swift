/// A tense named as the JSON contract names it (`preterito`, `subjuntivo-presente`) or as the
/// trainer shows it (`pretérito perfecto simple`, `presente de subjuntivo`, `pretérito`), accents
/// and case optional: the one reading of a tense's name, for the command line's `--tenses` and for
/// the settings' `quiz-tenses` alike.
extension Tense {
  public init?(named name: String) {
    let wanted = Self.folded(name)
    guard let tense = Tense.allCases.first(where: { $0.names.contains(wanted) }) else { return nil }
    self = tense
  }

  /// Each way of naming it, folded: its key, its Spanish name, and that name without "pretérito".
  var names: [String] {
    let spanish = Self.folded(spanishName)
    return [Self.folded(rawValue), spanish] + (spanish.hasPrefix("preterito ") ? [String(spanish.dropFirst(10))] : [])
  }

  /// Lowercase, without accents, brackets or dashes, one space between words.
  public static func folded(_ text: String) -> String {
    let plain = String(decoding: ConjugarEngine.folded(text), as: UTF8.self)
    let spaced = String(plain.map { (character: Character) -> Character in "-()_".contains(character) ? " " : character })
    return spaced.split(separator: " ").map(String.init).joined(separator: " ")
  }
}
