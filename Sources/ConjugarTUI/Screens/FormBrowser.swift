import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import TerminalClient

/// Progress's `f`: every form the trainer remembers, as Anki's Browse shows cards — state, due,
/// stability, difficulty, lapses — to search as you type (`/`: verb, tense, person or the form
/// itself), sort, filter, and suspend (`s`), reset (`r`) or open (Enter) one, or every form shown
/// (`S`, `R`). The screen over a ``FormList``: the selection, the search field, the reset waiting
/// for y. Each key changes the rows in place from what is loaded: no key reads the database but
/// those that change it.
struct FormBrowser: Screen {
  private(set) var list = FormList()
  var search = TextField()
  var searching = false
  var selected = 0
  var offset = 0
  /// A reset waiting for y: the forms it would forget.
  var pendingReset: [Item]?
  private(set) var error: String?
  /// A form is a leech from this many lapses (the setting, given to the list at load); nil: leeches off.
  var leechLapses: Int?
  /// The date of the last suspend or reset made here (``eventDate()``).
  var lastEvent = Date.distantPast
  /// Now, for "due in 3d": when the rows were loaded (`reload`, before the first frame).
  private(set) var now = Date.distantPast

  /// The list's, as the screen shows them: every form loaded, the indices of those shown in `rows`,
  /// the sort and the filter.
  var rows: [FormList.Row] { list.rows }
  var shown: [Int] { list.shown }
  var sort: FormList.Sort { list.sort }
  var filter: FormList.Filter { list.filter }

  /// Loads every form remembered, and their marks, from `Current`.
  mutating func reload(settings: SettingValues) {
    leechLapses = settings.leechThreshold.count
    now = Current.clock.now()
    do {
      let marks = try Current.scoreboard.items.itemMarks()
      load(try Current.scoreboard.items.items(nil), suspended: marks.suspended, conjugator: Current.conjugator)
      error = nil
    } catch {
      load([], suspended: [], conjugator: Current.conjugator)
      self.error = "The forms could not be read: \(error)"
    }
  }

  /// The rows of `states` (the bench gives its own).
  mutating func load(_ states: [ItemState], suspended: Set<Item>, conjugator: Conjugator) {
    let leechLapses = leechLapses
    changeList { $0.load(states, suspended: suspended, leechLapses: leechLapses, conjugator: conjugator) }
  }

  /// Changes the list, the selection kept on a row shown.
  mutating func changeList(_ change: (inout FormList) -> Void) {
    change(&list)
    selected = min(selected, max(0, list.shown.count - 1))
  }

  /// After the search changed: the list searched again, from its first row.
  mutating func searchChanged() {
    let text = search.text
    changeList { $0.search(text) }
    selected = 0
    offset = 0
  }

  var selectedRow: FormList.Row? { shown.indices.contains(selected) ? rows[shown[selected]] : nil }
}
