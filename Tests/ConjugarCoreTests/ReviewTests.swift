import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// The review's questions: the due forms, the most forgotten first, up to the session size; then
/// the day's new forms from the most frequent verbs and the level's tenses.
@Suite struct ReviewTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let utc = Zone.utc

  static func answer(_ verb: String, _ tense: String, _ person: String, _ rating: Rating, daysAgo: Double)
    -> AnsweredQuestion
  {
    AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: "", given: "", result: rating == .again ? .wrong : .correct,
      date: now.addingTimeInterval(-daysAgo * 86_400), rating: rating)
  }

  @Test func dueFormsComeMostForgottenFirstThenTheDaysNewOnes() throws {
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers([
      Self.answer("hablar", "presente", "yo", .easy, daysAgo: 200),  // S 8.3: forgotten a little
      Self.answer("tener", "preterito", "yo", .again, daysAgo: 100),  // S 0.2: forgotten most
      Self.answer("ser", "futuro", "tu", .good, daysAgo: 0.001),  // learning, due in 10 minutes
      Self.answer("comer", "presente", "el", .hard, daysAgo: 150),
    ])
    var settings = SettingValues()
    settings.newItemsPerDay = .five
    let composer = ReviewComposer(conjugator: Conjugator(), scoreboard: board, settings: settings, timeZone: Self.utc)
    let questions = composer.questions(at: Self.now)
    #expect(questions.prefix(3).map(\.verb) == ["tener", "comer", "hablar"])
    #expect(questions[0].form == .finite(.preterito, .yo) && questions[0].accepted == ["tuve"])
    // Then 5 new forms, less the one first practised today (ser): the most frequent verb's first
    // cells in the easy level's tenses and the persons of Latin America with tú.
    let new = questions.dropFirst(3)
    #expect(new.count == 4)
    #expect(Set(new.map(\.verb)).count == 1)
    #expect(new.map(\.form) == [.finite(.presente, .yo), .finite(.presente, .tu), .finite(.presente, .el), .finite(.presente, .nosotros)])

    // The session size caps the due forms.
    settings.reviewSize = .twenty
    settings.newItemsPerDay = .none
    let none = ReviewComposer(conjugator: Conjugator(), scoreboard: board, settings: settings, timeZone: Self.utc)
    #expect(none.questions(at: Self.now).count == 3)
    #expect(none.question(for: Item(verb: "ir", tense: "gerundio", person: ""))?.accepted == ["yendo"])
    #expect(none.question(for: Item(verb: "ir", tense: "nonsense", person: "yo")) == nil)
  }

  @Test func whenAFormComesBackReadsAsTheLearnerWould() {
    let now = Self.now
    #expect(comesBack(now.addingTimeInterval(60), from: now) == "in 1 minute")
    #expect(comesBack(now.addingTimeInterval(600), from: now) == "in 10 minutes")
    #expect(comesBack(now.addingTimeInterval(5 * 3600), from: now) == "in 5 hours")
    #expect(comesBack(now.addingTimeInterval(4 * 86_400), from: now) == "in 4 days")
  }
}
