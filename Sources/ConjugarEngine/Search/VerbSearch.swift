/// One search for what a learner means, used by the Verbs screen and `conjugar search`: the
/// beginning of an infinitive, accents optional (`esta` → estar); an English word or phrase of a
/// gloss (`eat`, `to eat`, `look for`, `become` → volverse); a conjugated form (`tengo` → tener,
/// `fuimos` → ir and ser); a misspelling within two edits (`hablr` → hablar); and a well-formed
/// verb outside the catalog (`googlear`), conjugated as a regular verb.
///
/// Results come in that order of certainty — the infinitive typed whole, its forms, infinitives
/// that begin with the query, English senses (whole senses before words within them), infinitives
/// that contain it, misspellings (fewer edits first) — and within each, the most frequent verb
/// first. A verb appears once, for its first reason.
public struct VerbSearch: Sendable {
  /// Why a verb was found: the `why` of `conjugar search --format json`.
  public enum Why: String, Sendable, CaseIterable {
    case spanish, english, form, typo, unknown
  }

  public struct Result: Sendable, Equatable {
    public let verb: String
    public let why: Why
    public let gloss: String?
    /// The form typed, for a result found by its form (`tengo`).
    public let form: String?
  }

  /// Forms are indexed for the most frequent verbs: those a learner meets conjugated.
  public static let indexedVerbs = 2_000

  let conjugator: Conjugator
  private let entries: [Catalog.Entry]
  /// Each entry's infinitive, folded (see `folded`).
  private let keys: [[UInt8]]
  /// Each sense of each gloss, folded and without its "to ": ("look for", entry).
  private let senses: [(words: [UInt8], entry: Int)]

  public init(conjugator: Conjugator) {
    self.conjugator = conjugator
    entries = conjugator.catalog.entries
    keys = entries.map { folded($0.infinitive) }
    var senses: [(words: [UInt8], entry: Int)] = []
    for (index, entry) in entries.enumerated() {
      for sense in entry.gloss?.split(separator: ",") ?? [] {
        senses.append((Self.englishKey(String(sense)), index))
      }
    }
    self.senses = senses
  }

  /// The results for `query`, at most `limit`.
  public func results(_ query: String, limit: Int = 100) -> [Result] {
    let wanted = folded(query.split(separator: " ").joined(separator: " "))
    guard !wanted.isEmpty else { return [] }
    var found: [Result] = []
    var seen = Set<Int>()
    func add(_ indices: [Int], _ why: Why, form: String? = nil) {
      for index in indices.sorted(by: frequencyOrder) where found.count < limit && seen.insert(index).inserted {
        found.append(Result(verb: entries[index].infinitive, why: why, gloss: entries[index].gloss, form: form))
      }
    }
    let spanish = keys.indices.filter { keys[$0].includes(wanted) }
    add(spanish.filter { keys[$0] == wanted }, .spanish)
    for (form, indices) in formMatches(query) { add(indices, .form, form: form) }
    add(spanish.filter { keys[$0].occurs(wanted, at: 0) }, .spanish)
    let english = Self.englishKey(query)
    if !english.isEmpty {
      add(senses.filter { $0.words == english }.map(\.entry), .english)
      add(senses.filter { Self.containsWords(english, in: $0.words) }.map(\.entry), .english)
    }
    add(spanish, .spanish)
    if found.isEmpty {
      // A form with one vowel wrong, the stem changes' usual slip (veniste for viniste: venir),
      // before the infinitives a letter or two away (venirse).
      for variant in Self.vowelSlips(of: query) {
        for (form, indices) in formMatches(variant) { add(indices, .typo, form: form) }
      }
    }
    if found.isEmpty || found.allSatisfy({ $0.why == .typo }) {
      // A well-formed infinitive outside the catalog comes after the verbs one letter away
      // (ablar: hablar first), before those two letters away (googlear before golear).
      let unknown = (try? conjugator.conjugate(query)).flatMap { $0.known ? nil : $0 }
      for (distance, typos) in misspellings(of: wanted, limit: limit).enumerated() {
        if distance == 1, let unknown, found.count < limit {
          found.append(Result(verb: unknown.infinitive, why: .unknown, gloss: nil, form: nil))
        }
        for index in typos where found.count < limit && seen.insert(index).inserted {
          found.append(Result(verb: entries[index].infinitive, why: .typo, gloss: entries[index].gloss, form: nil))
        }
      }
    }
    return found
  }

