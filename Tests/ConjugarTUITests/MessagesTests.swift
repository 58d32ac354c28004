import ConjugarCore
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
}
