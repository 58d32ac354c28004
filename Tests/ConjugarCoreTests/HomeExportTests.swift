import ConjugarCore
import ConjugarEngine
import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// `conjugar export` and `import` (issue 33, item 20): one file with every answer, mark, the fitted
/// weights, the settings and saved drills; into an empty home it gives the same home, into a home
/// with a history it merges as a sync does.
@Suite struct HomeExportTests {
  /// A home in a folder of its own: its history and its settings file.
  struct Home {
    var folder: URL
    var store: FileSettingsStore { FileSettingsStore(directory: folder.appendingPathComponent("config"), files: .live, now: { Date() }) }
    /// The history, its schedule from the settings as they are in the file now.
    var board: Scoreboard {
      let settings = Settings(store: store)
      return Scoreboard.live(directory: folder.appendingPathComponent("data"), scheduler: { settings.values.scheduler })
    }

    init() { folder = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-home-\(UUID().uuidString)") }

    /// What `history export`, `schedule`, `items export`, `optimize --export` and settings.conf say.
    func contents() throws -> [String] {
      let board = board
      var history = HistoryFile.header(.csv)
      try board.answers.eachAnswer { history += HistoryFile.line($0, .csv) }
      let settings = try? String(contentsOf: store.file, encoding: .utf8)
      let items = try board.items.items(nil)
      return try [
        history, "\(items)", MarksFile.text(board.items.itemMarks()), board.memory.fittedMemory()?.line ?? "",
        settings ?? "no settings.conf", board.answers.withdrawn().sorted().joined(separator: ","),
      ]
    }

    /// `conjugar import`: the settings first, then the rest.
    func importing(_ export: HomeExport) throws -> HomeExport.Merged {
      let here = store.load().values
      let settings = export.mergedSettings(here)
      if settings != here { try store.save(settings) }
      return try export.merge(into: board)
    }
  }

  static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

