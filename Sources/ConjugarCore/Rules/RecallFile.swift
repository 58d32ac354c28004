import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SpacedRepetition

/// `conjugar recall FILE`: for each line of FILE (`date,verb,tense,person`, a header first) the
/// chance that the learner answers that form right at that moment, from the answers kept strictly
/// before it (``RecallStream``) and the parameters in use: the fitted FSRS weights (else FSRS-6's
/// defaults) and the rule layer fitted with them (else none: a form never practised then gets the
/// rate of the first answers so far). Nothing is fitted here, so what a line says never depends
/// on an answer given after its moment.
public enum RecallFile {
  public static let columns = ["date", "verb", "tense", "person"]
  public static let csvHeader = columns.joined(separator: ",")

  /// A line of FILE: where it is, its four fields as written, and what they say.
  public struct Query: Sendable, Equatable {
    public var line: Int
    public var fields: [String]
    public var date: Date
    public var item: Item
  }

  /// A query and its chance.
  public struct Answered: Sendable, Equatable {
    public var query: Query
    public var recall: RecallStream.Recall
  }

  /// Why the file as a whole cannot be read (its header), said as `line 1: …`.
  public struct Unreadable: Error, Equatable, Sendable {
    public var row: HistoryFile.BadRow
  }

  /// The queries of `bytes` (UTF-8, checked by the caller) and the lines that cannot be read. The
  /// header: `date,verb,tense,person`, maybe followed by other columns (a history CSV is a file of
  /// queries: each answer's moment and form), which are then read and left alone.
  public static func read(bytes: [UInt8], conjugator: Conjugator) throws(Unreadable) -> (queries: [Query], bad: [HistoryFile.BadRow]) {
    var records = CSVRecords(bytes: bytes)
    guard let header = records.next() else {
      throw Unreadable(row: HistoryFile.BadRow(line: 1, reason: "the file is empty: no header (\(csvHeader))"))
    }
    guard header.error == nil, Array(header.fields.prefix(columns.count)) == columns else {
      throw Unreadable(row: HistoryFile.BadRow(line: 1, reason: "the header must be \(csvHeader) (other columns may follow)"))
    }
    var check = Check(conjugator: conjugator)
    var queries: [Query] = []
    var bad: [HistoryFile.BadRow] = []
    while true {
      let start = records.position.index
      guard let record = records.next() else { break }
      func refuse(_ reason: String) { bad.append(HistoryFile.BadRow(line: record.line, reason: reason)) }
      if records.position.index - start > AnswerBounds.longestLine {
        refuse(HistoryFile.tooLong(records.position.index - start))
      } else if let error = record.error {
        refuse(error)
      } else if record.fields.count != header.fields.count {
        refuse("\(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), not \(header.fields.count)")
      } else {
        let fields = Array(record.fields.prefix(columns.count))
        switch check.query(fields, line: record.line) {
        case .success(let query): queries.append(query)
        case .failure(let row): bad.append(row)
        }
      }
    }
    return (queries, bad)
  }

  /// What a line must say: a date as the history writes it, and a form the trainer can ask (a verb
  /// of the catalog spelt as the catalog does, a tense and person it has), as ``HistoryCheck`` asks
  /// of an answer.
  struct Check {
    let conjugator: Conjugator
    private var paradigms: [String: Paradigm?] = [:]
    private var items: [Item: Bool] = [:]

    init(conjugator: Conjugator) { self.conjugator = conjugator }

