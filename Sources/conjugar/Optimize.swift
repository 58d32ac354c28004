import ArgumentParser
import ConjugarCore
import FileStorage
import Foundation
import PlainText
import ScoreboardClient
import SettingsClient
import SpacedRepetition

struct Optimize: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "optimize", abstract: "Fit the memory model (FSRS-6's 21 weights) to your own answers, as Anki's optimizer does.",
    discussion: """
      Every answer kept, in every mode, is grouped by form in time order; each answer a day or more \
      after the form's previous one is a prediction the model is scored on (log loss, and RMSE in \
      bins, as fsrs-rs computes them, the later answers weighing more). The fit starts from the \
      defaults and keeps each weight within fsrs-rs's bounds. It needs 64 such answers; below that \
      it says how many more and the defaults stay. Nothing changes unless --apply is given: then \
      the schedule uses the fitted weights from now on, and every form's memory is recomputed from \
      its answers with them. With the weights it fits the rule layer (what you showed on each \
      rule of the forms tells a form never practised), kept with them by --apply and read by \
      `conjugar recall`; it needs 40 first answers to forms.

      --retention fits nothing: it simulates a year of study as fsrs-rs's optimal_retention does \
      (a 10,000-form deck, 30 minutes a day, fsrs-rs's typical ratings and answer times) with the \
      weights in use (fitted if applied, else the defaults), at each desired retention it tries \
      between 0.70 and 0.95, and prints the one that costs least time per form remembered at the \
      end, with the nearest value the Review retention setting offers.
      """)


  @Option(
    help: ArgumentHelp(
      "text (for people) or json (one object: parameters, log_loss, rmse_bins, reviews, items, …; "
        + "with --retention: optimal_retention, …)."))
  var format: TextOrJSON = .text

  @Flag(help: "Schedule with the fitted weights from now on.")
  var apply = false

  @Flag(help: "Go back to FSRS-6's default weights (no fit).")
  var reset = false

  @Flag(
    help: ArgumentHelp(
      "Fit nothing: find the desired retention that costs least time per form remembered, by simulation with "
        + "the weights in use."))
  var retention = false

  @Flag(
    help: ArgumentHelp(
      "Fit nothing: print the fitted weights in use as one line (as a sync writes them), to keep beside "
        + "`history export`; exit 1 when the defaults are in use."))
  var export = false

  @Option(
    name: .customLong("import"),
    help: ArgumentHelp("Fit nothing: put in use the weights of a file that --export wrote (every form rescheduled)."))
  var importFile: String?

  func validate() throws {
    if apply && reset { throw ValidationError("Give --apply or --reset, not both.") }
    let others = [apply, reset, export, importFile != nil].filter { $0 }.count
    if retention && others > 0 { throw ValidationError("--retention changes nothing: give it alone.") }
    if (export || importFile != nil) && others > 1 { throw ValidationError("--export and --import each go alone.") }
  }

  func run() throws {
    let board = try Current.history()
    if export {
      guard let inUse = try Self.attempt("the history can't be read", { try board.memory.fittedMemory() }) else {
        throw CommandFailure("FSRS-6's default weights are in use: nothing fitted to export.")
      }
      StandardOutput.line(inUse.line)
      return
    }
    if let importFile {
      var bytes: [UInt8] = []
      switch Current.fileSystem.read(importFile, 4096) {  // the line is some 250 bytes
      case .missing:
        throw CommandFailure("\(importFile) does not exist; nothing changed.")
      case .unreadable(let failure, _):
        throw CommandFailure("can't read \(importFile): \(failure.reason); nothing changed.")
      case .contents(let contents, _): bytes = contents
      case .tooLarge: break  // not what --export writes
      }
      guard let text = TextFile.text(bytes),
        let fitted = FittedMemory(line: text.trimmingWhitespace())
      else {
        throw CommandFailure(
          "\(importFile) is not what `optimize --export` writes (one line: date, answers, log loss, "
            + "RMSE, then 21 weights within fsrs-rs's bounds); nothing changed.")
      }
      let count = try Self.attempt("the weights can't be kept") { try board.memory.applyFittedMemory(fitted) }
      StandardOutput.line("The weights fitted on \(ISODate.string(fitted.date)) are in use; \(count) form\(count == 1 ? "" : "s") rescheduled.")
      return
    }
    if retention {
      try printOptimalRetention(board)
      return
    }
    if reset {
      let count = try Self.attempt("the defaults can't be put back") { try board.memory.applyFittedMemory(nil) }
      StandardOutput.line("Back to FSRS-6's default weights; \(count) form\(count == 1 ? "" : "s") rescheduled.")
      return
    }
    let log = try Self.attempt("the history can't be read") { try board.memory.reviewLog() }
    let inUse = try Self.attempt("the history can't be read") { try board.memory.fittedMemory() }
    let progress = ProgressBar(label: "Fitting")
    let fit = MemoryFit(log: log, inUse: inUse?.weights ?? Parameters.defaultWeights, progress: progress.update)
    progress.finish()
    var fitted = fit.fitted(at: Current.clock.now())
    // The rule layer, fitted with the weights just fitted, kept with them.
    if let weights = fitted?.weights {
      fitted?.rules = try Self.attempt("the history can't be read") {
        try RuleLayer.fit(board, weights: weights, conjugator: Current.conjugator)
      }
    }
    if apply, let fitted {
      _ = try Self.attempt("the fitted weights can't be kept") { try board.memory.applyFittedMemory(fitted) }
    }
    let report = FitReport(fit: fit, inUse: inUse, applied: apply, rules: fitted?.rules)
    switch format {
    case .json: StandardOutput.line(report.json)
    case .text: report.text.forEach(StandardOutput.line)
    }
    if apply && fitted == nil { throw CommandFailure("nothing applied: not enough answers to fit.") }
  }

  /// `--retention`: the desired retention that costs least with the weights in use, and the
  /// Review retention setting nearest it.
  func printOptimalRetention(_ board: Scoreboard) throws {
    let inUse = try Self.attempt("the history can't be read") { try board.memory.fittedMemory() }
    let progress = ProgressBar(label: "Simulating")
    let advice = RetentionAdvice.find(inUse: inUse, setting: Current.settings.desiredRetention, progress: progress.update)
    progress.finish()
    switch format {
    case .json: StandardOutput.line(advice.json)
    case .text:
      advice.text(settingsFile: FileSettingsStore.file(in: Current.files.config).path).forEach(StandardOutput.line)
    }
  }

  /// `body`, or a one-line message and exit status 1.
  @discardableResult
  static func attempt<T>(_ what: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw CommandFailure("\(what): \(error)")
    }
  }
}

/// A progress bar on standard error, for work over a second: drawn only when standard error is a
/// terminal, from the first second on, and erased at the end. (Written to the console as it is: its
/// carriage return and erase are the bar's own, not text to escape.)
final class ProgressBar {
  private let label: String
  private let console = Current.console
  private let start = Current.clock.now()
  private let isTerminal = Current.console.isTerminal(.error)
  private var drawn = -1

  init(label: String) { self.label = label }

  func update(_ done: Int, _ total: Int) {
    guard isTerminal, Current.clock.now().timeIntervalSince(start) > 1, total > 0 else { return }
    let percent = min(100, done * 100 / total)
    guard percent != drawn else { return }
    drawn = percent
    let width = 30
    let filled = width * percent / 100
    console.writeError("\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(percent)%")
  }

  func finish() {
    if drawn >= 0 { console.writeError("\r\u{1B}[K") }
  }
}
