import ConjugarCore
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

@testable import conjugar

/// The commands that move a home's marks, settings and answers between homes (`items`, `export`,
/// `import`), each run in the unit-test World with a history and files in memory.
@Suite struct HomeCommandTests {
  @Test func aSuspendedFormIsExportedAndImportedElsewhere() throws {
    let files = InMemoryFiles()
    let here = try historyWorld(CommandFixtures.answers, files: files)
    let suspend = run(["items", "suspend", "tener", "--tense", "presente", "--person", "yo"], in: here)
    #expect(suspend.output == "Suspended 1 form of tener, presente, yo.\n")
    let marks = run(["items", "export"], in: here)
    #expect(marks.output == "date,verb,tense,person,action\n2026-11-24T12:00:00.000Z,tener,presente,yo,suspend\n")

    try files.client.write(marks.output, to: "/home/ana/marks.csv")
    let elsewhere = try historyWorld(files: files)
    let imported = run(["items", "import", "/home/ana/marks.csv"], in: elsewhere)
    #expect(imported.status == 0)
    #expect(imported.output == "Changed the marks of 1 form.\n")
    #expect(try elsewhere.scoreboard.items.itemMarks().suspended == [Item(verb: "tener", tense: "presente", person: "yo")])
    #expect(run(["items", "import", "/home/ana/marks.csv"], in: elsewhere).output == "Changed the marks of 0 forms.\n")
  }

  @Test func aHomeExportedIsTheSameHomeImported() throws {
    let files = InMemoryFiles()
    let here = try historyWorld(CommandFixtures.answers, settings: ["region": "spain"], files: files)
    _ = run(["items", "suspend", "tener", "--tense", "presente", "--person", "yo"], in: here)
    let exported = run(["export", "/home/ana/all.conjugar"], in: here)
    #expect(exported.status == 0)
    #expect(exported.output == "Exported 3 answers, the marks of 1 form and 1 setting to /home/ana/all.conjugar.\n")
    #expect(files.text("/home/ana/all.conjugar")?.hasPrefix("# conjugar export 2\n[answers 4]\n") == true)
    #expect(files.text("/home/ana/all.conjugar")?.hasSuffix("\n[end answers 3, withdrawn 0, marks 1, memory 0, settings 1]\n") == true)

    let elsewhere = try historyWorld(files: files)
    let first = run(["import", "/home/ana/all.conjugar"], in: elsewhere)
    #expect(first.status == 0)
    #expect(
      first.output.hasPrefix(
        "Imported 3 answers (0 already kept), the marks of 1 form and 1 setting from /home/ana/all.conjugar.\n"))
    let second = run(["import", "/home/ana/all.conjugar"], in: elsewhere)
    #expect(second.output == "Imported 3 answers (3 already kept), the marks of 1 form and 1 setting from /home/ana/all.conjugar.\n")
    #expect(elsewhere.settings.region == .spain)
    #expect(run(["export", "/home/ana/again.conjugar"], in: elsewhere).status == 0)
    #expect(files.text("/home/ana/again.conjugar") == files.text("/home/ana/all.conjugar"))
  }

  /// Issue 40, 10: the same file imported twice says nothing of weights "fitted later": they are the
  /// same weights; weights here fitted after the file's are said to stay in use.
  @Test func theSameWeightsImportedAgainAreNotCalledFittedLater() throws {
    let files = InMemoryFiles()
    let here = try historyWorld(CommandFixtures.answers, files: files)
    let fitted = FittedMemory(
      weights: Parameters.defaultWeights, date: CommandFixtures.now.addingTimeInterval(-3_600), reviews: 3, logLoss: 0.3,
      rmseBins: 0.05)
    _ = try here.scoreboard.memory.applyFittedMemory(fitted)
    #expect(run(["export", "/home/ana/all.conjugar"], in: here).status == 0)
    let elsewhere = try historyWorld(files: files)
    let first = run(["import", "/home/ana/all.conjugar"], in: elsewhere)
    #expect(first.status == 0 && !first.output.contains("fitted later"), "\(first.output)")
    let second = run(["import", "/home/ana/all.conjugar"], in: elsewhere)
    #expect(second.status == 0)
    #expect(!second.output.contains("fitted later"), "\(second.output)")
    // Weights fitted here after the file's stay, and the import says so.
    var later = fitted
    later.date = CommandFixtures.now
    _ = try elsewhere.scoreboard.memory.applyFittedMemory(later)
    let third = run(["import", "/home/ana/all.conjugar"], in: elsewhere)
    #expect(third.output.contains("The weights in use here, fitted later, stay in use."), "\(third.output)")
  }

  /// Issue 40: an export cut after a whole section imports nothing, and says what it misses.
  @Test func anExportCutShortImportsNothing() throws {
    let files = InMemoryFiles()
    let here = try historyWorld(CommandFixtures.answers, settings: ["region": "spain"], files: files)
    #expect(run(["export", "/home/ana/all.conjugar"], in: here).status == 0)
    let whole = try #require(files.text("/home/ana/all.conjugar"))
    let cut = String(whole[..<whole.range(of: "[memory 0]\n")!.lowerBound])
    try files.client.write(cut, to: "/home/ana/cut.conjugar")
    let lines = cut.count(where: { $0 == "\n" })
    let elsewhere = try historyWorld(files: files)
    let result = run(["import", "/home/ana/cut.conjugar"], in: elsewhere)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.error == "conjugar: /home/ana/cut.conjugar, line \(lines + 1): the file ends without the sections [memory] and "
        + "[settings] and its end line: it was cut short\nconjugar: 1 bad row; nothing imported\n")
    #expect(elsewhere.settings.region == .latinAmerica)
  }

  @Test func anExportThatCannotBeWrittenSaysWhyAndWritesNothing() throws {
    let files = InMemoryFiles(["/home/ana/file": "a file, not a folder"])
    let result = run(["export", "/home/ana/file/all.conjugar"], in: try historyWorld(CommandFixtures.answers, files: files))
    #expect(result.status == 1)
    #expect(result.error == "conjugar: can't write /home/ana/file/all.conjugar: Not a directory; nothing written\n")
    #expect(files.paths == ["/", "/home", "/home/ana", "/home/ana/file"])
  }
}

