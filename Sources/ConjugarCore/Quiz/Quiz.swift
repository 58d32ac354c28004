import AnalyticsClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient

/// A quiz in progress: its questions, the answers given, the score and the time. It reads every
/// dependeffect through `Current`: the settings and randomness when it starts, the clock for the
/// timer, the sound on a right answer, and at the end the score board, analytics and review prompter.
public final class Quiz {
  /// Points for an answer: full for an exact one, half for one wrong only in its accents.
  public static let pointsCorrect = 10
  public static let pointsAccentsOnly = 5

  public struct Answer: Sendable, Equatable {
    public var question: Question
    public var given: String
    public var result: AnswerResult
  }

  /// The end of a quiz, as the results screen shows it.
  public struct Outcome: Sendable, Equatable {
    public var score: Int
    public var seconds: Int
    /// The place among the best scores, if the score board could say.
    public var rank: Int?
    /// A one-line invitation to give feedback, when the review prompter decides it is time.
    public var reviewPrompt: String?
    /// Why the score could not be kept, if it could not.
    public var error: String?
  }

  public let questions: [Question]
  public let difficulty: Difficulty
  public let region: Region
  public let startedAt: Date
  public private(set) var answers: [Answer] = []
  public private(set) var outcome: Outcome?

  /// A new quiz with the current settings.
  public init() {
    difficulty = Current.settings.difficulty
    region = Current.settings.region
    let composer = QuizComposer(
      conjugator: Current.conjugator, difficulty: difficulty, region: region,
      secondPerson: Current.settings.quizSecondPerson)
    questions = composer.questions(using: Current.random)
    startedAt = Current.clock.now()
  }

  public var current: Question? { answers.count < questions.count ? questions[answers.count] : nil }
  public var isFinished: Bool { current == nil }
  /// 1-based number of the question being asked, for "3 of 20".
  public var progress: (number: Int, total: Int) { (min(answers.count + 1, questions.count), questions.count) }

  /// Points so far, before the level's multiplier.
  public var points: Int {
    answers.reduce(0) { total, answer in
      total + (answer.result == .correct ? Self.pointsCorrect : answer.result == .accentsOnly ? Self.pointsAccentsOnly : 0)
    }
  }

  /// The score so far: points scaled by difficulty (×1, ×2, ×3) and region (Spain ×1.2, for vosotros).
  public var score: Int { Self.scaled(points, difficulty: difficulty, region: region) }

  public static func scaled(_ points: Int, difficulty: Difficulty, region: Region) -> Int {
    let level = switch difficulty {
    case .easy: 1.0
    case .moderate: 2.0
    case .difficult: 3.0
    }
    return Int((Double(points) * level * (region == .spain ? 1.2 : 1.0)).rounded())
  }

  /// Whole seconds since the start, from the World's clock.
  public var elapsedSeconds: Int { max(0, Int(Current.clock.now().timeIntervalSince(startedAt))) }

  /// Marks the answer to the current question and moves on; chimes when it is right.
  @discardableResult
  public func answer(_ text: String) -> AnswerResult {
    guard let question = current else { return .wrong }
    let result = AnswerChecker.check(text, accepted: question.accepted)
    answers.append(Answer(question: question, given: text, result: result))
    if result == .correct { Current.sound.chime() }
    return result
  }

  /// Ends the quiz after its last answer: reports the score, keeps every answer in the history,
  /// records analytics and tells the review prompter. Does it once; later calls return the same outcome.
  @discardableResult
  public func finish() -> Outcome {
    if let outcome { return outcome }
    let seconds = elapsedSeconds
    let now = Current.clock.now()
    let record = ScoreRecord(score: score, date: now, difficulty: difficulty, region: region, seconds: seconds)
    let history = answers.map { answer in
      AnsweredQuestion(
        verb: answer.question.verb, tense: answer.question.form.tenseName, person: answer.question.form.personName,
        expected: answer.question.accepted[0], given: answer.given, result: answer.result, date: now)
    }
    var outcome = Outcome(score: score, seconds: seconds)
    do {
      try Current.scoreboard.reportScore(record, history)
      outcome.rank = try Current.scoreboard.rank(of: score)
    } catch {
      outcome.error = "The score could not be saved: \(error)"
    }
    Current.analytics.record(
      .quizCompleted(
        score: score, difficulty: difficulty, region: region, questions: questions.count, seconds: seconds))
    outcome.reviewPrompt = Current.reviewPrompter.promptableActionHappened()
    self.outcome = outcome
    return outcome
  }
}
