import ConjugarEngine
import Foundation
import PlainText
import ScoreboardClient
import SettingsClient

/// Everything a learner keeps, as one file, for `conjugar export` and `import` (as Anki's collection
/// package): every answer, the answers taken back, the forms' marks, the fitted weights in use and
/// the settings with the saved drills.
///
/// The file is UTF-8 text: the line `# conjugar export 2`, then five sections, each a line
/// `[NAME LINES]` — its name and how many lines follow — and that many lines, each section's body
/// an existing contract unchanged: `[answers N]` the history's CSV (``HistoryFile``), `[withdrawn N]`
/// the answers taken back as a sync writes them (``SyncFolder/withdrawnText(_:)``), `[marks N]` the
/// marks' CSV (``MarksFile``), `[memory N]` the fitted weights' line (``FittedMemory/line``; no line
/// with FSRS-6's defaults in use), `[settings N]` the settings file's `key = value` lines, saved
/// drills among them (``FileSettingsStore/lines(_:)``); then the end line, which says what each
/// section holds (``endLine``), so that a file cut short, even after a whole section, is known. A
/// section is read by its count of lines, so a line of a quoted CSV field that begins with `[` is
/// never taken for a section.
public struct HomeExport: Sendable, Equatable {
  public var answers: [AnsweredQuestion] = []
  /// The identities of the answers taken back.
  public var withdrawn: [String] = []
  /// The forms' marks, as events.
  public var marks: [ItemEvent] = []
  /// The fitted weights in use; nil: FSRS-6's defaults.
  public var memory: FittedMemory?
  /// The settings set, saved drills among them (`drill.NAME`), by key.
  public var settings: [String: String] = [:]

  public init(
    answers: [AnsweredQuestion] = [], withdrawn: [String] = [], marks: [ItemEvent] = [], memory: FittedMemory? = nil,
    settings: [String: String] = [:]
  ) {
    self.answers = answers
    self.withdrawn = withdrawn
    self.marks = marks
    self.memory = memory
    self.settings = settings
  }

  /// The file's first line.
  public static let firstLine = "# conjugar export 2"
  /// The first line of the files of earlier versions, which had no end line.
  static let earlierFirstLine = "# conjugar export 1"
  /// The sections, in the order they are written.
  public static let sections = ["answers", "withdrawn", "marks", "memory", "settings"]

  /// The forms marked.
  public var markedForms: Int { Set(marks.map(\.item)).count }
  /// The settings set, and the saved drills.
  public var settingCount: Int { settings.keys.filter { SavedDrills.name(ofKey: $0) == nil }.count }
  public var drillCount: Int { settings.count - settingCount }

  /// What each section holds, in the order of ``sections``: the answers, the answers taken back,
  /// the marks' events, the fitted weights (1, or 0 with the defaults in use), the settings and saved
  /// drills.
  public var held: [Int] { [answers.count, withdrawn.count, marks.count, memory == nil ? 0 : 1, settings.count] }

  /// The file's last line: `[end answers 1234, withdrawn 2, marks 30, memory 1, settings 6]`, what
  /// each section holds (``held``).
  public var endLine: String {
    "[end " + zip(Self.sections, held).map { "\($0) \($1)" }.joined(separator: ", ") + "]"
  }

  // MARK: Writing

  /// The file.
  public var text: String {
    let bodies = [
      HistoryFile.header(.csv) + answers.map { HistoryFile.line($0, .csv) }.joined(),
      SyncFolder.withdrawnText(withdrawn),
      MarksFile.header + marks.map(MarksFile.line).joined(),
      memory.map { $0.line + "\n" } ?? "",
      FileSettingsStore.lines(settings),
    ]
    return zip(Self.sections, bodies).reduce(Self.firstLine + "\n") { text, section in
      text + "[\(section.0) \(section.1.utf8.count(where: { $0 == UInt8(ascii: "\n") }))]\n" + section.1
    } + endLine + "\n"
  }

  // MARK: Reading

