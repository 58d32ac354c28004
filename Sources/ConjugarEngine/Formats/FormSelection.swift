/// Which tenses and persons an output shows (`conjugar conjugate --tenses a,b --persons a,b`),
/// in the paradigm's order, and whether it shows the gerundio and participio: only when every
/// tense is shown (`--tenses` shows what it names, and nothing else).
public struct FormSelection: Sendable, Equatable {
  public var tenses: [Tense]
  public var persons: [Person]
  public var nonFinite: Bool

  public init(tenses: [Tense] = Tense.allCases, persons: [Person] = Person.allCases, nonFinite: Bool = true) {
    self.tenses = Tense.allCases.filter(tenses.contains)
    self.persons = Person.allCases.filter(persons.contains)
    self.nonFinite = nonFinite
  }

  public static let all = FormSelection()
}
