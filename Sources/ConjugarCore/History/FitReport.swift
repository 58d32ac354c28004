import FileStorage
import Foundation
import PlainText
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// `conjugar optimize`'s report of a fit (README's contract): the answers it was scored on, the
/// weights in use and the fitted ones side by side, or how many more answers a fit needs.
public struct FitReport {
  public var fit: MemoryFit
  /// The fitted weights in use before, if any (else FSRS-6's defaults were).
  public var inUse: FittedMemory?
  /// Whether the fitted weights were put in use (`--apply`).
  public var applied: Bool
  /// The rule layer fitted with the fitted weights (nil: too few first answers, or no fit).
  public var rules: RuleLayer?

  public init(fit: MemoryFit, inUse: FittedMemory?, applied: Bool, rules: RuleLayer? = nil) {
    self.fit = fit
    self.inUse = inUse
    self.applied = applied
    self.rules = rules
  }

  /// The line on the rule layer.
  var rulesLine: String {
    guard let rules else {
      return "Rules: fewer than \(RuleLayer.minimumFirstAnswers) first answers to forms, so no rule layer fitted."
    }
    let first = "Rules: fitted on \(rules.firstAnswers) first answers to forms"
    let rate = (100 / (1 + exp(-rules.intercept))).fixed(1) + " %"
    return rules.usesRules
      ? first + ": what you showed on a form's rules tells its first answer (\(rules.easiness.count) rules weighed)."
      : first + ": the rules told no more than the rate of first answers, \(rate)."
  }

  /// Answers a fit still needs (0 once fitted).
  public var moreNeeded: Int {
    guard case .fitted = fit.outcome else { return Optimizer.minimumTargets - fit.before.targets }
    return 0
  }

  /// One JSON object; a log loss or RMSE of no prediction scored (too little history) is null.
  public var json: String {
    let (weights, after, fitted): ([Double], Evaluation, Bool) =
      switch fit.outcome {
      case .fitted(let result): (result.weights, result.after, true)
      default: (fit.inUse, fit.before, false)
      }
    func measure(_ value: KeyPath<Evaluation, Double>, _ evaluation: Evaluation) -> String {
      evaluation.targets > 0 ? "\(evaluation[keyPath: value])" : "null"
    }
    return "{\"parameters\":[\(weights.map { "\($0)" }.joined(separator: ","))],"
      + "\"log_loss\":{\"before\":\(measure(\.logLoss, fit.before)),\"after\":\(measure(\.logLoss, after))},"
      + "\"rmse_bins\":{\"before\":\(measure(\.rmseBins, fit.before)),\"after\":\(measure(\.rmseBins, after))},"
      + "\"reviews\":\(fit.log.reviews),\"items\":\(fit.log.items.count),\"targets\":\(after.targets),"
      + "\"fitted\":\(fitted),\"more_needed\":\(moreNeeded),\"applied\":\(fitted && applied)}"
  }

  /// The lines for people.
  public var text: [String] {
    guard case .fitted(let result) = fit.outcome else {
      return [
        "Not enough answers to fit yet: \(fit.before.targets) of the \(Optimizer.minimumTargets) needed (answers given a day or "
          + "more after the form's previous answer); \(moreNeeded) more. The schedule keeps "
          + (inUse.map { "the weights fitted on \(ISODate.string($0.date))." } ?? "FSRS-6's default weights.")
      ]
    }
    let before = fit.before
    return [
      "Fitted FSRS-6 to \(result.reviews) answers of \(result.items) forms (\(result.after.targets) predictions scored).",
      "           log loss  RMSE (bins)",
      (inUse == nil ? "defaults" : "in use").padded(toLength: 9)
        + "  \(before.logLoss.fixed(4, width: 8))  \(before.rmseBins.fixed(4, width: 11))",
      "fitted   " + "  \(result.after.logLoss.fixed(4, width: 8))  \(result.after.rmseBins.fixed(4, width: 11))",
      "Weights: " + result.weights.map { $0.fixed(4) }.joined(separator: ", "),
      rulesLine,
      applied
        ? "Applied: the schedule uses these weights from now on (conjugar optimize --reset goes back to the defaults)."
        : "Not applied: conjugar optimize --apply schedules with them.",
    ]
  }
}

/// `conjugar optimize --retention`: the desired retention that costs least time per form
/// remembered with the weights in use (fsrs-rs's optimal_retention, by simulation), and the Review
/// retention setting nearest it.
public struct RetentionAdvice {
  /// Rounded to four decimals.
  public var optimal: Double
  public var secondsPerFormRemembered: Double
  /// The fitted weights in use, if any (else FSRS-6's defaults).
  public var inUse: FittedMemory?
  /// The setting now.
  public var setting: DesiredRetention

  public init(optimal: Double, secondsPerFormRemembered: Double, inUse: FittedMemory?, setting: DesiredRetention) {
    self.optimal = (optimal * 10_000).rounded() / 10_000
    self.secondsPerFormRemembered = secondsPerFormRemembered
    self.inUse = inUse
    self.setting = setting
  }

  /// The simulation with the weights `inUse` (or the defaults), reporting (done, total).
  public static func find(inUse: FittedMemory?, setting: DesiredRetention, progress: (Int, Int) -> Void) -> RetentionAdvice {
    let found = OptimalRetention.find(weights: inUse?.weights ?? Parameters.defaultWeights, progress: progress)
    return RetentionAdvice(
      optimal: found.retention, secondsPerFormRemembered: found.secondsPerCardRemembered, inUse: inUse, setting: setting)
  }

  /// The setting's value nearest the optimum.
  public var nearest: DesiredRetention {
    DesiredRetention.allCases.min { abs($0.value - optimal) < abs($1.value - optimal) }!
  }

  public var json: String {
    let weights = inUse?.weights ?? Parameters.defaultWeights
    return "{\"optimal_retention\":\(optimal),"
      + "\"seconds_per_form_remembered\":\((secondsPerFormRemembered * 100).rounded() / 100),"
      + "\"nearest_setting\":\(nearest.rawValue),\"setting\":\(setting.rawValue),"
      + "\"parameters\":[\(weights.map { "\($0)" }.joined(separator: ","))],\"fitted\":\(inUse != nil)}"
  }

  /// The lines for people; `settingsFile` is where the setting can be written by hand.
  public func text(settingsFile: String) -> [String] {
    let declaration = SettingDeclarations.shared.desiredRetention
    let whose = inUse.map { "the weights fitted on \(ISODate.string($0.date))" } ?? "FSRS-6's default weights"
    let range = OptimalRetention.range
    let cost = "\(optimal.fixed(2)) (\(secondsPerFormRemembered.fixed(1)) s of study per form remembered after a simulated year)"
    let atTheEnd =
      optimal <= range.lowerBound
      ? ", the lowest tried (\(range.lowerBound.fixed(2)) to \(range.upperBound.fixed(2))): lower may cost less still."
      : "."
    return [
      "The desired retention that costs least with \(whose): " + cost + atTheEnd,
      nearest == setting
        ? "\(declaration.label) is \(setting.name) already, the setting nearest it."
        : "The setting nearest it: \(declaration.label) \(nearest.name) (now \(setting.name)). Pick it on the Settings "
          + "screen (4 in the trainer), or put `\(declaration.key) = \(nearest.rawValue)` in \(settingsFile).",
    ]
  }
}
