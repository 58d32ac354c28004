import ClockClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Issue 21 §5: the quiz's tenses picked on the Settings screen, its length on the Quiz screen, and
/// the title's due count within the day's reviews.
@Suite struct QuizSettingsScreenTests {
  let size = Size(columns: 80, rows: 24)

  /// From the first setting down to the quiz's tenses.
  static let toTenses: [Key] = [.character("4")]
    + Array(repeating: .down, count: SettingsScreen.rows.firstIndex { $0.key == "quiz-tenses" }!)

  @Test func theQuizsTensesArePickedFromAList() {
    let store = InMemorySettingsStore()
    World.withCurrent(testWorld { $0.settings = Settings(store: store) }) {
      var app = App(size: size)
      for key in Self.toTenses { app.press(key) }
      #expect(app.text.contains("Quiz tenses          ‹ the difficulty's ›"), "\(app.text)")
      // → says how to pick; Enter opens the list, with the easy level's tenses picked.
      app.press(.right)
      #expect(app.messages == ["Quiz tenses: Enter to pick them."])
      app.press(.enter)
      #expect(app.text.contains(" [x] presente\n [x] pretérito\n [ ] imperfecto\n [x] futuro\n"), "\(app.text)")
      #expect(app.text.contains("Space pick  Enter keep  Esc cancel  d default"))
      // Space drops presente; down, down: imperfecto picked; Esc leaves the setting as it was.
      app.press(.character(" "), .down, .down, .character(" "))
      #expect(app.text.contains(" [ ] presente\n [x] pretérito\n [x] imperfecto\n [x] futuro\n"), "\(app.text)")
      app.press(.escape)
      #expect(store.saved["quiz-tenses"] == nil)
      #expect(app.text.contains("‹ the difficulty's ›"))
      // Again, and kept with Enter.
      app.press(.enter, .character(" "), .down, .down, .character(" "), .down, .character(" "), .enter)
      #expect(store.saved["quiz-tenses"] == "preterito,imperfecto")
      #expect(Current.settings.quizTenses == .chosen([.preterito, .imperfecto]))
      #expect(app.text.contains("Quiz tenses          ‹ pretérito, imperfecto ›"), "\(app.text)")
      // None picked is refused, the list staying open; d goes back to the difficulty's.
      app.press(.enter, .down, .character(" "), .down, .character(" "), .enter)
      #expect(app.messages.last == "Pick at least one (Space), or press d for the difficulty's.")
      #expect(app.text.contains(" [ ] pretérito\n [ ] imperfecto\n"), "\(app.text)")
      #expect(store.saved["quiz-tenses"] == "preterito,imperfecto")
      app.press(.character("d"))
      #expect(store.saved["quiz-tenses"] == "difficulty")
      #expect(app.text.contains("‹ the difficulty's ›"))
    }
  }

  /// The Break row (issue 41) steps from none through three days, a week and two weeks from
  /// tomorrow, as today is on the World's clock; a break set elsewhere shows, and is where they start.
  @Test func aBreakIsTakenFromTomorrow() throws {
    let store = InMemorySettingsStore(["break": "2027-03-01..2027-03-02"])
    let (clock, _) = WallClock.manual()
    let today = Day(clock.now(), in: Zone(identifier: "UTC")!)
    World.withCurrent(testWorld { $0.settings = Settings(store: store); $0.clock = clock }) {
      var app = App(size: size)
      app.press(.character("4"))
      for _ in 0..<SettingsScreen.rows.firstIndex(where: { $0.key == "break" })! { app.press(.down) }
      #expect(app.text.contains("Break                ‹ 1 Mar to 2 Mar 2027, 2 days ›"), "\(app.text)")
      app.press(.right)
      #expect(Current.settings.breakDays == .none)
      app.press(.right)
      #expect(Current.settings.breakDays == Break(days: (today + 1)...(today + 3)))
      #expect(app.text.contains("‹ \(Break(days: (today + 1)...(today + 3)).name) ›"), "\(app.text)")
      // ← from none goes round to the last: two weeks.
      app.press(.left, .left)
      #expect(Current.settings.breakDays == Break(days: (today + 1)...(today + 14)))
    }
  }

  @Test func theQuizScreenSaysItsLengthAndTenses() {
    World.withCurrent(testWorld(settings: ["quiz-length": "10", "quiz-tenses": "preterito,imperfecto"])) {
      var app = App(size: size)
      app.press(.character("2"))
      #expect(app.text.contains(" 10 questions. Press Enter to start."), "\(app.text)")
      #expect(app.text.contains("Your tenses: pretérito perfecto simple, pretérito imperfecto."), "\(app.text)")
      app.press(.enter)
      #expect(app.text.contains("Question 1 of 10"), "\(app.text)")
    }
  }

  @Test func theTitlesDueCountIsWhatTodaysReviewsLeave() throws {
    let board = Scoreboard.inMemory()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    // 60 forms answered a year ago, all due.
    let verbs = QuizComposer.frequentEntries(of: conjugator.catalog).prefix(12).map(\.infinitive)
    let answers = verbs.flatMap { verb in
      ["yo", "tu", "el", "nosotros", "ellos"].map { person in
        AnsweredQuestion(
          verb: verb, tense: "presente", person: person, expected: "", given: "", result: .correct,
          date: now.addingTimeInterval(-365 * 86_400), rating: .good)
      }
    }
    _ = try board.answers.importAnswers(answers)
    func title(_ settings: [String: String]) -> String {
      World.withCurrent(testWorld {
        $0.settings = Settings(store: InMemorySettingsStore(settings))
        $0.scoreboard = board
        $0.clock = WallClock.manual(now).0
      }) {
        App(size: size).text.split(separator: "\n")[0].description
      }
    }
    #expect(title([:]).contains(" 60 due "))
    #expect(title(["max-reviews-per-day": "50"]).contains(" 50 due "))
    #expect(title(["max-reviews-per-day": "no-limit"]).contains(" 60 due "))
  }
}
