import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Synchronization

/// A fit of the memory model to the history, in the background (the history read, the
/// weights fitted, the calibration of the weights in use and of the fitted ones worked out): the
/// screen reads its progress and result.
final class FitJob: Sendable {
  struct Done: Sendable {
    var fit: MemoryFit
    var outcome: Optimizer.Outcome { fit.outcome }
    /// The weights in use, on the same answers.
    var before: Evaluation { fit.before }
    var calibration: Calibration
    /// The fitted weights' calibration, when there has been a fit.
    var fittedCalibration: Calibration?
    /// The rule layer fitted with the fitted weights (issue 42), as `conjugar optimize` fits it.
    var rules: RuleLayer?

    /// The fitted weights and their rule layer as the history keeps them; nil without a fit.
    func fitted(at date: Date) -> FittedMemory? {
      guard var fitted = fit.fitted(at: date) else { return nil }
      fitted.rules = rules
      return fitted
    }
  }

  struct Snapshot: Sendable {
    var progress: Double = 0
    var done: Done?
  }

  private let state = Mutex(Snapshot())

  var snapshot: Snapshot { state.withLock { $0 } }

  init(board: Scoreboard, inUse: [Double], conjugator: Conjugator, background: Background) {
    background.run("fit") { self.run(board: board, inUse: inUse, conjugator: conjugator) }
  }

  private func run(board: Scoreboard, inUse: [Double], conjugator: Conjugator) {
    // A history that cannot be read is an empty log: too few answers, said as such.
    let log = (try? board.memory.reviewLog()) ?? ReviewLog(items: [])
    let fit = MemoryFit(log: log, inUse: inUse) { done, total in
      self.state.withLock { $0.progress = Double(done) / Double(total) }
    }
    var fitted: Calibration?
    var rules: RuleLayer?
    if case .fitted(let result) = fit.outcome {
      fitted = Calibration(weights: result.weights, log: log)
      rules = (try? RuleLayer.fit(board, weights: result.weights, conjugator: conjugator)) ?? nil
    }
    let done = Done(
      fit: fit, calibration: Calibration(weights: inUse, log: log), fittedCalibration: fitted, rules: rules)
    state.withLock { $0.done = done }
  }
}

/// The calibration of the weights in use, worked out in the background: it reads every
/// answer (see README, Performance), longer than a key's frame may take.
final class CalibrationJob: Sendable {
  private let state = Mutex<Calibration?>(nil)
  /// Signalled once the calibration is worked out (``wait(seconds:)``).
  private let finished = DispatchSemaphore(value: 0)

  /// The calibration once worked out; nil until then. (A history that cannot be read has none to
  /// show: no answers.)
  var result: Calibration? { state.withLock { $0 } }

  /// How long the job waits before it reads: the key that started it draws its frame first.
  static let delay: Duration = .milliseconds(50)

  /// The weights whose calibration it is.
  let weights: [Double]

  init(board: Scoreboard, weights: [Double], background: Background) {
    self.weights = weights
    // After the key's frame, not competing with it for this machine's two cores.
    background.run("calibration", after: Self.delay) {
      let log = (try? board.memory.reviewLog()) ?? ReviewLog(items: [])
      let calibration = Calibration(weights: weights, log: log)
      self.state.withLock { $0 = calibration }
      self.finished.signal()
    }
  }

  /// Waits until the calibration is worked out, at most `seconds` (the bench, whose jobs run on
  /// threads).
  func wait(seconds: Double) -> Calibration? {
    if result == nil, finished.wait(timeout: .now() + seconds) == .success { finished.signal() }
    return result
  }
}

/// A reading longer than a key's frame may take, done on `background`: nil until read; then the
/// value, or why the history could not be read. The screen takes it at its next tick. Progress's
/// memory figures, rules' standing and forecast are each one (below).
final class BackgroundRead<Value: Sendable>: Sendable {
  private let state = Mutex<Result<Value, any Error>?>(nil)

  var result: Result<Value, any Error>? { state.withLock { $0 } }

  init(_ name: String, after delay: Duration = .zero, on background: Background, _ read: @escaping @Sendable () throws -> Value) {
    background.run(name, after: delay) {
      let read = Result { try read() }
      self.state.withLock { $0 = read }
    }
  }
}

extension Optional {
  /// The reading's result once it is there, the reading then cleared (nil until then).
  mutating func taken<Value>() -> Result<Value, any Error>? where Wrapped == BackgroundRead<Value> {
    guard let result = self?.result else { return nil }
    self = nil
    return result
  }
}

/// The memory's figures of Progress's overview (``Statistics/Memory``): a pass over every form
/// practised, which at a large history takes longer than a key's frame may.
typealias MemoryJob = BackgroundRead<Statistics.Memory>

extension BackgroundRead where Value == Statistics.Memory {
  /// The figures at `query`'s moment, in its time zone: at once, on the other core (the key's frame
  /// does not wait for it; what it reads shows at the next tick).
  convenience init(board: Scoreboard, query: StatisticsQuery, background: Background) {
    self.init("memory", on: background) { try board.standing.memory(query) }
  }
}

/// The rules' standing (``RuleStanding``): it counts every answer by form (on a connection of its
/// own) and reads the rules of each form answered.
typealias RuleStandingJob = BackgroundRead<RuleStanding>

extension BackgroundRead where Value == RuleStanding {
  /// After the key's frame, as the calibration.
  convenience init(board: Scoreboard, conjugator: Conjugator, background: Background) {
    self.init("rules", after: CalibrationJob.delay, on: background) {
      try RuleStanding.read(board, layer: try board.memory.fittedMemory()?.rules, conjugator: conjugator)
    }
  }
}

/// The forecast of Progress's Forecast part (``Forecast``): it reads every form's state and the
/// latest answers, and plans the days.
typealias ForecastJob = BackgroundRead<Forecast>

extension BackgroundRead where Value == Forecast {
  /// The days it forecasts, today first.
  static var days: Int { 30 }

  /// The forecast from `now`'s day in `timeZone`, after the key's frame, as the calibration.
  convenience init(board: Scoreboard, settings: SettingValues, now: Date, timeZone: Zone, background: Background) {
    self.init("forecast", after: CalibrationJob.delay, on: background) {
      try Forecast.read(board, settings: settings, now: now, timeZone: timeZone, days: Self.days)
    }
  }
}
