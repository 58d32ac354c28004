import ClockClient
import ConjugarCore
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Messages do not outlive their moment (issue 26, item 11).
@Suite struct MessagesTests {
  let size = Size(columns: 80, rows: 24)

  @Test func nothingToReviewIsGoneOnceAnotherScreenShows() {
    // Nothing answered yet, no new forms a day: nothing to review.
    World.withCurrent(testWorld(settings: ["new-per-day": "0"])) {
      var app = App(size: size)
      app.press(.character("2"), .character("r"))
      #expect(app.text.contains("Nothing to review now"), "\(app.text)")
      app.press(.character("1"))
      #expect(app.messages.isEmpty, "\(app.messages)")
      app.press(.character("2"))
      #expect(!app.text.contains("Nothing to review now"), "\(app.text)")
    }
  }

  @Test func savedAsDoesNotFollowTheDrillIntoItsFirstQuestion() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      // Save as "mine", then Start (three rows up).
      app.press(.character("2"), .character("d"), .down, .down, .down, .down, .down, .down, .down, .enter)
      app.type("mine")
      app.press(.enter)
      #expect(app.text.contains("Saved as mine"))
      app.press(.up, .enter)
      #expect(app.text.contains("Question 1 of 20"), "\(app.text)")
      #expect(!app.text.contains("Saved as"), "\(app.text)")
    }
  }

  @Test func theFirstEscGoesBackAndTakesTheMessageWithIt() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .down, .down, .down, .down, .down, .down, .enter)
      app.type("mine")
      app.press(.enter)
      #expect(app.messages.count == 1)
      app.press(.escape)
      #expect(app.drillBuilder == nil, "one Esc leaves the Practice screen")
      #expect(app.messages.isEmpty)
      #expect(app.text.contains("Press Enter to start"))
    }
  }

  @Test func theNoticesOfTheStartStayUntilDismissed() {
    World.withCurrent(testWorld { $0.notices = ["Scores are kept in memory."] }) {
      var app = App(size: size)
      app.press(.character("2"), .character("4"), .character("1"))
      #expect(app.text.contains("Scores are kept in memory."))
      app.press(.escape)
      #expect(app.messages.isEmpty)
    }
  }

  @Test func theNewestMessageShowsAndEscShowsTheOneBefore() {
    var board = Messages(notices: ["first notice", "second notice"])
    #expect(board.texts == ["first notice", "second notice"])
    board.say("said", at: "forms")
    board.say("marked", at: "forms", about: .marks)
    board.say("marked again", at: "forms", about: .marks)
    board.say("said", at: "forms")
    #expect(board.texts == ["said", "marked again", "first notice", "second notice"])
    #expect(board.lines(columns: 80).first == "said")
    board.dismiss()
    #expect(board.texts.first == "marked again")
  }

  /// r with nothing to ask names the limit reached and its setting (issue 33, item 4).
  @Test func nothingToReviewNamesTheLimitReached() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let verbs = QuizComposer.frequentEntries(of: conjugator.catalog).prefix(12).map(\.infinitive)
    let forms = verbs.flatMap { verb in ["yo", "tu", "el", "nosotros", "ellos"].map { (verb, $0) } }
    func answers(_ forms: some Collection<(String, String)>, at date: Date) -> [AnsweredQuestion] {
      forms.map { verb, person in
        AnsweredQuestion(
          verb: verb, tense: "presente", person: person, expected: "", given: "", result: .correct, date: date,
          rating: .good)
      }
    }
    func said(_ settings: [String: String], _ history: [AnsweredQuestion]) throws -> String {
      let scores = Scoreboard.inMemory()
      _ = try scores.answers.importAnswers(history)
      let world = testWorld {
        $0.settings = Settings(store: InMemorySettingsStore(settings))
        $0.scoreboard = scores
        $0.clock = WallClock.manual(now).0
      }
      return World.withCurrent(world) {
        var app = App(size: size)
        app.press(.character("2"), .character("r"))
        return app.messages.first ?? ""
      }
    }
    // 60 forms answered a year ago, all due; 50 of them again a minute ago: the day's 50 reviews.
    let spent = answers(forms, at: now.addingTimeInterval(-365 * 86_400)) + answers(forms.prefix(50), at: now - 60)
    #expect(try said(["max-reviews-per-day": "50", "new-per-day": "0"], spent) == "Today's 50 reviews are done (Reviews a day); 10 due.")
    #expect(try said(["new-per-day": "0"], []) == "Nothing to review now, and New forms a day is 0.")
    // Five forms new a minute ago, none due: the day's five new forms.
    #expect(try said(["new-per-day": "5"], answers(forms.prefix(5), at: now - 60)) == "Nothing due; today's 5 new forms are in (New forms a day).")
  }
}