  static func answer(_ verb: String, _ given: String, at hours: Double, result: AnswerResult = .wrong) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: verb, tense: "preterito", person: "yo", expected: "x", given: given, result: result,
      date: start + hours * 3_600, seconds: 2.5)
  }

  /// Weights fitted after `date`, within fsrs-rs's bounds.
  static func fitted(at days: Double) -> FittedMemory {
    var weights = Parameters.defaultWeights
    weights[0] = 1.0
    weights[1] = 2.0 + days / 1_000
    return FittedMemory(weights: weights, date: start + days * 86_400, reviews: 40, logLoss: 0.31, rmseBins: 0.02)
  }

  /// A home with answers (one of them taken back, one whose answer has a line beginning with `[`),
  /// fitted weights, marks, settings and a saved drill.
  static func filledHome() throws -> Home {
    let home = Home()
    let settings = Settings(store: home.store)
    settings.set("region", "spain")
    settings.set("desired-retention", "0.85")
    settings.set(SavedDrills.key("preterite"), "--tenses preterito --top 300")
    let board = home.board
    for (index, verb) in ["tener", "ser", "ir", "hacer", "tener", "ser", "tener"].enumerated() {
      _ = try board.answers.recordAnswer(answer(verb, "no\(index)", at: Double(index) * 30), .review)
    }
    // An answer that quotes a section's line (no line break: no door takes one, ``AnswerBounds``).
    _ = try board.answers.recordAnswer(answer("decir", "dije,\"[marks 1]\" 2026-01-01", at: 300), .review)
    let kept = try board.answers.recordAnswer(answer("poder", "pude", at: 301, result: .correct), .review)
    try board.answers.undoAnswer(kept)
    _ = try board.memory.applyFittedMemory(fitted(at: 20))
    _ = try board.items.markItems([
      ItemEvent(item: Item(verb: "ser", tense: "preterito", person: "yo"), action: .suspend, date: start + 20 * 86_400),
      ItemEvent(item: Item(verb: "tener", tense: "preterito", person: "yo"), action: .reset, date: start + 3_600 * 100),
    ])
    return home
  }

  func read(_ text: String) -> (export: HomeExport, bad: [HistoryFile.BadRow]) {
    HomeExport.read(text, conjugator: sharedConjugator, now: Date())
  }

  /// The values of a file read without a bad line.
  func values(_ text: String) throws -> HomeExport {
    let (export, bad) = read(text)
    try #require(bad.isEmpty, "\(bad)")
    return export
  }

  @Test func writingThenReadingGivesTheSameValuesAndBytes() throws {
    let home = try Self.filledHome()
    defer { try? FileManager.default.removeItem(at: home.folder) }
    let export = try HomeExport.of(home.board, settings: home.store.load().values)
    #expect(export.answers.count == 8 && export.withdrawn.count == 1 && export.marks.count == 2 && export.memory != nil)
    #expect(export.settingCount == 2 && export.drillCount == 1)
    let text = export.text
    #expect(text.hasPrefix("# conjugar export 2\n[answers 9]\ndate,verb,"), "8 answers and the header")
    #expect(text.contains(",\"dije,\"\"[marks 1]\"\" 2026-01-01\",") && text.contains("\n[withdrawn 2]\nid\n"))
    #expect(text.hasSuffix("[settings 3]\nregion = spain\ndesired-retention = 0.85\ndrill.preterite = --tenses preterito --top 300\n"
      + "[end answers 8, withdrawn 1, marks 2, memory 1, settings 3]\n"))
    let again = try values(text)
    #expect(again == export)
    #expect(again.answers.map(\.id) == export.answers.map(\.id))
    #expect(again.text == text)
    // With the defaults in use, the memory section has no line.
    #expect(HomeExport().text == "# conjugar export 2\n[answers 1]\n\(HistoryFile.csvHeader)\n[withdrawn 1]\nid\n[marks 1]\n"
      + MarksFile.header + "[memory 0]\n[settings 0]\n[end answers 0, withdrawn 0, marks 0, memory 0, settings 0]\n")
    #expect(try values(HomeExport().text) == HomeExport())
  }

  @Test func intoAnEmptyHomeTheSameHomeAndTwiceNothingMore() throws {
    let source = try Self.filledHome()
    let target = Home()
    defer {
      try? FileManager.default.removeItem(at: source.folder)
      try? FileManager.default.removeItem(at: target.folder)
    }
    let text = try HomeExport.of(source.board, settings: source.store.load().values).text
    let export = try values(text)
    let merged = try target.importing(export)
    #expect(merged.answers == ImportSummary(added: 8, alreadyKept: 0) && merged.memoryApplied && merged.marksChanged == 2)
    let contents = try source.contents()
    #expect(try target.contents() == contents)
    #expect(try HomeExport.of(target.board, settings: target.store.load().values).text == text)
    // Twice: nothing added, nothing changed.
    let twice = try target.importing(export)
    #expect(twice.answers == ImportSummary(added: 0, alreadyKept: 8) && !twice.memoryApplied && twice.marksChanged == 0)
    #expect(twice.withdrawn == 0)
    #expect(try target.contents() == contents)
  }

  /// Into a home with a history: merged as a sync merges. Its answers stay, the file's answer taken
  /// back is taken back here, the weights fitted later stay in use, the settings the file has take
  /// its values and the others stay.
  @Test func intoAHomeWithAHistoryMergedAsASyncMerges() throws {
    let source = try Self.filledHome()
    let target = Home()
    defer {
      try? FileManager.default.removeItem(at: source.folder)
      try? FileManager.default.removeItem(at: target.folder)
    }
    var export = try HomeExport.of(source.board, settings: source.store.load().values)
    let withdrawn = try #require(export.withdrawn.first)
    // The target kept the answer the source took back (it had merged it before), and one of its own.
    var takenBack = Self.answer("poder", "pude", at: 301, result: .correct)
    takenBack.id = withdrawn
    _ = try target.board.answers.importAnswers([takenBack, Self.answer("dar", "di", at: 2, result: .correct)])
    _ = try target.board.memory.applyFittedMemory(Self.fitted(at: 30))
    Settings(store: target.store).set("sound", "off")
    Settings(store: target.store).set("region", "latin-america")
    export = try values(export.text)
    let merged = try target.importing(export)
    #expect(merged.withdrawn == 1 && merged.answers == ImportSummary(added: 8, alreadyKept: 0))
    #expect(try !merged.memoryApplied && target.board.memory.fittedMemory() == Self.fitted(at: 30))
    var answers: [AnsweredQuestion] = []
    try target.board.answers.eachAnswer { answers.append($0) }
    #expect(answers.count == 9 && answers.contains { $0.verb == "dar" } && !answers.contains { $0.id == withdrawn })
    let values = target.store.load().values
    #expect(values["region"] == "spain" && values["sound"] == "off" && values["desired-retention"] == "0.85")
    #expect(values[SavedDrills.key("preterite")] == "--tenses preterito --top 300")
    // A file's weights fitted later than those here are put in use.
    export.memory = Self.fitted(at: 40)
    #expect(try target.importing(export).memoryApplied)
    #expect(try target.board.memory.fittedMemory() == Self.fitted(at: 40))
  }

  /// A file with a bad line imports nothing: every bad line named by its line in the file.
  @Test(arguments: [
    ("[answers 2]\n" + HistoryFile.csvHeader + "\n2026-01-01T00:00:00Z,xyzzy,preterito,yo,x,y,wrong,,,written,false,\n", 3, "verb \"xyzzy\""),
    ("[answers 1]\n" + HistoryFile.csvHeader + "\n[withdrawn 2]\nid\nnot an id\n", 5, "\"not an id\" is no answer's identity"),
    ("[marks 2]\n" + MarksFile.header + "2026-01-01T00:00:00.000Z,tener,preterito,yo,freeze\n", 3, "action \"freeze\""),
    ("[memory 1]\n1 2 3\n", 2, "not the line `optimize --export` writes"),
    ("[settings 2]\nregion = spain\nquiz-length = 15\n", 3, "\"quiz-length = 15\" is none of 10, 20, 50"),
    ("[answers 5]\n" + HistoryFile.csvHeader + "\n", 1, "[answers] says 5 lines follow; 1 do"),
    ("[memory 0]\n[memory 0]\n", 2, "a second [memory] section"),
    ("[scores 0]\n", 1, "\"[scores 0]\" is no section's header"),
    ("\n", 1, "\"\" is no section's header"),
  ])
  func aBadLineImportsNothingAndIsNamed(body: String, line: Int, reason: String) throws {
    let (export, rows) = read("# conjugar export 2\n" + body)
    #expect(export == HomeExport())
    #expect(rows.first?.line == line + 1, "\(rows)")
    #expect(rows.first?.reason.contains(reason) == true, "\(rows)")
  }

  @Test func aFileNotAnExportIsNamedAtItsFirstLine() throws {
    for text in ["", "date,verb\n", "# conjugar export 3\n[answers 0]\n"] {
      let rows = read(text).bad
      #expect(rows.count == 1 && rows[0].line == 1 && rows[0].reason.hasSuffix("no file `conjugar export` wrote"), "\(rows)")
    }
  }

  /// Issue 40: a file cut short, even after a whole section, imports nothing, and says where it
  /// ends and what it misses; so does a file whose end line is not the last, is no end line, or
  /// does not say what the sections hold.
  @Test func aFileCutShortImportsNothingAndSaysWhatItMisses() throws {
    let home = try Self.filledHome()
    defer { try? FileManager.default.removeItem(at: home.folder) }
    let text = try HomeExport.of(home.board, settings: home.store.load().values).text
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // after the last newline
    func header(_ name: String) throws -> Int { try #require(lines.firstIndex { $0.hasPrefix("[\(name) ") }) }
    func cut(before line: Int) -> String { lines[..<line].joined(separator: "\n") + "\n" }
    let cuts: [(text: String, line: Int, reason: String)] = [
      (cut(before: try header("memory")), try header("memory") + 1,
        "the file ends without the sections [memory] and [settings] and its end line: it was cut short"),
      (cut(before: try header("settings")), try header("settings") + 1,
        "the file ends without the section [settings] and its end line: it was cut short"),
      (cut(before: lines.count - 1), lines.count, "the file ends without its end line: it was cut short"),
      (cut(before: 1), 2,
        "the file ends without the sections [answers], [withdrawn], [marks], [memory] and [settings] and its end line: it was cut short"),
      (String(text.dropLast(9)), lines.count, "\"\(lines.last!.dropLast(8))\" is not the end line: [end answers N, withdrawn N"),
      (text + "region = spain\n", lines.count + 1, "a line after the end line"),
      (text.replacingOccurrences(of: "marks 2, memory", with: "marks 3, memory"), lines.count,
        "the end line does not say what the sections hold: [marks] holds 2, not 3"),
      (cut(before: try header("memory")) + "[end answers 8, withdrawn 1, marks 2, memory 0, settings 0]\n", try header("memory") + 1,
        "the end line comes without the sections [memory] and [settings]"),
    ]
    for (index, (cutText, line, reason)) in cuts.enumerated() {
      let (export, rows) = read(cutText)
      #expect(export == HomeExport(), "cut \(index)")
      #expect(rows.count == 1 && rows.first?.line == line, "cut \(index): \(rows)")
      #expect(rows.first?.reason.hasPrefix(reason) == true, "cut \(index): \(rows)")
    }
    #expect(try values(text).answers.count == 8)
  }

  /// The files of earlier versions had no end line: refused, and said so.
  @Test func anExportOfAnEarlierVersionIsRefusedAndSaidSo() {
    let rows = read("# conjugar export 1\n[answers 1]\n\(HistoryFile.csvHeader)\n").bad
    #expect(rows.count == 1 && rows.first?.line == 1, "\(rows)")
    #expect(rows.first?.reason.contains("the export of an earlier conjugar, which has no end line") == true, "\(rows)")
  }
}