    mutating func query(_ fields: [String], line: Int) -> Result<Query, HistoryFile.BadRow> {
      func bad(_ reason: String) -> Result<Query, HistoryFile.BadRow> { .failure(HistoryFile.BadRow(line: line, reason: reason)) }
      guard let date = ISODate.date(fields[0]) else {
        return bad("date \"\(fields[0])\" is not ISO 8601 in UTC with seconds (2026-11-22T10:15:00Z)")
      }
      let verb = fields[1], tense = fields[2], person = fields[3]
      guard HistoryFile.tenses.contains(tense) else {
        return bad("tense \"\(tense)\" is none of \((Tense.allCases.map(\.rawValue) + ["gerundio", "participio"]).joined(separator: ", "))")
      }
      let nonFinite = tense == "gerundio" || tense == "participio"
      guard nonFinite ? person.isEmpty : HistoryFile.persons.contains(person) else {
        return bad(
          nonFinite
            ? "the \(tense) has no person, not \"\(person)\""
            : "person \"\(person)\" is none of \(Person.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      let item = Item(verb: verb, tense: tense, person: person)
      if let known = items[item] {
        return known ? .success(Query(line: line, fields: fields, date: date, item: item)) : bad(noForm(item))
      }
      guard let paradigm = paradigm(of: verb) else { return bad("verb \"\(verb)\" is not in the catalog") }
      let asked = ReviewComposer.question(for: item, in: paradigm) != nil
      items[item] = asked
      return asked ? .success(Query(line: line, fields: fields, date: date, item: item)) : bad(noForm(item))
    }

    private func noForm(_ item: Item) -> String { "\(item.verb) has no form for \(item.tense) \(item.person)" }

    private mutating func paradigm(of verb: String) -> Paradigm? {
      if let known = paradigms[verb] { return known }
      var found: Paradigm?
      if !HistoryFile.hasNewlineNulOrSlash(verb), let paradigm = try? conjugator.conjugate(verb), paradigm.known,
        paradigm.infinitive == verb
      {
        found = paradigm
      }
      paradigms[verb] = found
      return found
    }
  }

  /// Each query's chance, in the order given: the answers `answers` (in time order, indexed by
  /// `forms`) walked once, each query answered from those strictly before its second, before the
  /// answers at or after it are recorded. `progress` is told (done, total) as the walk goes.
  public static func answer(
    _ queries: [Query], answers: [RuleHistory.Answer], forms: inout RuleForms, weights: [Double], layer: RuleLayer?,
    progress: (Int, Int) -> Void = { _, _ in }
  ) -> [Answered] {
    let items = queries.map { forms.index(of: $0.item) }
    var stream = RecallStream(
      layer: layer, weights: weights, forms: forms.forms, rules: forms.rules, traits: forms.traits, words: forms.words)
    let seconds = queries.map { Replay.second($0.date) }
    let order = queries.indices.sorted { (seconds[$0], $0) < (seconds[$1], $1) }
    var recalls = [RecallStream.Recall?](repeating: nil, count: queries.count)
    var next = 0
    let total = answers.count + queries.count
    for (done, q) in order.enumerated() {
      while next < answers.count, answers[next].seconds < seconds[q] {
        stream.record(answers[next])
        next += 1
        if next % 4096 == 0 { progress(next + done, total) }
      }
      recalls[q] = stream.recall(items[q], at: seconds[q])
    }
    progress(total, total)
    return zip(queries, recalls).map { Answered(query: $0, recall: $1!) }
  }

  /// The chance as written: four decimals.
  public static func decimal(_ chance: Double) -> String { chance.fixed(4) }

  /// The CSV: the header, then each line's four fields as given, its chance and where it comes from.
  public static func csv(_ answered: [Answered]) -> String {
    var text = csvHeader + ",recall,from\n"
    for line in answered {
      text += line.query.fields.map(HistoryFile.csvField).joined(separator: ",")
      text += "," + decimal(line.recall.chance) + "," + line.recall.from.rawValue + "\n"
    }
    return text
  }

  /// The JSON: an array of objects, one a line, with the same keys (`recall` a number).
  public static func json(_ answered: [Answered]) -> String {
    guard !answered.isEmpty else { return "[]\n" }
    let objects = answered.map { line in
      "{" + zip(columns, line.query.fields).map { "\"\($0)\":" + JSONFormat.quoted($1) }.joined(separator: ",")
        + ",\"recall\":" + decimal(line.recall.chance) + ",\"from\":" + JSONFormat.quoted(line.recall.from.rawValue) + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }
}
