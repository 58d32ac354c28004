import BackgroundClient
import ClockClient
import ConjugarCore
import Foundation
import ScoreboardClient
import SettingsClient
import Synchronization
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The title bar's figures (the forms due, today's answers) are read once after a key that kept
/// an answer, even the last answer of a quiz, which also ends it; the forms due wait for today's
/// plan, made off the key path.
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
      // Load balance is on by default: today's plan made at the start (off the key path, at once
      // here) counts once, and the figures read after it once.
      #expect(reads.withLock { $0 } == 2, "read at the start")
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

  /// With load balance on (the default), the count of forms due waits for today's plan, made off
  /// the key path; the loop looks often meanwhile, and the count shows once it is made.
  @Test func theCountOfFormsDueWaitsForTodaysPlan() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.due(now: clock.now())
    for balance in ["on", "off"] {
      let queue = BackgroundQueue()
      let world = testWorld {
        $0.scoreboard = board
        $0.clock = clock
        $0.background = queue.background
        $0.settings = Settings(store: InMemorySettingsStore(["load-balance": balance]))
      }
      try World.withCurrent(world) {
        var app = App(size: Size(columns: 80, rows: 24))  // days in the World's time zone
        // Counted on the same history in a board of its own (one with a plan kept of its own).
        let due = try DueToday.count(
          Self.due(now: clock.now()), settings: world.settings.values, at: clock.now(), timeZone: world.timeZone)
        #expect(due > 0)
        if balance == "on" {
          #expect(app.figures.due == nil && app.awaitsPlan && queue.names == ["today's plan"])
          #expect(!app.text.contains(" due "), "\(app.text)")
          queue.runAll()
          app.handle(nil)  // the loop's tick
        } else {
          #expect(queue.names.isEmpty)
        }
        #expect(app.figures.due == due && !app.awaitsPlan, "\(String(describing: app.figures.due)), \(due)")
        #expect(app.text.contains(" \(due) due "), "\(app.text)")
      }
    }
  }

  /// Five forms answered once, a month ago: due.
  static func due(now: Date) -> Scoreboard {
    let board = Scoreboard.inMemory()
    _ = try? board.answers.importAnswers(
      ["hablar", "tener", "ser", "ir", "comer"].map {
        AnsweredQuestion(
          verb: $0, tense: "presente", person: "yo", expected: "x", given: "x", result: .correct,
          date: now.addingTimeInterval(-30 * 86_400), seconds: 4)
      })
    return board
  }
}
