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
    guard let (entries, index) = parsed.index(of: tables) else { return tables.entry(infinitive) }
    return index[infinitive].map { entries[$0] }
  }

  public var infinitives: [String] { entries.map(\.infinitive) }

  /// The entries once parsed (shared by the copies of a catalog), their index by infinitive (made
  /// at the first look-up after the parse: the first frame, which walks the entries, looks up
  /// none), and how many verbs were looked up in the tables before.
  private final class Parsed: Sendable {
    /// Reading one verb's lines costs about what parsing this many verbs does.
    static let lookUpsBeforeParsing = 32
    private struct State {
      var entries: [Entry]?
      var index: [String: Int]?
      var lookUps = 0
    }
    private let state = Mutex(State())

    func entries(of tables: CatalogTables) -> [Entry] {
      state.withLock { state in Self.parse(tables, into: &state) }
    }

    /// The entries and their index, if parsed or now worth parsing; nil while a verb is better
    /// read alone.
    func index(of tables: CatalogTables) -> (entries: [Entry], index: [String: Int])? {
      state.withLock { state in
        if state.entries == nil {
          state.lookUps += 1
          guard state.lookUps > Self.lookUpsBeforeParsing else { return nil }
        }
        let entries = Self.parse(tables, into: &state)
        if let index = state.index { return (entries, index) }
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() where index[entry.infinitive] == nil { index[entry.infinitive] = i }
        state.index = index
        return (entries, index)
      }
    }

    private static func parse(_ tables: CatalogTables, into state: inout State) -> [Entry] {
      if let entries = state.entries { return entries }
      let entries = tables.parse()
      state.entries = entries
      return entries
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
