import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import TerminalClient

/// Progress's `f`: every form the trainer remembers, as Anki's Browse shows cards — state, due,
/// stability, difficulty, lapses — to search as you type (`/`: verb, tense, person or the form
/// itself), sort, filter, and suspend (`s`), reset (`r`) or open (Enter) one, or every form shown
/// (`S`, `R`). Each key changes the rows in place from what is loaded: no key reads the database
/// but those that change it.
struct FormBrowser: Screen {
  enum Sort: String, CaseIterable {
    case due, lapses, difficulty, verb
  }

  enum Filter: String, CaseIterable {
    case all, learning, review, relearning, suspended, leeches

    /// Its bit in ``FormBrowser/filterBits``.
    var bit: UInt8 { 1 << UInt8(Self.allCases.firstIndex(of: self)!) }
  }

  /// One form, with what the list shows and searches.
  struct Row {
    var state: ItemState
    var suspended: Bool
    /// The form asked ("tengo"), "" if the engine has none.
    let form: String
  }

  var rows: [Row] = []
  /// Every row's verb, tense, person and form, lower case and without accents (what a search looks
  /// in), one after another: row i's are `searchText[searchStart[i]..<searchStart[i + 1]]`. Kept
  /// apart from the rows, with `filterBits`, so that a key narrows 60,000 rows in a few ms.
  private var searchText: [UInt8] = []
  private var searchStart: [Int] = [0]
  /// Each row's ``Filter`` bits (``Filter/bit``).
  var filterBits: [UInt8] = []
  /// Every row's index, in the order of `sort`.
  private var order: [Int] = []
  private var orders: [Sort: [Int]] = [:]
  /// The rows shown: `order` narrowed by the filter and the search.
  private(set) var shown: [Int] = []
  var sort = Sort.due
  var filter = Filter.all
  var search = TextField()
  var searching = false
  /// The search `shown` was narrowed by (a longer one narrows it further, not all again).
  private var shownSearch: [[UInt8]] = []
  var selected = 0
  var offset = 0
  /// A reset waiting for y: the forms it would forget.
  var pendingReset: [Item]?
  private(set) var error: String?
  /// A form is a leech from this many lapses (the setting); nil: leeches off.
  var leechLapses: Int?
  /// The date of the last suspend or reset made here (``eventDate()``).
  var lastEvent = Date.distantPast
  /// Now, for "due in 3d": when the rows were loaded.
  private(set) var now = Date()

  /// Loads every form remembered, and their marks, from `Current`.
  mutating func reload(settings: SettingValues) {
    leechLapses = settings.leechThreshold.count
    now = Current.clock.now()
    do {
      let marks = try Current.scoreboard.itemMarks()
      load(try Current.scoreboard.items(nil), suspended: marks.suspended, conjugator: Current.conjugator)
      error = nil
    } catch {
      load([], suspended: [], conjugator: Current.conjugator)
      self.error = "The forms could not be read: \(error)"
    }
  }

  /// The rows of `states` (the bench gives its own).
  mutating func load(_ states: [ItemState], suspended: Set<Item>, conjugator: Conjugator) {
    var paradigms: [String: Paradigm?] = [:]
    searchText = []
    searchStart = [0]
    rows = states.map { state in
      let item = state.item
      if paradigms[item.verb] == nil { paradigms[item.verb] = .some(try? conjugator.conjugate(item.verb)) }
      let form = (paradigms[item.verb] ?? nil).flatMap { ReviewComposer.question(for: item, in: $0)?.accepted.first } ?? ""
      let tense = Tense(rawValue: item.tense)?.spanishName ?? item.tense
      searchText += Self.folded("\(item.verb) \(item.tense) \(tense) \(item.person) \(form)")
      searchStart.append(searchText.count)
      return Row(state: state, suspended: suspended.contains(item), form: form)
    }
    filterBits = rows.map(bits)
    makeOrders()
    resort()
  }

  // MARK: Narrowing

