import FileStorage
import Foundation
import Testing

/// Numbers written as `String(format:)` wrote them, so that every report, file and screen keeps
/// its bytes.
@Suite struct DecimalsTests {
  @Test func fixedRoundsAsPrintf() {
    let cases: [(Double, Int, String)] = [
      (0.125, 2, "0.12"),  // a tie in binary too: to even
      (0.375, 2, "0.38"),
      (2.5, 0, "2"), (3.5, 0, "4"),
      (0.615, 2, "0.61"),  // 0.61499999…: below the decimal that was written
      (99.95, 1, "100.0"),  // 99.950000…03: above it
      (1.0005, 3, "1.000"),
      (-0.05, 1, "-0.1"), (-0.0, 1, "-0.0"),
      (3.14159265, 4, "3.1416"),
      (0.1, 20, "0.10000000000000000555"),
      (1e21, 1, "1000000000000000000000.0"),
      (.nan, 3, "nan"), (.infinity, 1, "inf"), (-.infinity, 1, "-inf"),
    ]
    for (value, digits, written) in cases {
      #expect(value.fixed(digits) == written, "\(value) to \(digits)")
    }
  }

  @Test func fixedPadsToAWidth() {
    #expect(0.5.fixed(4, width: 8) == "  0.5000")
    #expect(123.45678.fixed(4, width: 11) == "   123.4568")
    #expect(123456789.0.fixed(4, width: 8) == "123456789.0000", "wider than the width: whole")
  }

  /// A number longer than the first buffer is written whole.
  @Test func fixedWritesAHugeNumberWhole() {
    #expect(1e300.fixed(2) == String(format: "%.2f", 1e300))
    #expect(1e300.fixed(2).count == 304)
  }

  /// The same bytes as Foundation's `String(format:)` for numbers of every size and sign.
  @Test func fixedIsStringFormat() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let value = Double(bitPattern: random.next() >> 2) * (Bool.random(using: &random) ? 1 : -1)
      let scaled = Double.random(in: -1000...1000, using: &random)
      for digits in [0, 1, 2, 3, 4] {
        #expect(value.fixed(digits) == String(format: "%.\(digits)f", value))
        #expect(scaled.fixed(digits) == String(format: "%.\(digits)f", scaled))
      }
    }
  }

  @Test func zeroPadded() {
    #expect(7.zeroPadded(3) == "007")
    #expect(1234.zeroPadded(3) == "1234")
    #expect(UInt32(0x1F).zeroPadded(4, radix: 16, uppercase: true) == "001F")
    #expect(UInt64(0xABC).zeroPadded(16, radix: 16) == "0000000000000abc")
    #expect(UInt64.max.zeroPadded(16, radix: 16) == String(format: "%016llx", UInt64.max))
  }
}
