import ConjugarEngine
import SettingsClient
import TerminalClient

/// 1 Verbs: every verb of the catalog with its gloss; `/` searches, `f` filters, Enter opens.
struct VerbList: Screen {
  struct Verb {
    let infinitive: String
    let gloss: String?
    let isRegular: Bool
    /// 1 for the most frequent verb; nil when the frequency is not known.
    let rank: Int?
    /// The infinitive as a search compares it (see `folded`).
    let key: [UInt8]
  }

  enum Filter: String, CaseIterable {
    case all, regular, irregular
  }


  private let verbs: [Verb]
  /// The verbs shown, as indices into `verbs`: those the filter and the search let through.
  private(set) var shown: [Int]
  /// The search field, while it has the keys.
  private(set) var search: TextField?
  /// What the list is searched for (kept when the field closes with Enter).
  private(set) var query = ""
  private(set) var filter = Filter.all
  private(set) var selection = 0
  private(set) var offset = 0

  /// The catalog's verbs; `regular` are the models whose verbs count as regular (see
  /// `Conjugator.regularLookingModels`), for the filter: a verb listed as irregular has letters
  /// highlighted in its table.
  init(catalog: Catalog, regularLookingModels regular: Set<String>) {
    verbs = catalog.entries.map { entry in
      Verb(
        infinitive: entry.infinitive, gloss: entry.gloss, isRegular: entry.isRegular(regularLookingModels: regular),
        rank: entry.rank, key: folded(entry.infinitive))
    }
    shown = Array(verbs.indices)
  }

  var selected: Verb? { shown.isEmpty ? nil : verbs[shown[selection]] }
  /// The infinitives shown, in order.
  var shownInfinitives: [String] { shown.map { verbs[$0].infinitive } }
  var name: String { "verbs" }
  var helpTitle: String { "the verb list" }
  var isTyping: Bool { search != nil }

  var hints: [KeyHint] {
    if search != nil {
      return [KeyHint("Enter", "open"), KeyHint("Esc", "cancel search"), KeyHint("↑↓", "move")]
    }
    // The arrows go last: everyone tries them; the line keeps what fits.
    return [KeyHint("Enter", "open"), KeyHint("/", "search"), KeyHint("f", "filter")]
      + (query.isEmpty ? [] : [KeyHint("Esc", "clear search")]) + [KeyHint("↑↓", "move")]
  }

  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move"), KeyHint("PgUp PgDn", "a page up, down"), KeyHint("Home End  g G", "first, last verb"),
      KeyHint("Enter", "open the verb: all its forms"),
      KeyHint("/", "search: type part of an infinitive, with or without accents (esta, está)"),
      KeyHint("f", "show all verbs, the regular ones, the irregular ones"),
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
        return selected.map { .openVerb($0.infinitive) }
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
    case .enter:
      return selected.map { .openVerb($0.infinitive) }
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

  /// Applies the filter and the search. Without a search, the verbs in alphabetical order; with
  /// one, the infinitives that start with it, then those that contain it, each group with the most
  /// frequent verbs first ("esta" shows estar before estabilizar), then alphabetically.
  private mutating func refilter() {
    let wanted = folded(query.trimmingSpaces)
    var starting: [Int] = []
    var containing: [Int] = []
    for (index, verb) in verbs.enumerated() {
      switch filter {
      case .regular where !verb.isRegular, .irregular where verb.isRegular: continue
      default: break
      }
      if verb.key.occurs(wanted, at: 0) {
        starting.append(index)
      } else if verb.key.includes(wanted) {
        containing.append(index)
      }
    }
    if !wanted.isEmpty {
      let exact = wanted
      func order(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (verbs[a], verbs[b])
        if (x.key == exact) != (y.key == exact) { return x.key == exact }
        return (x.rank ?? Int.max, a) < (y.rank ?? Int.max, b)
      }
      starting.sort(by: order)
      containing.sort(by: order)
    }
    shown = starting + containing
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
      let verb = verbs[shown[offset + row]]
      let y = list.top + row
      frame.write(" " + verb.infinitive, row: y, column: list.left, limit: list.left + nameWidth)
      if let gloss = verb.gloss {
        let glossWidth = list.width - nameWidth - 1
        frame.write(truncated(gloss, to: glossWidth), row: y, column: list.left + nameWidth + 1, limit: list.right)
      }
      if offset + row == selection { frame.paint(row: y, from: list.left, to: list.right, style: .selected) }
    }
  }
}

extension String {
  var trimmingSpaces: String { split(separator: " ").joined(separator: " ") }
}
