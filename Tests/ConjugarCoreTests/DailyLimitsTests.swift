import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// The day's limits (Anki's): new forms and reviews a day, counted from local midnight on the
/// history, and what a review asks and the title's due count shows within them.
@Suite struct DailyLimitsTests {
  static let now = ReviewTests.now  // 2027-01-15 08:00 UTC
  static let utc = ReviewTests.utc

  /// 100 forms practised long ago: the 20 most frequent verbs' presente, five persons each.
  static let oldForms: [Item] = QuizComposer.frequentEntries(of: sharedConjugator.catalog).prefix(20).flatMap { entry in
    ["yo", "tu", "el", "nosotros", "ellos"].map { Item(verb: entry.infinitive, tense: "imperfecto", person: $0) }
  }

  static func answer(_ item: Item, hoursAgo: Double) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: item.verb, tense: item.tense, person: item.person, expected: "", given: "", result: .correct,
      date: now.addingTimeInterval(-hoursAgo * 3600), rating: .good)
  }

  /// A history: the 100 old forms answered 200 days ago (all due now); 10 of them again at 20:00
  /// yesterday (not today); 45 others again today; two forms new today, answered twice each.
  static func board() throws -> Scoreboard {
    let board = Scoreboard.inMemory()
    var answers = oldForms.map { answer($0, hoursAgo: 200 * 24) }
    answers += oldForms[0..<10].map { answer($0, hoursAgo: 12) }
    answers += oldForms[10..<55].map { answer($0, hoursAgo: 2) }
    let new = [Item(verb: "ser", tense: "futuro", person: "yo"), Item(verb: "ser", tense: "futuro", person: "tu")]
    answers += new.map { answer($0, hoursAgo: 3) } + new.map { answer($0, hoursAgo: 1) }
    _ = try board.answers.importAnswers(answers.sorted { $0.date < $1.date })
    return board
  }

  static func settings(maxReviews: MaxReviewsPerDay, newPerDay: NewItemsPerDay = .five) -> SettingValues {
    var settings = SettingValues()
    settings.maxReviewsPerDay = maxReviews
    settings.newItemsPerDay = newPerDay
    settings.reviewSize = .hundred
    return settings
  }

  @Test func todaysReviewsAreItsAnswersButTheFirstOfEachNewForm() throws {
    let board = try Self.board()
    #expect(try board.items.dueCount(Self.now) == 45)
    // Today: 45 reviews of old forms, and the second answers of the two new forms; yesterday's 10
    // and the new forms' first answers do not count. 50 - 47 = 3 left; 5 - 2 new = 3 new.
    let limits = DailyLimits(scoreboard: board, settings: Self.settings(maxReviews: .fifty), at: Self.now, timeZone: Self.utc)
    #expect(limits == DailyLimits(newLeft: 3, reviewsLeft: 3))
    #expect(limits.reviews(of: 45) == 3)
    #expect(limits.reviews(of: 2) == 2)
    // A day later everything is left again.
    let tomorrow = DailyLimits(
      scoreboard: board, settings: Self.settings(maxReviews: .fifty), at: Self.now.addingTimeInterval(86_400),
      timeZone: Self.utc)
    #expect(tomorrow == DailyLimits(newLeft: 5, reviewsLeft: 50))
    // No limit: every due form.
    let unlimited = DailyLimits(scoreboard: board, settings: Self.settings(maxReviews: .unlimited), at: Self.now, timeZone: Self.utc)
    #expect(unlimited.reviewsLeft == nil && unlimited.reviews(of: 45) == 45)
    // In New York it is 03:00, and the day began at 05:00 UTC: the answers 3 and 2 hours ago are
    // today's there, yesterday's 20:00 UTC one is not: the same count.
    let newYork = try #require(Zone(identifier: "America/New_York"))
    let there = DailyLimits(scoreboard: board, settings: Self.settings(maxReviews: .fifty), at: Self.now, timeZone: newYork)
    #expect(there == limits)
  }

  @Test func aReviewAsksNoMoreThanTheDayLeaves() throws {
    let board = try Self.board()
    let composer = ReviewComposer(
      conjugator: sharedConjugator, scoreboard: board, settings: Self.settings(maxReviews: .fifty), timeZone: Self.utc)
    let questions = composer.questions(at: Self.now)
    // 3 due forms (the day's reviews left), then 3 new ones.
    #expect(questions.count == 6)
    #expect(questions.prefix(3).allSatisfy { $0.form.tenseName == "imperfecto" })
    #expect(questions.dropFirst(3).allSatisfy { $0.form.tenseName == "presente" })
    // No limit: the session size's worth of the 45 due, then the new ones.
    let unlimited = ReviewComposer(
      conjugator: sharedConjugator, scoreboard: board, settings: Self.settings(maxReviews: .unlimited), timeZone: Self.utc)
    #expect(unlimited.questions(at: Self.now).count == 45 + 3)
    // Today's reviews spent (100 reviews a day, 47 done, 53 left, all 45 asked), and no new forms.
    let spent = ReviewComposer(
      conjugator: sharedConjugator, scoreboard: board, settings: Self.settings(maxReviews: .hundred, newPerDay: .none),
      timeZone: Self.utc)
    #expect(spent.questions(at: Self.now).count == 45)
  }

  @Test func aReviewOfAllTheDayLeavesLeavesNoneForTheRestOfTheDay() throws {
    let board = try Self.board()
    let settings = Self.settings(maxReviews: .fifty, newPerDay: .none)
    let composer = ReviewComposer(conjugator: sharedConjugator, scoreboard: board, settings: settings, timeZone: Self.utc)
    let questions = composer.questions(at: Self.now)
    #expect(questions.count == 3)
    for (n, question) in questions.enumerated() {
      guard case .finite(let tense, let person) = question.form else { continue }
      _ = try board.answers.recordAnswer(
        AnsweredQuestion(
          verb: question.verb, tense: tense.rawValue, person: person.rawValue, expected: "", given: "",
          result: .correct, date: Self.now.addingTimeInterval(Double(n + 1)), rating: .good),
        .review)
    }
    let later = Self.now.addingTimeInterval(60)
    #expect(composer.questions(at: later).isEmpty)
    #expect(DailyLimits(scoreboard: board, settings: settings, at: later, timeZone: Self.utc).reviews(of: 42) == 0)
  }
}
