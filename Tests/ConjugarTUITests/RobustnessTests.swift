import ConjugarCore
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Hangs found by the fuzzing (AppFuzzTests, Scripts/chaos), each reproduced here.
@Suite struct RobustnessTests {
  /// A long text pasted into a field arrives as one key per character, and the loop redraws after
  /// each. The field used to find where to start showing the text by measuring it again for every
  /// character it skipped — quadratic in the text's length per frame, cubic for a paste: pasting
  /// 1,500 characters took over a minute in a debug build, 10,000 would have taken hours. Now the
  /// field takes at most 200 characters and scrolls in time proportional to its width.
  @Test func pastingALongTextIntoTheAnswerStaysQuick() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"), .enter)
      let clock = ContinuousClock()
      let started = clock.now
      let letters = Array("abcdefghijklmnopqrstuvwxyzñáé")
      for n in 0..<1_500 {
        app.handle(.character(letters[n % letters.count]))
        _ = app.frame()
        // Bounded: a slow field fails here rather than holding up the whole suite.
        if clock.now - started > .seconds(20) {
          Issue.record("typing \(n) characters took over 20 s")
          return
        }
      }
      #expect(app.quiz.asking?.answer.text.count == TextField.maximumLength)
      // The cursor is at the end of the text, at the right end of the field (column 9 + 32 - 1).
      #expect(app.frame().cursor?.column == 40)
    }
  }

  @Test func aFieldTakesAtMostItsMaximumLengthButStillEdits() {
    var field = TextField(String(repeating: "a", count: TextField.maximumLength - 1))
    let taken = [field.handle(.character("e")), field.handle(.character("x"))]
    #expect(taken == [true, false])
    #expect(field.text.count == TextField.maximumLength && field.text.hasSuffix("ae"))
    // An accent shortcut changes a letter: it still works at the limit.
    let accented = field.handle(.character("'"))
    #expect(accented && field.text.hasSuffix("aé") && field.text.count == TextField.maximumLength)
    let edited = [field.handle(.backspace), field.handle(.character("o"))]
    #expect(edited == [true, true] && field.text.hasSuffix("ao"))
  }

  /// The part of a long text shown keeps the cursor in view, wherever it is.
  @Test func aLongFieldShowsTheCursorWhereverItIs() {
    var field = TextField(String(repeating: "abcdefghij", count: 20))
    var frame = Frame(size: Size(columns: 40, rows: 2))
    field.draw(in: &frame, row: 0, column: 0, width: 10, focused: true)
    #expect(frame.cursor == Position(row: 0, column: 9))
    #expect(frame.text.hasPrefix("bcdefghij"))
    _ = field.handle(.home)
    frame = Frame(size: Size(columns: 40, rows: 2))
    field.draw(in: &frame, row: 0, column: 0, width: 10, focused: true)
    #expect(frame.cursor == Position(row: 0, column: 0))
    #expect(frame.text.hasPrefix("abcdefghij"))
    // Wide characters: the cursor after the fourth emoji of many, in a field 5 cells wide.
    field = TextField(String(repeating: "💃", count: 30))
    for _ in 0..<26 { _ = field.handle(.left) }
    frame = Frame(size: Size(columns: 40, rows: 2))
    field.draw(in: &frame, row: 0, column: 0, width: 5, focused: true)
    #expect(frame.cursor == Position(row: 0, column: 4))
  }
}
