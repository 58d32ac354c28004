import ConjugarCore
import ConjugarEngine
import SettingsClient
import TerminalClient

/// 1 Verbs: every verb of the catalog with its gloss, the most frequent first (`s`: alphabetical);
/// `/` searches (the one search of `conjugar search`), `f` filters, Enter opens.
struct VerbList: Screen {
  struct Verb {
    let infinitive: String
    let gloss: String?
    /// 1 for the most frequent verb.
    let rank: Int?
  }

  enum Filter: String, CaseIterable {
    case all, common, regular, irregular

    /// "common": the most frequent verbs, this many.
    static let commonVerbs = 1_000
  }

  enum Order: String { case frequency, alphabetical }

  /// A row of the list: a catalog verb, or a well-formed verb outside it, found by the search.
  enum Row: Equatable {
    case verb(Int)
    case unknown(String)
  }

  private let verbs: [Verb]
  /// Each verb's place in `verbs`, by infinitive, for the search's results: made with the search,
  /// not for the first frame.
  private let index: Lazy<[String: Int]>
  /// The search (every gloss folded, an index that takes longer than the first frame): made on the
  /// trainer's warm-up thread once the first frame is up (`warmUp`), or at the first search if
  /// that comes sooner.
  private let finder: Lazy<VerbSearch>
  /// The rows shown: those the filter and the search let through.
  private(set) var shown: [Row] = []
  /// The search field, while it has the keys.
  private(set) var search: TextField?
  /// What the list is searched for (kept when the field closes with Enter).
  private(set) var query = ""
  private(set) var filter = Filter.all
  private(set) var order = Order.frequency
  private(set) var selection = 0
  private(set) var offset = 0

  /// Whether each verb counts as regular (see `Conjugator.regularLookingModels`), for the filter:
  /// a verb listed as irregular has letters highlighted in its table. Worked out (every model
  /// conjugated) on the warm-up thread, or at the first regular or irregular filter if sooner.
  private let regularity: Lazy<[Bool]>

  /// The catalog's verbs.
  init(conjugator: Conjugator) {
    verbs = conjugator.catalog.entries.map { entry in
      Verb(infinitive: entry.infinitive, gloss: entry.gloss, rank: entry.rank)
    }
    regularity = Lazy {
      let models = conjugator.regularLookingModels()
      return conjugator.catalog.entries.map { $0.isRegular(regularLookingModels: models) }
    }
    index = Lazy { [verbs] in Dictionary(verbs.enumerated().map { ($1.infinitive, $0) }, uniquingKeysWith: { first, _ in first }) }
    finder = Lazy { VerbSearch(conjugator: conjugator) }
    refilter()
  }

  /// Makes the search ready, for the warm-up thread.
  var warmUp: @Sendable () -> Void {
    { [finder, index, regularity] in
      _ = finder.wrapped
      _ = index.wrapped
      _ = regularity.wrapped
    }
  }

  /// The infinitive of the selected row.
  var selected: String? { shown.isEmpty ? nil : infinitive(shown[selection]) }
  /// The infinitives shown, in order.
  var shownInfinitives: [String] { shown.map(infinitive) }
  var name: String { "verbs" }
  var helpTitle: String { "the verb list" }
  var isTyping: Bool { search != nil }

  private func infinitive(_ row: Row) -> String {
    switch row {
    case .verb(let n): verbs[n].infinitive
    case .unknown(let verb): verb
    }
  }

  var hints: [KeyHint] {
    if search != nil {
      return [KeyHint("Enter", "open"), KeyHint("Esc", "cancel search"), KeyHint("↑↓", "move")]
    }
    // The arrows go last: everyone tries them; the line keeps what fits.
    return [KeyHint("Enter", "open"), KeyHint("/", "search"), KeyHint("f", "filter")]
      + (query.isEmpty ? [KeyHint("s", "sort")] : [KeyHint("Esc", "clear search")]) + [KeyHint("↑↓", "move")]
  }

  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move"), KeyHint("PgUp PgDn", "a page up, down"), KeyHint("Home End  g G", "first, last verb"),
      KeyHint("Enter", "open the verb: all its forms"),
      KeyHint(
        "/",
        "search: the start of an infinitive, accents optional (esta, está); English words (eat, look for); "
          + "a form (tengo, fuimos); a misspelling (hablr); a verb not in the catalog (googlear)"),
      KeyHint("f", "show all verbs, the \(Filter.commonVerbs) most common, the regular ones, the irregular ones"),
      KeyHint("s", "sort the most common first, or alphabetically"),
      KeyHint("Esc", "close the search, clear it"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    let height = listHeight(area)
    if var field = search {
      switch key {
      case .escape:
        search = nil
        setQuery("")
      case .enter:
        search = nil
        return selected.map { .openVerb($0) }
      case .up, .down, .pageUp, .pageDown:
        moveSelection(key, height: height)
      default:
        guard field.handle(key) else { return nil }
        search = field
        setQuery(field.text)
      }
      return nil
    }
    switch key {
    case .character("/"):
      search = TextField(query)
    case .character("f"):
      let all = Filter.allCases
      filter = all[(all.firstIndex(of: filter)! + 1) % all.count]
      refilter()
    case .character("s"):
      order = order == .frequency ? .alphabetical : .frequency
      refilter()
    case .enter:
      return selected.map { .openVerb($0) }
    case .escape where !query.isEmpty:
      setQuery("")
    default:
      moveSelection(key, height: height)
    }
    return nil
  }

