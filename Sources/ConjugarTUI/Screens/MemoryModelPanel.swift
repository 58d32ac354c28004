import ConjugarCore
import Foundation
import ScoreboardClient
import SpacedRepetition
import Synchronization
import TerminalClient

/// The memory model, at the end of Progress's overview: the weights in use (FSRS-6's defaults, or
/// weights fitted to these answers), a fit to the learner's answers on a thread of its own (`o`,
/// as `conjugar optimize`), how its predictions and those in use compare with what happened, and
/// putting it in use (`u`) or going back to the defaults (`d`).
struct MemoryModelPanel {
  /// The fitted weights in use; nil: the defaults.
  private(set) var inUse: FittedMemory?
  private(set) var job: FitJob?
  /// What the last `u` or `d` did, or why it failed.
  private(set) var message: String?

  mutating func reload() { inUse = (try? Current.scoreboard.fittedMemory()) ?? nil }

  /// Whether the running fit's end has been taken (``takeFinished()``).
  private var finishedTaken = false

  /// True once when the fit started last has finished: the screen then shows its result.
  mutating func takeFinished() -> Bool {
    guard !finishedTaken, job?.snapshot.done != nil else { return false }
    finishedTaken = true
    return true
  }

  /// A fit is running: the trainer's loop then draws more often, for its progress.
  var isFitting: Bool { job.map { $0.snapshot.done == nil } ?? false }

  var hints: [KeyHint] {
    var hints = [KeyHint("o", "fit")]
    if case .fitted? = job?.snapshot.done?.outcome { hints.append(KeyHint("u", "use it")) }
    if inUse != nil { hints.append(KeyHint("d", "defaults")) }
    return hints
  }

