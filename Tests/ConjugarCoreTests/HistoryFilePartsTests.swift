import ConjugarEngine
import Foundation
import ScoreboardClient
import Testing

@testable import ConjugarCore

/// A large CSV file is read and checked in parts, one per core: the same answers and the same bad
/// rows, at the same lines and in the same order, as read whole; a part that would begin inside a
/// quoted field (a line break in an answer) makes the file read whole.
@Suite struct HistoryFilePartsTests {
  static func text() -> String {
    var answers = HistoryCheckTests.good
    // Answers of several lines, some long, so that cuts fall inside quoted fields.
    for i in stride(from: 7, to: answers.count, by: 40) {
      answers[i].result = .wrong
      answers[i].rating = .again
      answers[i].given = "a,\"b\"\n" + String(repeating: "line\n", count: i % 3 == 0 ? 38 : 2)
    }
    var lines = answers.map { HistoryFile.line($0, .csv) }
    lines[99] = lines[99].replacingOccurrences(of: ",correct,", with: ",right,")
    lines[300] = "just one field\n"
    lines[500] = lines[500].replacingOccurrences(of: "," + answers[500].tense + ",", with: ",pre\"s,")
    lines[600] = lines[600].replacingOccurrences(of: "\n", with: "\r\n")
    lines[700] = "\n"
    lines[800] = lines[800].replacingOccurrences(of: HistoryCheckTests.good[800].verb + ",", with: "xyzzy,")
    return HistoryFile.header(.csv) + lines.joined() + "2026-01-01T00:00:00Z,ser,presente,yo,soy,\"soy"
  }

  @Test func partsReadAsTheWholeFile() {
    let bytes = Array(Self.text().utf8)
    let whole = HistoryFile.readCSV(bytes, checking: HistoryCheckTests.check(), parts: 1)
    #expect(whole.answers.count > 900)
    // Each answer of several lines is refused at the door (``AnswerBounds``: no control character).
    let atTheDoor = whole.bad.filter { $0.reason.hasPrefix("the answer is none the trainer takes") }
    #expect(atTheDoor.count == Array(stride(from: 7, to: HistoryCheckTests.good.count, by: 40)).count)
    #expect(whole.bad.filter { !atTheDoor.contains($0) }.map(\.reason.first) == ["r", "1", "a", "1", "v", "a"], "\(whole.bad)")
    #expect(whole.bad.last?.reason == "a quoted field is not closed")
    for parts in 2...12 {
      let read = HistoryFile.readCSV(bytes, checking: HistoryCheckTests.check(), parts: parts)
      #expect(read.answers == whole.answers, "\(parts) parts")
      #expect(read.bad == whole.bad, "\(parts) parts")
      let unchecked = HistoryFile.readCSV(bytes, checking: nil, parts: parts)
      #expect(unchecked.bad.count == 5, "\(parts) parts: \(unchecked.bad)")
    }
    #expect(HistoryFile.read(Self.text(), .csv, checking: HistoryCheckTests.check()).bad == whole.bad)
  }

  /// A verb's line breaks, NULs and slashes, byte by byte in ASCII, as Characters otherwise.
  @Test func aVerbWithALineBreakANulOrASlashIsRefused() {
    for bad in ["a/b", "a\nb", "a\r\nb", "a\u{0B}b", "a\u{0C}b", "a\rb", "a\0b", "ñ/a", "ñ\u{2028}", "ñ\u{85}"] {
      #expect(HistoryFile.hasNewlineNulOrSlash(bad), "\(bad.debugDescription)")
    }
    for good in ["tener", "ñoñear", "a/\u{301}b", "a b", "a\tb"] {
      #expect(!HistoryFile.hasNewlineNulOrSlash(good), "\(good.debugDescription)")
    }
  }
}