  private mutating func moveSelection(_ key: Key, height: Int) {
    guard let moved = moved(selection, by: key, count: shown.count, height: height) else { return }
    selection = moved
    offset = scrollOffset(offset, showing: selection, count: shown.count, height: height)
  }

  private mutating func setQuery(_ text: String) {
    guard text != query else { return }
    query = text
    refilter()
  }

  /// Whether the filter lets the verb at `index` through; `regular`: `regularity`, read once a filter.
  private func passes(_ index: Int, regular: [Bool]) -> Bool {
    switch filter {
    case .all: true
    case .common: (verbs[index].rank ?? Int.max) <= Filter.commonVerbs
    case .regular: regular[index]
    case .irregular: !regular[index]
    }
  }

  /// Applies the filter and the search. Without a search, every verb the filter lets through, the
  /// most frequent first or alphabetically; with one, the search's results in its order.
  private mutating func refilter() {
    let regular = filter == .regular || filter == .irregular ? regularity.wrapped : []
    if query.trimmingSpaces.isEmpty {
      var indices = verbs.indices.filter { passes($0, regular: regular) }
      if order == .frequency {
        let ranks = verbs.map { $0.rank ?? Int.max }
        indices.sort { (ranks[$0], $0) < (ranks[$1], $1) }
      }
      shown = indices.map(Row.verb)
    } else {
      let index = index.wrapped
      shown = finder.wrapped.results(query, limit: 500).compactMap { result in
        guard let n = index[result.verb] else { return filter == .all ? .unknown(result.verb) : nil }
        return passes(n, regular: regular) ? .verb(n) : nil
      }
    }
    selection = 0
    offset = 0
  }

  /// The list's rows: the area less the search line.
  private func listHeight(_ area: Area) -> Int { max(0, area.height - 1) }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    // The search line: the field, or how to start one; the filter and the count on the right.
    let count = "\(filter.rawValue) · \(shown.count) verb\(shown.count == 1 ? "" : "s") "
    let countColumn = max(area.left, area.right - count.terminalWidth)
    if search != nil || !query.isEmpty {
      let x = frame.write(" Search: ", row: area.top, column: area.left, limit: countColumn)
      let field = search ?? TextField(query)
      field.draw(in: &frame, row: area.top, column: x, width: min(24, countColumn - x - 1), focused: search != nil)
    } else {
      frame.write(" / to search", row: area.top, column: area.left, style: .dim, limit: countColumn)
    }
    frame.write(count, row: area.top, column: countColumn, style: .dim, limit: area.right)

    let list = Area(top: area.top + 1, left: area.left, width: area.width, height: listHeight(area))
    guard !shown.isEmpty else {
      let what = filter == .all ? "verb" : "\(filter.rawValue) verb"
      frame.write(" No \(what) matches “\(query)”.", row: list.top + 1, column: list.left, limit: list.right)
      return
    }
    let offset = scrollOffset(offset, showing: selection, count: shown.count, height: list.height)
    let nameWidth = min(20, list.width / 2)
    for row in 0..<list.height where offset + row < shown.count {
      let y = list.top + row
      let glossWidth = list.width - nameWidth - 1
      switch shown[offset + row] {
      case .verb(let n):
        frame.write(" " + verbs[n].infinitive, row: y, column: list.left, limit: list.left + nameWidth)
        if let gloss = verbs[n].gloss {
          frame.write(truncatedAtWord(gloss, to: glossWidth), row: y, column: list.left + nameWidth + 1, limit: list.right)
        }
      case .unknown(let verb):
        frame.write(" " + verb, row: y, column: list.left, limit: list.left + nameWidth)
        frame.write(
          truncated("not in the catalog: a regular verb", to: glossWidth), row: y, column: list.left + nameWidth + 1,
          style: .dim, limit: list.right)
      }
      if offset + row == selection { frame.paint(row: y, from: list.left, to: list.right, style: .selected) }
    }
  }
}

extension String {
  var trimmingSpaces: String { split(separator: " ").joined(separator: " ") }
}
