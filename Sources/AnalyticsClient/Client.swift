import SettingsClient

/// What the app counts about its own use. Nothing leaves the machine.
public enum AnalyticsEvent: Sendable, Equatable {
  case screenViewed(String)
  case quizCompleted(score: Int, difficulty: Difficulty, region: Region, questions: Int, seconds: Int)

  public var name: String {
    switch self {
    case .screenViewed: "screen-viewed"
    case .quizCompleted: "quiz-completed"
    }
  }
}

public struct Analytics: Sendable {
  /// Records an event, if the learner allows it (the live value checks the setting).
  public var record: @Sendable (AnalyticsEvent) -> Void

  public init(record: @escaping @Sendable (AnalyticsEvent) -> Void) { self.record = record }
}
