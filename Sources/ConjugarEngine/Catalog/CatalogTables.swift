/// The catalog's three tables as compiled in, and the two ways of reading them: all at once, or
/// one verb's lines.
/// - models: a line per verb, in byte order of infinitive: the infinitive, a tab, its model
///   choices separated by `|`.
/// - glosses: a line per glossed verb, in any order: the infinitive, a tab, the English gloss.
/// - ranks: the frequency rank of the verb on the same line of the models' table (0: none known).
///
/// Both read the bytes of the UTF-8: scanning them is several times faster than splitting Strings
/// into Characters, and this runs at every start of the program.
struct CatalogTables: Sendable {
  let models: String
  let glosses: String
  let ranks: String

  private static let newline = UInt8(ascii: "\n")
  private static let tab = UInt8(ascii: "\t")

  /// What a line of the models' table says, with the verb's gloss and rank: nil for a line
  /// without a model the engine knows.
  private static func entry(_ fields: [String], choices: [ModelChoice], gloss: String?, rank: Int) -> Catalog.Entry? {
    guard fields.count == 2, !choices.isEmpty else { return nil }
    return Catalog.Entry(infinitive: fields[0], choices: choices, gloss: gloss, rank: rank > 0 ? rank : nil)
  }

  private static func choices(_ spec: String) -> [ModelChoice] {
    spec.split(separator: "|").compactMap(ModelChoice.init)
  }

  // MARK: All at once

  /// Every entry, in the models' table's order.
  func parse() -> [Catalog.Entry] {
    var glossByVerb: [String: String] = [:]
    glossByVerb.reserveCapacity(5_000)
    Self.forEachLine(of: glosses) { _, fields in
      if fields.count == 2 { glossByVerb[fields[0]] = fields[1] }
    }
    var rankByLine: [Int] = []
    rankByLine.reserveCapacity(15_000)
    forEachRank { _, rank in
      rankByLine.append(rank)
      return true
    }
    var entries: [Catalog.Entry] = []
    entries.reserveCapacity(15_000)
    var choicesBySpec: [String: [ModelChoice]] = [:]  // a few hundred distinct specs
    Self.forEachLine(of: models) { line, fields in
      guard fields.count == 2 else { return }
      let choices = choicesBySpec[fields[1]] ?? {
        let parsed = Self.choices(fields[1])
        choicesBySpec[fields[1]] = parsed
        return parsed
      }()
      let rank = line < rankByLine.count ? rankByLine[line] : 0
      if let entry = Self.entry(fields, choices: choices, gloss: glossByVerb[fields[0]], rank: rank) { entries.append(entry) }
    }
    return entries
  }

  /// Calls `body` with the number and the tab-separated fields of each line but empty ones.
  private static func forEachLine(of table: String, _ body: (Int, [String]) -> Void) {
    var table = table
    table.withUTF8 { bytes in
      var fields: [String] = []
      var (start, line) = (0, 0)
      for i in 0...bytes.count {
        let byte: UInt8 = i < bytes.count ? bytes[i] : newline
        guard byte == tab || byte == newline else { continue }
        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
        start = i + 1
        if byte == newline {
          if fields.count > 1 { body(line, fields) }
          fields.removeAll(keepingCapacity: true)
          line += 1
        }
      }
    }
  }

  // MARK: One verb

  /// The entry of `infinitive` read from its lines alone: its line of the models' table found by a
  /// binary search, its gloss by a scan of the glosses, its rank by its line's number.
  func entry(_ infinitive: String) -> Catalog.Entry? {
    var (models, key) = (models, infinitive)
    guard
      let (line, fields) = models.withUTF8({ table in
        key.withUTF8 { key in Self.find(key, in: table).map { ($0.line, Self.fields(of: table[$0.bytes])) } }
      })
    else { return nil }
    return Self.entry(fields, choices: Self.choices(fields.last!), gloss: gloss(of: key), rank: rank(onLine: line))
  }

  /// The line of `table` whose first field is `key`, and its number.
  private static func find(
    _ key: UnsafeBufferPointer<UInt8>, in table: UnsafeBufferPointer<UInt8>
  ) -> (bytes: Range<Int>, line: Int)? {
    var (low, high) = (0, table.count)  // low starts a line; high starts one or ends the table
    while low < high {
      var start = (low + high) / 2
      while start > low, table[start - 1] != newline { start -= 1 }
      var end = start
      while end < table.count, table[end] != newline { end += 1 }
      var fieldEnd = start
      while fieldEnd < end, table[fieldEnd] != tab { fieldEnd += 1 }
      let field = table[start..<fieldEnd]
      if key.elementsEqual(field) {
        return (start..<end, table[..<start].count { $0 == newline })
      } else if key.lexicographicallyPrecedes(field) {
        high = start
      } else {
        low = end + 1
      }
    }
    return nil
  }

  private static func fields(of line: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
    line.split(separator: tab, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  private func gloss(of infinitive: String) -> String? {
    var (glosses, key) = (glosses, infinitive)
    return glosses.withUTF8 { table in
      key.withUTF8 { key in
        var start = 0
        while start < table.count {
          var end = start
          while end < table.count, table[end] != Self.newline { end += 1 }
          let gloss = start + key.count + 1
          if gloss <= end, table[gloss - 1] == Self.tab, key.elementsEqual(table[start..<gloss - 1]) {
            let text = table[gloss..<end]
            return text.contains(Self.tab) ? nil : String(decoding: text, as: UTF8.self)
          }
          start = end + 1
        }
        return nil
      }
    }
  }

  private func rank(onLine number: Int) -> Int {
    var found = 0
    forEachRank { line, rank in
      if line == number { found = rank }
      return line < number
    }
    return found
  }

  /// Calls `body` with the number and the rank of each line of the ranks' table, in order, until it
  /// returns false.
  private func forEachRank(_ body: (_ line: Int, _ rank: Int) -> Bool) {
    var ranks = ranks
    ranks.withUTF8 { bytes in
      var (line, value) = (0, 0)
      for byte in bytes {
        if byte == Self.newline {
          guard body(line, value) else { return }
          (line, value) = (line + 1, 0)
        } else {
          value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
      }
      if bytes.last != Self.newline { _ = body(line, value) }
    }
  }
}
