import Foundation
import SpacedRepetition
import Testing

/// The optimizer against fsrs-rs (Anki's) on the simulated learners of
/// Scripts/generate-fsrs-fit-fixtures: our evaluation of a set of weights equals fsrs-rs's
/// `evaluate`, and the weights we fit score a log loss within 1 % of those fsrs-rs's
/// `compute_parameters` fits, an RMSE (bins) within 5 %.
@Suite struct FitTests {
  struct Fixture: Decodable {
    var learner: String
    var `true`: [Double]
    var reference: [Double]
    var items: Int
    var evaluations: [String: Figures]
    var answers: [[Int64]]

    struct Figures: Decodable {
      var log_loss: Double
      var rmse_bins: Double
    }

    var log: ReviewLog {
      ReviewLog(reviews: answers.map { (item: $0[0], seconds: $0[1], rating: Rating(rawValue: Int($0[2]))!) })
    }
  }

  static func fixture(_ learner: String) throws -> Fixture {
    let url = try #require(Bundle.module.url(forResource: "fsrs-fit-\(learner)", withExtension: "json", subdirectory: "Fixtures"))
    return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
  }

  static let learners = ["a", "b", "c"]

  @Test(arguments: learners) func theLogHasTheItemsFsrsRsScored(learner: String) throws {
    let fixture = try Self.fixture(learner)
    #expect((1_000...20_000).contains(fixture.answers.count))
    #expect(fixture.log.reviews == fixture.answers.count)
    #expect(fixture.log.targets == fixture.items)
  }

  @Test(arguments: learners) func anEvaluationIsFsrsRss(learner: String) throws {
    let fixture = try Self.fixture(learner)
    let log = fixture.log
    for (name, weights) in [("default", Parameters.defaultWeights), ("reference", fixture.reference), ("true", fixture.true)] {
      let ours = Evaluation(weights: weights, log: log)
      let theirs = try #require(fixture.evaluations[name])
      // fsrs-rs computes in 32-bit floats, we in 64.
      #expect(abs(ours.logLoss - theirs.log_loss) < 2e-5, "\(learner) \(name) log loss")
      #expect(abs(ours.rmseBins - theirs.rmse_bins) < 2e-5, "\(learner) \(name) RMSE")
      #expect(ours.targets == fixture.items)
    }
  }

  @Test(arguments: learners) func theFitScoresAsFsrsRssFit(learner: String) throws {
    let fixture = try Self.fixture(learner)
    let log = fixture.log
    guard case .fitted(let result) = Optimizer.fit(log) else {
      Issue.record("not fitted")
      return
    }
    let reference = try #require(fixture.evaluations["reference"])
    print("learner \(learner): log loss \(result.after.logLoss) (reference \(reference.log_loss)), RMSE \(result.after.rmseBins) (reference \(reference.rmse_bins))")
    #expect(result.after.logLoss <= reference.log_loss * 1.01)
    #expect(result.after.rmseBins <= reference.rmse_bins * 1.05)
    #expect(result.after.logLoss < result.before.logLoss)
    for (weight, bounds) in zip(result.weights, Optimizer.bounds) { #expect(bounds.contains(weight)) }
  }
}

/// The rules around the fit, on small made logs.
@Suite struct ReviewLogTests {
  static let day: Int64 = 86_400

  @Test func daysAreWhole24HourPeriodsAndTargetsAreADayOrMoreApart() {
    let log = ReviewLog(reviews: [
      (item: "b", seconds: 100, rating: Rating.good),
      (item: "a", seconds: 0, rating: .again),
      (item: "a", seconds: 600, rating: .good),  // same day: not a target
      (item: "a", seconds: 600 + Self.day - 1, rating: .good),  // 23:59:59 later: still day 0
      (item: "a", seconds: 600 + 2 * Self.day, rating: .again),  // 2 days after the 600 s review
      (item: "b", seconds: 100 + 3 * Self.day, rating: .good),
    ])
    #expect(log.items.map { $0.map(\.days) } == [[0, 0, 0, 1], [0, 3]])
    #expect(log.reviews == 6)
    #expect(log.targets == 2)
    // Ranked by time: a's target (day 2) first, 0.25; b's (day 3) last, 1.
    #expect(log.items[0][3].weight == 0.25)
    #expect(log.items[1][1].weight == 1)
    #expect(log.items[0][1].weight == 0)
  }

  @Test func belowTheMinimumTheDefaultsStand() {
    var reviews: [(item: Int, seconds: Int64, rating: Rating)] = []
    for item in 0..<(Optimizer.minimumTargets - 1) {
      reviews.append((item, 0, .good))
      reviews.append((item, 2 * Self.day, item % 3 == 0 ? .again : .good))
    }
    #expect(Optimizer.fit(ReviewLog(reviews: reviews)) == .notEnough(have: 63, needed: 64))
    reviews.append((1_000, 0, .good))
    reviews.append((1_000, 2 * Self.day, .good))
    guard case .fitted(let result) = Optimizer.fit(ReviewLog(reviews: reviews)) else {
      Issue.record("not fitted at the minimum")
      return
    }
    #expect(result.after.targets == 64)
    #expect(result.after.logLoss <= result.before.logLoss)
  }

  @Test func theFitIsTheSameOnEveryRun() throws {
    let fixture = try FitTests.fixture("a")
    guard case .fitted(let first) = Optimizer.fit(fixture.log), case .fitted(let second) = Optimizer.fit(fixture.log) else {
      Issue.record("not fitted")
      return
    }
    #expect(first.weights == second.weights)
  }
}

@Suite struct CalibrationTests {
  @Test func theGroupsCoverEveryPredictionAndTheBetterModelIsCloserToWhatHappened() throws {
    let fixture = try FitTests.fixture("b")
    let log = fixture.log
    let calibration = Calibration(weights: fixture.true, others: Parameters.defaultWeights, log: log)
    #expect(calibration.rows.map(\.answers).reduce(0, +) == log.targets)
    for row in calibration.rows {
      #expect(row.predicted >= row.low && row.predicted <= row.high)
      #expect((0...1).contains(row.actual) && (0...1).contains(row.predictedByOthers))
    }
    // The weights the answers were drawn from miss what happened by less than the defaults do.
    func error(_ keyPath: KeyPath<Calibration.Row, Double>) -> Double {
      calibration.rows.reduce(0) { $0 + Double($1.answers) * abs($1[keyPath: keyPath] - $1.actual) }
    }
    #expect(error(\.predicted) < error(\.predictedByOthers))
  }
}
