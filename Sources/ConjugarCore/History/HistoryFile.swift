import ConjugarEngine
import FileStorage
import Foundation
import PlainText
import ScoreboardClient
import SpacedRepetition
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The history as a file, for `conjugar history export` and `import`: one answer per line, in CSV
/// (a header, then RFC 4180 rows) or JSON (one object per line), with the columns
/// `date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden,id` (a file of the
/// first eleven or nine alone, as earlier versions wrote, reads too: its answers' identities are
/// then derived, ``AnswerIdentity``). Writing then reading gives the same answers, and reading then
/// writing the same bytes.
public enum HistoryFile {
  public enum Format: String, Sendable, CaseIterable {
    case csv, json

    /// The format a file's name says (`.csv`, `.json`, `.jsonl`), if it says one.
    public init?(path: String) {
      switch FilePaths.pathExtension(of: path).lowercased() {
      case "csv": self = .csv
      case "json", "jsonl", "ndjson": self = .json
      default: return nil
      }
    }
  }

  public static let columns = [
    "date", "verb", "tense", "person", "expected", "given", "result", "rating", "seconds", "mode", "overridden", "id",
  ]
  public static let csvHeader = columns.joined(separator: ",")
  /// The columns before `mode` and `overridden` (version 0.5.0 and earlier): a file with them alone
  /// still imports, its answers written and not overridden.
  public static let earlierColumns = Array(columns.prefix(9))
  /// The columns before `id` (version 0.6.0): a file with them still imports, each answer's
  /// identity derived from what it says (``AnswerIdentity``).
  public static let columnsWithoutID = Array(columns.prefix(11))

