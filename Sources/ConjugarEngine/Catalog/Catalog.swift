/// The verbs the engine knows: every infinitive of the RAE-model list with the model(s) it follows,
/// its English gloss and its frequency rank. Parsed once from data compiled into the engine.
public struct Catalog: Sendable {
  public struct Entry: Sendable {
    public let infinitive: String
    /// The ways the verb is conjugated, in the catalog's order.
    public let choices: [ModelChoice]
    public let gloss: String?
    /// 1 for the most frequent verb; nil when no frequency is known.
    public let rank: Int?

    /// The model the verb is first listed under.
    public var model: String { choices[0].model }
    public var isPronominal: Bool { infinitive.hasSuffix("rse") }
  }

  /// Every entry, in alphabetical order of infinitive.
  public let entries: [Entry]
  private let index: [String: Int]

  public init() {
    self.init(models: CatalogData.table, glosses: GlossData.table)
  }

  init(models: String, glosses: String) {
    var glossByVerb: [Substring: (Substring, Int)] = [:]
    for line in glosses.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      guard fields.count == 3, let rank = Int(fields[2]) else { continue }
      glossByVerb[fields[0]] = (fields[1], rank)
    }
    var entries: [Entry] = []
    entries.reserveCapacity(15_000)
    for line in models.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let infinitive = line[..<tab]
      let choices = line[line.index(after: tab)...].split(separator: "|").compactMap(ModelChoice.init)
      guard !choices.isEmpty else { continue }
      let gloss = glossByVerb[infinitive]
      entries.append(
        Entry(infinitive: String(infinitive), choices: choices, gloss: gloss.map { String($0.0) }, rank: gloss?.1))
    }
    self.entries = entries
    self.index = Dictionary(entries.enumerated().map { ($1.infinitive, $0) }, uniquingKeysWith: { a, _ in a })
  }

  public func entry(_ infinitive: String) -> Entry? {
    index[infinitive].map { entries[$0] }
  }

  public var infinitives: [String] { entries.map(\.infinitive) }
}
