import Foundation
import SpacedRepetition

/// `conjugar-bench fit N`: a learner of about N reviews simulated (seeded): scheduled by the app's
/// scheduler with the default weights, remembering as FSRS-6 with other weights; then the time to
/// fit the 21 weights to that log, with the log loss before and after; then the time to find the
/// desired retention that costs least with the fitted weights (`conjugar optimize --retention`).
func benchFit(_ reviews: Int) {
  var state: UInt64 = 20_261_125
  func unit() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
  var weights = Parameters.defaultWeights
  weights[0...3] = [1.5, 3.5, 8.0, 30.0]
  weights[20] = 0.3
  let truth = Scheduler(parameters: Parameters(weights: weights, fuzz: false))
  let schedule = Scheduler(parameters: Parameters(fuzz: false))
  var cards: [(scheduled: Card, true: Card)] = []
  var log: [(item: Int, seconds: Int64, rating: Rating)] = []
  var now = Date(timeIntervalSince1970: 1_767_225_600 + 18 * 3600)
  let newPerDay = max(10, reviews / 400)
  while log.count < reviews {
    var dueToday = cards.indices.filter { cards[$0].scheduled.due <= now }
    dueToday += (cards.count..<(cards.count + newPerDay))
    for index in dueToday where log.count < reviews {
      if index == cards.count { cards.append((Card(due: now), Card(due: now))) }
      let (scheduled, real) = cards[index]
      let r = real.lastReview == nil ? 0.7 : truth.retrievability(of: real, at: now)
      let draw = unit()
      let rating: Rating = draw >= max(r, 0.05) ? .again : draw < r * 0.1 ? .hard : draw > r * 0.9 ? .easy : .good
      let item = "\(index)"
      cards[index] = (
        schedule.review(scheduled, rating: rating, at: now, item: item), truth.review(real, rating: rating, at: now, item: item)
      )
      log.append((index, Int64(now.timeIntervalSince1970), rating))
      now += 7
    }
    now = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 86_400 + 18 * 3600)
  }
  let start = ContinuousClock.now
  let reviewLog = ReviewLog(reviews: log)
  let outcome = Optimizer.fit(reviewLog)
  let time = ContinuousClock.now - start
  guard case .fitted(let result) = outcome else {
    print("error=not-enough-history")
    return
  }
  print("fit_reviews=\(result.reviews) fit_items=\(result.items) fit_targets=\(result.after.targets)")
  print("fit_seconds=\(seconds(time)) fit_iterations=\(result.iterations)")
  print("fit_log_loss_before=\(result.before.logLoss) fit_log_loss_after=\(result.after.logLoss)")
  let searchStart = ContinuousClock.now
  let found = OptimalRetention.find(weights: result.weights)
  let searchTime = ContinuousClock.now - searchStart
  print("retention_seconds=\(seconds(searchTime)) retention=\(found.retention) retention_evaluations=\(found.evaluations)")
}
