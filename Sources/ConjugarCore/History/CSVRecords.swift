import Foundation

/// RFC 4180 records: fields separated by commas, records by LF or CRLF, a field in double quotes
/// may hold commas, quotes (doubled) and line breaks.
struct CSVRecords: IteratorProtocol {
  struct Record {
    var fields: [String]
    /// The line the record starts on, 1-based.
    var line: Int
    var error: String?
  }

  /// Where the next record begins: its byte, and its line (1-based).
  struct Position: Sendable {
    var index: Int
    var line: Int
  }

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  init(_ text: String) { bytes = Array(text.utf8) }

  init(bytes: [UInt8], at position: Position = Position(index: 0, line: 1)) {
    self.bytes = bytes
    index = position.index
    line = position.line
  }

  var position: Position { Position(index: index, line: line) }

  mutating func next() -> Record? {
    // A blank last line (the file's final newline) ends the file.
    guard index < bytes.count else { return nil }
    let start = line
    var fields: [String] = []
    fields.reserveCapacity(HistoryFile.columns.count)
    var error: String?
    let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r")
    while true {
      if index < bytes.count, bytes[index] == quote {
        var field: [UInt8] = []
        index += 1
        var closed = false
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if byte == quote {
            if index < bytes.count, bytes[index] == quote {
              field.append(byte)
              index += 1
            } else {
              closed = true
              break
            }
          } else {
            if byte == newline { line += 1 }
            field.append(byte)
          }
        }
        if !closed { error = error ?? "a quoted field is not closed" }
        if index < bytes.count, bytes[index] != comma, bytes[index] != newline, bytes[index] != cr {
          error = error ?? "text after a quoted field"
          while index < bytes.count, bytes[index] != comma, bytes[index] != newline { index += 1 }
        }
        fields.append(String(decoding: field, as: UTF8.self))
      } else {
        // An unquoted field: its bytes as they are in the file, read into a String once.
        let begin = index
        while index < bytes.count, bytes[index] != comma, bytes[index] != newline {
          if bytes[index] == quote { error = error ?? "a quote inside an unquoted field" }
          index += 1
        }
        var stop = index
        if stop > begin, bytes[stop - 1] == cr, index >= bytes.count || bytes[index] == newline { stop -= 1 }
        fields.append(bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[begin..<stop]), as: UTF8.self) })
      }
      if index < bytes.count, bytes[index] == cr { index += 1 }
      if index >= bytes.count { break }
      let separator = bytes[index]
      index += 1
      if separator == newline {
        line += 1
        break
      }
    }
    return Record(fields: fields, line: start, error: error)
  }
}
