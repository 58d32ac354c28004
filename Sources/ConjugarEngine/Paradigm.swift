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

  public var isPronominal: Bool { infinitive.hasSuffix("rse") }
  public var gerundio: [String] { table.gerundio }
  public var participio: [String] { table.participio }

  /// The accepted forms of a cell, preferred first; empty where the form does not exist.
  public func forms(_ tense: Tense, _ person: Person) -> [String] { table[tense, person] }

  public subscript(tense: Tense, person: Person) -> [String] { table[tense, person] }
}
