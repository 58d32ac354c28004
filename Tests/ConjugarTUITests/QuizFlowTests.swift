import ClockClient
import ConjugarCore
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The quiz's timer and the way back from its results (issue 26, item 14).
@Suite struct QuizFlowTests {
  let size = Size(columns: 80, rows: 24)

  @Test func theTimerStopsUnderTheLeavePromptAndUnderHelpOverIt() {
    let (clock, time) = WallClock.manual()
    World.withCurrent(testWorld { $0.clock = clock }) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      time.advance(by: 5)
      app.press(.escape)
      #expect(app.text.contains("Leave this quiz?"))
      time.advance(by: 60)
      app.handle(nil)
      // The help over the prompt: closing it does not start the timer again.
      app.press(.character("?"), .escape)
      time.advance(by: 60)
      app.press(.character("n"))
      time.advance(by: 2)
      app.handle(nil)
      #expect(app.text.contains("Time 00:07"), "\(app.text)")
      // q asks too, and stops it as well.
      app.press(.character("?"), .character("q"))
      #expect(app.text.contains("Quit conjugar?"))
      time.advance(by: 60)
      app.press(.character("n"))
      app.handle(nil)
      #expect(app.text.contains("Time 00:07"), "\(app.text)")
    }
  }

  @Test func escFromAVerbOpenedFromTheResultsReturnsToThem() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      for _ in 0..<20 { app.type("x"); app.press(.enter, .enter) }
      #expect(app.text.contains("Quiz finished"), "\(app.text)")
      app.press(.enter)
      #expect(app.tab == .verbs && app.verb != nil)
      app.press(.escape)
      #expect(app.tab == .quiz, "\(app.text)")
      #expect(app.text.contains("Quiz finished"), "\(app.text)")
      // A verb opened from the list still goes back to the list.
      app.press(.character("1"), .enter, .escape)
      #expect(app.tab == .verbs && app.verb == nil)
    }
  }
}
