/// The full-screen terminal the trainer runs in: its size, a frame to show, the keys typed.
/// The live value drives ncursesw; the in-memory one (`InMemoryTerminal`) is a grid that tests
/// read back as text.
public struct Terminal: Sendable {
  /// The size now, in character cells.
  public var size: @Sendable () -> Size
  /// Shows a whole frame. The live terminal sends only the cells that differ from the last frame,
  /// so redrawing every second for the quiz timer does not flicker.
  public var draw: @Sendable (Frame) -> Void
  /// The next key, or nil if none came within `timeout` (nil: wait as long as it takes).
  public var readKey: @Sendable (_ timeout: Duration?) -> Key?
  /// Gives the terminal back as it was found (modes, main screen, cursor). Called once, last.
  public var restore: @Sendable () -> Void

  public init(
    size: @escaping @Sendable () -> Size, draw: @escaping @Sendable (Frame) -> Void,
    readKey: @escaping @Sendable (Duration?) -> Key?, restore: @escaping @Sendable () -> Void
  ) {
    self.size = size
    self.draw = draw
    self.readKey = readKey
    self.restore = restore
  }
}

public struct Size: Sendable, Equatable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// "80x24", as people say it.
  public var description: String { "\(columns)x\(rows)" }
}

/// A key as the app understands it, whatever bytes the terminal sent for it.
public enum Key: Sendable, Hashable {
  /// A printable character, wide ones included: ñ, á, ¿, an emoji.
  case character(Character)
  /// Ctrl and a letter, other than those with a key of their own (Ctrl-I is Tab, Ctrl-M Enter).
  case control(Character)
  case enter, escape, backspace, delete, tab, backTab
  case up, down, left, right, pageUp, pageDown, home, end
  /// F1, F2…
  case function(Int)
  /// The window changed size: draw again at the new `Terminal.size()`.
  case resize
  /// Ctrl-C: the learner wants out, now.
  case interrupt
}

/// What a cell looks like, by what it means. The live terminal turns each into colours, or into
/// bold, underline and reverse video when colour is off.
public enum Style: String, Sendable, CaseIterable {
  case plain
  /// The title bar.
  case title
  /// The tab of the screen showing.
  case activeTab
  case heading
  /// The line or item the arrows move.
  case selected
  /// The letters that make a form irregular, by the kind of change (the engine's `Change.Kind`):
  /// wholly irregular (tuve, soy), a stem change (pienso, ten*g*o), a spelling rule (bus*qu*é).
  case irregular, stemChange, spellingChange
  case correct
  /// Right but for the accents.
  case almost
  case wrong
  /// The letters where an answer and the right form differ, in the feedback on the answer.
  case difference
  /// Hints, secondary text.
  case dim
  /// A message for the learner at the bottom.
  case notice
  /// Where the learner types.
  case field
  /// A share on a scale of four (a heatmap's cell, a bar): below 50 %, 75 %, 90 %, and above.
  /// Colours from red to green; without colour the cells' own shades (░▒▓█) tell them apart.
  case level1, level2, level3, level4
}

/// One character cell of a frame.
public struct Cell: Sendable, Equatable {
  public var character: Character
  public var style: Style
  /// The right half of a wide character (an emoji, a CJK ideograph) drawn in the cell before it:
  /// nothing to draw of its own.
  public var isWideTail: Bool

  public init(_ character: Character = " ", style: Style = .plain, isWideTail: Bool = false) {
    self.character = character
    self.style = style
    self.isWideTail = isWideTail
  }
}

public struct Position: Sendable, Equatable {
  public var row: Int
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// A whole screen's worth of cells, drawn in memory and then shown at once. Every write is clipped
/// to the frame, so a screen can never draw past the edge.
public struct Frame: Sendable, Equatable {
  public let size: Size
  public private(set) var cells: [Cell]
  /// Where the cursor shows (in a text field), or nil to hide it.
  public var cursor: Position?

  public init(size: Size) {
    self.size = size
    self.cells = Array(repeating: Cell(), count: max(0, size.columns) * max(0, size.rows))
  }

  public subscript(row: Int, column: Int) -> Cell {
    cells[row * size.columns + column]
  }

  /// Writes `text` from `column` on `row`, no further than `limit` (the right edge by default),
  /// and returns the column after the last cell written. Control characters show as spaces; a wide
  /// character that would not fit whole is left out.
  @discardableResult
  public mutating func write(_ text: some StringProtocol, row: Int, column: Int, style: Style = .plain, limit: Int? = nil)
    -> Int
  {
    let end = min(limit ?? size.columns, size.columns)
    guard row >= 0, row < size.rows else { return column }
    var x = column
    for character in text {
      let width = character.terminalWidth
      guard x + width <= end else { break }
      if width == 0 { continue }
      if x >= 0 { set(row, x, Cell(character.isPrintable ? character : " ", style: style)) }
      if width == 2, x + 1 >= 0 { set(row, x + 1, Cell(" ", style: style, isWideTail: true)) }
      x += width
    }
    return x
  }

  /// Paints `style` over a stretch of a row (a bar, a selected line), keeping the characters.
  public mutating func paint(row: Int, from: Int = 0, to: Int? = nil, style: Style) {
    guard row >= 0, row < size.rows else { return }
    for x in max(0, from)..<max(max(0, from), min(to ?? size.columns, size.columns)) {
      cells[row * size.columns + x].style = style
    }
  }

  private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
    let index = row * size.columns + column
    // Overwriting half of a wide character blanks its other half, so no half-character is left.
    if cells[index].isWideTail, column > 0, !cell.isWideTail { cells[index - 1] = Cell(" ", style: cells[index - 1].style) }
    if !cells[index].isWideTail, cells[index].character.terminalWidth == 2, column + 1 < size.columns {
      cells[index + 1] = Cell(" ", style: cells[index + 1].style)
    }
    cells[index] = cell
  }

  /// The frame as plain text, one line per row, without trailing spaces.
  public var text: String { text(marking: []) }

  /// The frame as text, with each run of cells in one of `styles` between « and »: "ten«g»o".
  public func text(marking styles: Set<Style>) -> String {
    var lines: [String] = []
    for row in 0..<size.rows {
      var line = ""
      var marked = false
      for column in 0..<size.columns {
        let cell = self[row, column]
        let marks = styles.contains(cell.style)
        if marks != marked {
          line += marks ? "«" : "»"
          marked = marks
        }
        if !cell.isWideTail { line.append(cell.character) }
      }
      if marked { line += "»" }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension Character {
  /// How many cells the character takes on a terminal: 2 for East Asian wide characters and
  /// emoji, 0 for marks and other characters of no width, 1 for the rest (all of Spanish).
  /// Computed from the Unicode properties, not from the C locale's `wcwidth`, so that tests and
  /// the terminal agree whatever the locale.
  public var terminalWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    if first.isASCII { return 1 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if properties.isEmojiPresentation || unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// Whether the character draws something (not a control character such as a tab or an escape).
  var isPrintable: Bool {
    guard let first = unicodeScalars.first else { return false }
    return first.properties.generalCategory != .control
  }
}
