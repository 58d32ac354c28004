import Foundation
import SettingsClient

/// How an answer compares with the accepted forms.
public enum AnswerResult: String, Sendable, Codable, CaseIterable {
  /// One of the accepted forms, letter for letter (case and surrounding spaces aside).
  case correct
  /// Right but for written accents: partial points.
  case accentsOnly = "accents-only"
  case wrong
}

/// One answered question of a quiz, as the history keeps it.
public struct AnsweredQuestion: Sendable, Equatable, Codable {
  public var verb: String
  public var tense: String
  public var person: String
  public var expected: String
  public var given: String
  public var result: AnswerResult
  public var date: Date

  public init(
    verb: String, tense: String, person: String, expected: String, given: String, result: AnswerResult, date: Date
  ) {
    self.verb = verb
    self.tense = tense
    self.person = person
    self.expected = expected
    self.given = given
    self.result = result
    self.date = date
  }
}

/// A finished quiz, as the score board keeps it.
public struct ScoreRecord: Sendable, Equatable, Codable {
  public var score: Int
  public var date: Date
  public var difficulty: Difficulty
  public var region: Region
  /// Time taken, in seconds.
  public var seconds: Int

  public init(score: Int, date: Date, difficulty: Difficulty, region: Region, seconds: Int) {
    self.score = score
    self.date = date
    self.difficulty = difficulty
    self.region = region
    self.seconds = seconds
  }
}

/// The Game Center of this app: finished quizzes and every answer given.
public struct Scoreboard: Sendable {
  /// Keeps a finished quiz and its answers, together (all or nothing).
  public var reportScore: @Sendable (ScoreRecord, [AnsweredQuestion]) throws -> Void
  /// The best scores, highest first (ties: the earlier first).
  public var bestScores: @Sendable (_ limit: Int) throws -> [ScoreRecord]
  /// The answers given, newest first.
  public var history: @Sendable (_ limit: Int) throws -> [AnsweredQuestion]
  /// Where the scores live, for the screen to say ("in memory" when nothing is written).
  public var location: String
  /// A message for the learner when the scores cannot be kept where they should (an unwritable
  /// data directory: the app then keeps them in memory and says so).
  public var notice: String?

  public init(
    reportScore: @escaping @Sendable (ScoreRecord, [AnsweredQuestion]) throws -> Void,
    bestScores: @escaping @Sendable (Int) throws -> [ScoreRecord],
    history: @escaping @Sendable (Int) throws -> [AnsweredQuestion],
    location: String,
    notice: String? = nil
  ) {
    self.reportScore = reportScore
    self.bestScores = bestScores
    self.history = history
    self.location = location
    self.notice = notice
  }

  /// The 1-based place `score` takes among the best scores.
  public func rank(of score: Int) throws -> Int {
    try bestScores(Int.max).filter { $0.score > score }.count + 1
  }
}
