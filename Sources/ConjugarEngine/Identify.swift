import Synchronization

/// One reading of a form: the catalog verb, tense and person it is (`fuimos`: ir, pretérito,
/// nosotros; and ser, the same).
public struct Reading: Sendable, Hashable {
  public enum Cell: Sendable, Hashable {
    case finite(Tense, Person)
    case gerundio, participio

    /// The tense's name in JSON (`preterito`), or `gerundio`, `participio`.
    public var tenseName: String {
      switch self {
      case .finite(let tense, _): tense.rawValue
      case .gerundio: "gerundio"
      case .participio: "participio"
      }
    }

    /// The person's name in JSON (`nosotros`); nil for the gerund and the participle.
    public var personName: String? {
      if case .finite(_, let person) = self { return person.rawValue }
      return nil
    }

    /// For people: "pretérito perfecto simple, nosotros", "imperativo afirmativo, usted", "gerundio".
    public var description: String {
      switch self {
      case .finite(let tense, let person):
        "\(tense.spanishName), \(tense.mood == .imperativo ? person.imperativePronoun : person.pronoun)"
      case .gerundio: "gerundio"
      case .participio: "participio"
      }
    }

    init(_ cell: Int) {
      switch cell {
      case FormTable.gerundioCell: self = .gerundio
      case FormTable.participioCell: self = .participio
      default: self = .finite(Tense.allCases[cell / FormTable.width], Person.allCases[cell % FormTable.width])
      }
    }
  }

  /// The form as the catalog writes it (tuve, where "tuvé" was asked with accents ignored).
  public let form: String
  public let verb: String
  public let cell: Cell
  /// Whether the form asked for is this one only when written accents, the diaeresis and the
  /// tilde are ignored ("tuvé" for tuve, "ensenamos" for enseñamos).
  public let accentsIgnored: Bool
  /// The verb's position in `Catalog.entries`.
  let entry: Int
}

extension Conjugator {
  /// Every reading of `form` in the catalog: its exact matches (case and spaces aside), or, when
  /// there are none, those that match when accents are ignored, marked so. Pronominal forms are
  /// written as the tables write them (me lavo, lávate, no te laves), compound ones too (he
  /// hablado); older spellings the quiz accepts (guió) are exact. The most frequent verb first,
  /// then the tables' order of cells. Empty for what is no form of a catalog verb.
  public func identify(_ form: String) -> [Reading] { identify([form])[0] }

  /// `identify` for many forms at once, each verb conjugated once for the whole batch.
  public func identify(_ forms: [String]) -> [[Reading]] {
    readings(of: forms).map { readings in
      let exact = readings.filter { !$0.accentsIgnored }
      return exact.isEmpty ? readings : exact
    }
  }

  /// Every reading of each form, exact ones and those with accents ignored.
  func readings(of forms: [String]) -> [[Reading]] {
    let queries = forms.map(FormQuery.init)
    // The verbs that may have each form, from the index; then each verb conjugated once and
    // its forms compared with the queries it may have.
    var queriesByEntry: [Int32: [Int]] = [:]
    formIndex.withBuckets(for: Set(queries.compactMap { $0?.initial }), building: buildBucket) { buckets in
      for (i, query) in queries.enumerated() {
        guard let query, let bucket = buckets[query.initial] else { continue }
        for entry in bucket.entries(withKey: query.key) { queriesByEntry[entry, default: []].append(i) }
      }
    }
    var results = [[Reading]](repeating: [], count: forms.count)
    for (entry, asked) in queriesByEntry {
      let paradigm = paradigm(of: catalog.entries[Int(entry)])
      paradigm.match(asked.map { (queries[$0]!, $0) }) { i, cell, letters, exact in
        results[i].append(
          Reading(
            form: String(latin1: letters), verb: paradigm.infinitive, cell: Reading.Cell(cell),
            accentsIgnored: !exact, entry: Int(entry)))
      }
    }
    let entries = catalog.entries
    return results.map { readings in
      var seen = Set<Reading>()
      return readings.filter { seen.insert($0).inserted }.sorted { a, b in
        if a.entry != b.entry {
          return (entries[a.entry].rank ?? .max, a.entry) < (entries[b.entry].rank ?? .max, b.entry)
        }
        return a.cellIndex < b.cellIndex
      }
    }
  }

  /// The index's bucket of `initial`: the key of every simple form, gerund and participle of the
  /// verbs that begin with that letter, and of those whose forms may begin with another
  /// (`otherInitials`), that begins with it.
  private func buildBucket(_ initial: UInt8) -> FormIndex.Bucket {
    var pairs: [(key: UInt64, entry: Int32)] = []
    var keys: [UInt64] = []
    var word: [UInt8] = []
    for (n, entry) in catalog.entries.enumerated() {
      guard FormQuery.fold(UInt8(truncatingIfNeeded: entry.infinitive.unicodeScalars.first!.value)) == initial
        || Self.otherInitials.contains(entry.infinitive)
      else { continue }
      let table = paradigm(of: entry).table
      keys.removeAll(keepingCapacity: true)
      table.letters.withUnsafeBufferPointer { letters in
        for cell in Paradigm.simpleCells {
          for f in table.forms(cell) {
            let range = table.range(ofForm: f)
            let start = letters[range].lastIndex(of: Letter.space).map { $0 + 1 } ?? range.lowerBound
            word.removeAll(keepingCapacity: true)
            for letter in letters[start..<range.upperBound] { word.append(FormQuery.fold(letter)) }
            if word.first == initial { keys.append(FormQuery.hash(word)) }
          }
        }
      }
      keys.sort()
      var last: UInt64?
      for key in keys where key != last {
        pairs.append((key, Int32(n)))
        last = key
      }
    }
    pairs.sort { $0.key < $1.key }
    return FormIndex.Bucket(keys: pairs.map(\.key), entries: pairs.map(\.entry))
  }
}

