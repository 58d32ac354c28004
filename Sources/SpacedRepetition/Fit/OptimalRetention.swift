import Foundation
import Synchronization

/// The desired retention that costs least per card remembered, as fsrs-rs's `optimal_retention`
/// (fsrs 6.6.2, `src/simulation.rs`; what Anki's "compute minimum recommended retention" runs):
/// for a retention r, the mean over simulated years of study (``Simulator``, fsrs-rs's default
/// learner: a 10,000-card deck, 30 minutes a day) of the seconds spent divided by the cards
/// memorised on the last day; minimised over 0.70…0.95 by Brent's method as fsrs-rs's `brent`
/// (a port of SciPy's), to a relative tolerance of 1 %. Every r is simulated with the same seeds.
///
/// fsrs-rs averages 16 simulations; we average 64. The curve is flat near its minimum (learner a
/// of the fixtures: 82.4 to 82.8 seconds per card remembered from r = 0.74 to 0.80), so with 16
/// of our own random runs the minimum found moved by up to ±0.02 from one set of seeds to another
/// (0.757…0.795 on learner a, 0.864…0.891 on b, eight sets each); with 64, by ±0.006.
public enum OptimalRetention {
  /// The range searched (fsrs-rs's `R_MIN`, `R_MAX`).
  public static let range = 0.70...0.95
  /// Simulations averaged for each retention (fsrs-rs: 16, for its 365-day span; see above).
  public static let samples = 64

  public struct Result: Sendable, Equatable {
    /// The desired retention that costs least.
    public var retention: Double
    /// Its cost: seconds of study per card remembered at the end of the simulated year.
    public var secondsPerCardRemembered: Double
    /// The retentions simulated.
    public var evaluations: Int
  }

  /// The retention that costs least with `weights`.
  /// - Parameter progress: called after each retention tried with (tried, an estimate of the total).
  public static func find(
    weights: [Double], config: SimulatorConfig = SimulatorConfig(), progress: (Int, Int) -> Void = { _, _ in }
  ) -> Result {
    let simulator = Simulator(weights: weights, config: config)
    var tried: [Double: Double] = [:]
    let retention = brent(in: range) { retention in
      let cost = costPerCardRemembered(simulator, retention)
      tried[retention] = cost
      progress(tried.count, max(tried.count + 1, typicalEvaluations))
      return cost
    }
    return Result(
      retention: retention, secondsPerCardRemembered: tried[retention] ?? costPerCardRemembered(simulator, retention),
      evaluations: tried.count)
  }

  /// About how many retentions the search tries (6 to 8 on the fixture learners): the progress
  /// bar's total.
  static let typicalEvaluations = 8

  /// fsrs-rs's default `CMRRTargetFn`: total cost / cards memorised on the last day, averaged
  /// over the samples (run on every processor, summed in order).
  static func costPerCardRemembered(_ simulator: Simulator, _ retention: Double) -> Double {
    let results = Mutex([Double](repeating: 0, count: samples))
    DispatchQueue.concurrentPerform(iterations: samples) { sample in
      let outcome = simulator.run(desiredRetention: retention, seed: UInt64(sample))
      results.withLock { $0[sample] = outcome.cost / outcome.memorized }
    }
    return results.withLock { $0 }.reduce(0, +) / Double(samples)
  }

  /// fsrs-rs's `brent`: Brent's minimisation (golden section and parabolic steps) of `f` on
  /// `range`, starting at its lower end, to a tolerance of 1 % of x, at most 64 steps.
  static func brent(in range: ClosedRange<Double>, _ f: (Double) -> Double) -> Double {
    let (mintol, cg, maxiter, tol) = (1e-10, 0.381_966, 64, 0.01)
    var (a, b) = (range.lowerBound, range.upperBound)
    var x = a
    var fx = f(x)
    var (v, w, fv, fw) = (x, x, fx, fx)
    var (deltax, rat) = (0.0, 0.0)
    for _ in 0..<maxiter {
      let tol1 = tol * abs(x) + mintol
      let tol2 = 2 * tol1
      let xmid = 0.5 * (a + b)
      if abs(x - xmid) < tol2 - 0.5 * (b - a) { break }  // converged
      if abs(deltax) <= tol1 {
        // a golden-section step
        deltax = (x >= xmid ? a : b) - x
        rat = cg * deltax
      } else {
        // a parabolic step, if it falls inside and shrinks enough
        let tmp1 = (x - w) * (fx - fv)
        var tmp2 = (x - v) * (fx - fw)
        var p = (x - v) * tmp2 - (x - w) * tmp1
        tmp2 = 2 * (tmp2 - tmp1)
        if tmp2 > 0 { p = -p }
        tmp2 = abs(tmp2)
        let previous = deltax
        deltax = rat
        if p > tmp2 * (a - x) && p < tmp2 * (b - x) && abs(p) < abs(0.5 * tmp2 * previous) {
          rat = p / tmp2
          let u = x + rat
          if u - a < tol2 || b - u < tol2 { rat = xmid - x >= 0 ? tol1 : -tol1 }
        } else {
          deltax = (x >= xmid ? a : b) - x
          rat = cg * deltax
        }
      }
      // move by at least tol1
      let u = x + (abs(rat) < tol1 ? (rat >= 0 ? tol1 : -tol1) : rat)
      let fu = f(u)
      if fu > fx {
        if u < x { a = u } else { b = u }
        if fu <= fw || w == x {
          (v, w, fv, fw) = (w, u, fw, fu)
        } else if fu <= fv || v == x || v == w {
          (v, fv) = (u, fu)
        }
      } else {
        if u >= x { a = x } else { b = x }
        (v, w, x) = (w, x, u)
        (fv, fw, fx) = (fw, fx, fu)
      }
    }
    return min(max(x, range.lowerBound), range.upperBound)
  }
}