  /// The catalog verbs one edit from `wanted`, then two edits: in each, those that only add
  /// letters to what was typed (hablr: hablar before haber) first, then the most frequent.
  private func misspellings(of wanted: [UInt8], limit: Int) -> [[Int]] {
    guard wanted.count >= 4 else { return [[], []] }
    return (1...2).map { distance in
      keys.indices.filter { Self.editDistance(keys[$0], wanted, atMost: distance) == distance }
        .sorted { a, b in
          let (x, y) = (Self.isSubsequence(wanted, of: keys[a]), Self.isSubsequence(wanted, of: keys[b]))
          return x != y ? x : frequencyOrder(a, b)
        }
    }
  }

  /// `query` with one of its vowels another (e for i, o for u…): what a slip in a stem change makes.
  static func vowelSlips(of query: String) -> [String] {
    let letters = Array(query.lowercased())
    guard letters.count >= 4, letters.count <= 30 else { return [] }
    var variants: [String] = []
    for (index, letter) in letters.enumerated() where "aeiou".contains(letter) {
      for other in "aeiou" where other != letter {
        var changed = letters
        changed[index] = other
        variants.append(String(changed))
      }
    }
    return variants
  }

  /// Whether `short` is `long` with letters left out.
  static func isSubsequence(_ short: [UInt8], of long: [UInt8]) -> Bool {
    var i = 0
    for byte in long where i < short.count && byte == short[i] { i += 1 }
    return i == short.count
  }

  /// The catalog verbs that `query` is but for its accents, or one edit from (tenir: teñir; ablar:
  /// hablar; hacir: hacer): what a word outside the catalog was surely meant to be.
  public func misspelled(_ query: String, limit: Int = 3) -> [String] {
    let wanted = folded(query)
    let same = keys.indices.filter { keys[$0] == wanted }.sorted(by: frequencyOrder)
    return (same + misspellings(of: wanted, limit: limit)[0]).prefix(limit).map { entries[$0].infinitive }
  }

  /// The closest catalog verbs to a misspelled infinitive, for "did you mean hablar?".
  public func suggestions(for query: String, limit: Int = 3) -> [String] {
    misspellings(of: folded(query), limit: limit).joined().prefix(limit).map { entries[$0].infinitive }
  }

  private func frequencyOrder(_ a: Int, _ b: Int) -> Bool {
    (entries[a].rank ?? Int.max, a) < (entries[b].rank ?? Int.max, b)
  }

  /// The frequent verbs with a simple form, gerund or participle that is `query` but for accents
  /// (`Conjugator.identify`'s readings, exact and folded), by the form as written.
  private func formMatches(_ query: String) -> [(String, [Int])] {
    var matches: [(String, [Int])] = []
    for reading in conjugator.readings(of: [query])[0] {
      let entry = entries[reading.entry]
      guard !entry.isPronominal, entry.rank.map({ $0 <= Self.indexedVerbs }) == true, reading.form != entry.infinitive
      else { continue }
      if case .finite(let tense, _) = reading.cell, tense.isCompound || tense == .imperativoNegativo { continue }
      if let at = matches.firstIndex(where: { $0.0 == reading.form }) {
        if !matches[at].1.contains(reading.entry) { matches[at].1.append(reading.entry) }
      } else {
        matches.append((reading.form, [reading.entry]))
      }
    }
    return matches
  }

  /// An English query or sense as it is compared: folded, without a leading "to ".
  static func englishKey(_ text: String) -> [UInt8] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      var words = text.lowercased().split(separator: " ")
      if words.first == "to" { words.removeFirst() }
      return folded(words.joined(separator: " "))
    }
    // ASCII, as nearly every gloss (the catalog's 4,000 at the first search): the same, on bytes.
    var words = folded(text).split(separator: UInt8(ascii: " "))
    if words.first?.elementsEqual("to".utf8) == true { words.removeFirst() }
    return Array(words.joined(separator: [UInt8(ascii: " ")]))
  }

  /// Whether `words` occur in `sense` as whole words ("look" in "look for", not "ok" in "look").
  static func containsWords(_ words: [UInt8], in sense: [UInt8]) -> Bool {
    guard words.count < sense.count else { return false }
    var start = 0
    while start + words.count <= sense.count {
      if sense.occurs(words, at: start), start == 0 || !isLetter(sense[start - 1]),
        start + words.count == sense.count || !isLetter(sense[start + words.count])
      {
        return true
      }
      start += 1
    }
    return false
  }

  private static func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

  /// The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of two
  /// neighbours), or nil when it is more than `limit`.
  public static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a == b { return 0 }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(1, a.count) where !a.isEmpty {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...max(1, b.count) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    let distance = a.isEmpty ? b.count : previous[b.count]
    return distance <= limit ? distance : nil
  }
}
