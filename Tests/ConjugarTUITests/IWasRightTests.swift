import ConjugarCore
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// `!` on a miss's verdict, "I was right" (issue 21 §2): counted right in the quiz and its score,
/// rated good, marked so in the history; on the last answer, the score reported again.
@Suite struct IWasRightTests {
  let size = Size(columns: 80, rows: 24)

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test func aMissCountedRightCorrectsTheScore() throws {
    let board = Scoreboard.inMemory()
    try World.withCurrent(testWorld { $0.scoreboard = board }) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .enter)
      guard let started = app.quiz.asking?.session else { throw Failure("no quiz") }
      let count = started.questions.count
      // Every answer wrong; the first and the last overruled.
      for number in 0..<count {
        app.type("xyz")
        app.press(.enter)
        if number == 0 || number == count - 1 {
          #expect(app.text.contains("! I was right"))
          app.press(.character("!"))
          #expect(app.text.contains("Counted right, as you said"))
          #expect(!app.text.contains("! I was right"))
        }
        app.press(.enter)
      }
      guard let session = app.quiz.results?.session else { throw Failure("not finished: \(app.text)") }
      #expect(session.count(.correct) == 2 && session.count(.wrong) == count - 2)
      #expect(try board.answers.bestScores(.max).map(\.score) == [session.score])
      #expect(session.score > 0)
      #expect(try board.answers.allAnswers().filter(\.overridden).count == 2)
      #expect(try board.answers.allAnswers().filter(\.overridden).allSatisfy { $0.result == .correct && $0.rating == .good && $0.given == "xyz" })
      #expect(try board.answers.allAnswers().count == count)
    }
  }

  /// Ctrl-D's "Not known: shown" has no answer to count right: ! is not offered there, and does
  /// nothing (issue 33, item 5).
  @Test func aDontKnowIsNotCountedRight() throws {
    let board = Scoreboard.inMemory()
    try World.withCurrent(testWorld { $0.scoreboard = board }) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .enter, .control("d"))
      #expect(app.text.contains("Not known: shown"), "\(app.text)")
      #expect(!app.text.contains("I was right"), "\(app.text)")
      app.press(.character("!"))
      #expect(!app.text.contains("Counted right"), "\(app.text)")
      #expect(app.text.contains("Not known: shown"), "! does nothing there: \(app.text)")
      guard let session = app.quiz.asking?.session else { throw Failure("no quiz: \(app.text)") }
      #expect(session.count(.correct) == 0 && session.count(.wrong) == 1)
      #expect(try board.answers.allAnswers().map(\.overridden) == [false])
      #expect(try board.answers.allAnswers().map(\.result) == [.wrong])
    }
  }
}
