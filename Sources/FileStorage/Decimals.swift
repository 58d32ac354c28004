#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers as the reports, files and screens write them, in every module, without Foundation's
/// `String(format:)` (whose `NSString` links the internationalisation libraries, ICU, into the
/// binary): a fraction by the C library's own `printf`, so that it rounds exactly as before; a
/// whole number padded by hand.
extension Double {
  /// "3.1416" for `fixed(4)`: `printf`'s `%.*f`, `digits` after the point, rounded to the nearest
  /// (the binary value's: 0.125 is exact, a tie, and gives "0.12"; 0.615 is below its decimal and
  /// gives "0.61"), "nan" and "inf" as `printf` writes them. `width` pads it with spaces on the
  /// left to that many characters, as `%8.4f`.
  public func fixed(_ digits: Int, width: Int = 0) -> String {
    func printed(capacity: Int) -> (text: String, length: Int) {
      withVaList([Int32(width), Int32(digits), self]) { arguments in
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = Int(vsnprintf(&buffer, capacity, "%*.*f", arguments))
        return (buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, length)
      }
    }
    let first = printed(capacity: 64)
    // A huge number (1e300 has 301 digits before the point) once more, in a buffer its size.
    return first.length < 64 ? first.text : printed(capacity: first.length + 1).text
  }
}

extension BinaryInteger {
  /// "007" for `7.zeroPadded(3)`, "00ff" for `255.zeroPadded(4, radix: 16)`: the digits of a
  /// number that is not negative, with zeros on the left up to `width` (`printf`'s `%03d`, `%04x`;
  /// `uppercase`, `%04X`).
  public func zeroPadded(_ width: Int, radix: Int = 10, uppercase: Bool = false) -> String {
    let digits = String(self, radix: radix, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