  /// A row that cannot be imported: its line (1-based; a CSV row's first line) and why.
  public struct BadRow: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }

    public init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }
  }

  // MARK: Writing

  /// The header, if the format has one, with its newline.
  public static func header(_ format: Format) -> String { format == .csv ? csvHeader + "\n" : "" }

  /// One answer as a line, with its newline.
  public static func line(_ answer: AnsweredQuestion, _ format: Format) -> String {
    let fields = [
      ISODate.string(answer.date), answer.verb, answer.tense, answer.person, answer.expected, answer.given,
      answer.result.rawValue, answer.rating.name,
    ]
    switch format {
    case .csv:
      return (fields.map(csvField) + [
        answer.seconds.map(decimal) ?? "", answer.mode.rawValue, String(answer.overridden), csvField(answer.id ?? ""),
      ]).joined(separator: ",") + "\n"
    case .json:
      var text = "{"
      for (key, value) in zip(columns, fields) { text += "\"\(key)\":" + JSONFormat.quoted(value) + "," }
      return text + "\"seconds\":" + (answer.seconds.map(decimal) ?? "null") + ",\"mode\":"
        + JSONFormat.quoted(answer.mode.rawValue) + ",\"overridden\":\(answer.overridden),\"id\":"
        + (answer.id.map(JSONFormat.quoted) ?? "null") + "}\n"
    }
  }

  /// Seconds to the millisecond, without trailing zeros: 2.5, 4, 2.345. (A value outside
  /// ``AnswerBounds`` is none the history keeps; clamped, so that no value traps the conversion.)
  static func decimal(_ value: Double) -> String {
    let millis = Int64((value.isFinite ? min(max(value, -1e12), 1e12) * 1000 : 0).rounded())
    let whole = String(millis / 1000)
    var fraction = String(millis % 1000)
    guard millis % 1000 != 0 else { return whole }
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return whole + "." + fraction
  }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacing(literal: "\"", with: "\"\"") + "\""
  }

  // MARK: Reading

  /// Every answer of `text`, and every bad row: a file with any bad row imports nothing. With
  /// `checking`, a row must also be an answer the trainer could have given (``HistoryCheck``).
  public static func read(
    _ text: String, _ format: Format, checking: HistoryCheck? = nil
  ) -> (answers: [AnsweredQuestion], bad: [BadRow]) {
    switch format {
    case .csv: readCSV(Array(text.utf8), checking: checking)
    case .json: readJSON(text, checking: checking)
    }
  }

  /// As ``read(_:_:checking:)``, from the file's bytes (UTF-8, which the caller has checked): a
  /// CSV file is not copied again.
  public static func read(
    bytes: [UInt8], _ format: Format, checking: HistoryCheck? = nil
  ) -> (answers: [AnsweredQuestion], bad: [BadRow]) {
    switch format {
    case .csv: readCSV(bytes, checking: checking)
    case .json: readJSON(String(decoding: bytes, as: UTF8.self), checking: checking)
    }
  }

  /// From this many bytes, a CSV file's rows are read and checked in parts, one per core.
  static let parallelBytes = 1 << 20

  /// A CSV file's answers and bad rows, in file order. A large file is cut into parts at line
  /// breaks, each part read and checked on a core of its own (its own ``HistoryCheck``), the
  /// results joined in order. A part is taken only if the part before it ended exactly where it
  /// begins (a line break inside a quoted field is no row's end): else the file is read whole, in
  /// one pass, as it is when small.
  static func readCSV(
    _ bytes: [UInt8], checking: HistoryCheck?, parts wanted: Int? = nil
  ) -> (answers: [AnsweredQuestion], bad: [BadRow]) {
    var records = CSVRecords(bytes: bytes)
    guard let first = records.next() else {
      return ([], [BadRow(line: 1, reason: "the file is empty: no header (\(csvHeader))")])
    }
    var bad: [BadRow] = []
    if first.fields != columns && first.fields != columnsWithoutID && first.fields != earlierColumns {
      bad.append(BadRow(line: 1, reason: "the header must be \(csvHeader)"))
    }
    // The columns an earlier version wrote, filled as that version meant them.
    let earlier = first.fields == columns ? nil : first.fields == earlierColumns ? earlierColumns : columnsWithoutID
    let body = records.position
    let count = wanted ?? (bytes.count - body.index >= parallelBytes ? ProcessInfo.processInfo.activeProcessorCount : 1)
    guard count > 1 else {
      let part = readRecords(&records, end: bytes.count, earlier: earlier, checking: checking)
      return (part.answers, bad + part.bad)
    }
    // Where each part begins: the first byte after a line break, at about an equal share of the file.
    var starts = [body]
    var position = body
    for k in 1..<count {
      var target = body.index + (bytes.count - body.index) * k / count
      guard target > position.index else { continue }
      while target < bytes.count, bytes[target - 1] != UInt8(ascii: "\n") { target += 1 }
      guard target < bytes.count else { break }
      for i in position.index..<target where bytes[i] == UInt8(ascii: "\n") { position.line += 1 }
      position.index = target
      starts.append(position)
    }
    let ends = starts.dropFirst().map(\.index) + [bytes.count]
    let begins = starts
    let checks = checking.map { (conjugator: $0.conjugator, now: $0.now) }
    let results = Results<Part>(count: begins.count)
    DispatchQueue.concurrentPerform(iterations: begins.count) { k in
      var records = CSVRecords(bytes: bytes, at: begins[k])
      let check = checks.map { HistoryCheck(conjugator: $0.conjugator, now: $0.now) }
      results.set(k, readRecords(&records, end: ends[k], earlier: earlier, checking: check))
    }
    let parts = results.values
    // Each part must have ended where the next began; else, the whole file in one pass.
    guard zip(parts, ends).allSatisfy({ $0.end == $1 }) else {
      return readCSV(bytes, checking: checking, parts: 1)
    }
    var answers: [AnsweredQuestion] = []
    answers.reserveCapacity(parts.reduce(0) { $0 + $1.answers.count })
    for part in parts {
      answers += part.answers
      bad += part.bad
    }
    return (answers, bad)
  }

  /// The rows of a part of a CSV file: its answers, its bad rows, and where its last row ended.
  struct Part: Sendable {
    var answers: [AnsweredQuestion] = []
    var bad: [BadRow] = []
    var end = 0
  }

  /// Each slot written by one thread of a `concurrentPerform`, read once they have all returned.
  final class Results<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>
    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
    func set(_ index: Int, _ value: Value) { slots.withLock { $0[index] = value } }
    var values: [Value] { slots.withLock { $0.map { $0! } } }
  }

  /// The rows from `records`' position until one ends at or past `end`.
  static func readRecords(
    _ records: inout CSVRecords, end: Int, earlier: [String]?, checking: HistoryCheck?
  ) -> Part {
    var part = Part()
    part.answers.reserveCapacity(max(0, (end - records.position.index) / 64))
    while records.position.index < end {
      let start = records.position.index
      guard let record = records.next() else { break }
      let result: Result<AnsweredQuestion, BadRow>
      if records.position.index - start > AnswerBounds.longestLine {
        part.bad.append(BadRow(line: record.line, reason: tooLong(records.position.index - start)))
        continue
      } else if let error = record.error {
        part.bad.append(BadRow(line: record.line, reason: error))
        continue
      } else if let earlier {
        result = record.fields.count == earlier.count
          ? answer(fields: record.fields + ["written", "false", ""].suffix(columns.count - earlier.count), line: record.line)
          : .failure(BadRow(line: record.line, reason: "\(record.fields.count) fields, not \(earlier.count)"))
      } else {
        result = answer(fields: record.fields, line: record.line)
      }
      switch result {
      case .success(let answer):
        if let problem = checking?.problem(with: answer) {
          part.bad.append(BadRow(line: record.line, reason: problem))
        } else {
          part.answers.append(answer)
        }
      case .failure(let row): part.bad.append(row)
      }
    }
    part.end = records.position.index
    return part
  }

  static func readJSON(_ text: String, checking: HistoryCheck?) -> (answers: [AnsweredQuestion], bad: [BadRow]) {
    var answers: [AnsweredQuestion] = []
    var bad: [BadRow] = []
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = line.hasSuffix("\r") ? line.dropLast() : line
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      if line.utf8.count > AnswerBounds.longestLine {
        bad.append(BadRow(line: number, reason: tooLong(line.utf8.count)))
        continue
      }
      switch jsonAnswer(String(line), line: number) {
      case .success(let answer):
        if let problem = checking?.problem(with: answer) {
          bad.append(BadRow(line: number, reason: problem))
        } else {
          answers.append(answer)
        }
      case .failure(let row): bad.append(row)
      }
    }
    return (answers, bad)
  }

  static func jsonAnswer(_ line: String, line number: Int) -> Result<AnsweredQuestion, BadRow> {
    guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8)) else {
      return .failure(BadRow(line: number, reason: "not a JSON object"))
    }
    if let unknown = object.keys.sorted().first(where: { !columns.contains($0) }) {
      return .failure(BadRow(line: number, reason: "unknown key \"\(unknown)\""))
    }
    var fields: [String] = []
    for key in columns {
      switch object[key] {
      case .text(let text) where key != "seconds" && key != "overridden": fields.append(text)
      case nil where key == "id": fields.append("")
      case .flag(let flag) where key == "overridden":
        fields.append(String(flag))
      case .number(let number) where key == "seconds":
        fields.append(number)
      case nil where key == "mode": fields.append("written")
      case nil where key == "overridden": fields.append("false")
      case nil, .null:
        guard key == "rating" || key == "seconds" || key == "id" else { return .failure(BadRow(line: number, reason: "no \(key)")) }
        fields.append("")
      default:
        let kind = key == "seconds" ? "number" : key == "overridden" ? "true or false" : "string"
        return .failure(BadRow(line: number, reason: "\(key) is not a \(kind)"))
      }
    }
    return answer(fields: fields, line: number)
  }

  /// A value of a JSON line: each key's, as the line has it; a number as its decimal digits,
  /// never an exponent (``positional(_:)``).
  enum JSONValue: Decodable {
    case text(String), number(String), flag(Bool), null, other

    init(from decoder: Decoder) throws {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let flag = try? value.decode(Bool.self) {
        self = .flag(flag)
      } else if let number = try? value.decode(Double.self) {
        self = .number(Self.positional(number))
      } else if let text = try? value.decode(String.self) {
        self = .text(text)
      } else {
        self = .other  // an array or an object
      }
    }

    /// A number's shortest digits written out in full, as the file's `seconds` are read:
    /// `2`, `-1`, `2.5`, `0.00005` (for 5e-05), `10000000000000000` (for 1e16).
    static func positional(_ number: Double) -> String {
      guard number.isFinite else { return "\(number)" }
      let written = "\(abs(number))"
      let parts = written.split(separator: "e", maxSplits: 1).map(String.init)
      let mantissa = parts[0]
      let shift = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      var digits = mantissa.filter { $0 != "." }
      var point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + shift
      if point <= 0 {
        digits = String(repeating: "0", count: 1 - point) + digits
        point = 1
      }
      if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
      var whole = String(digits.prefix(point))
      let fraction = String(digits.dropFirst(point)).reversed().drop { $0 == "0" }.reversed()
      whole = String(whole.drop { $0 == "0" })
      let text = (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + String(fraction))
      return number < 0 && text != "0" ? "-" + text : text
    }
  }

  /// Why a row of `bytes` is refused, whatever it holds.
  static func tooLong(_ bytes: Int) -> String {
    "the row has \(bytes.grouped) bytes, more than the \(AnswerBounds.longestLine) a line may have"
  }

  /// The tenses an item may have: every tense's name, and the non-finite forms'.
  static let tenses = Set(Tense.allCases.map(\.rawValue) + ["gerundio", "participio"])
  static let persons = Set(Person.allCases.map(\.rawValue))

  /// Whether `text` has a line break, a NUL or a slash (as Characters: a slash with an accent on it
  /// is none); ASCII text, the common case, byte by byte.
  static func hasNewlineNulOrSlash(_ text: String) -> Bool {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return text.utf8.contains { $0 == 0 || $0 == UInt8(ascii: "/") || (0x0A...0x0D).contains($0) }
    }
    return text.contains(where: { $0.isNewline || $0 == "\0" || $0 == "/" })
  }

  /// An answer from the twelve fields of a row, or why not.
  static func answer(fields: [String], line: Int) -> Result<AnsweredQuestion, BadRow> {
    func bad(_ reason: String) -> Result<AnsweredQuestion, BadRow> { .failure(BadRow(line: line, reason: reason)) }
    guard fields.count == columns.count else { return bad("\(fields.count) fields, not \(columns.count)") }
    guard let date = ISODate.date(fields[0]) else {
      return bad("date \"\(fields[0])\" is not ISO 8601 in UTC with seconds (2026-11-22T10:15:00Z)")
    }
    let verb = fields[1], tense = fields[2], person = fields[3]
    guard !verb.isEmpty, !hasNewlineNulOrSlash(verb) else {
      return bad("verb \"\(verb)\" is not an infinitive")
    }
    guard tenses.contains(tense) else {
      return bad("tense \"\(tense)\" is none of \((Tense.allCases.map(\.rawValue) + ["gerundio", "participio"]).joined(separator: ", "))")
    }
    let nonFinite = tense == "gerundio" || tense == "participio"
    guard nonFinite ? person.isEmpty : persons.contains(person) else {
      return bad(nonFinite ? "the \(tense) has no person, not \"\(person)\"" : "person \"\(person)\" is none of \(Person.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let result = AnswerResult(rawValue: fields[6]) else {
      return bad("result \"\(fields[6])\" is not correct, accents-only or wrong")
    }
    var rating: Rating?
    if !fields[7].isEmpty {
      guard let named = Rating(name: fields[7]) else { return bad("rating \"\(fields[7])\" is not again, hard, good or easy") }
      rating = named
    }
    var seconds: Double?
    if !fields[8].isEmpty {
      // Double reads ASCII alone: for such text, a number's characters are the digits.
      guard let value = Double(fields[8]), value.isFinite, value >= 0,
        fields[8].utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") })
      else { return bad("seconds \"\(fields[8])\" is not a number of seconds") }
      seconds = value
    }
    guard let mode = AnswerMode(rawValue: fields[9]) else {
      return bad("mode \"\(fields[9])\" is none of \(AnswerMode.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let overridden = Bool(fields[10]) else { return bad("overridden \"\(fields[10])\" is not true or false") }
    if overridden, result != .correct { return bad("an overridden answer counts as correct, not \(result.rawValue)") }
    guard fields[11].isEmpty || AnswerIdentity.isValid(fields[11]) else {
      return bad("id \"\(fields[11])\" is no answer's identity (16 lowercase hexadecimal digits)")
    }
    let answer = AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: fields[4], given: fields[5], result: result, date: date,
      rating: rating, seconds: seconds, mode: mode, overridden: overridden, id: fields[11].isEmpty ? nil : fields[11])
    guard AnswerIdentity.matches(answer) else {
      return bad("the row was changed since its id was made (\(fields[11])): empty its id to import it as an answer of its own")
    }
    return .success(answer)
  }
}
