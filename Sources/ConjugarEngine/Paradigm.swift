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

  public var isPronominal: Bool { infinitive.hasSuffix("rse") }
  public var gerundio: [String] { table.gerundio }
  public var participio: [String] { table.participio }

  /// The accepted forms of a cell, preferred first; empty where the form does not exist.
  public func forms(_ tense: Tense, _ person: Person) -> [String] { self[tense, person] }

  public subscript(tense: Tense, person: Person) -> [String] {
    guard tense.isCompound else { return table[tense, person] }
    var forms: [String] = []
    forEachCompound(tense, person) { clitic, haber, participle in
      forms.append((clitic.map { $0 + " " } ?? "") + haber + " " + participle)
    }
    return forms
  }

  /// The parts of each compound form, without building the string: "me", "he", "lavado".
  func forEachCompound(_ tense: Tense, _ person: Person, _ body: (String?, String, String) -> Void) {
    guard table.hasCompound(tense, person), let auxiliaryTense = tense.auxiliaryTense else { return }
    let clitic = isPronominal ? person.reflexiveClitic : nil
    for haber in auxiliary[auxiliaryTense, person] {
      for participle in table.participio { body(clitic, haber, participle) }
    }
  }
}
