import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import TerminalClient

/// Progress's Tenses part: the heatmap of accuracy by tense and person, with a cell selected
/// (the arrows move it) whose figures show in words below the map.
struct TenseHeatmap {
  /// A cell of the map: indexes into ``tenses(_:)`` and ``persons(_:)``.
  struct Cell: Equatable {
    var row = 0, column = 0
  }

  private(set) var cell = Cell()

  /// The keys of the help, and what the map shows.
  static let help = [KeyHint("← → ↑ ↓", "Tenses: move through the heatmap; the cell selected shows its accuracy")]
  static let glossary = [
    KeyHint("Heatmap", "accuracy by tense and person: \(ProgressText.levels.map(\.words).joined(separator: ", ")) "
      + "(and colour, red to green); · no answers")
  ]
  static let hints = [KeyHint("←→↑↓", "cell")]

  /// The tenses with answers in the period, in the engine's order (the non-finite forms have no
  /// person: they are not on the map).
  static func tenses(_ statistics: Statistics) -> [Tense] {
    let answered = Set(statistics.cells.keys.map(\.tense))
    return Tense.allCases.filter { answered.contains($0.rawValue) }
  }

  static func persons(_ statistics: Statistics) -> [Person] {
    let answered = Set(statistics.cells.keys.map(\.person))
    return Person.allCases.filter { answered.contains($0.rawValue) }
  }

  /// The selection kept on the map of `statistics` (the period or the answers changed).
  mutating func clamp(to statistics: Statistics) {
    cell.row = max(0, min(cell.row, Self.tenses(statistics).count - 1))
    cell.column = max(0, min(cell.column, Self.persons(statistics).count - 1))
  }

  /// The arrows (or h j k l) move the selection, Home to the first cell; false for any other key.
  mutating func handle(_ key: Key, in statistics: Statistics) -> Bool {
    switch key {
    case _ where upKeys.contains(key): cell.row -= 1
    case _ where downKeys.contains(key): cell.row += 1
    case .left, .character("h"): cell.column -= 1
    case .right, .character("l"): cell.column += 1
    case .home: cell = Cell()
    default: return false
    }
    clamp(to: statistics)
    return true
  }

  func draw(_ statistics: Statistics, in frame: inout Frame, area: Area) {
    let tenses = Self.tenses(statistics), persons = Self.persons(statistics)
    guard !tenses.isEmpty, !persons.isEmpty else {
      frame.write(" No answers in this period.", row: area.top, column: area.left, limit: area.right)
      return
    }
    let wide = area.width >= 60
    let columnWidth = wide ? 8 : 4
    let labelWidth = max(6, min(24, area.width - persons.count * columnWidth - 1))
    let cellWidth = columnWidth - 1
    // The header of persons, each name centred over its column's cells.
    var x = area.left + labelWidth
    for person in persons {
      let name = String(person.columnName(wide: wide).prefix(cellWidth))
      let centred = String(repeating: " ", count: (cellWidth - name.count) / 2) + name
      frame.write(centred, row: area.top, column: x, style: .heading, limit: area.right)
      x += columnWidth
    }
    // Detail and legend below the rows.
    let footer = wide ? 3 : 2
    let rows = max(1, area.height - 1 - footer)
    let first = scrollOffset(0, showing: cell.row, count: tenses.count, height: rows)
    for (index, tense) in tenses.enumerated().dropFirst(first).prefix(rows) {
      let row = area.top + 1 + index - first
      let label = abbreviatedTense(tense.spanishName, width: labelWidth - 2)
      frame.write(" " + label, row: row, column: area.left, style: index == cell.row ? .heading : .plain, limit: area.right)
      x = area.left + labelWidth
      for (column, person) in persons.enumerated() {
        let tally = statistics.cells[.init(tense: tense.rawValue, person: person.rawValue)]
        let selected = index == cell.row && column == cell.column
        if selected {
          let text = tally?.accuracy.map { "\(Int(($0 * 100).rounded()))" } ?? "–"
          let padded = String(repeating: " ", count: max(0, cellWidth - text.count)) + text
          frame.write(padded, row: row, column: x, style: .selected, limit: area.right)
        } else if let accuracy = tally?.accuracy {
          let (style, shade) = ProgressText.level(accuracy)
          frame.write(String(repeating: shade, count: cellWidth), row: row, column: x, style: style, limit: area.right)
        } else {
          frame.write(String(repeating: " ", count: cellWidth / 2) + "·", row: row, column: x, style: .dim, limit: area.right)
        }
        x += columnWidth
      }
    }
    if tenses.count > rows {
      if first > 0 { frame.write("↑", row: area.top + 1, column: area.right - 1, style: .dim) }
      if first + rows < tenses.count { frame.write("↓", row: area.top + rows, column: area.right - 1, style: .dim) }
    }
    // The selected cell in words, and the legend.
    let tense = tenses[min(cell.row, tenses.count - 1)], person = persons[min(cell.column, persons.count - 1)]
    let tally = statistics.cells[.init(tense: tense.rawValue, person: person.rawValue)] ?? Tally()
    let detail =
      "\(wide ? tense.spanishName : tense.shortName), \(person.shortPronoun): "
      + (tally.answers == 0
        ? "no answers"
        : "\(tally.correct.grouped) of \(tally.answers.grouped) right (\(ProgressText.percent(tally.accuracy)))")
    let bottom = area.top + 1 + rows
    if wide {
      frame.write(" " + detail, row: bottom + 1, column: area.left, limit: area.right)
    } else {
      frame.write(" " + truncated(detail, to: area.width - 2), row: bottom, column: area.left, limit: area.right)
    }
    // The legend in words where it fits in full, else in signs; the shade in its level's style.
    var legendX = area.left + 1
    func pieces(_ texts: [String], then last: String) -> [(String, Style)] {
      zip(ProgressText.levels, texts).flatMap { level, text in
        [(String(level.shade), level.style), (String(text.dropFirst()), .dim)]
      } + (last.isEmpty ? [] : [(last, .dim)])
    }
    let words = pieces(ProgressText.levels.map { $0.words + "  " }, then: "· none")
    let legend =
      words.reduce(1) { $0 + $1.0.count } <= area.width
      ? words : pieces(ProgressText.levels.map { $0.signs + " " }, then: "")
    for (text, style) in legend {
      legendX = frame.write(text, row: bottom + (wide ? 2 : 1), column: legendX, style: style, limit: area.right)
    }
  }
}

extension Person {
  /// The person's name in Progress's columns: the heatmap's header, Missed's rows; shorter at
  /// narrow widths ("nos", "ell").
  func columnName(wide: Bool) -> String {
    let short: [Person: String] =
      wide ? [.nosotros: "nos.", .vosotros: "vosot."] : [.nosotros: "nos", .vosotros: "vs.", .ellos: "ell"]
    return short[self] ?? shortPronoun
  }
}
