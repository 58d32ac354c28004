import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// What `conjugar stats` prints (a contract, in README): one JSON object, or the same as a table
/// for people. Pure: the statistics, the day asked for and the memory model's calibration in, text
/// out.
public enum StatsReport {
  /// The names of the JSON contract in the engine's order (unknown ones after, alphabetically).
  static let tenseOrder = Tense.allCases.map(\.rawValue) + NonFiniteForm.allCases.map(\.rawValue)
  static let personOrder = Person.allCases.map(\.rawValue)

  static func ordered(_ names: some Sequence<String>, by order: [String]) -> [String] {
    names.sorted {
      let a = order.firstIndex(of: $0) ?? order.count, b = order.firstIndex(of: $1) ?? order.count
      return a != b ? a < b : $0 < $1
    }
  }

  static func orderedCells(_ cells: some Sequence<Statistics.Cell>) -> [Statistics.Cell] {
    func rank(_ name: String, _ order: [String]) -> Int { order.firstIndex(of: name) ?? order.count }
    return cells.sorted {
      let a = (rank($0.tense, tenseOrder), $0.tense, rank($0.person, personOrder), $0.person)
      let b = (rank($1.tense, tenseOrder), $1.tense, rank($1.person, personOrder), $1.person)
      return a < b
    }
  }

