import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

/// The rule layer kept beside the fitted weights (migration 11): read back as it was written,
/// never carried by the weights' line, and a column that is no layer ignored.
@Suite struct FittedRulesTests {
  static let layer = RuleLayer(
    intercept: 0.4, weights: (0..<RuleEvidence.featureCount).map { Double($0) / 10 - 0.5 },
    easiness: ["ending.preterito.yo.ar": 0.75, "stem.e-ie": -1.25], lambda: 4, usesRules: true, blend: 0.1,
    blendShift: -0.05, firstAnswers: 120, reviews: 300)
  static let fitted = FittedMemory(
    weights: Parameters.defaultWeights.map { $0 * 1.01 }, date: Date(timeIntervalSince1970: 1_800_000_000), reviews: 500,
    logLoss: 0.3, rmseBins: 0.05, rules: layer)

  @Test func theRulesAreKeptBesideTheWeightsAndNotInTheirLine() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      do {
        let board = Scoreboard.live(directory: directory)
        _ = try board.memory.applyFittedMemory(Self.fitted)
        #expect(try board.memory.fittedMemory() == Self.fitted)
      }
      #expect(HistoryDatabaseTests.single("SELECT max(identifier) FROM grdb_migrations WHERE identifier LIKE '11 %'", in: path)
        == "11 fitted rules")
      // Opened again: read from the file.
      let again = Scoreboard.live(directory: directory)
      #expect(try again.memory.fittedMemory() == Self.fitted)
      #expect(try again.memory.fittedMemory()?.rules == Self.layer)
      // The line a sync and `optimize --export` write has no rules: read back, the weights alone.
      #expect(FittedMemory(line: Self.fitted.line) == Self.fitted.withoutRules)
      // Weights from another machine come without rules: none are kept.
      _ = try again.memory.applyFittedMemory(Self.fitted.withoutRules)
      #expect(try again.memory.fittedMemory()?.rules == nil)
      #expect(HistoryDatabaseTests.single("SELECT count(*) FROM fitted_memory WHERE rules IS NULL", in: path) == "1")
    }
  }

  @Test func aColumnThatIsNoLayerIsIgnoredAndTheWeightsStayInUse() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      do { _ = try Scoreboard.live(directory: directory).memory.applyFittedMemory(Self.fitted) }
      for text in ["not json", "{\"intercept\": 1}", "{\"intercept\":1e999}"] {
        try SQLiteScoreboardTests.execute("UPDATE fitted_memory SET rules = '\(text)'", on: path)
        let board = Scoreboard.live(directory: directory)
        #expect(try board.memory.fittedMemory() == Self.fitted.withoutRules, "\(text)")
      }
      // A layer with too few weights is none either.
      var short = Self.layer
      short.weights.removeLast()
      let json = String(decoding: try JSONEncoder().encode(short), as: UTF8.self)
      try SQLiteScoreboardTests.execute("UPDATE fitted_memory SET rules = '\(json)'", on: path)
      #expect(try Scoreboard.live(directory: directory).memory.fittedMemory() == Self.fitted.withoutRules)
    }
  }
}
