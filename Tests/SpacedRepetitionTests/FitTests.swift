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
  @Test func theBinsAreTenthsOfThePrediction() {
    // ⌊10 · R⌋: a bound opens its bin; 1 is in the last.
    #expect([0, 0.05, 0.0999, 0.1, 0.7, 0.7999, 0.8, 0.95, 0.9999, 1].map(Calibration.bin(of:)) == [0, 0, 0, 1, 7, 7, 8, 9, 9, 9])
    let predictions: [(predicted: Double, recalled: Bool)] = [
      (0.05, false), (0, true), (0.72, true), (0.78, false), (0.7, true), (0.8, false), (1, true), (0.95, true),
    ]
    let calibration = Calibration(predictions: predictions)
    #expect(calibration.bins.map(\.index) == [0, 7, 8, 9])
    #expect(calibration.bins.map(\.answers) == [2, 3, 1, 2])
    #expect(calibration.answers == 8)
    let expected: [(predicted: Double, recalled: Double)] = [(0.025, 0.5), (2.2 / 3, 2.0 / 3), (0.8, 0), (0.975, 1)]
    for (bin, each) in zip(calibration.bins, expected) {
      #expect(abs(bin.predicted - each.predicted) < 1e-12)
      #expect(abs(bin.recalled - each.recalled) < 1e-12)
    }
    #expect(calibration[7]?.from == 0.7 && calibration[7]?.to == 0.8)
    #expect(calibration[9]?.to == 1)
    #expect(calibration[5] == nil)
    #expect(Calibration(predictions: [(predicted: Double, recalled: Bool)]()).bins.isEmpty)
  }

  /// Five forms answered once more a day or more later, and one again within the day: FSRS-6's
  /// defaults predict R = (1 + f·t/S)^(−0.1542) with S the first rating's stability (again 0.212,
  /// hard 1.2931, good 2.3065, easy 8.2956), computed apart (Python) to five places.
  @Test func theDefaultsBinTheAnswersTheOptimizerScores() {
    let day: Int64 = 86_400
    let reviews: [(item: String, seconds: Int64, rating: Rating)] = [
      ("a", 0, .good), ("a", day, .good),  // R 0.94685, recalled
      ("b", 0, .easy), ("b", 2 * day, .again),  // R 0.96781, forgotten
      ("c", 0, .again), ("c", day, .good),  // R 0.76620, recalled
      ("d", 0, .hard), ("d", 5 * day, .again),  // R 0.78539, forgotten
      ("e", 0, .again), ("e", 100 * day, .again),  // R 0.38807, forgotten
      ("f", 0, .good), ("f", 3 * 3_600, .good),  // the same day: not scored
    ]
    let calibration = Calibration(weights: Parameters.defaultWeights, log: ReviewLog(reviews: reviews))
    #expect(calibration.bins.map(\.index) == [3, 7, 9])
    #expect(calibration.bins.map(\.answers) == [1, 2, 2])
    #expect(calibration.bins.map(\.recalled) == [0, 0.5, 0.5])
    for (bin, predicted) in zip(calibration.bins, [0.38807, (0.76620 + 0.78539) / 2, (0.94685 + 0.96781) / 2]) {
      #expect(abs(bin.predicted - predicted) < 1e-5)
    }
  }

  @Test func theBinsCoverEveryPredictionAndTheBetterModelIsCloserToWhatHappened() throws {
    let fixture = try FitTests.fixture("b")
    let log = fixture.log
    let truth = Calibration(weights: fixture.true, log: log)
    let defaults = Calibration(weights: Parameters.defaultWeights, log: log)
    for calibration in [truth, defaults] {
      #expect(calibration.answers == log.targets)
      for bin in calibration.bins {
        #expect(bin.predicted >= bin.from && bin.predicted <= bin.to)
        #expect((0...1).contains(bin.recalled))
      }
    }
    // The weights the answers were drawn from miss what happened by less than the defaults do.
    func error(_ calibration: Calibration) -> Double {
      calibration.bins.reduce(0) { $0 + Double($1.answers) * abs($1.predicted - $1.recalled) }
    }
    #expect(error(truth) < error(defaults))
  }
}
