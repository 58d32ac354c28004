import ConjugarEngine
import Foundation
import ScoreboardClient

/// Where the learner stands, for the plain menu: `conjugar stats`' figures flattened into lines, each
/// a sentence that stands alone (its figure named in it: no header a screen reader must remember, no
/// column to cross, no box). The figures by tense and person and by day, many lines, are left to
/// `conjugar stats`, which the last line names.
public enum PlainStanding {
  public static func lines(_ statistics: Statistics) -> [String] {
    let total = statistics.total, memory = statistics.memory, today = statistics.today
    // No share of answers right before there is an answer (it was "(– right)").
    func tally(_ tally: Tally) -> String {
      tally.answers == 0
        ? "no answers" : "\(tally.answers) answer\(tally.answers == 1 ? "" : "s"), \(tally.correct) right (\(StatsReport.percent(tally)))"
    }
    var lines = [
      total.answers == 0
        ? "Answers: none yet."
        : "Answers: \(total.answers); \(total.correct) right, \(total.accentsOnly) right but for the accents, \(total.wrong) wrong"
          + " (\(StatsReport.percent(total)) right).",
      "Today: \(tally(today)). Streak: \(statistics.streak) day\(statistics.streak == 1 ? "" : "s") in a row.",
      "Time spent: \(duration(total.seconds)).",
      "Forms: \(memory.new) new today, \(memory.learning) learning, \(memory.review) in review, "
        + "\(memory.relearning) relearning, \(memory.mastered) mastered; \(memory.dueNow) due now.",
    ]
    for key in StatsReport.ordered(statistics.tenses.keys, by: StatsReport.tenseOrder) {
      lines.append("Tense \(StatsReport.tenseName(key)): \(tally(statistics.tenses[key]!)).")
    }
    for key in StatsReport.ordered(statistics.persons.keys, by: StatsReport.personOrder) {
      lines.append("Person \(StatsReport.personName(key)): \(tally(statistics.persons[key]!)).")
    }
    if statistics.mostMissed.isEmpty { lines.append("Most missed: none.") }
    for (index, missed) in statistics.mostMissed.enumerated() {
      let item = missed.item
      // The person as the questions say it: "él, ella o usted", "usted" in the imperative.
      let person = Tense(rawValue: item.tense).flatMap { tense in Person(rawValue: item.person).map { Question.pronoun(tense, $0) } }
      let form = item.person.isEmpty
        ? StatsReport.tenseName(item.tense)
        : "\(StatsReport.tenseName(item.tense)), \(PlainConversation.heard(person ?? StatsReport.personName(item.person)))"
      lines.append("Most missed \(index + 1): \(item.verb), \(form), wrong \(missed.wrong) time\(missed.wrong == 1 ? "" : "s").")
    }
    lines.append("conjugar stats prints every figure, by tense and person and by day too.")
    return lines
  }

  /// A time in words, as it is said ("1 second", "2 minutes and 5 seconds", "1 hour and 3
  /// minutes"), not as a table abbreviates it ("1 s").
  static func duration(_ seconds: Double) -> String {
    // Clamped as StatsReport.duration clamps it: no sum read from a damaged file traps.
    let whole = Int((seconds.isFinite ? min(max(seconds, 0), 3.2e9) : 0).rounded())
    let hours = whole / 3600, minutes = whole % 3600 / 60, rest = whole % 60
    func count(_ number: Int, _ unit: String) -> String { "\(number) \(unit)\(number == 1 ? "" : "s")" }
    if hours > 0 { return count(hours, "hour") + (minutes > 0 ? " and " + count(minutes, "minute") : "") }
    if minutes > 0 { return count(minutes, "minute") + (rest > 0 ? " and " + count(rest, "second") : "") }
    return count(rest, "second")
  }
}
