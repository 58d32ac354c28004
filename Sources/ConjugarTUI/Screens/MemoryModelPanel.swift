import ConjugarCore
import FileStorage
import Foundation
import ScoreboardClient
import SpacedRepetition
import Synchronization
import TerminalClient

/// The memory model, at the end of Progress's overview: the weights in use (FSRS-6's defaults, or
/// weights fitted to these answers), a fit to the learner's answers in the background (`o`,
/// as `conjugar optimize`), how its predictions and those in use compare with what happened (the
/// calibration chart: that of the weights in use worked out in the background each time
/// Progress reads its figures; after a fit, the fitted weights' beside it), and putting it in use
/// (`u`) or going back to the defaults (`d`).
struct MemoryModelPanel {
  /// The fitted weights in use; nil: the defaults.
  private(set) var inUse: FittedMemory?
  private(set) var job: FitJob?
  /// What the last `u` or `d` did, or why it failed.
  private(set) var message: String?

  /// The calibration of the weights in use: the last worked out with the same weights stays shown
  /// while a new one is.
  private(set) var calibration: CalibrationJob?
  private var shownCalibration: Calibration?

  /// Reads the weights in use, and starts working out their calibration anew (the answers may
  /// have changed) unless it is being worked out with them already.
  mutating func reload() {
    inUse = (try? Current.scoreboard.memory.fittedMemory()) ?? nil
    let weights = inUse?.weights ?? Parameters.defaultWeights
    if let calibration, calibration.result == nil, calibration.weights == weights { return }
    shownCalibration = calibration?.weights == weights ? calibration?.result ?? shownCalibration : nil
    calibration = CalibrationJob(board: Current.scoreboard, weights: weights, background: Current.background)
    calibrationTaken = false
  }

  /// Whether the calibration being worked out has been taken (``takeCalibration()``).
  private var calibrationTaken = false

  /// True once when the calibration started last is there: the screen may then scroll to it.
  mutating func takeCalibration() -> Bool {
    guard !calibrationTaken, calibration?.result != nil else { return false }
    calibrationTaken = true
    return true
  }

  /// The calibration of the weights in use to show: the latest worked out; nil before the first.
  var calibrationInUse: Calibration? { calibration?.result ?? shownCalibration }

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

  /// A fit or the calibration of the weights in use is being worked out: the loop draws more often.
  var isWorking: Bool { isFitting || (calibration.map { $0.result == nil } ?? false) }

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
      job = FitJob(
        board: Current.scoreboard, inUse: inUse?.weights ?? Parameters.defaultWeights, conjugator: Current.conjugator,
        background: Current.background)
    case .character("u"):
      guard let fitted = job?.snapshot.done?.fitted(at: Current.clock.now()) else { return true }
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
      let forms = try Current.scoreboard.memory.applyFittedMemory(fitted)
      message = "\(done): \(forms.grouped) form\(forms == 1 ? "" : "s") rescheduled."
      job = nil
    } catch {
      message = "The weights could not be kept: \(error)"
    }
    reload()
  }

  func lines(width: Int, labelWidth: Int) -> [Line] {
    var lines: [Line] = [Line()]
    let model =
      inUse.map { ["fitted \(ISODate.string($0.date).prefix(10))", $0.reviews.counted("answer")] }
      ?? ["FSRS-6's defaults"]
    lines += ProgressText.flowed(
      model + ["o: fit to your answers"], label: width >= 60 ? "Memory model" : "Model", labelWidth: labelWidth,
      width: width)
    if let message { lines += Self.wrapped(message, labelWidth: labelWidth, width: width) }
    let name = inUse == nil ? "defaults" : "in use"
    guard let snapshot = job?.snapshot else { return lines + calibrationLines(name: name, width: width) }
    guard let done = snapshot.done else {
      lines += ProgressText.flowed(["fitting… \(Int(snapshot.progress * 100)) %"], label: "", labelWidth: labelWidth, width: width)
      return lines + calibrationLines(name: name, width: width)
    }
    switch done.outcome {
    case .notEnough(let have, let needed):
      lines += Self.wrapped(
        "Not enough answers yet: \(have) of the \(needed) needed, each a day or more after the form's last.",
        labelWidth: labelWidth, width: width)
      lines += CalibrationChart.lines(before: done.calibration, after: nil, inUse: name, width: width)
    case .fitted(let result):
      lines += ProgressText.flowed(
        [
          result.after.targets.counted("answer") + " scored",
          "log loss \(done.before.logLoss.fixed(3))" + (width >= 60 ? " (\(name))" : "") + " → \(result.after.logLoss.fixed(3))",
          "RMSE \(done.before.rmseBins.fixed(3)) → \(result.after.rmseBins.fixed(3))", "u: use it",
        ], label: "", labelWidth: labelWidth, width: width)
      lines += CalibrationChart.lines(before: done.calibration, after: done.fittedCalibration, inUse: name, width: width)
    }
    return lines
  }

  /// The chart of the weights in use, or that it is being worked out.
  private func calibrationLines(name: String, width: Int) -> [Line] {
    guard let calibration = calibrationInUse else {
      return [Line(), Line(width >= 60 ? " Calibration: working it out…" : " Calibration: working…", .heading)]
    }
    return CalibrationChart.lines(before: calibration, after: nil, inUse: name, width: width)
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
}
