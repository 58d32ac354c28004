import Unimplemented

extension Scoreboard {
  /// Reports nothing and knows no scores.
  public static let noop = Scoreboard(
    reportScore: { _, _ in }, bestScores: { _ in [] }, history: { _ in [] }, location: "not kept")

  /// Fails the test that uses it without saying so.
  public static let failing = Scoreboard(
    reportScore: { _, _ in unimplemented("Scoreboard.reportScore") },
    bestScores: { _ in unimplemented("Scoreboard.bestScores") },
    history: { _ in unimplemented("Scoreboard.history") }, location: "failing")
}