  /// Lower case, without accents (á → a, ñ → n, ü → u), as bytes: what searches compare.
  static func folded(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.lowercased().unicodeScalars {
      switch scalar {
      case "á", "à": bytes.append(UInt8(ascii: "a"))
      case "é", "è": bytes.append(UInt8(ascii: "e"))
      case "í": bytes.append(UInt8(ascii: "i"))
      case "ó": bytes.append(UInt8(ascii: "o"))
      case "ú", "ü": bytes.append(UInt8(ascii: "u"))
      case "ñ": bytes.append(UInt8(ascii: "n"))
      default: if scalar.isASCII { bytes.append(UInt8(scalar.value)) }
      }
    }
    return bytes
  }

  /// Whether `text[start..<end]` holds `word`.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = word.first else { return true }
    var i = start
    let last = end - word.count
    while i <= last {
      if text[i] == first {
        var j = 1
        while j < word.count, text[i + j] == word[j] { j += 1 }
        if j == word.count { return true }
      }
      i += 1
    }
    return false
  }

  func isLeech(_ row: Row) -> Bool { leechLapses.map { row.state.lapses >= $0 } ?? false }

  /// The filters a row passes, as bits.
  func bits(_ row: Row) -> UInt8 {
    var bits: UInt8 = Filter.all.bit
    switch row.state.card.state {
    case .learning: bits |= Filter.learning.bit
    case .review: bits |= Filter.review.bit
    case .relearning: bits |= Filter.relearning.bit
    }
    if row.suspended { bits |= Filter.suspended.bit }
    if isLeech(row) { bits |= Filter.leeches.bit }
    return bits
  }

  /// Every sort's order, made once when the rows are loaded: a key that sorts only picks one.
  private mutating func makeOrders() {
    let rows = self.rows
    let byItem = rows.indices.sorted { rows[$0].state.item < rows[$1].state.item }
    var rank = [Int](repeating: 0, count: rows.count)
    for (place, index) in byItem.enumerated() { rank[index] = place }
    func by(_ key: (Row) -> Double) -> [Int] {
      let keys = rows.map(key)
      return rows.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : rank[$0] < rank[$1] }
    }
    orders = [
      .due: by { $0.state.card.due.timeIntervalSince1970 }, .lapses: by { -Double($0.state.lapses) },
      .difficulty: by { -($0.state.card.difficulty ?? 0) }, .verb: byItem,
    ]
  }

  mutating func resort() {
    order = orders[sort] ?? []
    narrow(from: order)
  }

  mutating func refilter() { narrow(from: order) }

  /// `shown`: those of `candidates` that pass the filter and hold every word searched.
  private mutating func narrow(from candidates: [Int]) {
    let words = Self.folded(search.text).split(separator: UInt8(ascii: " ")).map(Array.init)
    let bit = filter.bit
    var result: [Int] = []
    result.reserveCapacity(candidates.count)
    searchText.withUnsafeBufferPointer { text in
      searchStart.withUnsafeBufferPointer { starts in
        filterBits.withUnsafeBufferPointer { bits in
          for index in candidates where bits[index] & bit != 0 {
            var all = true
            for word in words where all {
              all = word.withUnsafeBufferPointer { Self.contains(text, starts[index], starts[index + 1], $0) }
            }
            if all { result.append(index) }
          }
        }
      }
    }
    shown = result
    shownSearch = words
    selected = min(selected, max(0, shown.count - 1))
  }

  /// After the search changed: a search that only adds letters narrows what shows; else all again.
  mutating func searchChanged() {
    let words = Self.folded(search.text).split(separator: UInt8(ascii: " ")).map(Array.init)
    let narrower = words.count >= shownSearch.count
      && zip(shownSearch, words).allSatisfy { old, new in
        new.withUnsafeBufferPointer { n in old.withUnsafeBufferPointer { Self.contains(n, 0, n.count, $0) } }
      }
    narrow(from: narrower ? shown : order)
    selected = 0
    offset = 0
  }

  var selectedRow: Row? { shown.indices.contains(selected) ? rows[shown[selected]] : nil }
}
