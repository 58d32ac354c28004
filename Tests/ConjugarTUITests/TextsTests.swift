import ClockClient
import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// What the screens say, and how they fit at 40×12 (issue 33, items 11 and 12).
@Suite struct TextsTests {
  /// The lines of `app`'s frame.
  func lines(_ app: App) -> [String] { app.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

  /// A session of `questions`, kept in the World's score board.
  func session(_ questions: [Question]) -> Session {
    Session(
      source: .given(questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock,
      check: Session.diagnosing(with: Current.conjugator))
  }

  // MARK: Item 11

  /// Progress › Missed spells a tense one way in every row, whatever the person beside it.
  @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)]) func missedSpellsATenseOneWay(size: Size) throws {
    let board = Scoreboard.inMemory()
    let forms = [("yo", "fui"), ("nosotros", "fuimos"), ("tu", "fuiste"), ("ellos", "fueron")]
    _ = try board.answers.importAnswers(forms.map { person, form in
      AnsweredQuestion(
        verb: "ser", tense: "preterito", person: person, expected: form, given: "x", result: .wrong,
        date: WallClock.manual().0.now(), seconds: 2)
    })
    World.withCurrent(testWorld { $0.scoreboard = board }) {
      var app = App(size: size)
      app.press(.character("5"), .tab, .tab, .tab)
      let rows = lines(app).filter { $0.contains(" ser ") }
      #expect(rows.count == 4, "\(app.text)")
      let spellings = Set(rows.compactMap { row in row.firstRange(of: "pret").map { String(row[$0.lowerBound...].prefix { $0 != "," }) } })
      #expect(spellings.count == 1, "\(spellings) in \(app.text)")
    }
  }

  /// The help inside a review speaks of the review: no quiz, no points.
  @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)]) func aReviewsHelpSpeaksOfTheReview(size: Size) {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"))
      let question = Question(verb: "tener", translation: nil, form: .finite(.presente, .yo), accepted: ["tengo"])
      app.quiz.start(session([question]), .review)
      app.press(.character("?"))
      let help = Help.lines(for: app.screen, width: size.columns).map(\.text).joined(separator: "\n")
      #expect(help.contains("Help: the review"), "\(help)")
      #expect(help.contains("leave the review"), "\(help)")
      #expect(!help.contains("the quiz") && !help.contains("points"), "\(help)")
    }
  }

  /// A practice's results offer only the forms still missed at the end: one missed, asked again
  /// and answered right is not.
  @Test func theResultsCountOnlyTheFormsStillMissed() throws {
    try World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"))
      let questions = [
        Question(verb: "tener", translation: nil, form: .finite(.presente, .yo), accepted: ["tengo"]),
        Question(verb: "hablar", translation: nil, form: .finite(.presente, .yo), accepted: ["hablo"]),
      ]
      app.quiz.start(session(questions), .practice)
      app.type("x")
      app.press(.enter, .enter)
      app.type("hablo")
      app.press(.enter, .enter)
      // tener, missed, comes back once nothing else is left: right this time.
      guard let asking = app.quiz.asking?.session, asking.current?.verb == "tener" else {
        throw Failure("tener is not asked again: \(app.text)")
      }
      app.type("tengo")
      app.press(.enter, .enter)
      guard let finished = app.quiz.results?.session else { throw Failure("not finished: \(app.text)") }
      #expect(finished.missed.isEmpty)
      #expect(!lines(app).last!.contains("practise"), "\(app.text)")
    }
  }

  // MARK: Item 12

  /// The quiz cuts a gloss after a whole word, with an ellipsis.
  @Test func aGlossIsCutAtAWord() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("2"))
      let question = Question(
        verb: "volver", translation: "to return, to come back", form: .finite(.presente, .yo), accepted: ["vuelvo"])
      app.quiz.start(session([question]))
      #expect(app.text.contains("volver — to return, to come…"), "\(app.text)")
      #expect(!app.text.contains("bac"), "\(app.text)")
    }
  }

  /// The help leaves a blank column between its text and the scroll mark, on every screen at
  /// every width.
  @Test func theHelpsTextNeverRunsIntoTheScrollMark() {
    World.withCurrent(testWorld()) {
      for tab in App.Tab.allCases {
        var app = App(size: Size(columns: 80, rows: 24))
        app.press(.character(Character("\(tab.rawValue)")))
        for width in 40...80 {
          for line in Help.lines(for: app.screen, width: width) {
            #expect(line.width <= width - 2, "\(tab) at \(width): \(line.text)")
          }
        }
      }
    }
  }

  /// At 40 columns Progress's overview keeps a, o and f on its bottom line.
  @Test func progressOverviewKeepsOAndFAt40Columns() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("5"))
      let keys = lines(app).last!
      #expect(keys.contains("a 30d") && keys.contains("o fit") && keys.contains("f forms"), "\(keys)")
      #expect(keys.contains("? help") && keys.contains("q quit"), "\(keys)")
      app.press(.character("a"))
      #expect(lines(app).last!.contains("a all "), "\(lines(app).last!)")
    }
  }

  /// At 40×12 Settings marks an explanation cut with ↓, and PgDn PgUp scroll it.
  @Test func settingsShowsThatMoreFollowsAndScrolls() throws {
    try World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("4"), .down)
      let setting = SettingsScreen.rows[1]
      let words = setting.help.split(separator: " ")
      let last = try #require(words.last.map(String.init))
      func marked(_ mark: String) -> Bool { lines(app).dropLast().contains { $0.hasSuffix(" " + mark) } }
      #expect(marked("↓") && !marked("↑"), "\(app.text)")
      #expect(!app.text.contains(last), "\(app.text)")
      for _ in 0..<10 { app.press(.pageDown) }
      #expect(app.text.contains(last), "PgDn scrolls to the end: \(app.text)")
      #expect(marked("↑") && !marked("↓"), "\(app.text)")
      #expect(app.settingsScreen.selection == 1, "PgDn leaves the selection")
      for _ in 0..<10 { app.press(.pageUp) }
      #expect(!app.text.contains(last), "PgUp scrolls back: \(app.text)")
      for _ in 0..<10 { app.press(.pageDown) }
      app.press(.down, .up)
      #expect(marked("↓") && !marked("↑"), "back on the setting, its explanation from the top: \(app.text)")
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
