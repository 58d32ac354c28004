import ScoreboardClient
import SettingsClient

/// How a quiz counts: the points of an answer, scaled by the level and the region. Each rule once;
/// the texts that explain it are rendered from here.
public struct Scoring: Sendable, Equatable {
  /// Points for an answer: full for an exact one, half for one wrong only in its accents.
  public static func points(for result: AnswerResult) -> Int {
    switch result {
    case .correct: 10
    case .accentsOnly: 5
    case .wrong: 0
    }
  }

  public var difficulty: Difficulty
  public var region: Region

  public init(difficulty: Difficulty, region: Region) {
    self.difficulty = difficulty
    self.region = region
  }

  /// The score of `points`: ×1, ×2, ×3 by level, ×1.2 in Spain (for vosotros).
  public func score(_ points: Int) -> Int {
    Int((Double(points) * Double(difficulty.scoreMultiplier) * region.scoreMultiplier).rounded())
  }

  /// "10 points for a right answer, 5 when only the accents are wrong."
  public static var pointsExplanation: String {
    "\(points(for: .correct)) points for a right answer, \(points(for: .accentsOnly)) when only the accents are wrong."
  }

  /// "Scores count ×2 for Moderate, ×1.2 for Spain."
  public var multiplierExplanation: String {
    "Scores count ×\(difficulty.scoreMultiplier) for \(difficulty.name)"
      + (region.scoreMultiplier == 1 ? "." : ", ×\(region.scoreMultiplier) for \(region.name).")
  }
}
