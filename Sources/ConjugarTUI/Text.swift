import PlainText
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

  /// The text without its styles.
  var text: String { spans.map(\.text).joined() }

  /// Cells taken on the terminal.
  var width: Int { spans.reduce(0) { $0 + $1.text.terminalWidth } }

  mutating func add(_ text: String, _ style: Style = .plain) {
    spans.append(Span(text: text, style: style))
  }

  /// Every span in `style` (a selected row).
  mutating func style(_ style: Style) {
    for index in spans.indices { spans[index].style = style }
  }

  /// Adds " — " and a verb's gloss, cut after a whole word (`truncatedAtWord`) so that the line
  /// ends before the last of `width` columns; nothing when there is no room.
  mutating func addGloss(_ gloss: String?, width: Int) {
    guard let gloss, self.width + 4 < width else { return }
    add(" — " + truncatedAtWord(gloss, to: width - 1 - self.width - 3))
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

/// `text` cut to `width` cells after a whole word, with an ellipsis: a gloss reads "to be able…",
/// not "to be ab…". A first word too long for the width is cut where it must be.
func truncatedAtWord(_ text: String, to width: Int) -> String {
  guard text.terminalWidth > width else { return text }
  var kept = ""
  for word in text.split(separator: " ") {
    let longer = kept.isEmpty ? String(word) : kept + " " + word
    guard longer.terminalWidth + 1 <= width else { break }
    kept = longer
  }
  while let last = kept.last, ",;:".contains(last) { kept.removeLast() }
  return kept.isEmpty ? truncated(text, to: width) : kept + "…"
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

/// The abbreviations of tense names, in the order they are taken, as grammars write them.
private let tenseAbbreviations = [
  (" de subjuntivo", " subj."), ("pretérito ", "pret. "), ("pluscuamperfecto", "plusc."), ("imperfecto", "imperf."),
  ("compuesto", "comp."), ("perfecto", "perf."), ("condicional", "cond."), ("imperativo", "imper."),
  ("afirmativo", "afirm."), ("negativo", "neg."), (" simple", ""),
]

/// A tense's name fitted to `width`: whole when it fits, else with its words abbreviated one
/// after another as grammars do ("pret. imperf. subj. (-ra)"), and only then cut — before the
/// ending, so that what tells two tenses apart, "(-ra)" or "(-se)", always shows.
func abbreviatedTense(_ name: String, width: Int) -> String {
  abbreviatedTenses([name], width: width)[0]
}

/// Tense names fitted to `width` as `abbreviatedTense` fits one, all abbreviated alike: the
/// fewest abbreviations that fit every name are taken for every name, so that a list spells
/// its tenses one way, in every row.
func abbreviatedTenses(_ names: [String], width: Int) -> [String] {
  func spelt(_ steps: Int) -> [String] {
    names.map { name in tenseAbbreviations.prefix(steps).reduce(name) { $0.replacing(literal: $1.0, with: $1.1) } }
  }
  let steps =
    (0...tenseAbbreviations.count).first { steps in spelt(steps).allSatisfy { $0.terminalWidth <= width } }
    ?? tenseAbbreviations.count
  return spelt(steps).map { name in
    guard name.terminalWidth > width else { return name }
    if let ending = [" (-ra)", " (-se)"].first(where: name.hasSuffix) {
      return truncated(String(name.dropLast(ending.count)), to: width - ending.count) + ending
    }
    return truncated(name, to: width)
  }
}

/// The letters of `given` and of `expected` that the other does not share, by their longest
/// common subsequence: `hablo` against `habló` differ in their last letter, `teno` against
/// `tengo` in the g alone. Character offsets into each.
func differingLetters(_ given: String, _ expected: String) -> (given: Set<Int>, expected: Set<Int>) {
  let a = Array(given), b = Array(expected)
  // common[i][j]: the longest common subsequence of a[i...] and b[j...].
  var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in a.indices.reversed() {
    for j in b.indices.reversed() {
      common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  var (i, j) = (0, 0)
  var shared: (given: Set<Int>, expected: Set<Int>) = ([], [])
  while i < a.count, j < b.count {
    if a[i] == b[j] {
      shared.given.insert(i)
      shared.expected.insert(j)
      i += 1
      j += 1
    } else if common[i + 1][j] >= common[i][j + 1] {
      i += 1
    } else {
      j += 1
    }
  }
  return (Set(a.indices).subtracting(shared.given), Set(b.indices).subtracting(shared.expected))
}

extension Line {
  /// `text`, the letters at `marked` in `style`, the others plain.
  mutating func add(_ text: String, marking marked: Set<Int>, _ style: Style) {
    for (offset, character) in text.enumerated() { add(String(character), marked.contains(offset) ? style : .plain) }
  }
}
