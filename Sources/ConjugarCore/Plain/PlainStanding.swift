import ConjugarEngine
import Foundation
import ScoreboardClient

/// Where the learner stands, for the plain menu: `conjugar stats`' figures flattened into lines, each
/// a sentence that stands alone (its figure named in it: no header a screen reader must remember, no
/// column to cross, no box). The figures by tense and person and by day, many lines, are left to
/// `conjugar stats`, which the last line names. With the rules' standing, the rules known and not
/// yet known follow, a few of each, a sentence a rule (`stats --rules` lists them all).
public enum PlainStanding {
  /// How many rules of each list are said; `conjugar stats --rules` says every one.
  static let rulesSaid = 5

  public static func lines(_ statistics: Statistics, rules: RuleStanding? = nil) -> [String] {
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
    if let rules { lines += Self.lines(rules) }
    lines.append(
      rules == nil
        ? "conjugar stats prints every figure, by tense and person and by day too."
        : "conjugar stats prints every figure, by tense and person and by day too; conjugar stats --rules every rule.")
    return lines
  }

  /// The rules known and not yet known (issue 42, part 4): how many, then the first few of each,
  /// with their evidence and the rule layer's chance of a first answer on a form resting on them.
  static func lines(_ rules: RuleStanding) -> [String] {
    guard rules.fitted else {
      return ["Rules: no rule layer in use yet; the memory model's fit (conjugar optimize --apply, or Progress) fits one."]
    }
    guard !rules.known.isEmpty || !rules.notKnown.isEmpty else {
      return ["Rules: the rule layer in use weighs no rule yet; too few answers tell it anything."]
    }
    func counted(_ count: Int) -> String { "\(count) rule\(count == 1 ? "" : "s")" }
    var lines = [
      "Rules: \(counted(rules.known.count)) known, \(counted(rules.notKnown.count)) not yet known, "
        + "from your answers on the forms that rest on them."
    ]
    func say(_ list: [RuleStanding.Rule], _ label: String) {
      for (index, rule) in list.prefix(rulesSaid).enumerated() {
        // A name that ends a sentence already (tuve, puse, dije…) takes no period.
        let name = rule.name.hasSuffix("…") || rule.name.hasSuffix(".") ? rule.name : rule.name + "."
        lines.append(
          "\(label) \(index + 1): \(name) Right \(times(rule.wins)), wrong \(times(rule.misses)); "
            + "a new form of it \(Int((rule.chance * 100).rounded())) % likely right.")
      }
    }
    say(rules.known, "Known rule")
    say(rules.notKnown, "Rule not yet known")
    return lines
  }

  private static func times(_ count: Int) -> String { "\(count) time\(count == 1 ? "" : "s")" }

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