  /// The values of a file, and every bad line (a file with any imports nothing): a section that is
  /// not one, a file that ends without a section or its end line (cut short), an end line that
  /// does not say what the sections hold, or a row its contract refuses — an answer the trainer
  /// could not have given (``HistoryCheck``), a mark of no form, weights that are none — each named
  /// by its line in the file. Lines end at `\n` (a `\r` before it is no part of a header).
  public static func read(_ text: String, conjugator: Conjugator, now: Date) -> (export: HomeExport, bad: [HistoryFile.BadRow]) {
    typealias BadRow = HistoryFile.BadRow
    var bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    // Where each line begins; a last line without its newline is a line too.
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    if starts.last == bytes.count { starts.removeLast() }
    func end(_ line: Int) -> Int { line + 1 < starts.count ? starts[line + 1] : bytes.count }
    /// Line `n` (from 0), without its line break.
    func line(_ n: Int) -> String {
      var last = end(n)
      while last > starts[n], bytes[last - 1] == UInt8(ascii: "\n") || bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
      return String(decoding: bytes[starts[n]..<last], as: UTF8.self)
    }
    guard !starts.isEmpty, line(0) == firstLine else {
      let found = starts.isEmpty ? "" : String(line(0).prefix(70))
      if found == earlierFirstLine {
        let reason = "\"\(found)\" is the export of an earlier conjugar, which has no end line to show the file is whole: "
          + "export it again with this one"
        return (HomeExport(), [BadRow(line: 1, reason: reason)])
      }
      return (HomeExport(), [BadRow(line: 1, reason: "\"\(found)\" is not \"\(firstLine)\": no file `conjugar export` wrote")])
    }
    // Each section's body, with its newlines, and the number of the line before its first.
    var bodies: [String: (bytes: [UInt8], offset: Int)] = [:]
    /// What the end line says each section holds, and its line number.
    var ending: (held: [Int], line: Int)?
    var index = 1
    while index < starts.count {
      let header = line(index)
      if header.hasPrefix("[end") {
        guard let held = Self.held(saidBy: header) else {
          let reason = "\"\(header.prefix(70))\" is not the end line: [end \(sections.map { "\($0) N" }.joined(separator: ", "))]"
          return (HomeExport(), [BadRow(line: index + 1, reason: reason)])
        }
        guard index == starts.count - 1 else {
          return (HomeExport(), [BadRow(line: index + 2, reason: "a line after the end line")])
        }
        ending = (held, index + 1)
        break
      }
      let parts = header.hasPrefix("[") && header.hasSuffix("]") ? header.dropFirst().dropLast().split(separator: " ") : []
      guard parts.count == 2, let name = sections.first(where: { $0 == parts[0] }), let count = Int(parts[1]),
        count >= 0, parts[1].allSatisfy(\.isASCII)
      else {
        let reason = "\"\(header.prefix(70))\" is no section's header: [NAME LINES], NAME one of \(sections.joined(separator: ", "))"
        return (HomeExport(), [BadRow(line: index + 1, reason: reason)])
      }
      guard bodies[name] == nil else { return (HomeExport(), [BadRow(line: index + 1, reason: "a second [\(name)] section")]) }
      let left = starts.count - index - 1
      guard count <= left else {
        return (HomeExport(), [BadRow(line: index + 1, reason: "[\(name)] says \(count.counted("line")) follow; \(left.grouped) do")])
      }
      var body = Array(bytes[(count == 0 ? end(index) : starts[index + 1])..<end(index + count)])
      if let last = body.last, last != UInt8(ascii: "\n") { body.append(UInt8(ascii: "\n")) }
      bodies[name] = (body, index + 1)
      index += 1 + count
    }
    // A file cut short: where it ends, and what it misses (named after the bad lines of what it has).
    let missing = sections.filter { bodies[$0] == nil }.map { "[\($0)]" }
    let sectionsMissing = missing.isEmpty ? [] : ["the section\(missing.count == 1 ? "" : "s") \(Self.listed(missing))"]
    let cutShort: BadRow? =
      if let ending {
        missing.isEmpty ? nil : BadRow(line: ending.line, reason: "the end line comes without \(sectionsMissing[0])")
      } else {
        BadRow(
          line: starts.count + 1,
          reason: "the file ends without \(Self.listed(sectionsMissing + ["its end line"])): it was cut short")
      }

    var export = HomeExport()
    var bad: [BadRow] = []
    /// The rows of `rows` (numbered from a section's first line) named by their lines in the file.
    func refuse(_ rows: [BadRow], in name: String) {
      bad += rows.map { BadRow(line: $0.line + (bodies[name]?.offset ?? 0), reason: $0.reason) }
    }
    /// A section's body as text, nil when it has no line.
    func section(_ name: String) -> String? { bodies[name].flatMap { $0.bytes.isEmpty ? nil : String(decoding: $0.bytes, as: UTF8.self) } }
    if let body = bodies["answers"]?.bytes, !body.isEmpty {
      let read = HistoryFile.read(bytes: body, .csv, checking: HistoryCheck(conjugator: conjugator, now: now))
      export.answers = read.answers
      refuse(read.bad, in: "answers")
    }
    if let body = section("withdrawn") {
      switch SyncFolder.withdrawnIdentities(body) {
      case .success(let identities): export.withdrawn = identities
      case .failure(let row): refuse([row], in: "withdrawn")
      }
    }
    if let body = section("marks") {
      let read = MarksFile.read(body, conjugator: conjugator, now: now)
      export.marks = read.events
      refuse(read.bad, in: "marks")
    }
    if let body = section("memory") {
      let line = body.trimmingWhitespace()
      if let memory = FittedMemory(line: line), !line.contains(literal: "\n") {
        export.memory = memory
      } else {
        let reason = "not the line `optimize --export` writes (date, answers, log loss, RMSE, 21 weights within their bounds)"
        refuse([BadRow(line: 1, reason: reason)], in: "memory")
      }
    }
    if let body = section("settings") {
      let read = FileSettingsStore.values(ofLines: body)
      export.settings = read.values
      refuse(read.bad.map { BadRow(line: $0.line, reason: $0.reason) }, in: "settings")
    }
    if let cutShort { bad.append(cutShort) }
    if bad.isEmpty, let ending, export.held != ending.held {
      let differ = zip(sections, zip(ending.held, export.held)).filter { $0.1.0 != $0.1.1 }
        .map { "[\($0.0)] holds \($0.1.1.grouped), not \($0.1.0.grouped)" }
      bad.append(BadRow(line: ending.line, reason: "the end line does not say what the sections hold: \(differ.joined(separator: ", "))"))
    }
    return bad.isEmpty ? (export, []) : (HomeExport(), bad)
  }

