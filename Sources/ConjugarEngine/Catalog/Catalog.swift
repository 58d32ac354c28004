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
    /// Whether the verb follows a regular model (hablar, temer, partir).
    public var isRegular: Bool { Conjugation.regularModels.contains(model) }
    public var isPronominal: Bool { infinitive.hasSuffix("rse") }
  }

  /// Every entry, in alphabetical order of infinitive.
  public let entries: [Entry]
  private let index: [String: Int]

  public init() {
    self.init(models: CatalogData.table, glosses: GlossData.table, ranks: RankData.table)
  }

  /// Parses the three tables byte by byte: this runs at every start of the program, and scanning
  /// UTF-8 is several times faster than splitting Strings into Characters.
  init(models: String, glosses: String, ranks: String) {
    var glossByVerb: [String: String] = [:]
    glossByVerb.reserveCapacity(5_000)
    Self.forEachLine(of: glosses) { fields in
      guard fields.count == 2 else { return }
      glossByVerb[fields[0]] = fields[1]
    }
    // One rank a line, in the order of the models' table.
    var rankByLine: [Int] = []
    rankByLine.reserveCapacity(15_000)
    var ranks = ranks
    ranks.withUTF8 { bytes in
      var value = 0
      for byte in bytes {
        if byte == UInt8(ascii: "\n") {
          rankByLine.append(value)
          value = 0
        } else {
          value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
      }
      if bytes.last != UInt8(ascii: "\n") { rankByLine.append(value) }
    }
    var line = 0
    var entries: [Entry] = []
    entries.reserveCapacity(15_000)
    var choicesBySpec: [String: [ModelChoice]] = [:]  // a few hundred distinct specs
    Self.forEachLine(of: models) { fields in
      guard fields.count == 2 else { return }
      let rank = line < rankByLine.count && rankByLine[line] > 0 ? rankByLine[line] : nil
      line += 1
      let spec = fields[1]
      let choices =
        choicesBySpec[spec]
        ?? {
          let parsed = spec.split(separator: "|").compactMap(ModelChoice.init)
          choicesBySpec[spec] = parsed
          return parsed
        }()
      guard !choices.isEmpty else { return }
      entries.append(
        Entry(infinitive: fields[0], choices: choices, gloss: glossByVerb[fields[0]], rank: rank))
    }
    self.entries = entries
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    for (i, entry) in entries.enumerated() where index[entry.infinitive] == nil { index[entry.infinitive] = i }
    self.index = index
  }

  /// Calls `body` with the tab-separated fields of each line.
  private static func forEachLine(of table: String, _ body: ([String]) -> Void) {
    var table = table
    table.withUTF8 { bytes in
      var fields: [String] = []
      var start = 0
      for i in 0...bytes.count {
        let byte: UInt8 = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
        guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
        start = i + 1
        if byte == UInt8(ascii: "\n") {
          if fields.count > 1 { body(fields) }
          fields.removeAll(keepingCapacity: true)
        }
      }
    }
  }

  public func entry(_ infinitive: String) -> Entry? {
    index[infinitive].map { entries[$0] }
  }

  public var infinitives: [String] { entries.map(\.infinitive) }
}

extension Catalog.Entry {
  /// Whether some forms of the verb do not exist (llover, abolir, soler). A verb that the catalog
  /// also lists as defective in one of its uses (parecer, impersonal) but conjugates fully is not.
  public var isDefective: Bool {
    Conjugator.defectiveInUse.contains(infinitive) || choices.allSatisfy { $0.defective != nil }
      || choices.contains { Models.defective.contains($0.model) }
  }
}
