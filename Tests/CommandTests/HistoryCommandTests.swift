import ConjugarCore
import FileStorage
import Foundation
import ScoreboardClient
import Synchronization
import Testing

@testable import conjugar

/// The commands that read and write the history, each run in the unit-test World with a score
/// board in memory: what they print, and their exit status.
@Suite struct HistoryCommandTests {
  @Test func statsCountsTheAnswersAsJSON() throws {
    let result = run(["stats", "--format", "json"], in: try historyWorld(CommandFixtures.answers))
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.output.hasPrefix(#"{"answers":3,"correct":2,"accents_only":0,"wrong":1,"#))
    #expect(result.output.hasSuffix("}\n"))
  }

  @Test func statsOfAnEmptyHistory() throws {
    let result = run(["stats"], in: try historyWorld())
    #expect(result.status == 0)
    #expect(result.output.contains("0"))
  }

  @Test func statsRefusesABadDay() throws {
    let result = run(["stats", "--since", "yesterday"], in: try historyWorld())
    #expect(result.status == 2)
    #expect(result.error.contains("--since takes a day as YYYY-MM-DD"))
    #expect(result.output == "")
  }

  @Test func exportWritesEveryAnswerOldestFirst() throws {
    let files = InMemoryFiles()
    let result = run(["history", "export"], in: try historyWorld(CommandFixtures.answers, files: files))
    #expect(result.status == 0)
    #expect(files.paths == ["/", "/tmp"], "the copy in the temporary folder is gone")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0] == "date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden,id")
    #expect(lines[1].hasPrefix("2026-11-23T12:00:00Z,tener,preterito,yo,tuve,tuve,correct,good,2,written,false,"))
    #expect(lines[3].hasPrefix("2026-11-23T12:00:20Z,hablar,presente,nosotros,hablamos,hablamos,correct,"))
  }

  @Test func anExportImportedIntoAnEmptyHomeGivesTheSameExport() throws {
    let files = InMemoryFiles()
    let file = "/home/ana/history.csv"
    let first = run(["history", "export", "--output", file], in: try historyWorld(CommandFixtures.answers, files: files))
    #expect(first.status == 0)
    #expect(first.output == "")

    let empty = try historyWorld(files: files)
    let imported = run(["history", "import", file], in: empty)
    #expect(imported.status == 0)
    #expect(imported.output == "Imported 3 answers (0 already kept).\n")
    let again = run(["history", "import", file], in: empty)
    #expect(again.output == "Imported 0 answers (3 already kept).\n")

    let exported = run(["history", "export"], in: empty)
    #expect(exported.output == files.text(file))
  }

  /// An export that fails half way leaves the file it would replace as it was, and nothing beside it.
  @Test func anExportThatFailsHalfWayWritesNothing() throws {
    let file = "/home/ana/history.csv"
    let files = InMemoryFiles([file: "the export before\n"])
    var world = try historyWorld(CommandFixtures.answers, files: files)
    var board = world.scoreboard
    board.answers.eachAnswer = { body in
      try body(CommandFixtures.answers[0])
      throw SQLiteError(code: 10, message: "disk I/O error")
    }
    world.scoreboard = board
    let result = run(["history", "export", "--output", file], in: world)
    #expect(result.status == 1)
    #expect(result.error == "conjugar: the history can't be read: disk I/O error; nothing written\n")
    #expect(files.text(file) == "the export before\n")
    #expect(files.paths == ["/", "/home", "/home/ana", file])
  }

  @Test func theScheduleTableHasAColumnAKey() throws {
    let result = run(["schedule"], in: try historyWorld(CommandFixtures.answers))
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true) == ScheduleReport.keys.map { Substring($0) })
    #expect(Set(lines.map(\.count)).count <= 2, "the columns are aligned: \(lines)")
  }

  @Test func importRefusesAFileWithABadRowAndKeepsNothing() throws {
    let file = "/home/ana/bad.csv"
    let files = InMemoryFiles([
      file: """
        date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden
        2026-11-23T12:00:00Z,tener,preterito,yo,tuve,tuve,correct,,2,written,false
        2026-11-23T12:00:10Z,tener,preterito,yo,tuve,tube,correct,,2,written,false

        """
    ])
    let world = try historyWorld(files: files)
    let result = run(["history", "import", file], in: world)
    #expect(result.status == 1)
    #expect(result.error.contains("bad.csv, line 3"))
    #expect(result.error.hasSuffix("1 bad row; nothing imported\n"))
    #expect(try world.scoreboard.answers.history(10).isEmpty)
  }

  /// Issue 39, §3: an import is a door too: a row whose answer holds an escape sequence is a bad
  /// line, named, and nothing is imported.
  @Test func importRefusesAnAnswerWithAControlCharacter() throws {
    let file = "/home/ana/coloured.csv"
    let files = InMemoryFiles([
      file: "date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden\n"
        + "2026-11-23T12:00:00Z,tener,presente,yo,tengo,tengo,correct,,2,written,false\n"
        + "2026-11-23T12:00:10Z,tener,presente,yo,tengo,ten\u{1B}[31mgo,wrong,,2,written,false\n"
    ])
    let world = try historyWorld(files: files)
    let result = run(["history", "import", file], in: world)
    #expect(result.status == 1)
    #expect(result.error.contains("coloured.csv, line 3: the answer is none the trainer takes: it holds a control character (U+001B)"))
    #expect(!result.error.contains("\u{1B}"))
    #expect(try world.scoreboard.answers.history(10).isEmpty)
  }

  /// A file named on the command line that can't be read says why, in one line, and changes nothing.
  @Test func aNamedFileThatCannotBeReadIsSaidSo() throws {
    let files = InMemoryFiles(["/home/ana/old.csv": "date,verb\n"])
    files.put("/home/ana/latin1.csv", .file([0x64, 0x61, 0x74, 0x65, 0x0A, 0xE9]))
    files.put("/home/ana/exports", .directory)
    let world = try historyWorld(files: files)
    let cases: [([String], String)] = [
      (["history", "import", "/home/ana/none.csv"], "conjugar: /home/ana/none.csv does not exist; nothing imported\n"),
      (["history", "import", "/home/ana/latin1.csv"], "conjugar: /home/ana/latin1.csv is not UTF-8 text; nothing imported\n"),
      (["items", "import", "/home/ana/none.csv"], "conjugar: /home/ana/none.csv does not exist; nothing imported\n"),
      (["import", "/home/ana/exports"], "conjugar: can't read /home/ana/exports: Is a directory; nothing imported\n"),
    ]
    for (arguments, error) in cases {
      let result = run(arguments, in: world)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.error == error)
      #expect(result.output == "")
    }
    let folder = run(["history", "import", "/home/ana/exports"], in: world)
    #expect(folder.status == 2)
    #expect(folder.error.contains("/home/ana/exports is a directory: give the file `history export` wrote."))
    #expect(try world.scoreboard.answers.history(10).isEmpty)
  }

  @Test func scheduleListsEachFormPractised() throws {
    let result = run(["schedule", "--format", "json"], in: try historyWorld(CommandFixtures.answers))
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"verb":"#) && $0.contains(#""reps":1"#) })
    #expect(lines.contains { $0.contains(#""verb":"tener","tense":"presente","person":"yo","state":"learning""#) })
  }

  @Test func scheduleOfLeechesWhenLeechesAreOff() throws {
    let result = run(
      ["schedule", "--leeches"], in: try historyWorld(CommandFixtures.answers, settings: ["leech-threshold": "0"]))
    #expect(result.status == 1)
    #expect(result.error == "conjugar: leeches are off (the setting leech-threshold)\n")
  }

  @Test func aHistoryThatCannotBeOpenedStopsTheCommand() throws {
    var world = try historyWorld()
    var board = world.scoreboard
    board.unusable = "/home/x/.local/share/conjugar: Permission denied"
    world.scoreboard = board
    let result = run(["stats"], in: world)
    #expect(result.status == 1)
    #expect(result.error == "conjugar: the history can't be opened: /home/x/.local/share/conjugar: Permission denied\n")
  }

  /// Damage met as a command reads opens the history again (the opening salvages it) and reads
  /// once more.
  @Test func damageMetWhileReadingOpensTheHistoryAgain() throws {
    var world = try historyWorld(CommandFixtures.answers)
    let salvaged = world.scoreboard
    let damaged = {
      var board = salvaged
      board.answers.eachAnswer = { _ in throw SQLiteError(code: 11, message: "database disk image is malformed") }
      return board
    }()
    let openings = Counter()
    world.scoreboard(opening: { openings.next() == 1 ? damaged : salvaged })
    let result = run(["history", "export"], in: world)
    #expect(result.status == 0)
    #expect(openings.count == 2)
    #expect(result.error == "conjugar: database disk image is malformed\n")
    #expect(result.output.split(separator: "\n").count == 4)
  }
}

/// Counts calls, from any thread.
final class Counter: Sendable {
  private let value = Mutex(0)
  var count: Int { value.withLock { $0 } }
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