  /// What an end line says each section holds, in the order of ``sections``; nil if it is none.
  static func held(saidBy line: String) -> [Int]? {
    guard line.hasPrefix("[end "), line.hasSuffix("]") else { return nil }
    let parts = line.dropFirst(5).dropLast().split(separator: ", ", omittingEmptySubsequences: false)
    guard parts.count == sections.count else { return nil }
    var held: [Int] = []
    for (part, name) in zip(parts, sections) {
      let words = part.split(separator: " ", omittingEmptySubsequences: false)
      guard words.count == 2, words[0] == name, words[1].allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(words[1])
      else { return nil }
      held.append(count)
    }
    return held
  }

  /// "[memory]", "[memory] and [settings]", "[marks], [memory] and [settings]".
  static func listed(_ items: [String]) -> String {
    items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}

extension HomeExport {
  /// Everything `board` holds, and `settings` (as a ``SettingsStore`` loads them).
  public static func of(_ board: Scoreboard, settings: [String: String]) throws -> HomeExport {
    var answers: [AnsweredQuestion] = []
    try board.answers.eachAnswer { answers.append($0) }
    return HomeExport(
      answers: answers, withdrawn: try board.answers.withdrawn().sorted(), marks: try board.items.itemMarks().events,
      memory: try board.memory.fittedMemory(), settings: settings)
  }

  /// What an import did.
  public struct Merged: Sendable, Equatable {
    public var answers = ImportSummary(added: 0, alreadyKept: 0)
    /// Answers kept here taken back, as the file's were.
    public var withdrawn = 0
    /// Forms whose marks changed.
    public var marksChanged = 0
    /// Whether the file's fitted weights were put in use (they were fitted later than those here).
    public var memoryApplied = false
    /// Whether the file's fitted weights are those in use here already (the same file imported
    /// again, or a machine synced with this one).
    public var memoryInUse = false
  }

  /// The settings after an import: those here, each key the file has taking the file's value.
  public func mergedSettings(_ here: [String: String]) -> [String: String] {
    here.merging(settings) { _, file in file }
  }

  /// Adds this export to a home as a sync merges another machine's (``SyncRun/run(now:)``): the
  /// answers taken back, taken back here first, then the answers not kept yet (by identity: none
  /// twice, none taken back), the fitted weights if fitted later than those here (every form
  /// rescheduled), then the marks (the later event wins). The settings are the caller's, before
  /// `board` is opened, since the schedule reads them (``mergedSettings(_:)``). Each step is
  /// idempotent: importing twice changes nothing, and an import stopped half-way is finished by
  /// the next.
  public func merge(into board: Scoreboard) throws -> Merged {
    var merged = Merged()
    if !withdrawn.isEmpty { merged.withdrawn = try board.answers.withdrawAnswers(withdrawn) }
    if !answers.isEmpty { merged.answers = try board.answers.importAnswers(answers) }
    let local = try board.memory.fittedMemory()
    if let memory, memory.date > local?.date ?? .distantPast {
      _ = try board.memory.applyFittedMemory(memory)
      merged.memoryApplied = true
    } else if let memory, memory == local?.withoutRules {  // the rule layer is never in the file
      merged.memoryInUse = true
    }
    if !marks.isEmpty { merged.marksChanged = try board.items.mergeItemMarks(marks) }
    return merged
  }
}
