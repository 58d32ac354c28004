import ScoreboardClient
import TerminalClient

/// A one-line text field: typing, Backspace, Delete, Left/Right, Home/End (and Ctrl-A/Ctrl-E),
/// Ctrl-U to clear. Accents can be typed without a Spanish keyboard: a' e' i' o' u' n~ u: become
/// á é í ó ú ñ ü as the second key is pressed.
struct TextField: Equatable {
  private(set) var text = ""
  /// The cursor, in characters from the start.
  private(set) var cursor = 0

  init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// The accent shortcuts: the key typed, then the letter before the cursor and what it becomes.
  static let shortcuts: [Character: [Character: Character]] = [
    "'": ["a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú", "A": "Á", "E": "É", "I": "Í", "O": "Ó", "U": "Ú"],
    "~": ["n": "ñ", "N": "Ñ"],
    ":": ["u": "ü", "U": "Ü"],
  ]

  /// For the quiz screen.
  static let shortcutHelp = "a' e' i' o' u' n~ u: → á é í ó ú ñ ü"

  /// The longest text a field takes, in characters: far more than any answer or search (the
  /// longest forms have some 25 letters), and a bound on the work of each key when a long text is
  /// pasted (each of its characters arrives as a key, and each key redraws). The history's bound
  /// on an answer (``AnswerBounds/longestAnswer``), so that every answer typed can be kept.
  static let maximumLength = AnswerBounds.longestAnswer

  /// Applies `key`; false if the field does nothing with it. A character the door refuses
  /// (``AnswerBounds/admit(_:)``: a control character, or one past the bounds of an answer, such
  /// as an accent joined to a letter past ``AnswerBounds/longestAnswerBytes``) is not taken.
  mutating func handle(_ key: Key) -> Bool {
    var characters = Array(text)
    switch key {
    case .character(let typed):
      if typed.unicodeScalars.contains(where: AnswerBounds.isControl) { return false }
      if cursor > 0, let accented = Self.shortcuts[typed]?[characters[cursor - 1]] {
        characters[cursor - 1] = accented
      } else if characters.count >= Self.maximumLength {
        return false
      } else {
        characters.insert(typed, at: cursor)
        guard case .admitted = AnswerBounds.admit(String(characters)) else { return false }
        cursor += 1
      }
    case .backspace where cursor > 0:
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete where cursor < characters.count:
      characters.remove(at: cursor)
    case .backspace, .delete:
      break
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters = []
      cursor = 0
    default:
      return false
    }
    text = String(characters)
    // A combining accent typed on its own joins the letter before it: one character fewer.
    cursor = min(cursor, text.count)
    return true
  }

  /// Draws the field in `width` cells from `column`, scrolled so that the cursor shows, and puts
  /// the terminal's cursor there when `focused`.
  func draw(in frame: inout Frame, row: Int, column: Int, width: Int, focused: Bool) {
    guard width > 0 else { return }
    let characters = Array(text)
    // The first character shown: as far left as still shows the cursor. (Counted back from the
    // cursor, so that the work is the width of the field, not the square of the text's length.)
    var start = cursor
    var used = 0
    while start > 0, used + characters[start - 1].terminalWidth < width {
      used += characters[start - 1].terminalWidth
      start -= 1
    }
    frame.write(String(repeating: " ", count: width), row: row, column: column, style: .field, limit: column + width)
    frame.write(String(characters[start...]), row: row, column: column, style: .field, limit: column + width)
    if focused {
      frame.cursor = Position(row: row, column: column + characters[start..<cursor].terminalWidth)
    }
  }
}
