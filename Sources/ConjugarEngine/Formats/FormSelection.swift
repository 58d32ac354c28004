/// Which tenses and persons an output shows (`conjugar conjugate --tenses a,b --persons a,b`),
/// in the paradigm's order.
public struct FormSelection: Sendable, Equatable {
  public var tenses: [Tense]
  public var persons: [Person]

  public init(tenses: [Tense] = Tense.allCases, persons: [Person] = Person.allCases) {
    self.tenses = Tense.allCases.filter(tenses.contains)
    self.persons = Person.allCases.filter(persons.contains)
  }

  public static let all = FormSelection()
}
