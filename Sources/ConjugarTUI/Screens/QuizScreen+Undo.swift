import ConjugarCore
import Foundation
import ScoreboardClient

/// The quiz screen's second thoughts on the answer just given: `u` takes it back, `!` ("I was
/// right") counts it right.
extension QuizScreen {
  /// `u`: takes the last answer back (out of the history, the score of a finished quiz and a
  /// leech's suspension with it) and asks its question again.
  mutating func undo(_ session: Session) -> Action? {
    var session = session
    do {
      try session.undoLastAnswer(in: Current)
    } catch {
      return .message("The answer could not be taken back: \(error)")
    }
    session.resume()
    phase = .asking(session)
    self.outcome = nil
    verdict = nil
    showsVerdict = false
    answer = TextField()
    naming = Naming()
    takenBack = true
    return .answerKept(chime: false, error: nil)
  }

  /// `!`, "I was right": the verdict's answer counted right, rated good, in the session, the history
  /// and, on a quiz's last answer, its score (reported again).
  mutating func overrule(_ session: Session) -> Action? {
    var session = session
    let kept: Session.Kept?
    do {
      kept = try session.overrideLastAnswer(in: Current, from: kind == .quiz ? .quiz : .review)
    } catch {
      return .message("The answer could not be counted right: \(error)")
    }
    guard let answer = session.answers.last else { return nil }
    verdict = Verdict(question: answer.question, given: answer.given, result: .correct, feedback: Self.overruled)
    if kind != .quiz, let kept {
      verdict?.schedule = (kept.rating, comesBack(kept.comesBack, from: Current.clock.now()))
    }
    var actions: [Action] = [.answerKept(chime: false, error: nil)]
    if session.isFinished, kind == .quiz {
      let outcome = session.report(to: Current)
      self.outcome = outcome
      actions.append(.quizFinished(outcome, chime: false))
    }
    phase = .asking(session)
    return .all(actions)
  }

  /// What the verdict says of an answer counted right by `!`.
  static let overruled = "Counted right, as you said (I was right): rated good, and marked so in the history."
}
