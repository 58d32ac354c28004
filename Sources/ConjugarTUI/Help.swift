import TerminalClient

/// The help over the screen showing (`?`, F1): the screen's keys, then those that work everywhere
/// and the accents; scrolled with the arrows, closed by Esc, Enter, `?` or F1.
struct Help {
  /// How far it is scrolled.
  private(set) var offset = 0

  /// What a key on the help did.
  enum Outcome { case scrolled, closed, quit }

  /// `key` on the help of `screen`, `width` columns wide, `height` rows high: q closes it and quits.
  mutating func handle(_ key: Key, on screen: any Screen, width: Int, height: Int) -> Outcome {
    switch key {
    case .escape, .enter, .character("?"), .function(1):
      return .closed
    case .character("q"):
      return .quit
    default:
      let count = Self.lines(for: screen, width: width).count
      offset = scrolled(offset, by: key, count: count, height: height) ?? offset
      return .scrolled
    }
  }

  /// Draws the help of `screen` in `area`.
  func draw(for screen: any Screen, in frame: inout Frame, area: Area) {
    let lines = Self.lines(for: screen, width: area.width)
    frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: area.height), in: area)
  }

  /// The help on `screen`, then the keys that work everywhere and the accents.
  static func lines(for screen: any Screen, width: Int) -> [Line] {
    let keyWidth = 18
    func lines(_ hints: [KeyHint]) -> [Line] {
      hints.flatMap { hint -> [Line] in
        // A blank column between the text and the scroll mark in the last.
        let text = wrapped(hint.action, width: max(1, width - keyWidth - 2))
        return text.enumerated().map { number, part in
          var line = Line(number == 0 ? "  " + hint.key : "", .heading)
          line.pad(to: keyWidth)
          line.add(part)
          return line
        }
      }
    }
    var result = [Line(" Help: \(screen.helpTitle)", .heading)] + lines(screen.help)
    result += [Line(), Line(" Everywhere", .heading)]
    result += lines([
      KeyHint(
        App.Tab.allCases.map { String($0.rawValue) }.joined(separator: " "),
        App.Tab.allCases.map(\.title).joined(separator: ", ") + " (when not typing)"),
      KeyHint("? F1", "this help (Esc closes it)"),
      KeyHint("Esc", "back, close; dismiss the message at the bottom"),
      KeyHint("q", "quit (asks first during a quiz)"), KeyHint("Ctrl-C", "quit at once"),
    ])
    result += [Line(), Line(" Typing accents (answers, search)", .heading)]
    result += lines([
      KeyHint("a' e' i' o' u'", "á é í ó ú"), KeyHint("n~", "ñ"), KeyHint("u:", "ü"),
    ])
    return result
  }
}
