import Synchronization

import Unimplemented

extension Scoreboard {
  /// Scores kept in memory while the program runs.
  public static func inMemory() -> Scoreboard { ScoreRecorder().scoreboard }
}

/// Keeps what it is given in memory, for as long as the program runs: the score board of the
/// simulator and UI-test worlds (the results screen can still show a rank), and the recorder tests
/// assert on.
public final class ScoreRecorder: Sendable {
  private let state = Mutex<(scores: [ScoreRecord], answers: [AnsweredQuestion])>(([], []))

  public init() {}

  public var scores: [ScoreRecord] { state.withLock { $0.scores } }
  public var answers: [AnsweredQuestion] { state.withLock { $0.answers } }

  public var scoreboard: Scoreboard {
    Scoreboard(
      reportScore: { score, answers in
        self.state.withLock {
          $0.scores.append(score)
          $0.answers.append(contentsOf: answers)
        }
      },
      bestScores: { limit in
        // Highest first; among equal scores, the earlier first (a stable sort).
        Array(self.state.withLock { $0.scores }.enumerated()
          .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
          .map(\.element).prefix(limit))
      },
      history: { limit in Array(self.state.withLock { $0.answers }.reversed().prefix(limit)) },
      location: "in memory"
    )
  }
}
