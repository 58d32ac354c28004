import AnalyticsClient
import ClockClient
import ConjugarEngine
import Foundation
import RandomClient
import ReviewPrompterClient
import ScoreboardClient
import SettingsClient

/// The scored quiz, as Conjugar's `Quiz(settings:gameCenter:)`: a session built from the
/// settings and the clients it uses, and its end reported to the score board, analytics and
/// review prompter it is given.
extension Session {
  /// A new quiz as `settings` say, its questions drawn with `random`, timed by `clock`.
  public static func quiz(
    settings: SettingValues, conjugator: Conjugator, random: RandomSource, clock: WallClock
  ) -> Session {
    let composer = QuizComposer(conjugator: conjugator, settings: settings)
    return Session(.quiz(composer, random: random), settings: settings, conjugator: conjugator, clock: clock)
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
    /// The score's id on the score board, to take it back (undo of the last answer).
    public var scoreID: Int64?

    /// The end of a session with no score (a review, practice).
    public init(seconds: Int) { self.init(score: 0, seconds: seconds) }

    init(score: Int, seconds: Int) {
      self.score = score
      self.seconds = seconds
    }
  }

  /// Ends the quiz after its last answer: reports the score, dated by the session's clock, to
  /// `scoreboard` with the answers kept as they were given (``keepLastAnswer(in:from:)``), records
  /// it in `analytics` and tells `reviewPrompter` (Conjugar's game center, analytics and review
  /// prompter: the World's). Call it once per session; an undo of the last answer
  /// takes the score back (``undoLastAnswer(in:)``).
  public mutating func report(to scoreboard: Scoreboard, analytics: Analytics, reviewPrompter: ReviewPrompter) -> Outcome {
    let seconds = elapsedSeconds
    let record = ScoreRecord(
      score: score, date: clock.now(), difficulty: scoring.difficulty, region: scoring.region, seconds: seconds)
    var outcome = Outcome(score: score, seconds: seconds)
    do {
      outcome.scoreID = try scoreboard.answers.reportScore(record, keptIDs)
      reportedScore = outcome.scoreID
      outcome.rank = try scoreboard.answers.rank(of: score)
    } catch {
      outcome.error = "The score could not be saved: \(error)"
    }
    analytics.record(
      .quizCompleted(
        score: score, difficulty: scoring.difficulty, region: scoring.region, questions: questions.count,
        seconds: seconds))
    outcome.reviewPrompt = reviewPrompter.promptableActionHappened()
    return outcome
  }
}
