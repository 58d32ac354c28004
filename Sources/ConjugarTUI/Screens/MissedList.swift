import ConjugarCore
import ConjugarEngine
import TerminalClient

/// Progress's Missed part: the leeches, then the forms most often answered wrong, one selected;
/// Enter opens its verb, `p` practises them all.
struct MissedList {
  /// The line selected: an index into the forms missed.
  private(set) var selected = 0

  static let help = [KeyHint("Enter  p", "Missed: open the verb selected; practise those forms now")]
  static let glossary = [
    KeyHint("Missed", "the leeches first (forms forgotten as many times as the Leeches setting says, the most "
      + "lapses first: L), then the 10 forms answered wrong most often")
  ]

  /// Its keys, the period's (`period`, the tab's) among them.
  static func hints(_ missed: [ProgressFigures.Missed], period: KeyHint) -> [KeyHint] {
    missed.isEmpty ? [period] : [KeyHint("p", "practise"), KeyHint("Enter", "open"), period, KeyHint("↑↓", "move")]
  }

  /// The selection kept on a list of `count` forms.
  mutating func clamp(count: Int) {
    selected = max(0, min(selected, count - 1))
  }

  /// Enter opens the verb selected, `p` practises the forms; the arrows move the selection over
  /// a list `height` lines high.
  mutating func handle(_ key: Key, _ missed: [ProgressFigures.Missed], height: Int) -> Action? {
    switch key {
    case .enter:
      guard missed.indices.contains(selected) else { return nil }
      return .openVerb(missed[selected].item.verb)
    case .character("p"):
      guard !missed.isEmpty else { return nil }
      return .practise(missed.map(\.item))
    default:
      if let moved = moved(selected, by: key, count: missed.count, height: max(1, height - 1)) { selected = moved }
      return nil
    }
  }

  func draw(_ missed: [ProgressFigures.Missed], in frame: inout Frame, area: Area) {
    guard !missed.isEmpty else {
      frame.write(" Nothing missed in this period.", row: area.top, column: area.left, limit: area.right)
      return
    }
    let wide = area.width >= 60
    let verbWidth = wide ? 18 : 12
    let formWidth = max(4, area.width - verbWidth - (wide ? 33 : 9))
    // Every row's tense abbreviated alike, to the room the longest person leaves: the list spells
    // a tense one way. Narrow, the persons are the heatmap's ("nos", "ell").
    let persons = missed.map { each in
      Person(rawValue: each.item.person).map { wide ? $0.shortPronoun : $0.columnName(wide: false) } ?? each.item.person
    }
    let tenses = abbreviatedTenses(
      missed.map { Tense(rawValue: $0.item.tense)?.spanishName ?? $0.item.tense },
      width: formWidth - 2 - (persons.map(\.count).max() ?? 0))
    var lines: [Line] = []
    for (number, each) in missed.enumerated() {
      var line = Line(wide ? (number < 9 ? "  " : " ") + "\(number + 1)  " : " ")
      line.add(each.item.verb)
      line.pad(to: (wide ? 5 : 1) + verbWidth)
      let person = persons[number]
      line.add(truncated(person.isEmpty ? tenses[number] : "\(tenses[number]), \(person)", to: formWidth))
      line.pad(to: (wide ? 5 : 1) + verbWidth + formWidth + 1)
      let count = each.wrong.map { "\($0)" } ?? ""
      let wrong = each.wrong == nil ? "" : wide ? " wrong" : "✗"
      line.add(String(repeating: " ", count: max(0, 3 - count.count)) + count + wrong, .wrong)
      if let lapses = each.lapses {
        line.pad(to: (wide ? 5 : 1) + verbWidth + formWidth + 1 + (wide ? 10 : 4))
        line.add(wide ? " leech, \(lapses) lapses" : "L", .almost)
      }
      if number == selected { line.style(.selected) }
      lines.append(line)
    }
    let first = scrollOffset(0, showing: selected, count: lines.count, height: area.height)
    frame.draw(lines, offset: first, in: area)
  }
}
