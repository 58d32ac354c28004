import ConjugarCore
import Foundation
import ScoreboardClient
import SettingsClient
import TerminalClient

extension FormBrowser {
  var name: String { "forms" }
  var helpTitle: String { "the forms" }
  var isTyping: Bool { searching || pendingReset != nil }
  /// Its messages say what s, S, r and R changed, and the learner goes on from them.
  var escapeDismissesFirst: Bool { true }

  var hints: [KeyHint] {
    if pendingReset != nil { return [KeyHint("y", "reset"), KeyHint("n", "keep")] }
    if searching { return [KeyHint("Enter", "done"), KeyHint("Esc", "clear")] }
    return [
      KeyHint("/", "search"), KeyHint("s", "suspend"), KeyHint("r", "reset"), KeyHint("o", "sort"),
      KeyHint("f", "filter"), KeyHint("Enter", "verb"), KeyHint("Esc", "back"),
    ]
  }

  var help: [KeyHint] {
    [
      KeyHint("/", "search as you type: verb, tense, person or the form itself (tener pret, tuve); every word must "
        + "match, accents or not; Enter keeps the search, Esc clears it"),
      KeyHint("o", "sort: " + FormList.Sort.allCases.map(\.rawValue).joined(separator: ", ")
        + " (due soonest, most lapses, most difficult first, or by verb)"),
      KeyHint("f", "show: " + FormList.Filter.allCases.map(\.rawValue).joined(separator: ", ")),
      KeyHint("s  S", "suspend the form selected (again: take it back), or every form shown: a suspended form is "
        + "never due, and never brought in new"),
      KeyHint("r  R", "reset the form selected, or every form shown (asks first): its memory forgotten, new again; "
        + "its answers stay in the history"),
      KeyHint("Enter  t", "open the verb of the form selected"),
      KeyHint("↑↓ PgUp PgDn", "move; Home, End: the first, the last"),
      KeyHint("Esc", "back to Progress; with a message showing, dismiss it first"),
      KeyHint("Columns", "state (learn: learning, review, relearn: relearning), due, stability (days for recall to fall to 90 %), "
        + "difficulty (1–10), lapses (times forgotten after it was learned); S suspended, L leech"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    if let pending = pendingReset {
      pendingReset = nil
      guard key == .character("y") else { return nil }
      return reset(pending)
    }
    if searching {
      switch key {
      case .enter: searching = false
      case .escape:
        searching = false
        search = TextField()
        searchChanged()
      default:
        if search.handle(key) { searchChanged() }
      }
      return nil
    }
    switch key {
    case .escape: return .back
    case .character("/"): searching = true
    case .character("o"):
      let sorts = FormList.Sort.allCases
      let next = sorts[(sorts.firstIndex(of: sort)! + 1) % sorts.count]
      changeList { $0.sort(by: next) }
    case .character("f"):
      let filters = FormList.Filter.allCases
      let next = filters[(filters.firstIndex(of: filter)! + 1) % filters.count]
      changeList { $0.filter(by: next) }
    case .character("s"):
      guard let row = selectedRow else { return nil }
      return suspend([shown[selected]], !row.suspended)
    case .character("S"):
      guard !shown.isEmpty else { return nil }
      return suspend(shown, !shown.allSatisfy { rows[$0].suspended })
    case .character("r"):
      guard let row = selectedRow else { return nil }
      pendingReset = [row.state.item]
    case .character("R"):
      guard !shown.isEmpty else { return nil }
      pendingReset = shown.map { rows[$0].state.item }
    case .enter, .character("t"):
      guard let row = selectedRow else { return nil }
      return .openVerb(row.state.item.verb)
    default:
      if let moved = moved(selected, by: key, count: shown.count, height: listHeight(area)) {
        selected = moved
        offset = scrollOffset(offset, showing: selected, count: shown.count, height: listHeight(area))
      }
    }
    return nil
  }

  /// Suspends (or takes back) the rows at `indices`, kept at once.
  private mutating func suspend(_ indices: [Int], _ suspend: Bool) -> Action {
    let now = eventDate()
    let events = indices.map { ItemEvent(item: rows[$0].state.item, action: suspend ? .suspend : .unsuspend, date: now) }
    do {
      let changed = try Current.scoreboard.items.markItems(events)
      changeList { $0.mark(indices, suspended: suspend) }
      let forms = changed == 1 ? "1 form" : "\(changed.grouped) forms"
      let said =
        switch (suspend, changed) {
        case (true, 0): "Already suspended: nothing changed."
        case (false, 0): "Not suspended: nothing changed."
        case (true, _): "Suspended \(forms): never due until taken back (s)."
        case (false, _): "Took back \(forms): scheduled again."
        }
      return .marksChanged(said)
    } catch {
      return .message("Nothing changed: \(error)")
    }
  }

  /// Resets `items`, then reads the rows again (a form reset is no longer remembered).
  private mutating func reset(_ items: [Item]) -> Action {
    let now = eventDate()
    do {
      let changed = try Current.scoreboard.items.markItems(items.map { ItemEvent(item: $0, action: .reset, date: now) })
      reload(settings: Current.settings.values)
      let forms = changed == 1 ? "1 form" : "\(changed.grouped) forms"
      return .marksChanged(
        changed == 0
          ? "Never practised: nothing to reset." : "Reset \(forms): new again; the answers stay in the history.")
    } catch {
      return .message("Nothing reset: \(error)")
    }
  }

  /// Now, but a millisecond after the last change made here at the least: the later event wins,
  /// so two keys must never share a date (a clock that stands still, in tests, or a coarse one).
  private mutating func eventDate() -> Date {
    lastEvent = max(Current.clock.now(), lastEvent.addingTimeInterval(0.001))
    return lastEvent
  }

  func listHeight(_ area: Area) -> Int { max(1, area.height - 3) }
}
