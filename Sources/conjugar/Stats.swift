import ArgumentParser
import ConjugarCore
import Foundation
import ScoreboardClient
import SpacedRepetition

struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats", abstract: "Where you stand: answers and accuracy by tense, person and day, the streak, the most missed, the memory.",
    discussion: """
      JSON: one object with the keys answers correct accents_only wrong accuracy by_tense by_person \
      by_tense_person by_day streak_days most_missed items due_now seconds, then calibration with \
      --calibration and rules with --rules. Days are local (TZ is honoured). --since counts the answers from that local \
      day on; the streak, the items, the forms due and the calibration (the memory model in use: \
      its predicted recall in bins of 10 % against the share recalled) are as of now. --rules: the \
      rules of the forms answered that the rule layer in use weighs (fitted by optimize --apply), \
      known (easier than a form never met) and not yet known, each with the answers right and wrong \
      on the forms that rest on it; every answer counts, whatever --since.
      """)


  @Option(help: "Count the answers from this day on (YYYY-MM-DD, local time).")
  var since: String?

  @Option(help: "table (for people) or json (one object).")
  var format: TableOrJSON = .table

  @Flag(
    help: ArgumentHelp(
      "Add the calibration of the memory model in use (its predicted recall in bins of 10 % against the share "
        + "recalled): it reads every answer, so it takes longer (about 1 s at 1,000,000 answers)."))
  var calibration = false

  @Flag(
    help: ArgumentHelp(
      "Add the rules you know and do not know yet, with the answers right and wrong on the forms that rest on "
        + "each, from the rule layer `optimize --apply` fitted: it reads every answer."))
  var rules = false

  func validate() throws {
    if let since, Day(since) == nil { throw ValidationError("--since takes a day as YYYY-MM-DD, not \"\(since)\".") }
  }

  func run() throws {
    let day = since.flatMap(Day.init)
    let statistics: Statistics
    let calibration: Calibration?
    let rules: RuleStanding?
    do {
      (statistics, calibration, rules) = try Current.readingHistory { board in
        (
          try board.standing.statistics(StatisticsQuery(now: Current.clock.now(), timeZone: Current.timeZone, since: day)),
          self.calibration ? try board.memory.calibrationInUse() : nil,
          self.rules
            ? try RuleStanding.read(board, layer: try board.memory.fittedMemory()?.rules, conjugator: Current.conjugator) : nil
        )
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("the history can't be read: \(error)")
    }
    var out = StandardOutput()
    out.write(
      format == .json
        ? StatsReport.json(statistics, since: day, calibration: calibration, rules: rules)
        : StatsReport.table(statistics, since: day, calibration: calibration, rules: rules))
    out.flush()
  }
}
