import CSQLite
import ConjugarCore
import ConjugarEngine
import ConjugarWorlds
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SyncClient
import SyncLive
import Testing

/// An answer's identity (``AnswerIdentity``) survives export, import and sync: answers that say the
/// same stay apart, a file without identities is a multiset, and an answer taken back is taken back
/// on every machine, those that join later included.
@Suite struct AnswerIdentityTests {
  static func temporary() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-identity-\(UUID().uuidString)")
  }

  static func export(_ board: Scoreboard) throws -> String {
    var text = HistoryFile.header(.csv)
    try board.answers.eachAnswer { text += HistoryFile.line($0, .csv) }
    return text
  }

  /// "I don't know" three times in one second on one form (the session asks it again at once).
  static let dontKnow = AnsweredQuestion(
    verb: "caber", tense: "presente", person: "yo", expected: "quepo", given: "", result: .wrong,
    date: Date(timeIntervalSince1970: 1_763_000_000), seconds: 0.4)

  @Test(arguments: [true, false])
  func answersInOneSecondThatSayTheSameStayApart(onDisk: Bool) throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    func board(_ name: String) -> Scoreboard {
      onDisk ? .live(directory: root.appendingPathComponent(name)) : .inMemory()
    }
    let here = board("here")
    for _ in 0..<3 { _ = try here.answers.recordAnswer(Self.dontKnow, .review) }
    _ = try here.answers.recordAnswer(Self.dontKnow, .review)
    let file = try Self.export(here)
    let read = HistoryFile.read(file, .csv)
    #expect(read.bad.isEmpty && read.answers.count == 4)
    #expect(Set(read.answers.compactMap(\.id)).count == 4, "four identities")

    let there = board("there")
    #expect(try there.answers.importAnswers(read.answers) == ImportSummary(added: 4, alreadyKept: 0))
    #expect(try Self.export(there) == file, "the same bytes after a round trip")
    #expect(try there.items.items(nil) == here.items.items(nil), "the same schedule")
    #expect(try there.answers.importAnswers(read.answers) == ImportSummary(added: 0, alreadyKept: 4))
  }

  /// A file of an earlier version (no `id` column): a row twice is two answers, and the same file
  /// imported twice adds nothing, on any machine.
  /// A new answer's identity takes its bits from the board's randomness (the World's), not from a
  /// generator of its own: its first twelve digits are the source's 48 low bits, and a later answer
  /// of the same second comes after it.
  @Test func aNewIdentityTakesItsBitsFromTheRandomnessGiven() throws {
    let board = Scoreboard.inMemory(random: RandomSource { 0xABCD_0000_1234_5678 })
    for _ in 0..<2 { _ = try board.answers.recordAnswer(Self.dontKnow, .review) }
    let ids = try board.answers.allAnswers().compactMap(\.id)
    #expect(ids.count == 2 && ids[0].hasPrefix("000012345678"))
    #expect(ids[1].prefix(12) > ids[0].prefix(12), "after the first of its second")
  }

  @Test(arguments: [HistoryFile.columnsWithoutID, HistoryFile.earlierColumns])
  func aFileWithoutIdentitiesIsAMultiset(columns: [String]) throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let row = HistoryFile.line(Self.dontKnow, .csv).split(separator: ",", omittingEmptySubsequences: false)
      .prefix(columns.count).joined(separator: ",")
    let file = columns.joined(separator: ",") + "\n" + row + "\n" + row + "\n"
    let read = HistoryFile.read(file, .csv)
    #expect(read.bad.isEmpty && read.answers.count == 2 && read.answers.allSatisfy { $0.id == nil })
    let one = Scoreboard.live(directory: root.appendingPathComponent("one"))
    let other = Scoreboard.live(directory: root.appendingPathComponent("other"))
    #expect(try one.answers.importAnswers(read.answers) == ImportSummary(added: 2, alreadyKept: 0))
    #expect(try one.answers.importAnswers(read.answers) == ImportSummary(added: 0, alreadyKept: 2))
    #expect(try other.answers.importAnswers(read.answers) == ImportSummary(added: 2, alreadyKept: 0))
    // The identities derived are the same on both machines: a sync between them adds nothing.
    #expect(try Self.export(one) == Self.export(other))
    let exported = HistoryFile.read(try Self.export(one), .csv).answers
    #expect(try other.answers.importAnswers(exported) == ImportSummary(added: 0, alreadyKept: 2))
  }

  /// A database kept before identities (version 8) gets them derived by migration 9, as an import
  /// of that version's export derives them: the old export, imported into the migrated home, adds
  /// nothing.
  @Test func theMigrationDerivesTheIdentitiesAnOldExportGets() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    var cabo = Self.dontKnow
    cabo.given = "cabo"
    let answers = Array(repeating: Self.dontKnow, count: 5) + [cabo]
    do {
      let board = Scoreboard.live(directory: root)
      for answer in answers { _ = try board.answers.recordAnswer(answer, .review) }
    }
    // Back to version 8: the indexes of version 10 as they were before it, no identities, no
    // answers taken back.
    var handle: OpaquePointer?
    let path = root.appendingPathComponent("scores.sqlite").path
    try #require(sqlite3_open(path, &handle) == SQLITE_OK)
    let sql = """
      DROP INDEX answers_order; DROP INDEX answers_item;
      CREATE INDEX answers_newest ON answers (date DESC, id DESC); CREATE INDEX answers_item ON answers (verb, tense, person, date);
      DROP INDEX answers_uid; DROP TABLE withdrawn; DROP TRIGGER answer_ids_deleted; DROP TABLE answer_ids;
      ALTER TABLE answers DROP COLUMN uid;
      DELETE FROM grdb_migrations WHERE identifier IN ('9 identities', '10 one order', '12 identities in 8 bytes');
      """
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    sqlite3_close(handle)
    try #require(status == SQLITE_OK)
    let migrated = Scoreboard.live(directory: root)
    #expect(migrated.notice == nil)
    var kept: [AnsweredQuestion] = []
    try migrated.answers.eachAnswer { kept.append($0) }
    #expect(kept.map(\.id) == Replay.ordered(AnswerIdentity.identified(answers)).map(\.id))
    #expect(Set(kept.compactMap(\.id)).count == 6)
    // The export of version 0.6.0 (eleven columns) adds nothing.
    let old = answers.map {
      HistoryFile.line($0, .csv).split(separator: ",", omittingEmptySubsequences: false).prefix(11).joined(separator: ",")
    }
    let file = HistoryFile.columnsWithoutID.joined(separator: ",") + "\n" + old.joined(separator: "\n") + "\n"
    #expect(try migrated.answers.importAnswers(HistoryFile.read(file, .csv).answers) == ImportSummary(added: 0, alreadyKept: 6))
  }

  /// The rows of `sql` on the database at `path`, each row's columns joined by `|` (NULL empty).
  static func rows(_ sql: String, in path: String) throws -> [String] {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    try #require(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, "\(sql)")
    var rows: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      rows.append((0..<sqlite3_column_count(statement)).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } ?? "" }
        .joined(separator: "|"))
    }
    return rows
  }

  static func execute(_ sql: String, on path: String) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    try #require(sqlite3_open(path, &handle) == SQLITE_OK)
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    try #require(status == SQLITE_OK, "\(String(cString: sqlite3_errmsg(handle)))")
  }

  /// The database at `path` as version 11 kept it: the identities as their sixteen digits
  /// (migration 12 not run yet).
  static func backToVersion11(_ path: String) throws {
    try execute(
      """
      UPDATE answers SET uid = lower(hex(uid)) WHERE typeof(uid) = 'blob';
      UPDATE withdrawn SET uid = lower(hex(uid)) WHERE typeof(uid) = 'blob';
      DELETE FROM grdb_migrations WHERE identifier = '12 identities in 8 bytes';
      PRAGMA wal_checkpoint(TRUNCATE);
      """, on: path)
    #expect(try rows("SELECT DISTINCT typeof(uid), length(uid) FROM answers", in: path) == ["text|16"])
  }

  /// Answers in one second, several saying the same, with identities from the lowest to the
  /// highest: the one order within that second is theirs.
  static func oneSecond() -> [AnsweredQuestion] {
    var cabo = dontKnow
    cabo.given = "cabo"
    var lowest = dontKnow, highest = cabo
    lowest.id = AnswerIdentity.make(0, for: lowest)
    highest.id = AnswerIdentity.make(0xFFFF_FFFF_FFFF, for: highest)
    return [dontKnow, highest, dontKnow, cabo, lowest]
  }

  /// Migration 12 keeps each identity (an answer's, one taken back) in 8 bytes, not its sixteen
  /// digits, and changes nothing that is read: a history of version 11, opened, has the same export,
  /// byte for byte (the same second's answers in the same order), the same schedule, and the answer
  /// it took back still withheld from an import, a merge and a bulk import.
  @Test func theMigrationKeepsTheIdentitiesInEightBytesAndNothingElseChanges() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("scores.sqlite").path
    let tuve = AnsweredQuestion(
      verb: "tener", tense: "preterito", person: "yo", expected: "tuve", given: "tuve", result: .correct,
      date: Date(timeIntervalSince1970: 1_763_000_100))
    let given: String, kept: String, withdrawn: [String], items: [ItemState]
    do {
      let board = Scoreboard.live(directory: root)
      #expect(try board.answers.importAnswers(Self.oneSecond()).added == 5)
      for _ in 0..<2 { _ = try board.answers.recordAnswer(Self.dontKnow, .review) }
      let last = try board.answers.recordAnswer(tuve, .review)
      given = try Self.export(board)
      try board.answers.undoAnswer(last)
      kept = try Self.export(board)
      withdrawn = try board.answers.withdrawn()
      items = try board.items.items(nil)
      #expect(withdrawn.count == 1 && given.contains(withdrawn[0]) && !kept.contains(withdrawn[0]))
      // Kept in 8 bytes from the start: the same digits read back.
      #expect(try Self.rows("SELECT DISTINCT typeof(uid), length(uid) FROM answers", in: path) == ["blob|8"])
      #expect(try Self.rows("SELECT lower(hex(uid)) FROM withdrawn", in: path) == withdrawn)
    }
    try Self.backToVersion11(path)
    #expect(try Self.rows("SELECT uid FROM withdrawn", in: path) == withdrawn)

    let migrated = Scoreboard.live(directory: root)
    #expect(migrated.notice == nil)
    #expect(try Self.rows("SELECT DISTINCT typeof(uid), length(uid) FROM answers", in: path) == ["blob|8"])
    #expect(try Self.rows("SELECT typeof(uid), length(uid), lower(hex(uid)) FROM withdrawn", in: path) == ["blob|8|\(withdrawn[0])"])
    #expect(try Self.export(migrated) == kept, "the same export, byte for byte")
    // The one order is the index's: the bytes sort as the digits did, the lowest first.
    let ids = HistoryFile.read(kept, .csv).answers.compactMap(\.id)
    #expect(try Self.rows("SELECT lower(hex(uid)) FROM answers ORDER BY date, uid", in: path) == ids)
    #expect(ids.first?.hasPrefix("000000000000") == true && ids.contains { $0.hasPrefix("ffffffffffff") })
    #expect(try migrated.answers.withdrawn() == withdrawn)
    #expect(try migrated.items.items(nil) == items, "the same schedule")
    // The answer taken back stays so: an import, a merge and a bulk import of it add nothing.
    let file = HistoryFile.read(given, .csv).answers
    #expect(try migrated.answers.importAnswers(file) == ImportSummary(added: 0, alreadyKept: 8))
    #expect(try migrated.answers.mergeAnswers(file) == ImportSummary(added: 0, alreadyKept: 8))
    let many = (0..<10_000).map { n in
      AnsweredQuestion(
        verb: "caber", tense: "presente", person: "yo", expected: "quepo", given: "quepo", result: .correct,
        date: Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 60))
    }
    #expect(try migrated.answers.importAnswers(many + file) == ImportSummary(added: 10_000, alreadyKept: 8))
    #expect(try Self.export(migrated).contains(withdrawn[0]) == false)
    #expect(try Self.rows("SELECT DISTINCT typeof(uid), length(uid) FROM answers", in: path) == ["blob|8"])
    // A new answer in that second gets an identity of its own (the highest there leaves no room
    // after it: a random one).
    _ = try migrated.answers.recordAnswer(Self.dontKnow, .review)
    #expect(try Self.rows("SELECT count(DISTINCT uid) FROM answers WHERE date = 1763000000 AND length(uid) = 8", in: path) == ["8"])
  }

  /// An identity that is none (a damaged row's) stays as it is through migration 12, and is damage
  /// as before: the salvage sets its answer aside and keeps the others with their identities.
  @Test func anIdentityThatIsNoneStaysDamage() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("scores.sqlite").path
    let before: [AnsweredQuestion]
    do {
      let board = Scoreboard.live(directory: root)
      _ = try board.answers.importAnswers(Self.oneSecond())
      var answers: [AnsweredQuestion] = []
      try board.answers.eachAnswer { answers.append($0) }
      before = answers
    }
    try Self.backToVersion11(path)
    let damaged = try #require(before.last?.id)
    try Self.execute("UPDATE answers SET uid = 'not an identity!' WHERE uid = '\(damaged)'", on: path)
    do {
      let board = Scoreboard.live(directory: root)
      #expect(board.notice == nil)
      #expect(try Self.rows("SELECT typeof(uid), count(*) FROM answers GROUP BY 1", in: path) == ["blob|4", "text|1"])
      #expect(try Self.rows("SELECT count(*) FROM answers WHERE uid = 'not an identity!'", in: path) == ["1"])
      #expect(throws: (any Error).self) { try board.answers.eachAnswer { _ in } }
    }
    let salvaged = Scoreboard.live(directory: root)
    let notice = try #require(salvaged.notice)
    #expect(notice.hasPrefix("Your scores file was damaged: 4 answers recovered; 1 damaged row was set aside"), "\(notice)")
    let name = String(notice.split(separator: " set aside in ")[1].split(separator: ";")[0])
    let setAside = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    #expect(setAside.contains("its identity is not one"), "\(setAside)")
    var answers: [AnsweredQuestion] = []
    try salvaged.answers.eachAnswer { answers.append($0) }
    #expect(answers.map(\.id) == before.dropLast().map(\.id))
    #expect(try Self.rows("SELECT DISTINCT typeof(uid), length(uid) FROM answers", in: path) == ["blob|8"])
  }

  /// Taken back after a sync wrote it out and another machine merged it: gone on every machine,
  /// and never counted on one that joins later.
  @Test func anAnswerTakenBackAfterASyncIsTakenBackEverywhere() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared.appendingPathComponent("machines"), withIntermediateDirectories: true)
    let setup = SyncSetup.folder(shared)
    let conjugator = sharedConjugator
    func machine(_ name: String) throws -> (data: URL, board: Scoreboard) {
      let data = root.appendingPathComponent(name)
      try setup.save(in: data, .live)
      return (data, Scoreboard.live(directory: data))
    }
    func sync(_ machine: (data: URL, board: Scoreboard)) throws -> SyncRun.Report {
      try SyncRun(
        setup: setup, data: machine.data, board: machine.board, conjugator: conjugator, git: Git.live, files: .live
      ).run(now: Date(timeIntervalSince1970: 1_764_000_000), random: .live)
    }
    let a = try machine("a"), b = try machine("b")
    let tuve = AnsweredQuestion(
      verb: "tener", tense: "preterito", person: "yo", expected: "tuve", given: "tuve", result: .correct,
      date: Date(timeIntervalSince1970: 1_763_000_000))
    _ = try a.board.answers.recordAnswer(tuve, .review)
    let kept = try a.board.answers.recordAnswer(Self.dontKnow, .review)
    _ = try sync(a)
    #expect(try sync(b).merged.added == 2)
    try a.board.answers.undoAnswer(kept)
    #expect(try sync(a).withdrawn == 0)
    let report = try sync(b)
    #expect(report.withdrawn == 1)
    #expect(report.summary.contains("1 answer taken back on another machine taken back here."), "\(report.summary)")
    let c = try machine("c")
    _ = try sync(c)
    for (name, board) in [("a", a.board), ("b", b.board), ("c", c.board)] {
      var answers: [AnsweredQuestion] = []
      try board.answers.eachAnswer { answers.append($0) }
      #expect(answers == [tuve], "\(name): \(answers.map(\.given))")
      #expect(try board.items.items(nil) == a.board.items.items(nil), "\(name)'s schedule")
      #expect(try board.answers.withdrawn().count == 1, "\(name) knows the answer taken back")
    }
    // A's file in the sync folder still holds it: imported, it brings nothing back.
    let own = shared.appendingPathComponent("machines").appendingPathComponent(try MachineID.load(in: a.data, random: .live, files: .live))
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: own.path).first { $0.hasPrefix("answers-") })
    let file = HistoryFile.read(try String(contentsOf: own.appendingPathComponent(name), encoding: .utf8), .csv)
    #expect(file.answers.count == 2)
    #expect(try c.board.answers.importAnswers(file.answers) == ImportSummary(added: 0, alreadyKept: 2))
  }
}
