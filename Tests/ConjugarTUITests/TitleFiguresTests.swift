import ConjugarCore
import Foundation
import ScoreboardClient
import Synchronization
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The title bar's figures (the forms due, today's answers) are read once after a key that kept
/// an answer, even the last answer of a quiz, which also ends it.
@Suite struct TitleFiguresTests {
  @Test func theLastAnswerOfAQuizReadsTheFiguresOnce() {
    let reads = Mutex(0)
    let world = testWorld { world in
      var board = world.scoreboard
      let dueCount = board.items.dueCount
      board.items.dueCount = { now in
        reads.withLock { $0 += 1 }
        return try dueCount(now)
      }
      world.scoreboard = board
    }
    World.withCurrent(world) {
      var app = App(size: Size(columns: 80, rows: 24))
      #expect(reads.withLock { $0 } == 1, "read at the start")
      let tengo = Question(verb: "tener", translation: nil, form: .finite(.presente, .yo), accepted: ["tengo"])
      app.quiz.start(Session(source: .given([tengo]), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock))
      app.press(.character("2"))
      reads.withLock { $0 = 0 }
      app.type("tengo")
      app.press(.enter)
      #expect(app.quiz.asking?.session.isFinished == true)
      #expect(reads.withLock { $0 } == 1, "the answer kept and the quiz finished: one read")
      #expect(app.figures.answeredToday == 1)
    }
  }
}
