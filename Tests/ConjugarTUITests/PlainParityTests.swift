import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import TerminalClient
import Testing

@testable import ConjugarTUI

/// A plain session and a full-screen one given the same answers leave the same history, schedule,
/// statistics and scores (issue 34, §1): the same session engine, kept the same way. Each runs in
/// a World of its own, made alike (the same in-memory board, history, clock and seed).
@Suite struct PlainParityTests {
  static let history: [AnsweredQuestion] = {
    let long = Date(timeIntervalSince1970: 1_800_000_000 - 30 * 86_400)
    return [("tener", "preterito", "yo", "tuve"), ("ir", "presente", "nosotros", "vamos"), ("hacer", "futuro", "tu", "harás"),
      ("ser", "imperfecto", "el", "era")].map { verb, tense, person, form in
        AnsweredQuestion(
          verb: verb, tense: tense, person: person, expected: form, given: form, result: .correct, date: long, rating: .good)
      }
  }()

  static func world() -> World {
    testWorld {
      $0.settings = Settings(store: InMemorySettingsStore(["quiz-length": "10", "new-per-day": "0"]))
      _ = try! $0.scoreboard.answers.importAnswers(history)
    }
  }

  /// The answer to the `index`th question: right, right but for the accents, wrong, "I don't
  /// know" (nil).
  static func answer(_ question: Question, _ index: Int) -> String? {
    switch index % 4 {
    case 1: withoutAccents(question.accepted[0])
    case 2: "nada"
    case 3: nil
    default: question.accepted[0]
    }
  }

  /// What a World keeps: every answer, every form's review state, the statistics, the scores.
  static func kept(in world: World) throws -> ([AnsweredQuestion], [ItemState], Statistics, [Int]) {
    let board = world.scoreboard
    let statistics = try board.standing.statistics(StatisticsQuery(now: world.clock.now(), timeZone: Zone(identifier: "UTC")!))
    return (try board.answers.history(1000), try board.items.items(nil), statistics, try board.answers.bestScores(10).map(\.score))
  }

  @Test func aReviewThenAQuizLeaveTheSame() throws {
    // Plain: 1 review, 2 quiz, answered alike.
    let plain = Self.world()
    var menu = PlainMenu(in: plain, drills: .commandLine)
    for choice in ["1", "2"] {
      _ = menu.take(choice)
      var index = 0
      while let question = menu.current {
        _ = menu.take(Self.answer(question, index) ?? ":idk")
        index += 1
      }
      _ = menu.take("")  // the last verdict said, Enter for the results
    }
    // Full screen: r (review), then Enter (quiz), each answer typed and Enter, the verdict left with Enter.
    let screen = Self.world()
    try World.withCurrent(screen) {
      var app = App(size: Size(columns: 80, rows: 24))
      for start in [Key.character("r"), .enter] {
        app.press(.character("2"), start)
        var index = 0
        while case .asking(let asking) = app.quiz.phase, let question = asking.session.current, asking.verdict == nil {
          if let answer = Self.answer(question, index) {
            app.type(answer)
            app.press(.enter)
          } else {
            app.press(.control("d"))
          }
          app.press(.enter)
          index += 1
        }
        guard case .finished = app.quiz.phase else {
          Issue.record("the full-screen session did not finish")
          return
        }
        // Esc leaves the results (a message on the bottom line, if any, takes the first).
        for _ in 0..<3 {
          guard case .finished = app.quiz.phase else { break }
          app.press(.escape)
        }
      }
      let (answers, items, statistics, scores) = try Self.kept(in: plain)
      let other = try Self.kept(in: screen)
      #expect(answers.count >= Self.history.count + 4 + 10, "the review's 4 (and those it asked again) and the quiz's 10 answers kept")
      #expect(answers == other.0)
      #expect(items == other.1)
      #expect(statistics == other.2)
      #expect(scores.count == 1 && scores == other.3)
      #expect(Set(answers.map(\.result)) == [.correct, .accentsOnly, .wrong], "every kind of answer given")
    }
  }
}
