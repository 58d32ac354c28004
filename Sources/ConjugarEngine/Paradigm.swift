/// Every form of one verb.
public struct Paradigm: Sendable {
  /// As the catalog writes it, with its clitic: "lavarse".
  public let infinitive: String
  /// The English gloss ("to have"), when the catalog has one.
  public let translation: String?
  /// The conjugation model it follows: "tener"; the regular model for an unknown verb.
  public let model: String
  /// Whether the verb is in the catalog.
  public let known: Bool
  /// The verb's frequency rank, 1 for the most frequent.
  public let rank: Int?
  let table: FormTable
  /// The forms of *haber*, for the compound tenses.
  let auxiliary: FormTable
  public let isPronominal: Bool

  init(
    infinitive: String, translation: String?, model: String, known: Bool, rank: Int?, table: FormTable,
    auxiliary: FormTable
  ) {
    self.infinitive = infinitive
    self.translation = translation
    self.model = model
    self.known = known
    self.rank = rank
    self.table = table
    self.auxiliary = auxiliary
    isPronominal = infinitive.hasSuffix("rse")
  }

  public var gerundio: [String] { table.gerundio }
  public var participio: [String] { table.participio }

  /// The accepted forms of a cell, preferred first; empty where the form does not exist.
  public func forms(_ tense: Tense, _ person: Person) -> [String] { self[tense, person] }

  public subscript(tense: Tense, person: Person) -> [String] {
    guard tense.isCompound else { return table[tense, person] }
    var forms: [String] = []
    var letters: [UInt8] = []
    letters.reserveCapacity(64)
    forEachCompound(tense, person) { clitic, haber, participle in
      letters.removeAll(keepingCapacity: true)
      if let clitic {
        letters += clitic
        letters.append(Letter.space)
      }
      letters += haber
      letters.append(Letter.space)
      letters += participle
      forms.append(String(latin1: letters))
    }
    return forms
  }

  /// The parts of each compound form in Latin-1 letters, without building the form: "me", "he", "lavado".
  func forEachCompound(
    _ tense: Tense, _ person: Person, _ body: (ArraySlice<UInt8>?, ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void
  ) {
    guard table.hasCompound(tense, person), let auxiliaryTense = tense.auxiliaryTense else { return }
    let clitic = isPronominal ? Self.clitics[person.index][...] : nil
    for haber in auxiliary.forms(FormTable.index(auxiliaryTense, person)) {
      for participle in table.forms(FormTable.participioCell) {
        body(clitic, auxiliary.form(haber), table.form(participle))
      }
    }
  }

  private static let clitics = Person.allCases.map(\.reflexiveClitic.latin1)
}
