import TerminalClient

/// A line of text in several styles, for the screens that scroll.
struct Line: Equatable {
  struct Span: Equatable {
    var text: String
    var style: Style
  }

  var spans: [Span] = []

  init() {}

  init(_ text: String, _ style: Style = .plain) {
    spans = [Span(text: text, style: style)]
  }

  /// Cells taken on the terminal.
  var width: Int { spans.reduce(0) { $0 + $1.text.terminalWidth } }

  mutating func add(_ text: String, _ style: Style = .plain) {
    spans.append(Span(text: text, style: style))
  }

  /// Every span in `style` (a selected row).
  mutating func style(_ style: Style) {
    for index in spans.indices { spans[index].style = style }
  }

  /// Adds spaces up to `column`.
  mutating func pad(to column: Int) {
    let missing = column - width
    if missing > 0 { add(String(repeating: " ", count: missing)) }
  }
}

extension Sequence<Character> {
  /// Cells taken on the terminal (an emoji takes two).
  var terminalWidth: Int { reduce(0) { $0 + $1.terminalWidth } }
}

extension Frame {
  /// Draws `line` from `column`, clipped at `limit`.
  mutating func draw(_ line: Line, row: Int, column: Int, limit: Int) {
    var x = column
    for span in line.spans {
      x = write(span.text, row: row, column: x, style: span.style, limit: limit)
    }
  }

  /// Draws the lines of `lines` that show from `offset` in `area`, with ↑ and ↓ at the right edge
  /// when there is more above or below.
  mutating func draw(_ lines: [Line], offset: Int, in area: Area) {
    for row in 0..<area.height where offset + row < lines.count {
      draw(lines[offset + row], row: area.top + row, column: area.left, limit: area.right)
    }
    guard area.height > 1, area.width > 1 else { return }
    if offset > 0 { write("↑", row: area.top, column: area.right - 1, style: .dim) }
    if offset + area.height < lines.count { write("↓", row: area.bottom - 1, column: area.right - 1, style: .dim) }
  }
}

/// `text` cut to `width` cells, with an ellipsis where it was cut.
func truncated(_ text: String, to width: Int) -> String {
  guard text.terminalWidth > width else { return text }
  guard width > 0 else { return "" }
  var result = ""
  var used = 0
  for character in text {
    if used + character.terminalWidth > width - 1 { break }
    result.append(character)
    used += character.terminalWidth
  }
  return result + "…"
}

/// `text` broken into lines of at most `width` cells, between words where it can be; a blank
/// line between paragraphs ("\n") is kept.
func wrapped(_ text: String, width: Int) -> [String] {
  guard width > 0 else { return [] }
  var lines: [String] = []
  for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
    var line = ""
    for word in paragraph.split(separator: " ") {
      var word = Substring(word)
      if line.isEmpty, word.terminalWidth <= width {
        line = String(word)
      } else if line.terminalWidth + 1 + word.terminalWidth <= width {
        line += " " + word
      } else {
        if !line.isEmpty { lines.append(line) }
        // A word longer than the line is cut where the line ends.
        while word.terminalWidth > width {
          var head = ""
          while let next = word.first, (head + String(next)).terminalWidth <= width {
            head.append(next)
            word = word.dropFirst()
          }
          lines.append(head)
        }
        line = String(word)
      }
    }
    lines.append(line)
  }
  return lines
}

/// Seconds as minutes and seconds: "03:12".
func minutesAndSeconds(_ seconds: Int) -> String {
  let minutes = seconds / 60, rest = seconds % 60
  return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
}

/// Text for searching: lower case, without accents and tildes, as bytes ("Está" and "esta" are
/// the same). A search forgives a missing tilde too (año finds ano): it is not an answer.
func folded(_ text: String) -> [UInt8] {
  // Most infinitives are plain lower-case ASCII already (the list folds 14,000 of them at start).
  if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return Array(text.utf8) }
  var result: [UInt8] = []
  result.reserveCapacity(text.utf8.count)
  for character in text.lowercased() {
    switch character {
    case "á", "à", "â", "ä": result.append(UInt8(ascii: "a"))
    case "é", "è", "ê", "ë": result.append(UInt8(ascii: "e"))
    case "í", "ì", "î", "ï": result.append(UInt8(ascii: "i"))
    case "ó", "ò", "ô", "ö": result.append(UInt8(ascii: "o"))
    case "ú", "ù", "û", "ü": result.append(UInt8(ascii: "u"))
    case "ñ": result.append(UInt8(ascii: "n"))
    case "ç": result.append(UInt8(ascii: "c"))
    default: result += character.utf8
    }
  }
  return result
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs in these bytes. (Plain loops: a search runs on every key typed.)
  func includes(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    var start = 0
    while start + needle.count <= count {
      if occurs(needle, at: start) { return true }
      start += 1
    }
    return false
  }

  /// Whether `needle` occurs here from `start`.
  func occurs(_ needle: [UInt8], at start: Int) -> Bool {
    guard start + needle.count <= count else { return false }
    var i = 0
    while i < needle.count {
      if self[start + i] != needle[i] { return false }
      i += 1
    }
    return true
  }
}
