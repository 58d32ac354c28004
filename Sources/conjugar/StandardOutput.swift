#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered standard output: the whole-catalog dump writes megabytes, so it goes out in large
/// blocks rather than line by line.
struct StandardOutput {
  private var buffer: [UInt8] = []
  /// Where it goes: standard output, or a file `history export --output` opened.
  private let descriptor: Int32

  init(descriptor: Int32 = STDOUT_FILENO) {
    self.descriptor = descriptor
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
    bytes.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
    buffer.removeAll(keepingCapacity: true)
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 {
        if written < 0 && errno == EINTR { continue }
        return  // a closed pipe (conjugar ... | head): nothing more to say
      }
      offset += written
    }
  }
}

enum StandardError {
  /// Writes `text`; a control character in it (an argument echoed: `identify $'x\e[2Jy'`) is
  /// written escaped, never as itself, but the line breaks.
  static func write(_ text: String) {
    let safe = text.unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control && scalar != "\n" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    var bytes = Array(safe.utf8)
    _ = Glibc.write(STDERR_FILENO, &bytes, bytes.count)
  }
}
