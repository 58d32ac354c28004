import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConsoleClient

/// Buffered standard output, through the World's console (`Current.console`): the whole-catalog
/// dump writes megabytes, so it goes out in large blocks rather than line by line.
struct StandardOutput {
  private var buffer: [UInt8] = []
  private let console: Console

  init(console: Console = Current.console) {
    self.console = console
    buffer.reserveCapacity(1 << 17)
  }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// UTF-8 already: a large block goes out as it is, without a copy into the buffer.
  mutating func write(_ bytes: [UInt8]) {
    if buffer.count + bytes.count < 1 << 16 {
      buffer.append(contentsOf: bytes)
      return
    }
    flush()
    console.write(bytes)
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    console.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// One line of text, written at once: what a command says.
  static func line(_ text: String) { Current.console.print(text + "\n") }
}

enum StandardError {
  /// Writes `text`; a control character in it (an argument echoed: `identify $'x\e[2Jy'`) is
  /// written escaped, never as itself, but the line breaks.
  static func write(_ text: String) {
    let safe = text.unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control && scalar != "\n" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    Current.console.writeError(safe)
  }
}

/// `--format table|json`: a table for people, or JSON for scripts (each command's help says its shape).
enum TableOrJSON: String, ExpressibleByArgument, CaseIterable {
  case table, json
}

/// `--format text|json`: sentences for people, or JSON for scripts.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
