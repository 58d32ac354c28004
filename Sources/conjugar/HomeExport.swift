import ArgumentParser
import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient

/// `conjugar export FILE`: everything kept, in one file (``HomeExport``).
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every answer, mark, the fitted weights, the settings and saved drills to one file.",
    discussion: """
      The file begins with the line "\(HomeExport.firstLine)", then the sections \
      \(HomeExport.sections.map { "[\($0) N]" }.joined(separator: ", ")), each followed by its N lines: \
      `history export`'s CSV, the identities of the answers taken back, `items export`'s CSV, \
      `optimize --export`'s line (none with the defaults in use) and the lines of settings.conf, \
      then the end line, which says what each section holds \
      ([end \(HomeExport.sections.map { "\($0) N" }.joined(separator: ", "))]). \
      `conjugar import FILE` reads it. Written whole or not at all.
      """)

  @Argument(help: "The file to write (replaced whole, or left as it was).")
  var file: String

  func run() throws {
    let settings = ImportCommand.settings()
    let export: HomeExport
    do {
      export = try Current.readingHistory { board in try HomeExport.of(board, settings: settings) }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("the history can't be read: \(error); nothing written")
    }
    try NamedFile.refuseTheHistory(file)
    // Beside FILE, then renamed over it: an export that fails half way writes nothing.
    do throws(FileSystemError) {
      try Current.fileSystem.write(export.text, to: file)
    } catch {
      throw CommandFailure("can't write \(file): \(error.reason); nothing written")
    }
    StandardOutput.line("Exported \(ImportCommand.listed(export, answers: export.answers.count.counted("answer"))) to \(file).")
  }
}

/// `conjugar import FILE`: a file `conjugar export` wrote, merged into this home as a sync merges.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add what a file `conjugar export` wrote: answers, marks, fitted weights, settings, saved drills.",
    discussion: """
      Into an empty home, the same history, schedule, marks, settings and drills. Into a home with a \
      history, merged as a sync merges: the answers taken back in the file are taken back here, an \
      answer already kept (the same id) is not added again, the marks' later event wins, the fitted \
      weights are put in use if fitted later than those here, and each setting and saved drill of \
      the file takes the file's value (the others stay). Importing twice changes nothing. A file \
      with any bad line imports nothing: each is listed with its line number, exit 1. So does a \
      file cut short: without a section or its end line.
      """)

  @Argument(help: "The file `conjugar export` wrote.")
  var file: String

  func run() throws {
    let text = try NamedFile.text(file, otherwise: "nothing imported")
    let (export, rows) = HomeExport.read(text, conjugator: Current.conjugator, now: Current.clock.now())
    try History.Import.refuse(rows, in: file)
    // The settings first: the schedule the answers are replayed with reads them.
    let here = Self.settings()
    let settings = export.mergedSettings(here)
    do {
      if settings != here { try Current.settings.replaceAll(with: settings) }
    } catch {
      throw CommandFailure("\(error); nothing imported")
    }
    let board = try Current.history()
    let merged: HomeExport.Merged
    do {
      merged = try export.merge(into: board)
    } catch {
      throw CommandFailure("the import stopped: \(error); importing the file again finishes it")
    }
    let answers = "\(export.answers.count.counted("answer")) (\(merged.answers.alreadyKept.grouped) already kept)"
    StandardOutput.line("Imported \(Self.listed(export, answers: answers)) from \(file).")
    var changes: [String] = []
    if merged.withdrawn > 0 { changes.append("\(merged.withdrawn.counted("answer")) taken back here.") }
    if merged.marksChanged > 0 {
      changes.append("\(merged.marksChanged.grouped) form\(merged.marksChanged == 1 ? "'s" : "s'") marks changed.")
    }
    if export.memory != nil && !merged.memoryApplied && !merged.memoryInUse {
      changes.append("The weights in use here, fitted later, stay in use.")
    }
    if !changes.isEmpty { StandardOutput.line(changes.joined(separator: " ")) }
  }

  /// The settings' values as the file has them; a line left out of it is said, as the trainer says it.
  static func settings() -> [String: String] {
    let settings = Current.settings
    if let notice = settings.loadNotice { StandardError.write("conjugar: \(notice)\n") }
    return settings.values.raw
  }

  /// What a file carries, `answers` said first: "1,234 answers, 2 answers taken back, the marks of
  /// 12 forms, the fitted weights, 5 settings and 1 saved drill".
  static func listed(_ export: HomeExport, answers: String) -> String {
    var parts = [answers]
    if !export.withdrawn.isEmpty { parts.append("\(export.withdrawn.count.counted("answer")) taken back") }
    parts.append("the marks of \(export.markedForms.counted("form"))")
    if export.memory != nil { parts.append("the fitted weights") }
    parts.append(export.settingCount.counted("setting"))
    if export.drillCount > 0 { parts.append(export.drillCount.counted("saved drill")) }
    return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
  }
}
