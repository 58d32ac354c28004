import Foundation
import ClockClient
import ConjugarCore
import ScoreboardClient
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

  /// q on a verdict, where no answer is being typed, is the program's q: it asks to quit (no: the
  /// next question, nothing typed into it; yes: quits), as the help says; Esc asks to leave the quiz.
  @Test func qOnAVerdictAsksToQuit() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      app.type("zz")
      app.press(.enter)
      #expect(app.text.contains("Question 1 of 20"), "\(app.text)")
      app.press(.character("q"))
      #expect(app.text.contains("Quit conjugar?"), "\(app.text)")
      app.press(.character("n"))
      #expect(!app.text.contains("Quit conjugar?") && app.text.contains("Question 2 of 20"), "\(app.text)")
      #expect(app.exitStatus == nil)
      app.type("zz")
      app.press(.enter, .escape)
      #expect(app.text.contains("Leave this quiz?"), "\(app.text)")
      app.press(.character("n"))
      app.type("zz")
      app.press(.enter, .character("q"), .character("y"))
      #expect(app.exitStatus == 0)
    }
  }

  /// On the last question's verdict, q quits at once: the quiz is over, its score kept.
  @Test func qOnTheLastVerdictQuitsTheQuizKept() throws {
    let scores = Scoreboard.inMemory()
    try World.withCurrent(testWorld { $0.scoreboard = scores }) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .enter)
      for _ in 0..<19 { app.type("x"); app.press(.enter, .enter) }
      app.type("x")
      app.press(.enter)
      #expect(app.text.contains("Question 20 of 20"), "\(app.text)")
      app.press(.character("q"))
      #expect(app.exitStatus == 0)
      #expect(try scores.answers.bestScores(10).count == 1)
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

/// At 40 columns: no file path cut, glosses cut after a word (issue 26, item 14).
@Suite struct NarrowTests {
  @Test func theScoresShowTheirFileWholeOrNotAtAll() {
    let path = "/var/lib/conjugar-learner/.local/share/conjugar/scores.sqlite"
    for columns in [40, 80] {
      World.withCurrent(testWorld { $0.scoreboard.location = path }) {
        var app = App(size: Size(columns: columns, rows: columns == 40 ? 12 : 24))
        app.press(.character("5"), .backTab)
        #expect(app.text.contains("Best scores"), "\(app.text)")
        #expect(app.text.contains(path) || !app.text.contains("/var/lib"), "at \(columns): \(app.text)")
        if columns == 80 { #expect(app.text.contains(path)) }
      }
    }
  }

  @Test func aFileUnderHomeShowsWithATildeUnderTheTitleAt40Columns() {
    let path = "/home/ana/.local/share/conjugar/scores.sqlite"
    let world = testWorld {
      $0.files = .xdg(["HOME": "/home/ana"])
      $0.scoreboard.location = path
    }
    World.withCurrent(world) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("5"), .backTab)
      #expect(app.text.contains("\n Best scores\n ~/.local/share/conjugar/scores.sqlite\n"), "\(app.text)")
    }
  }

  @Test func aGlossIsCutAfterAWord() {
    #expect(truncatedAtWord("to be able to", to: 20) == "to be able to")
    #expect(truncatedAtWord("to be able to", to: 12) == "to be able…")
    #expect(truncatedAtWord("to have, to possess", to: 13) == "to have, to…")
    #expect(truncatedAtWord("to have, to possess", to: 10) == "to have…")
    #expect(truncatedAtWord("unbreakableword", to: 6) == "unbre…")
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      /// `shown` is the whole gloss, or its words up to one, then "…".
      func check(_ shown: Substring, _ gloss: String, _ line: Substring) {
        if shown.hasSuffix("…") {
          let kept = shown.dropLast()
          #expect(gloss.hasPrefix(kept) && [" ", ","].contains(gloss.dropFirst(kept.count).first), "\(line)")
        } else {
          #expect(String(shown) == gloss, "\(line)")
        }
      }
      for verb in ["llevar", "quedar", "pasar", "dejar"] {
        let gloss = Current.conjugator.catalog.entry(verb)?.gloss ?? ""
        app.press(.character("/"))
        app.type(verb)
        let row = app.text.split(separator: "\n").first { $0.hasPrefix(" \(verb) ") } ?? ""
        check(row.dropFirst(21), gloss, row)
        app.press(.enter)
        let title = app.text.split(separator: "\n")[2]
        check(title.dropFirst(" \(verb) — ".count), gloss, title)
        if verb != "llevar" { #expect(title.hasSuffix("…"), "a long gloss is cut at 40 columns: \(title)") }
        app.press(.escape, .escape)
      }
    }
  }
}
