import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import TerminalClient

extension FormBrowser {
  /// A column of the list: its heading, width, and text for a row.
  private struct Column {
    let heading: String
    let width: Int
    let right: Bool
    let text: (FormBrowser, FormList.Row) -> String
  }

  /// The columns that fit `width`, the most telling first: verb, tense, person, due, lapses, marks;
  /// then state, stability, difficulty when there is room.
  private static func columns(width: Int) -> [Column] {
    // 78 columns wide, 39 narrow: a leading space and the terminal's last column left free.
    let wide = width >= 78
    let tense = wide ? 18 : 10
    var columns = [
      Column(heading: "Verb", width: wide ? 14 : 11, right: false) { _, row in row.state.item.verb },
      Column(heading: "Tense", width: tense, right: false) { _, row in
        abbreviatedTense(Tense(rawValue: row.state.item.tense)?.spanishName ?? row.state.item.tense, width: tense)
      },
      Column(heading: wide ? "Person" : "Pers", width: wide ? 9 : 5, right: false) { _, row in
        Person(rawValue: row.state.item.person)?.pronoun ?? ""
      },
    ]
    if wide {
      columns.append(Column(heading: "State", width: 8, right: false) { _, row in
        switch row.state.card.state {
        case .learning: "learn"
        case .review: "review"
        case .relearning: "relearn"
        }
      })
    }
    columns.append(Column(heading: "Due", width: 6, right: true) { browser, row in
      // A suspended form is never due.
      row.suspended ? "—" : FormBrowser.relative(row.state.card.due, from: browser.now)
    })
    if wide {
      columns.append(Column(heading: "Stab.", width: 7, right: true) { _, row in
        row.state.card.stability.map { $0.fixed($0 < 10 ? 1 : 0) + "d" } ?? ""
      })
      columns.append(Column(heading: "Diff.", width: 6, right: true) { _, row in
        row.state.card.difficulty.map { $0.fixed(1) } ?? ""
      })
    }
    columns.append(Column(heading: wide ? "Lapses" : "Lap", width: wide ? 7 : 4, right: true) { _, row in
      String(row.state.lapses)
    })
    columns.append(Column(heading: "", width: 3, right: false) { browser, row in
      (row.suspended ? "S" : "") + (browser.list.isLeech(row) ? "L" : "")
    })
    return columns
  }

  /// "now", "12m", "3h", "4d", "5mo", "2y": how long until `date`.
  static func relative(_ date: Date, from now: Date) -> String {
    let seconds = date.timeIntervalSince(now)
    guard seconds > 0 else { return "now" }
    let minutes = seconds / 60, hours = minutes / 60, days = hours / 24
    if minutes < 60 { return "\(Int(minutes.rounded(.up)))m" }
    if hours < 24 { return "\(Int(hours.rounded()))h" }
    if days < 60 { return "\(Int(days.rounded()))d" }
    if days < 730 { return "\(Int((days / 30.44).rounded()))mo" }
    return "\(Int((days / 365.25).rounded()))y"
  }

  private static func cell(_ text: String, _ column: Column) -> String {
    let text = truncated(text, to: column.width - 1)
    let padding = String(repeating: " ", count: max(0, column.width - 1 - text.terminalWidth))
    return (column.right ? padding + text : text + padding) + " "
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    guard area.height > 0 else { return }
    // The first line: what shows, how it is sorted and filtered, and the search.
    let counts = shown.count == rows.count ? "\(rows.count.grouped) forms" : "\(shown.count.grouped) of \(rows.count.grouped)"
    let narrow = area.width < 60
    let status = " \(counts)  \(narrow ? "" : "sort ")\(sort.rawValue)" + (filter == .all ? "" : "  \(filter.rawValue)")
    let x = frame.write(status, row: area.top, column: area.left, style: .dim, limit: area.right)
    if searching || !search.text.isEmpty {
      let label = narrow ? " /" : "  search /"
      let start = frame.write(label, row: area.top, column: x, limit: area.right)
      search.draw(in: &frame, row: area.top, column: start, width: max(1, area.right - start - 1), focused: searching)
    }
    guard area.height > 1 else { return }
    if let error {
      for (number, line) in wrapped(error, width: area.width - 2).enumerated() where number + 1 < area.height {
        frame.write(" " + line, row: area.top + 1 + number, column: area.left, style: .wrong, limit: area.right)
      }
      return
    }
    let columns = Self.columns(width: area.width - 1)
    frame.write(" " + columns.map { Self.cell($0.heading, $0) }.joined(), row: area.top + 1, column: area.left, style: .heading, limit: area.right)
    let list = Area(top: area.top + 2, left: area.left, width: area.width, height: listHeight(area))
    if shown.isEmpty {
      let text = rows.isEmpty
        ? "No forms yet: what you answer in a quiz, review or drill is remembered here."
        : "No form matches: Esc clears the search, f the filter."
      for (number, line) in wrapped(text, width: area.width - 2).enumerated() where number < list.height {
        frame.write(" " + line, row: list.top + number, column: list.left, limit: list.right)
      }
    } else {
      let top = scrollOffset(offset, showing: selected, count: shown.count, height: list.height)
      for line in 0..<min(list.height, shown.count - top) {
        let index = top + line
        let row = rows[shown[index]]
        let text = " " + columns.map { Self.cell($0.text(self, row), $0) }.joined()
        let style: Style = row.suspended ? .dim : self.list.isLeech(row) ? .wrong : .plain
        frame.write(text, row: list.top + line, column: list.left, style: style, limit: list.right)
        if index == selected { frame.paint(row: list.top + line, from: list.left, to: list.right, style: .selected) }
      }
    }
    // The last line: the form selected, or the reset waiting for y.
    let bottom = area.top + area.height - 1
    guard bottom > list.top else { return }
    if let pending = pendingReset {
      let ending = narrow ? "? y/n" : "? Memory forgotten, answers kept. y/n"
      let room = area.width - 1 - " Reset ".count - ending.count
      let forms = pending.count == 1 ? pending[0].description(width: room) : "\(pending.count.grouped) forms"
      let question = " Reset \(forms)\(ending)"
      frame.write(question, row: bottom, column: area.left, style: .wrong, limit: area.right)
    } else if let row = selectedRow {
      var detail = " \(row.form.isEmpty ? row.state.item.key : row.form)"
      detail += "  \(row.state.reps) answer\(row.state.reps == 1 ? "" : "s")"
      if let last = row.state.card.lastReview { detail += ", last \(Self.relative(now, from: last)) ago" }
      if row.suspended { detail += ", suspended" }
      if self.list.isLeech(row) { detail += ", leech" }
      frame.write(detail, row: bottom, column: area.left, style: .dim, limit: area.right)
    }
  }
}
