import ConjugarEngine
import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

extension HistoryFile.Format: ExpressibleByArgument {}

struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history", abstract: "Export or import every answer given.",
    subcommands: [Export.self, Import.self])

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export", abstract: "Write every answer, oldest first.",
      discussion: """
        CSV: the header date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden,id, \
        then one answer per line. JSON: one object per line with the same keys. Dates in ISO 8601, \
        UTC, to the second; mode written, listening or recognition; overridden true for an answer \
        counted right by "I was right" (!); id the answer's identity, which travels with it.
        """)

    @Option(help: "csv or json.")
    var format: HistoryFile.Format = .csv

    @Option(help: "The file to write (replaced); standard output if not given.")
    var output: String?

    func run() throws {
      // Written whole to a file first, and only then put in place of the one asked for
      // (`FileClient.write`), or copied out to standard output from a file in the temporary
      // folder: an export that fails half way (a damaged page, a full disk) writes nothing.
      let files = Current.fileSystem
      if let output { try NamedFile.refuseTheHistory(output) }
      let file = output ?? "\(files.temporaryDirectory)/conjugar-export-\(String(Current.random.next(), radix: 36))"
      defer { if output == nil { try? files.remove(file) } }
      do {
        try Current.readingHistory { board in
          try files.write(file) { write in try Self.write(board, format, write) }
        }
      } catch let error as SQLiteError {
        throw CommandFailure("the history can't be read: \(error); nothing written")
      } catch let error as FileSystemError {
        throw CommandFailure("can't write \(output ?? "the export"): \(error.reason); nothing written")
      }
      if output == nil {
        var out = StandardOutput()
        do throws(FileSystemError) {
          try files.consume(file) { piece in out.write(piece) }
        } catch {
          throw CommandFailure("the export was lost: \(error.reason)")
        }
        out.flush()
      }
    }

    /// Every answer of `board` in `format`, through `write`, a megabyte at a time.
    private static func write(
      _ board: Scoreboard, _ format: HistoryFile.Format, _ write: ([UInt8]) throws(FileSystemError) -> Void
    ) throws {
      var text: [UInt8] = Array(HistoryFile.header(format).utf8)
      text.reserveCapacity(1 << 20)
      var failure: FileSystemError?
      try board.answers.eachAnswer { answer in
        text += HistoryFile.line(answer, format).utf8
        if text.count >= 1 << 20, failure == nil {
          do throws(FileSystemError) {
            try write(text)
            text.removeAll(keepingCapacity: true)
          } catch { failure = error }
        }
      }
      if let failure { throw failure }
      try write(text)
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Add the answers of a file that `history export` wrote.",
      discussion: """
        An answer already kept (the same id), or taken back, is not added again; a file without ids \
        (0.6.0 and earlier) gets them derived, so importing it twice adds nothing; \
        an empty rating is the result's. A row must be an answer the trainer could have given: a verb \
        of the catalog, a tense and person it has, a date from 2000 to now, a row marked correct whose \
        answer is right, a rating its result can earn (wrong: again; accents-only: hard). A file with \
        any bad row imports nothing: each bad row is listed with its line number and the reason, and \
        the exit status is 1. The review schedule is replayed with the answers added, in time order.
        """)

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: "csv or json; by default, from the file's extension (.csv, .json, .jsonl).")
    var format: HistoryFile.Format?

    private func usage(_ message: String) -> UsageFailure {
      UsageFailure(message: message, command: Self.self, path: "conjugar history import")
    }

    /// The file's checks are made here, in the World main chose, not in validate(): parsing reads
    /// no dependeffect. (Usage errors, status 2, as validate's.)
    func run() throws {
      if Current.fileSystem.entry(file)?.kind == .directory {
        throw usage("\(InfinitiveError.shown(file)) is a directory: give the file `history export` wrote.")
      }
      guard let format = format ?? HistoryFile.Format(path: file) else {
        throw usage("Give --format csv or json: the extension of \(InfinitiveError.shown(file)) says neither.")
      }
      let bytes = try NamedFile.utf8(file, otherwise: "nothing imported")
      let (answers, rows) = HistoryFile.read(
        bytes: bytes, format, checking: HistoryCheck(conjugator: Current.conjugator, now: Current.clock.now()))
      try Self.refuse(rows, in: file)
      let board = try Current.history()
      do {
        let summary = try board.answers.importAnswers(consume answers)
        StandardOutput.line("Imported \(summary.added) answer\(summary.added == 1 ? "" : "s") (\(summary.alreadyKept) already kept).")
      } catch {
        throw CommandFailure("nothing imported: \(error)")
      }
    }
  }
}

extension History.Import {
  /// A file with bad rows imports nothing: each row named with its line and reason, exit 1.
  static func refuse(_ rows: [HistoryFile.BadRow], in file: String) throws {
    guard !rows.isEmpty else { return }
    for row in rows { StandardError.write("conjugar: \(file), \(row)\n") }
    throw CommandFailure("\(rows.count) bad row\(rows.count == 1 ? "" : "s"); nothing imported")
  }
}

struct Schedule: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schedule", abstract: "List every form practised, with its review state and when it comes back.",
    discussion: """
      JSON: one object per line with the keys verb tense person state step stability difficulty due \
      last_review reps lapses (state learning, review or relearning; dates in ISO 8601, UTC).
      """)


  @Flag(help: "Only the forms due now (not the suspended ones, unless --suspended).")
  var due = false

  @Flag(help: "Only the suspended forms (`conjugar items suspend`, the browser's s).")
  var suspended = false

  @Flag(help: "Only the leeches: forms forgotten as many times as the leech-threshold setting says.")
  var leeches = false

  @Option(help: "table (for people) or json (one object per line).")
  var format: TableOrJSON = .table

  func run() throws {
    var items: [ItemState]
    do {
      items = try Current.readingHistory { board in
        var items = try board.items.items(due ? Current.clock.now() : nil)
        if due || suspended {
          let marked = try board.items.itemMarks().suspended
          items = items.filter { marked.contains($0.item) == suspended }
        }
        return items
      }
      if leeches {
        guard let threshold = Current.settings.values.leechThreshold.count else {
          throw CommandFailure("leeches are off (the setting leech-threshold)")
        }
        items = items.filter { $0.lapses >= threshold }
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("the schedule can't be read: \(error)")
    }
    var out = StandardOutput()
    out.write(format == .json ? ScheduleReport.json(items) : ScheduleReport.table(items))
    out.flush()
  }
}
