import TerminalClient

/// The one-line messages for the learner, on the line above the keys: the newest showing (the
/// answer to the key just pressed), each until Esc dismisses it, and one that a later one
/// contradicts (the same subject: the marks of forms) gone (issue 33). A message said on a screen
/// lasts only while the learner is there (issue 26): "Nothing to review now" is gone once another
/// screen shows, "Saved as …" does not follow the drill into its first question. The notices of
/// the start belong to no screen.
struct Messages {
  /// What a message is about, when a later message on it says what is true now.
  enum Subject { case marks }

  /// The messages, the one showing first.
  private var said: [(text: String, place: String?, subject: Subject?)]

  /// The notices of the start, which stay until dismissed, the first showing first.
  init(notices: [String]) { said = notices.map { ($0, nil, nil) } }

  /// The messages, the one showing first.
  var texts: [String] { said.map(\.text) }
  var isEmpty: Bool { said.isEmpty }

  /// Says `text` on the screen `place`, in front of the others: the same text said before, or a
  /// message on the same `subject`, goes.
  mutating func say(_ text: String, at place: String, about subject: Subject? = nil) {
    add((text, place, subject))
  }

  /// A notice that belongs to no screen (as those of the start): it stays until dismissed.
  mutating func notice(_ text: String) { add((text, nil, nil)) }

  private mutating func add(_ message: (text: String, place: String?, subject: Subject?)) {
    said.removeAll { $0.text == message.text || (message.subject != nil && $0.subject == message.subject) }
    said.insert(message, at: 0)
  }

  /// Esc: the message showing goes, the one said before it shows.
  mutating func dismiss() {
    if !said.isEmpty { said.removeFirst() }
  }

  /// The learner is at `place` now: the messages said elsewhere go.
  mutating func keep(at place: String) {
    said.removeAll { $0.place.map { $0 != place } ?? false }
  }

  /// The message showing, wrapped to at most two lines of `columns` (a web address is not cut at
  /// 80 columns), its dismiss hint beside it.
  func lines(columns: Int) -> [String] {
    guard let message = said.first?.text else { return [] }
    let width = columns - 1 - dismissHint(columns: columns).count
    let lines = wrapped(message, width: width)
    return lines.count <= 2 ? lines : [lines[0], truncated(lines[1...].joined(separator: " "), to: width)]
  }

  private func dismissHint(columns: Int) -> String {
    let count = said.count > 1 ? " (1 of \(said.count))" : ""
    // Narrow, the message needs the room more than the word.
    return "\(count)  Esc" + (columns >= 60 ? ": dismiss " : " ")
  }

  /// Draws the message showing on the lines above the bottom one.
  func draw(in frame: inout Frame) {
    let size = frame.size
    let lines = lines(columns: size.columns)
    let top = size.rows - 1 - lines.count
    for (number, line) in lines.enumerated() {
      frame.write(String(repeating: " ", count: size.columns), row: top + number, column: 0, style: .notice)
      frame.write(" " + line, row: top + number, column: 0, style: .notice)
    }
    if !lines.isEmpty {
      let hint = dismissHint(columns: size.columns)
      frame.write(hint, row: top, column: max(0, size.columns - hint.count), style: .notice)
    }
  }
}
