@testable import ConjugarCore
import Testing

/// A JSON line's `seconds` are read as the number it writes, whatever the notation: a JSON writer
/// may write 0.00005 as `5e-05` (Python's json does).
@Suite struct HistoryFileNumbersTests {
  @Test(arguments: [
    (2.0, "2"), (-1.0, "-1"), (2.5, "2.5"), (0.00005, "0.00005"), (1e-7, "0.0000001"), (1e16, "10000000000000000"),
    (9_007_199_254_740_993.0, "9007199254740992"), (0.1, "0.1"), (123.456, "123.456"), (0.0, "0"), (-0.0, "0"),
  ])
  func aNumberIsWrittenOutInFull(number: Double, text: String) {
    #expect(HistoryFile.JSONValue.positional(number) == text)
    #expect(Double(text) == number)
  }

  @Test func aLineWhoseSecondsHaveAnExponentIsRead() throws {
    let line = #"{"date":"2026-01-02T10:00:00Z","verb":"hablar","tense":"presente","person":"yo","expected":"hablo","#
      + #""given":"hablo","result":"correct","rating":"good","seconds":5e-05,"mode":"written","overridden":false}"#
    let answer = try HistoryFile.jsonAnswer(line, line: 1).get()
    #expect(answer.seconds == 0.00005)
  }
}
