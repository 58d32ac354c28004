import ClockClient
import ConjugarCore
import ScoreboardClient
import ScoreboardLive
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Help and hints that tell the truth (issue 26, item 13).
@Suite struct HintsTests {
  /// The bottom line of `app`'s frame.
  func keysLine(_ app: App) -> String { String(app.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "") }

  @Test func theQuizHelpNamesD() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"), .character("?"))
      #expect(app.text.contains("  d               drill: the Practice screen"), "\(app.text)")
    }
  }

  @Test func theVerbScreensBottomLineShowsG() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      #expect(keysLine(app).contains("g progressive"), "\(keysLine(app))")
      #expect(keysLine(app).contains("i article"), "\(keysLine(app))")
    }
  }

  /// The legend ("Marked: …") is above the forms, and the help says so.
  @Test func theVerbHelpSaysWhereTheLegendIs() throws {
    try World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      let lines = app.text.split(separator: "\n").map(String.init)
      let legend = try #require(lines.firstIndex { $0.hasPrefix(" Marked:") })
      let yo = try #require(lines.firstIndex { $0.hasPrefix(" yo ") })
      #expect(legend < yo)
      app.press(.character("?"))
      app.press(.end)
      #expect(Help.lines(for: app.screen, width: 200).contains { $0.text.contains("The legend above the forms") })
      #expect(!Help.lines(for: app.screen, width: 200).contains { $0.text.contains("under the forms") })
    }
  }

  /// At 40 columns the bottom line of each part of Progress keeps its own key: a, w, p.
  @Test func progressKeepsItsKeysAt40Columns() {
    let board = Scoreboard.inMemory()
    _ = try? board.answers.importAnswers([
      AnsweredQuestion(
        verb: "ser", tense: "presente", person: "yo", expected: "soy", given: "x", result: .wrong,
        date: WallClock.manual().0.now(), seconds: 2)
    ])
    World.withCurrent(testWorld { $0.scoreboard = board }) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("5"))
      #expect(keysLine(app).contains("a "), "overview: \(keysLine(app))")
      app.press(.tab)
      #expect(keysLine(app).contains("a "), "tenses: \(keysLine(app))")
      app.press(.tab)
      #expect(keysLine(app).contains("w "), "trend: \(keysLine(app))")
      app.press(.tab)
      #expect(keysLine(app).contains("p "), "missed: \(keysLine(app))")
    }
  }

  /// Every article at every width from 40 to 80 leaves the last column to the scroll mark.
  @Test func anArticlesTextNeverRunsIntoTheScrollMark() {
    let info = InfoScreen(articles: TenseArticles.all)
    for width in 40...80 {
      for article in TenseArticles.all {
        for line in info.lines(article, width: width) {
          #expect(line.width <= width - 1, "\(article.tense) at \(width): \(line.text)")
        }
      }
    }
  }

  /// On the results of a quiz with a miss, u (which works there) is on the bottom line at 80
  /// columns (issue 33, item 6).
  @Test func theResultsWithAMissOfferUndoAt80Columns() {
    World.withCurrent(testWorld(settings: ["quiz-length": "10"])) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"), .enter)
      for _ in 0..<10 { app.press(.control("d"), .enter) }
      #expect(app.quiz.name == "quiz-results", "\(app.text)")
      #expect(keysLine(app).contains("u undo last"), "\(keysLine(app))")
      #expect(keysLine(app).contains("p practise 10 missed"), "\(keysLine(app))")
    }
  }
}
