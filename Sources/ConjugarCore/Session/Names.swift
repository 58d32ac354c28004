import ConjugarEngine
import Foundation

/// Persons as the JSON contract names them (`tu`) and as the trainer shows them (`tú`, `él`,
/// `usted`, `ellos`), accents and case optional: the names every command, a marks file and plain
/// mode take, as tenses are named (``Tense/init(named:)``, the engine's). The command line's parser
/// reads both through these (ConjugarOptions' ArgumentNames.swift).
extension Person {
  public init?(named name: String) {
    let wanted = Tense.folded(name)
    guard let person = Person.allCases.first(where: { $0.names.map(Tense.folded).contains(wanted) }) else { return nil }
    self = person
  }
}
