import ArgumentParser
import ConjugarEngine
import Foundation

/// Tenses and persons on the command line as the JSON contract names them (`preterito`, `tu`) and
/// as the trainer shows them (`pretérito perfecto simple`, `tú`, `él`, `usted`, `ellos`), accents
/// and case optional. A tense's name is read by the engine (``Tense/init(named:)``), as the
/// settings' `quiz-tenses` reads it.
extension Tense: ExpressibleByArgument {
  public init?(argument: String) { self.init(named: argument) }
}

extension Person: ExpressibleByArgument {
  public init?(argument: String) {
    let wanted = Tense.folded(argument)
    guard let person = Person.allCases.first(where: { $0.names.map(Tense.folded).contains(wanted) }) else { return nil }
    self = person
  }
}
