import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient

/// The forms' marks (suspended, reset) as a file, for `conjugar items export` and `import` and for
/// sync: a CSV header `date,verb,tense,person,action`, then one event per line, `date` ISO 8601 in
/// UTC to the millisecond (`2026-11-25T10:15:00.250Z`), `action` `suspend|unsuspend|reset`.
/// Reading then applying the events gives the same marks, on any machine, in any order.
public enum MarksFile {
  public static let columns = ["date", "verb", "tense", "person", "action"]
  public static let header = columns.joined(separator: ",") + "\n"

  /// Every mark as events, with the header.
  public static func text(_ marks: ItemMarks) -> String {
    header + marks.events.map(line).joined()
  }

  public static func line(_ event: ItemEvent) -> String {
    [date(event.date), event.item.verb, event.item.tense, event.item.person, event.action.rawValue]
      .map(HistoryFile.csvField).joined(separator: ",") + "\n"
  }

  /// `2026-11-25T10:15:00.250Z`.
  static func date(_ date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let fraction = String(((millis % 1000) + 1000) % 1000)
    let seconds = ISODate.string(Date(timeIntervalSince1970: Double(millis) / 1000))
    return seconds.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
  }

  static func date(_ text: String) -> Date? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 4, parts[1].hasSuffix("Z"), let millis = Int(parts[1].dropLast()),
      parts[1].dropLast().allSatisfy(\.isASCII), let seconds = ISODate.date(parts[0] + "Z")
    else { return nil }
    return Date(timeIntervalSince1970: seconds.timeIntervalSince1970 + Double(millis) / 1000)
  }

  /// Every event of `text`, and every bad row (a file with any imports nothing): a form the
  /// catalog's verb has, an action of the three, a date from 2000 to now (five minutes' grace).
  public static func read(_ text: String, conjugator: Conjugator, now: Date) -> (events: [ItemEvent], bad: [HistoryFile.BadRow]) {
    var events: [ItemEvent] = []
    var bad: [HistoryFile.BadRow] = []
    var records = CSVRecords(text)
    guard let first = records.next() else { return ([], []) }
    if first.fields != columns { bad.append(.init(line: 1, reason: "the header must be \(columns.joined(separator: ","))")) }
    var paradigms: [String: Paradigm?] = [:]
    while let record = records.next() {
      func refuse(_ reason: String) { bad.append(.init(line: record.line, reason: reason)) }
      if let error = record.error { refuse(error); continue }
      let fields = record.fields
      guard fields.count == columns.count else { refuse("\(fields.count) fields, not \(columns.count)"); continue }
      guard let date = date(fields[0]) else { refuse("date \"\(fields[0])\" is not YYYY-MM-DDTHH:MM:SS.mmmZ"); continue }
      if date < HistoryCheck.earliest { refuse("date \(fields[0]) is before 2000"); continue }
      if date > now + HistoryCheck.clockGrace { refuse("date \(fields[0]) is in the future"); continue }
      guard let action = ItemAction(rawValue: fields[4]) else {
        refuse("action \"\(fields[4])\" is none of \(ItemAction.allCases.map(\.rawValue).joined(separator: ", "))")
        continue
      }
      let item = Item(verb: fields[1], tense: fields[2], person: fields[3])
      if paradigms[item.verb] == nil {
        let paradigm = try? conjugator.conjugate(item.verb)
        paradigms[item.verb] = paradigm.flatMap { $0.known && $0.infinitive == item.verb ? $0 : nil }
      }
      guard let paradigm = paradigms[item.verb] ?? nil else { refuse("verb \"\(item.verb)\" is not in the catalog"); continue }
      guard ReviewComposer.question(for: item, in: paradigm) != nil else {
        refuse("\(item.verb) has no form for \(item.tense) \(item.person)")
        continue
      }
      events.append(ItemEvent(item: item, action: action, date: date))
    }
    return (events, bad)
  }

  /// Every form of `verb` the engine has, narrowed to a tense and a person when given: what
  /// `conjugar items suspend tener --tense presente` acts on. Throws a message for a verb not in the
  /// catalog, a tense or person that is none, or a selection of no form ("ser has no gerundio for
  /// yo").
  public static func forms(of verb: String, tense: String?, person: String?, conjugator: Conjugator) throws(MessageError) -> [Item] {
    guard let paradigm = try? conjugator.conjugate(verb), paradigm.known, paradigm.infinitive == verb else {
      let meant = VerbSearch(conjugator: conjugator).suggestions(for: verb)
      let suggestion = meant.isEmpty ? "" : ": did you mean " + Self.listed(meant, last: " or ") + "?"
      throw MessageError(
        "\"\(verb)\" is not a verb of the catalog\(suggestion) (its infinitive, as `conjugar verbs` lists it)")
    }
    let tenses = Tense.allCases.map(\.rawValue) + NonFiniteForm.allCases.map(\.rawValue)
    // The names every command takes (``Tense/init(named:)``, ``Person/init(named:)``): the
    // JSON contract's, or as the trainer shows them (pretérito perfecto simple, tú, él, usted).
    let tense = try tense.map { name throws(MessageError) -> String in
      if let tense = Tense(named: name) { return tense.rawValue }
      if let form = NonFiniteForm(rawValue: Tense.folded(name)) { return form.rawValue }
      throw MessageError("tense \"\(name)\" is none of \(tenses.joined(separator: ", ")) (or as the trainer names them)")
    }
    let persons = Person.allCases.map(\.rawValue)
    let person = try person.map { name throws(MessageError) -> String in
      guard let person = Person(named: name) else {
        throw MessageError("person \"\(name)\" is none of \(persons.joined(separator: ", ")) (or tú, él, usted, ustedes…)")
      }
      return person.rawValue
    }
    var items: [Item] = []
    for name in tenses where tense == nil || name == tense {
      let cells = Tense(rawValue: name) == nil ? [""] : persons
      for cell in cells where person == nil || cell == person {
        let item = Item(verb: verb, tense: name, person: cell)
        if ReviewComposer.question(for: item, in: paradigm) != nil { items.append(item) }
      }
    }
    guard !items.isEmpty else {
      throw MessageError("\(verb) has no \(tense ?? "form")\(person.map { " for \($0)" } ?? "")")
    }
    return items
  }
}

extension MarksFile {
  /// "a, b or c".
  static func listed(_ items: [String], last: String) -> String {
    items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + last + items.last!
  }
}

/// A message for the learner, as the error of something refused.
public struct MessageError: Error, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