/// Files a learner names that must not be written over, or that come from an editor of their own.
@Suite struct NamedFileTests {
  /// `--output` at the history's own database (or a link to it) would put a CSV in its place.
  @Test func anExportNeverReplacesTheHistorysDatabase() throws {
    let database = "/home/ana/.local/share/conjugar/scores.sqlite"
    let files = InMemoryFiles([database: "SQLite format 3", database + "-wal": "journal"])
    files.put("/home/ana/link.csv", .link(database))
    var world = try historyWorld(CommandFixtures.answers, files: files)
    world.scoreboard.location = database
    for arguments in [
      ["history", "export", "--output", database], ["history", "export", "--output", "/home/ana/link.csv"],
      ["export", database + "-wal"],
    ] {
      let result = run(arguments, in: world)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.error.hasSuffix(" is the history's own database; give another file; nothing written\n"))
    }
    #expect(files.text(database) == "SQLite format 3")
    #expect(files.text(database + "-wal") == "journal")
    #expect(run(["history", "export", "--output", "/home/ana/history.csv"], in: world).status == 0)
  }

  /// A verbs file saved by an editor that starts its files with a byte order mark, with Windows'
  /// line ends, reads as the same verbs.
  @Test func aVerbsFileWithAByteOrderMarkAndWindowsLineEnds() {
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    let files = InMemoryFiles()
    files.put("/home/ana/verbs.txt", .file([0xEF, 0xBB, 0xBF] + Array("tener\r\nir # to go\r\n".utf8)))
    world.fileSystem = files.client
    let result = run(["drill", "--verbs-file", "/home/ana/verbs.txt", "--tenses", "presente", "--count", "4", "--format", "json"], in: world)
    #expect(result.status == 0, "\(result.error)")
    let verbs = Set(result.output.split(separator: "\n").compactMap { $0.split(separator: "\"").dropFirst(3).first })
    #expect(verbs == ["tener", "ir"])
  }
}
