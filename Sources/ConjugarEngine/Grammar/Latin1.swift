/// Inside the engine a word is spelled in Latin-1: one byte per letter, the byte being the letter's
/// Unicode scalar (á is 0xE1, ñ 0xF1). Every letter of Spanish is in Latin-1, so the spelling rules
/// compare bytes instead of breaking Strings into Characters, and forms are built in buffers that
/// are reused rather than in Strings that grow. Strings are made only when asked for (`Paradigm`),
/// and the JSON of a whole paradigm is written from the bytes directly.
enum Letter {
  static let space = UInt8(ascii: " ")
  static let a = UInt8(ascii: "a"), e = UInt8(ascii: "e"), i = UInt8(ascii: "i"), o = UInt8(ascii: "o")
  static let u = UInt8(ascii: "u")
  static let c = UInt8(ascii: "c"), d = UInt8(ascii: "d"), g = UInt8(ascii: "g"), j = UInt8(ascii: "j")
  static let l = UInt8(ascii: "l"), n = UInt8(ascii: "n"), q = UInt8(ascii: "q"), r = UInt8(ascii: "r")
  static let s = UInt8(ascii: "s"), y = UInt8(ascii: "y"), z = UInt8(ascii: "z")
  static let á: UInt8 = 0xE1, é: UInt8 = 0xE9, í: UInt8 = 0xED, ó: UInt8 = 0xF3, ú: UInt8 = 0xFA
  static let ü: UInt8 = 0xFC, ñ: UInt8 = 0xF1
}

extension String {
  /// The word in Latin-1. The engine's words are validated Spanish letters (and spaces), all in
  /// Latin-1; anything else is a programming error.
  var latin1: [UInt8] {
    var letters: [UInt8] = []
    letters.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      precondition(scalar.value < 0x100, "not a letter of Spanish: \(scalar)")
      letters.append(UInt8(truncatingIfNeeded: scalar.value))
    }
    return letters
  }

  /// A String of Latin-1 letters.
  init(latin1 letters: UnsafeBufferPointer<UInt8>) {
    let accented = letters.count(where: { $0 >= 0x80 })
    guard accented > 0 else {
      self.init(decoding: letters, as: UTF8.self)  // ASCII is UTF-8 already
      return
    }
    self.init(unsafeUninitializedCapacity: letters.count + accented) { utf8 in
      var i = 0
      for byte in letters {
        if byte < 0x80 {
          utf8[i] = byte
          i += 1
        } else {
          utf8[i] = 0xC0 | byte >> 6
          utf8[i + 1] = 0x80 | byte & 0x3F
          i += 2
        }
      }
      return i
    }
  }
}

/// Bytes appended through a pointer. An Array's own `append` does bookkeeping that costs more than
/// the copy when the pieces are a few letters long, and the engine appends millions of them; here
/// the array is kept longer than what is written (`count`), so appending is a bounds check and a copy.
struct ByteBuffer: Sendable {
  private var storage: [UInt8]
  private(set) var count = 0

  init(capacity: Int) { storage = [UInt8](repeating: 0, count: capacity) }

  private mutating func reserve(_ n: Int) {
    if count + n > storage.count { storage.append(contentsOf: repeatElement(0, count: max(n, 1_024))) }
  }

  subscript(range: Range<Int>) -> ArraySlice<UInt8> { storage[range] }

  /// The bytes written.
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    let start = count
    storage.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: start).update(from: source, count: bytes.count) }
    count += bytes.count
  }

  mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }
  mutating func append(_ bytes: ArraySlice<UInt8>) { bytes.withUnsafeBufferPointer { append($0) } }

  /// Appends bytes written earlier in the buffer again.
  mutating func appendCopy(of range: Range<Int>) {
    reserve(range.count)
    let start = count
    storage.withUnsafeMutableBufferPointer {
      $0.baseAddress!.advanced(by: start).update(from: $0.baseAddress!.advanced(by: range.lowerBound), count: range.count)
    }
    count += range.count
  }
}

/// Bytes written through a pointer into memory of its own, for the JSON writer. It cannot be
/// copied, so unlike an array (or `ByteBuffer`) it has nothing to check before each write but room.
struct ByteWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written, valid while the writer is.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  private mutating func reserve(_ n: Int) {
    guard count + n > capacity else { return }
    capacity = max(2 * capacity, count + n)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.update(from: base, count: count)
    base.deallocate()
    base = larger
  }

  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

  /// Appends the bytes of an ASCII string literal.
  mutating func append(ascii text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends Latin-1 letters as UTF-8: a byte above 0x7F becomes two.
  mutating func appendUTF8(latin1 letters: UnsafeBufferPointer<UInt8>) {
    reserve(2 * letters.count)
    let base = base
    var end = count
    for byte in letters {
      if byte < 0x80 {
        base[end] = byte
        end += 1
      } else {
        base[end] = 0xC0 | byte >> 6
        base[end + 1] = 0x80 | byte & 0x3F
        end += 2
      }
    }
    count = end
  }
}
