import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient

/// The forms of the forms browser (``FormBrowser``): every form loaded, sorted, filtered and
/// searched, down to the indices shown. Each change is made from what is loaded, in compact
/// arrays made once at load, so that a key narrows 60,000 forms in a few ms; it knows no key and
/// draws nothing.
struct FormList {
  enum Sort: String, CaseIterable {
    case due, lapses, difficulty, verb
  }

  enum Filter: String, CaseIterable {
    case all, learning, review, relearning, suspended, leeches

    /// Its bit in ``FormList/filterBits``.
    var bit: UInt8 { 1 << UInt8(Self.allCases.firstIndex(of: self)!) }
  }

  /// One form, with what the list shows and searches.
  struct Row {
    var state: ItemState
    var suspended: Bool
    /// The form asked ("tengo"), "" if the engine has none.
    let form: String
  }

  private(set) var rows: [Row] = []
  /// A form is a leech from this many lapses (given at load); nil: leeches off.
  private(set) var leechLapses: Int?
  /// What a search compares, kept apart from the rows, with `filterBits`: each row's verb (its
  /// index in `verbs`, each verb folded once), tense and person (their ``FormTerm`` codes) and
  /// form, folded (ConjugarEngine's `folded`, as the search).
  private var verbs: [[UInt8]] = []
  private var verbOf: [Int32] = []
  private var tenseOf: [UInt8] = []
  private var personOf: [UInt8] = []
  private var forms: [[UInt8]] = []
  /// Each row's ``Filter`` bits (``Filter/bit``).
  private var filterBits: [UInt8] = []
  /// Every row's index, in the order of `sort`.
  private var order: [Int] = []
  private var orders: [Sort: [Int]] = [:]
  /// `order` narrowed by the filter and the search.
  private var matched: [Int] = []
  /// The rows shown: `matched`, those whose verb is a word searched first, then those whose verb
  /// begins with one, then the rest.
  private(set) var shown: [Int] = []
  private(set) var sort = Sort.due
  private(set) var filter = Filter.all
  /// The search `matched` was narrowed by (a longer one narrows it further, not all again).
  private var searched: [FormTerm] = []

  /// The rows of `states`, sorted, filtered and searched as before.
  mutating func load(_ states: [ItemState], suspended: Set<Item>, leechLapses: Int?, conjugator: Conjugator) {
    self.leechLapses = leechLapses
    var paradigms: [String: Paradigm?] = [:]
    rows = states.map { state in
      let item = state.item
      if paradigms[item.verb] == nil { paradigms[item.verb] = .some(try? conjugator.conjugate(item.verb)) }
      let form = (paradigms[item.verb] ?? nil).flatMap { ReviewComposer.question(for: item, in: $0)?.accepted.first } ?? ""
      return Row(state: state, suspended: suspended.contains(item), form: form)
    }
    var verbIndex: [String: Int32] = [:]
    var verbs: [[UInt8]] = []
    verbOf = rows.map { row in
      let verb = row.state.item.verb
      if let index = verbIndex[verb] { return index }
      verbs.append(folded(verb))
      verbIndex[verb] = Int32(verbs.count - 1)
      return Int32(verbs.count - 1)
    }
    self.verbs = verbs
    tenseOf = rows.map { FormTerm.tenseCode($0.state.item.tense) }
    personOf = rows.map { FormTerm.personCode(Person(rawValue: $0.state.item.person)) }
    forms = rows.map { folded($0.form) }
    filterBits = rows.map(bits)
    makeOrders()
    sort(by: sort)
  }

  func isLeech(_ row: Row) -> Bool { leechLapses.map { row.state.lapses >= $0 } ?? false }

  /// The filters a row passes, as bits.
  private func bits(_ row: Row) -> UInt8 {
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

  /// Every sort's order, made once when the rows are loaded: a sort only picks one.
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

  mutating func sort(by sort: Sort) {
    self.sort = sort
    order = orders[sort] ?? []
    narrow(from: order, by: searched)
  }

  mutating func filter(by filter: Filter) {
    self.filter = filter
    narrow(from: order, by: searched)
  }

  /// Searches `text`: a search that only adds letters narrows what shows; else all again.
  mutating func search(_ text: String) {
    let terms = FormTerm.of(text)
    let narrower = terms.count >= searched.count && zip(terms, searched).allSatisfy { $0.narrows($1) }
    narrow(from: narrower ? matched : order, by: terms)
  }

  /// Suspends (or takes back) the rows at `indices`, as the score board now has them.
  mutating func mark(_ indices: [Int], suspended: Bool) {
    for index in indices {
      rows[index].suspended = suspended
      filterBits[index] = bits(rows[index])
    }
    if filter == .suspended { narrow(from: order, by: searched) }
  }

  /// `matched`: those of `candidates` that pass the filter and match every word of `terms`;
  /// `shown`: those, the verbs named exactly first, then those that begin with a word, then the rest.
  private mutating func narrow(from candidates: [Int], by terms: [FormTerm]) {
    // Each verb's match of each text word, once a key: 0 the verb itself, 1 its beginning, 2 inside
    // it, 3 none.
    let verbRanks: [[UInt8]] = terms.map { term in
      guard case .text(let word) = term else { return [] }
      return verbs.map { verb in verb == word ? 0 : verb.occurs(word, at: 0) ? 1 : verb.includes(word) ? 2 : 3 }
    }
    let bit = filter.bit
    var ranked: [[Int]] = [[], [], []]
    var result: [Int] = []
    for index in candidates where filterBits[index] & bit != 0 {
      var rank: UInt8 = 2
      var all = true
      for (term, ranks) in zip(terms, verbRanks) where all {
        switch term {
        case .tenses(let codes): all = codes & (1 << tenseOf[index]) != 0
        case .person(let person): all = personOf[index] == person
        case .text(let word):
          let verbRank = ranks[Int(verbOf[index])]
          all = verbRank < 3 || FormTerm.beginsAWord(word, of: forms[index])
          rank = min(rank, verbRank)
        }
      }
      guard all else { continue }
      result.append(index)
      ranked[Int(rank)].append(index)
    }
    matched = result
    shown = ranked.flatMap { $0 }
    searched = terms
  }
}
