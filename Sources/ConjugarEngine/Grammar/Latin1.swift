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
  init(latin1 letters: some Collection<UInt8>) {
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

extension [UInt8] {
  /// Appends Latin-1 letters as UTF-8: a byte above 0x7F becomes two. The letters are copied
  /// whole, then the accented ones, if any, spread out from the end.
  mutating func appendUTF8(latin1 letters: ArraySlice<UInt8>) {
    let start = count
    append(contentsOf: letters)
    let accented = letters.count(where: { $0 >= 0x80 })
    guard accented > 0 else { return }
    append(contentsOf: repeatElement(0, count: accented))
    withUnsafeMutableBufferPointer { bytes in
      var write = bytes.count
      for read in stride(from: bytes.count - accented - 1, through: start, by: -1) {
        let byte = bytes[read]
        if byte < 0x80 {
          write -= 1
          bytes[write] = byte
        } else {
          write -= 2
          bytes[write] = 0xC0 | byte >> 6
          bytes[write + 1] = 0x80 | byte & 0x3F
        }
      }
    }
  }

  /// Appends the bytes of an ASCII string literal.
  mutating func append(ascii text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
