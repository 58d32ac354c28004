import Foundation
import PlainText
import Testing

/// Our white space is Foundation's `CharacterSet`'s, scalar for scalar (the tests may link
/// Foundation's internationalisation; the product does not).
@Suite struct PlainTextTests {
  @Test func spacesAndLineBreaksAreFoundationsEveryScalar() {
    var differing: [String] = []
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if scalar.isSpace != CharacterSet.whitespaces.contains(scalar)
        || scalar.isSpaceOrLineBreak != CharacterSet.whitespacesAndNewlines.contains(scalar)
      {
        differing.append("U+" + String(value, radix: 16))
      }
    }
    #expect(differing == [])
  }

  @Test func trimmingWorksScalarByScalar() {
    #expect(" \t\u{A0}hola mundo\u{3000}\n".trimmingSpaces() == "hola mundo\u{3000}\n")
    #expect(" \t\u{A0}hola mundo\u{3000}\n\r\u{2028}".trimmingWhitespace() == "hola mundo")
    #expect(" \u{301}e ".trimmingSpaces() == "\u{301}e")
    #expect(" \n ".trimmingWhitespace().isEmpty)
    #expect("".trimmingSpaces().isEmpty)
    #expect("a = b"[...].trimmingSpaces() == "a = b")
  }

  /// Texts made of pieces where Swift's characters and Foundation's literal comparison part:
  /// a quote then a combining accent, `\r\n`, an emoji, a NUL.
  static let pieces = ["\"", "\u{301}", "\r", "\n", "a", "é", "e\u{301}", "👍🏽", "\0", ", ", ". ", "ab", "'"]

  static func texts(_ count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in (0..<(next() % 9)).map { _ in pieces[next() % pieces.count] }.joined() }
  }

  /// Foundation's literal search (`.literal`); without it, its search takes canonically equivalent
  /// texts as equal, and its `replacingOccurrences` crashed on some of these texts (a trap in
  /// `NSMutableString.replaceOccurrences`, Swift 6.3.1).
  @Test func literalSearchesAreFoundationsOnTrickyTexts() {
    let texts = Self.texts(2_000, seed: 7)
    for (text, target) in zip(texts, Self.texts(2_000, seed: 11)) where !target.isEmpty {
      #expect(text.replacing(literal: target, with: "<>") == text.replacingOccurrences(of: target, with: "<>", options: .literal), "\(text.debugDescription) \(target.debugDescription)")
      #expect(text.contains(literal: target) == (text.range(of: target, options: .literal) != nil), "\(text.debugDescription) \(target.debugDescription)")
      let mine = text.lastRange(ofLiteral: target).map { text.utf16.distance(from: text.startIndex, to: $0.lowerBound) }
      let theirs = text.range(of: target, options: [.literal, .backwards]).map { text.utf16.distance(from: text.startIndex, to: $0.lowerBound) }
      #expect(mine == theirs, "\(text.debugDescription) \(target.debugDescription)")
    }
    for text in texts where !text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
      for length in [0, 1, 3, 9] {
        #expect(text.padded(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0), "\(text.debugDescription)")
      }
    }
    #expect("a\"\u{301}b".replacing(literal: "\"", with: "\"\"") == "a\"\"\u{301}b")
    #expect("x\r\ny".contains(literal: "\n"))
    #expect("uno, dos, tres".lastRange(ofLiteral: ", ").map { "uno, dos, tres"[$0.upperBound...] } == "tres")
  }
}
