import ConjugarEngine
import Foundation

/// Tenses and persons as the JSON contract names them (`preterito`, `tu`) and as the trainer shows
/// them (`pretérito perfecto simple`, `tú`, `él`, `usted`, `ellos`), accents and case optional: the
/// names every command, a marks file and plain mode take (the command line's parser reads them
/// through these: ConjugarOptions' ArgumentNames.swift).
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
    let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    let spaced = String(plain.map { (character: Character) -> Character in "-()_".contains(character) ? " " : character })
    return spaced.split(separator: " ").map(String.init).joined(separator: " ")
  }
}

extension Person {
  public init?(named name: String) {
    let wanted = Tense.folded(name)
    guard let person = Person.allCases.first(where: { $0.names.map(Tense.folded).contains(wanted) }) else { return nil }
    self = person
  }
}
