import ConjugarEngine
import RandomClient
import SettingsClient

/// Where a session's questions come from. Today's random quiz by difficulty is one; a review of
/// due forms or a drill is another: a new way of practising is a new source, nothing else.
public struct QuestionSource: Sendable {
  public var questions: @Sendable () -> [Question]

  public init(questions: @escaping @Sendable () -> [Question]) { self.questions = questions }

  /// Exactly these questions, in this order (tests; "practise the ones I missed").
  public static func given(_ questions: [Question]) -> QuestionSource { QuestionSource { questions } }

  /// A quiz as a teacher composes it for the level, region and second person chosen.
  public static func quiz(_ composer: QuizComposer, random: RandomSource) -> QuestionSource {
    QuestionSource { composer.questions(using: random) }
  }
}
