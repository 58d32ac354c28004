#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered standard output: the whole-catalog dump writes megabytes, so it goes out in large
/// blocks rather than line by line.
struct StandardOutput {
  private var buffer: [UInt8] = []

  init() { buffer.reserveCapacity(1 << 17) }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 {
          if written < 0 && errno == EINTR { continue }
          return  // a closed pipe (conjugar ... | head): nothing more to say
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

enum StandardError {
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = Glibc.write(STDERR_FILENO, &bytes, bytes.count)
  }
}
