import Synchronization

/// The verbs the engine knows: every infinitive of the RAE-model list with the model(s) it follows,
/// its English gloss and its frequency rank, from tables compiled into the engine.
///
/// A look-up does only what it needs: `conjugar conjugate hablar` reads hablar's line alone. The
/// whole catalog is parsed once, at the first walk through `entries`, or after a few dozen verbs
/// looked up one by one, when parsing them all costs less than reading more lines alone.
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
    /// Whether the verb follows a regular model (hablar, temer, partir).
    public var isRegular: Bool { Conjugation.regularModels.contains(model) }
    public var isPronominal: Bool { infinitive.hasSuffix("rse") }
  }

  private let tables: CatalogTables
  private let parsed = Parsed()

  public init() {
    self.init(models: CatalogData.table, glosses: GlossData.table, ranks: RankData.table)
  }

  init(models: String, glosses: String, ranks: String) {
    tables = CatalogTables(models: models, glosses: glosses, ranks: ranks)
  }

  /// Every entry, in the tables' order: by infinitive, byte by byte of its UTF-8.
  public var entries: [Entry] { parsed.entries(of: tables) }

  public func entry(_ infinitive: String) -> Entry? {
    guard let entries = parsed.entriesForLookUp(of: tables) else { return tables.entry(infinitive) }
    var (low, high) = (0, entries.count)
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].infinitive.utf8.lexicographicallyPrecedes(infinitive.utf8) { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].infinitive == infinitive ? entries[low] : nil
  }

  public var infinitives: [String] { entries.map(\.infinitive) }

  /// The entries once parsed (shared by the copies of a catalog), and how many verbs were looked up
  /// in the tables before.
  private final class Parsed: Sendable {
    /// Reading one verb's lines costs about what parsing this many verbs does.
    static let lookUpsBeforeParsing = 32
    private let state = Mutex<(entries: [Entry]?, lookUps: Int)>((nil, 0))

    func entries(of tables: CatalogTables) -> [Entry] {
      state.withLock { state in
        if let entries = state.entries { return entries }
        let entries = tables.parse()
        state.entries = entries
        return entries
      }
    }

    /// The entries, if parsed or now worth parsing; nil while a verb is better read alone.
    func entriesForLookUp(of tables: CatalogTables) -> [Entry]? {
      state.withLock { state in
        if let entries = state.entries { return entries }
        state.lookUps += 1
        guard state.lookUps > Self.lookUpsBeforeParsing else { return nil }
        let entries = tables.parse()
        state.entries = entries
        return entries
      }
    }
  }
}

extension Catalog.Entry {
  /// Whether some forms of the verb do not exist (llover, abolir, soler). A verb that the catalog
  /// also lists as defective in one of its uses (parecer, impersonal) but conjugates fully is not.
  public var isDefective: Bool {
    Conjugator.defectiveInUse.contains(infinitive) || choices.allSatisfy { $0.defective != nil }
      || choices.contains { Models.defective.contains($0.model) }
  }
}