  /// Seconds to the millisecond.
  static func seconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }

  /// A share to three places: 0.754.
  static func share(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }

  /// The JSON object, on one line: `answers correct accents_only wrong accuracy by_tense by_person
  /// by_tense_person by_day streak_days most_missed items due_now seconds`, and `calibration` when
  /// one is given (`stats --calibration`: it reads every answer).
  public static func json(
    _ statistics: Statistics, since: Day?, calibration: Calibration? = nil, rules: RuleStanding? = nil
  ) -> String {
    func count(_ tally: Tally) -> String { "{\"answers\":\(tally.answers),\"correct\":\(tally.correct)}" }
    func object(_ tallies: [String: Tally], _ keys: [String]) -> String {
      "{" + keys.map { "\(JSONFormat.quoted($0)):\(count(tallies[$0]!))" }.joined(separator: ",") + "}"
    }
    let total = statistics.total
    let tenses = statistics.tenses, persons = statistics.persons
    let cells = orderedCells(statistics.cells.keys)
    let memory = statistics.memory
    var fields: [(String, String)] = [
      ("answers", "\(total.answers)"), ("correct", "\(total.correct)"), ("accents_only", "\(total.accentsOnly)"),
      ("wrong", "\(total.wrong)"), ("accuracy", total.accuracy.map { "\($0)" } ?? "null"),
      ("by_tense", object(tenses, ordered(tenses.keys, by: tenseOrder))),
      ("by_person", object(persons, ordered(persons.keys, by: personOrder))),
      (
        "by_tense_person",
        "{" + cells.map { "\(JSONFormat.quoted("\($0.tense)/\($0.person)")):\(count(statistics.cells[$0]!))" }
          .joined(separator: ",") + "}"
      ),
      (
        "by_day",
        "[" + statistics.days(since: since).map {
          "{\"date\":\"\($0.day)\",\"answers\":\($0.tally.answers),\"correct\":\($0.tally.correct)}"
        }.joined(separator: ",") + "]"
      ),
      ("streak_days", "\(statistics.streak)"),
      (
        "most_missed",
        "[" + statistics.mostMissed.map {
          "{\"verb\":\(JSONFormat.quoted($0.item.verb)),\"tense\":\(JSONFormat.quoted($0.item.tense)),"
            + "\"person\":\(JSONFormat.quoted($0.item.person)),\"wrong\":\($0.wrong)}"
        }.joined(separator: ",") + "]"
      ),
      (
        "items",
        "{\"new\":\(memory.new),\"learning\":\(memory.learning),\"review\":\(memory.review),"
          + "\"relearning\":\(memory.relearning),\"mastered\":\(memory.mastered)}"
      ),
      ("due_now", "\(memory.dueNow)"),
    ]
    fields.append(("seconds", seconds(total.seconds)))
    if let calibration {
      fields.append(
      (
        "calibration",
        "[" + calibration.bins.map {
          "{\"from\":\($0.from),\"to\":\($0.to),\"answers\":\($0.answers),\"predicted\":\(share($0.predicted)),"
            + "\"recalled\":\(share($0.recalled))}"
        }.joined(separator: ",") + "]"
      ))
    }
    if let rules { fields.append(("rules", rules.json)) }
    return "{" + fields.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}\n"
  }

  /// A tally's accuracy for people: "83.3 %", or "–" with no answer.
  static func percent(_ tally: Tally) -> String {
    tally.accuracy.map { ($0 * 100).fixed(1) + " %" } ?? "–"
  }

  /// A tense (or non-finite form) named as the trainer shows it (pretérito perfecto simple); the
  /// JSON keeps the keys.
  static func tenseName(_ key: String) -> String { Tense(rawValue: key)?.spanishName ?? key }

  /// A person named by its first pronoun (él), as the trainer shows it.
  static func personName(_ key: String) -> String {
    Person(rawValue: key).map { String($0.pronoun.prefix { $0 != "/" }) } ?? key
  }

  /// The same figures for people: a block per figure, columns aligned.
  public static func table(
    _ statistics: Statistics, since: Day?, calibration: Calibration? = nil, rules: RuleStanding? = nil
  ) -> String {
    func rows(_ rows: [[String]]) -> String {
      // (Typed: inferred, this took the type checker seconds.)
      let columns: Int = rows.map(\.count).max() ?? 0
      let widths: [Int] = (0..<columns).map { (column: Int) -> Int in
        rows.map { (row: [String]) -> Int in column < row.count ? row[column].count : 0 }.max() ?? 0
      }
      // Names to the left, numbers to the right.
      let numeric = widths.indices.map { column in
        rows.allSatisfy { column >= $0.count || $0[column].first?.isNumber != false || $0[column] == "–" }
      }
      return rows.map { row in
        var line = "  " + row.enumerated().map { column, text in
          let padding = String(repeating: " ", count: widths[column] - text.count)
          return numeric[column] ? padding + text : text + padding
        }.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
      }.joined(separator: "\n") + "\n"
    }
    let tense = tenseName, person = personName
    func tallies(_ names: [String], _ tallies: [String: Tally], shown: (String) -> String) -> String {
      guard !names.isEmpty else { return "  none\n" }
      return rows(names.map { [shown($0), "\(tallies[$0]!.answers)", "\(tallies[$0]!.correct)", percent(tallies[$0]!)] })
    }
    let total = statistics.total
    let memory = statistics.memory
    var out = "Answers\(since.map { " since \($0)" } ?? ""): \(total.answers) — \(total.correct) correct, "
    out += "\(total.accentsOnly) accents only, \(total.wrong) wrong (\(percent(total)) correct)\n"
    out += "Time spent: \(duration(total.seconds))\n"
    out += "Streak: \(statistics.streak) day\(statistics.streak == 1 ? "" : "s")\n"
    out += "Items: \(memory.new) new today, \(memory.learning) learning, \(memory.review) review, "
    out += "\(memory.relearning) relearning, \(memory.mastered) mastered; \(memory.dueNow) due now\n"
    out += "\nBy tense (answers, correct, accuracy)\n"
    let tenses = statistics.tenses, persons = statistics.persons
    out += tallies(ordered(tenses.keys, by: tenseOrder), tenses, shown: tense)
    out += "\nBy person\n"
    out += tallies(ordered(persons.keys, by: personOrder), persons, shown: person)
    out += "\nBy tense and person\n"
    let cells = orderedCells(statistics.cells.keys)
    var byName: [String: Tally] = [:]
    for cell in cells { byName["\(cell.tense)/\(cell.person)"] = statistics.cells[cell] }
    out += tallies(cells.map { "\($0.tense)/\($0.person)" }, byName) { key in
      let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      return parts[1].isEmpty ? tense(parts[0]) : "\(tense(parts[0])), \(person(parts[1]))"
    }
    out += "\nBy day\n"
    let days = statistics.days(since: since)
    out += days.isEmpty
      ? "  none\n"
      : rows(days.map { ["\($0.day)", "\($0.tally.answers)", "\($0.tally.correct)", percent($0.tally)] })
    out += "\nMost missed (times wrong)\n"
    out += statistics.mostMissed.isEmpty
      ? "  none\n"
      : rows(statistics.mostMissed.map {
        [$0.item.verb, $0.item.person.isEmpty ? tense($0.item.tense) : "\(tense($0.item.tense)), \(person($0.item.person))", "\($0.wrong)"]
      })
    if let calibration {
      out += "\nCalibration of the memory model in use (predicted recall, answers, mean predicted, recalled)\n"
      out += calibration.bins.isEmpty
        ? "  none\n"
        : rows(calibration.bins.map {
          [
            "\($0.percents.from)–\($0.percents.to) %", "\($0.answers)", ($0.predicted * 100).fixed(1) + " %",
            ($0.recalled * 100).fixed(1) + " %",
          ]
        })
    }
    if let rules {
      guard rules.fitted else {
        return out + "\nRules: no rule layer in use (conjugar optimize --apply fits one with the weights)\n"
      }
      let lines = rules.table
      let known = rules.known.count
      out += "\nRules known (right, wrong, chance of a first answer)\n"
      out += known == 0 ? "  none\n" : rows(Array(lines[..<known]))
      out += "\nRules not yet known (right, wrong, chance of a first answer)\n"
      out += lines.count == known ? "  none\n" : rows(Array(lines[known...]))
    }
    return out
  }

  /// "2 h 05 min", "4 min 12 s", "12 s".
  public static func duration(_ seconds: Double) -> String {
    // Clamped (a century, at most), so that no sum read from a damaged file traps the conversion.
    let whole = Int((seconds.isFinite ? min(max(seconds, 0), 3.2e9) : 0).rounded())
    let hours = whole / 3600, minutes = whole % 3600 / 60, rest = whole % 60
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    if hours > 0 { return "\(hours) h \(two(minutes)) min" }
    if minutes > 0 { return "\(minutes) min \(two(rest)) s" }
    return "\(rest) s"
  }
}