extension Reading {
  /// The cell's place in the tables' order, for sorting.
  var cellIndex: Int {
    switch cell {
    case .finite(let tense, let person): FormTable.index(tense, person)
    case .gerundio: FormTable.gerundioCell
    case .participio: FormTable.participioCell
    }
  }
}

/// A form asked about: its letters in lower case (Latin-1, one space between words), the same
/// folded (no accents, diaeresis or tilde: `folded`), and its index key, the folded last word.
struct FormQuery {
  let letters: [UInt8]
  let folded: [UInt8]
  let initial: UInt8
  let key: UInt64
  let hasSpace: Bool

  init?(_ text: String) {
    var letters: [UInt8] = []
    var space = false
    for character in text.lowercased() {
      if character.isWhitespace {
        space = !letters.isEmpty
        continue
      }
      guard let letter = Infinitive.letters.first(where: { $0 == character }) else { return nil }
      if space { letters.append(Letter.space) }
      space = false
      letters.append(UInt8(truncatingIfNeeded: letter.unicodeScalars.first!.value))
    }
    guard !letters.isEmpty else { return nil }
    self.letters = letters
    folded = letters.map(Self.fold)
    let start = folded.lastIndex(of: Letter.space).map { $0 + 1 } ?? 0
    initial = folded[start]
    key = Self.hash(folded[start...])
    hasSpace = start > 0
  }

  /// A letter without its accent, diaeresis or tilde, as `folded` has it.
  static func fold(_ letter: UInt8) -> UInt8 {
    switch letter {
    case Letter.ü: Letter.u
    case Letter.ñ: Letter.n
    default: Orthography.withoutAccent(letter)
    }
  }

  /// FNV-1a: the same every run, unlike `Hasher`.
  static func hash<Letters: Collection<UInt8>>(_ word: Letters) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for letter in word {
      hash ^= UInt64(letter)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

extension Paradigm {
  /// The cells of simple forms, the gerund and the participle, which the index knows.
  static let simpleCells = Array(0..<FormTable.index(.perfecto, .yo)) + [FormTable.gerundioCell, FormTable.participioCell]

  /// Calls `found` with each query (and its number) that is a form of this paradigm, for each cell
  /// holding it: the cell, the form's letters and whether it matched exactly (not only folded).
  /// Compound forms are spelled only for queries of more than one word.
  func match(
    _ queries: [(FormQuery, Int)], _ found: (_ query: Int, _ cell: Int, UnsafeBufferPointer<UInt8>, _ exact: Bool) -> Void
  ) {
    // Many queries (a batch, a test of the whole catalog) are looked up by their folded letters.
    let byFolded = queries.count > 8 ? Dictionary(grouping: queries.indices, by: { queries[$0].0.folded }) : nil
    var folded: [UInt8] = []
    func compare(_ form: UnsafeBufferPointer<UInt8>, _ cell: Int) {
      folded.removeAll(keepingCapacity: true)
      if let byFolded {
        for letter in form { folded.append(FormQuery.fold(letter)) }
        for i in byFolded[folded] ?? [] { found(queries[i].1, cell, form, form.elementsEqual(queries[i].0.letters)) }
        return
      }
      for (query, n) in queries where query.letters.count == form.count {
        if folded.isEmpty { for letter in form { folded.append(FormQuery.fold(letter)) } }
        if folded == query.folded { found(n, cell, form, form.elementsEqual(query.letters)) }
      }
    }
    var scratch: [UInt8] = []
    for cell in Self.simpleCells { forEachForm(cell, scratch: &scratch) { compare($0, cell) } }
    if let older {
      older.letters.withUnsafeBufferPointer { letters in
        for cell in Self.simpleCells {
          for n in older.forms(cell) { compare(UnsafeBufferPointer(rebasing: letters[older.range(ofForm: n)]), cell) }
        }
      }
    }
    guard queries.contains(where: { $0.0.hasSpace }) else { return }
    for cell in FormTable.index(.perfecto, .yo)..<FormTable.finiteCells {
      forEachForm(cell, scratch: &scratch) { compare($0, cell) }
    }
  }
}

/// The index from a form's folded last word to the verbs that may have it, one bucket per initial
/// letter, each built the first time a form with that initial is asked about (the verbs of one
/// letter conjugated: some milliseconds) and kept: a sorted array of keys (`FormQuery.hash`) and,
/// beside each, a verb.
final class FormIndex: Sendable {
  struct Bucket: Sendable {
    let keys: [UInt64]
    let entries: [Int32]

    func entries(withKey key: UInt64) -> ArraySlice<Int32> {
      var (low, high) = (0, keys.count)
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < key { low = middle + 1 } else { high = middle }
      }
      var end = low
      while end < keys.count, keys[end] == key { end += 1 }
      return entries[low..<end]
    }
  }

  private let buckets = Mutex<[UInt8: Bucket]>([:])

  init() {}

  /// Calls `body` with the buckets of `initials`, building those not built yet.
  func withBuckets<R>(
    for initials: Set<UInt8>, building build: (UInt8) -> Bucket, _ body: ([UInt8: Bucket]) -> R
  ) -> R {
    let built = buckets.withLock { buckets in
      for initial in initials.sorted() where buckets[initial] == nil { buckets[initial] = build(initial) }
      return buckets
    }
    return body(built)
  }
}