  /// `o`, `u` or `d`; false for any other key.
  mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character("o"):
      guard !isFitting else { return true }
      message = nil
      finishedTaken = false
      job = FitJob(board: Current.scoreboard, inUse: inUse?.weights ?? Parameters.defaultWeights)
    case .character("u"):
      guard case .fitted(let result)? = job?.snapshot.done?.outcome else { return true }
      let fitted = FittedMemory(
        weights: result.weights, date: Current.clock.now(), reviews: result.reviews, logLoss: result.after.logLoss,
        rmseBins: result.after.rmseBins)
      apply(fitted, done: "The schedule uses the fitted weights")
    case .character("d"):
      guard inUse != nil else { return true }
      apply(nil, done: "Back to FSRS-6's default weights")
    default:
      return false
    }
    return true
  }

  private mutating func apply(_ fitted: FittedMemory?, done: String) {
    do {
      let forms = try Current.scoreboard.applyFittedMemory(fitted)
      message = "\(done): \(ProgressScreen.grouped(forms)) form\(forms == 1 ? "" : "s") rescheduled."
      job = nil
    } catch {
      message = "The weights could not be kept: \(error)"
    }
    reload()
  }

  func lines(width: Int, labelWidth: Int) -> [Line] {
    var lines: [Line] = [Line()]
    let model =
      inUse.map { ["fitted \(ISODate.string($0.date).prefix(10))", "\(ProgressScreen.grouped($0.reviews)) answers"] }
      ?? ["FSRS-6's defaults"]
    lines += ProgressScreen.flowed(
      model + ["o: fit to your answers"], label: width >= 60 ? "Memory model" : "Model", labelWidth: labelWidth,
      width: width)
    if let message { lines += Self.wrapped(message, labelWidth: labelWidth, width: width) }
    guard let snapshot = job?.snapshot else { return lines }
    guard let done = snapshot.done else {
      lines += ProgressScreen.flowed(["fitting… \(Int(snapshot.progress * 100)) %"], label: "", labelWidth: labelWidth, width: width)
      return lines
    }
    switch done.outcome {
    case .notEnough(let have, let needed):
      lines += Self.wrapped(
        "Not enough answers yet: \(have) of the \(needed) needed, each a day or more after the form's last.",
        labelWidth: labelWidth, width: width)
    case .fitted(let result):
      let name = inUse == nil ? "defaults" : "in use"
      lines += ProgressScreen.flowed(
        [
          "\(ProgressScreen.grouped(result.after.targets)) answers scored",
          String(format: "log loss %.3f" + (width >= 60 ? " (\(name))" : "") + " → %.3f", done.before.logLoss, result.after.logLoss),
          String(format: "RMSE %.3f → %.3f", done.before.rmseBins, result.after.rmseBins), "u: use it",
        ], label: "", labelWidth: labelWidth, width: width)
      if let calibration = done.calibration { lines += Self.calibrationLines(calibration, inUse: name, width: width) }
    }
    return lines
  }

  /// `text` wrapped at spaces into lines under the label column.
  static func wrapped(_ text: String, labelWidth: Int, width: Int) -> [Line] {
    var lines: [Line] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, labelWidth + current.count + 1 + word.count > width - 1 {
        lines.append(Line(String(repeating: " ", count: labelWidth) + current))
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(Line(String(repeating: " ", count: labelWidth) + current)) }
    return lines
  }

  /// Predicted recall against what happened, grouped by the fitted weights' prediction.
  static func calibrationLines(_ calibration: Calibration, inUse: String, width: Int) -> [Line] {
    let wide = width >= 60
    // Each column's width: the group, then the answers and the three percentages, right-aligned.
    let columns = wide ? [14, 8, 10, 9, 10] : [8, 5, 5, 5, 5]
    func row(_ cells: [String]) -> String {
      "  " + cells[0].padding(toLength: columns[0], withPad: " ", startingAt: 0)
        + zip(cells.dropFirst(), columns.dropFirst()).map { cell, width in
          String(repeating: " ", count: max(1, width - cell.count)) + cell
        }.joined()
    }
    func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))" + (wide ? " %" : "") }
    var lines = [Line(), Line(wide ? " Predicted recall and what happened" : " Predicted and real", .heading)]
    lines.append(Line(row(wide ? ["predicted", "answers", inUse, "fitted", "recalled"] : ["group", "n", "use", "fit", "real"]), .dim))
    for each in calibration.rows {
      let (low, high) = (Int(each.low * 100), Int(each.high * 100))
      let group = low == 0 ? (wide ? "below \(high) %" : "<\(high)%") : (wide ? "\(low)–\(high) %" : "\(low)-\(high)")
      lines.append(
        Line(row([group, "\(each.answers)", percent(each.predictedByOthers), percent(each.predicted), percent(each.actual)])))
    }
    return lines
  }
}

/// A fit of the memory model to the history, on a thread of its own (the history read, the
/// weights fitted, the calibration worked out): the screen reads its progress and result.
final class FitJob: Sendable {
  struct Done: Sendable {
    var outcome: Optimizer.Outcome
    /// The weights in use, on the same answers.
    var before: Evaluation
    var calibration: Calibration?
  }

  struct Snapshot: Sendable {
    var progress: Double = 0
    var done: Done?
  }

  private let state = Mutex(Snapshot())

  var snapshot: Snapshot { state.withLock { $0 } }

  init(board: Scoreboard, inUse: [Double]) {
    Thread.detachNewThread { self.run(board: board, inUse: inUse) }
  }

  private func run(board: Scoreboard, inUse: [Double]) {
    // A history that cannot be read is an empty log: too few answers, said as such.
    let log = (try? board.reviewLog()) ?? ReviewLog(items: [])
    let outcome = Optimizer.fit(log) { done, total in self.state.withLock { $0.progress = Double(done) / Double(total) } }
    var calibration: Calibration?
    if case .fitted(let result) = outcome { calibration = Calibration(weights: result.weights, others: inUse, log: log) }
    let before = Evaluation(weights: inUse, log: log)
    state.withLock { $0.done = Done(outcome: outcome, before: before, calibration: calibration) }
  }
}
