import CSQLite
import ClockClient
import ConjugarWorlds
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// A damaged score board is salvaged at the start, not set aside: every answer on a page that was
/// not damaged is back, and the derived tables are those its answers make.
@Suite struct SalvageTests {
  static let verbs = ["tener", "ser", "ir", "hablar", "comer", "vivir", "hacer", "decir", "poder", "querer"]
  static let tenses = ["presente", "preterito", "imperfecto", "futuro"]
  static let persons = ["yo", "tu", "el", "nosotros", "ellos"]

  /// 10,000 answers over 200 items, a few minutes apart, some with long answers (overflow pages).
  static let history: [AnsweredQuestion] = (0..<10_000).map { n in
    let result: AnswerResult = n % 4 == 0 ? .wrong : n % 7 == 0 ? .accentsOnly : .correct
    return AnsweredQuestion(
      verb: verbs[n % 10], tense: tenses[(n / 10) % 4], person: persons[(n / 40) % 5], expected: "x",
      given: n % 997 == 0 ? String(repeating: "largo ", count: 1500) : "given \(n)", result: result,
      date: Date(timeIntervalSince1970: 1_780_000_000 + Double(n) * 173), seconds: Double(n % 50) / 10 + 1)
  }

  /// What SQLite can still read of the file at `path`, one id at a time (as Python's sqlite3 would).
  static func readableByID(_ path: String, upTo highest: Int) -> Set<Int> {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, "SELECT given, result, date FROM answers WHERE id = ?", -1, &statement, nil)
      == SQLITE_OK
    else { return [] }
    var readable = Set<Int>()
    for id in 1...highest {
      sqlite3_reset(statement)
      sqlite3_bind_int64(statement, 1, Int64(id))
      // The row as it was written (a long one's rest is on overflow pages, which SQLite reads
      // without a check: damaged, they give other bytes, not an error).
      guard sqlite3_step(statement) == SQLITE_ROW, let given = sqlite3_column_text(statement, 0),
        let result = sqlite3_column_text(statement, 1)
      else { continue }
      let written = history[id - 1]
      if String(cString: given) == written.given, String(cString: result) == written.result.rawValue,
        sqlite3_column_int64(statement, 2) == Int64(written.date.timeIntervalSince1970)
      {
        readable.insert(id)
      }
    }
    return readable
  }

  /// The pages of the answers table's leaves, and the ids on each, read with SQLite's `dbstat`-free
  /// way: the rowid of each answer and the page SQLite found it on is not exposed, so the test reads
  /// the undamaged file's pages itself, as the file format describes (the same ``PageReader`` is
  /// not public: this is a second, independent reading of the same format).
  static func idsByPage(_ bytes: [UInt8], pageSize: Int = 4096) -> [Int: [Int64]] {
    var pages: [Int: [Int64]] = [:]
    for page in 2...(bytes.count / pageSize) {
      let start = (page - 1) * pageSize
      guard bytes[start] == 13 else { continue }  // a table leaf
      let cells = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
      for index in 0..<cells {
        var position = start + (Int(bytes[start + 8 + 2 * index]) << 8 | Int(bytes[start + 9 + 2 * index]))
        func varint() -> Int64 {
          var value: Int64 = 0
          for _ in 0..<9 {
            let byte = bytes[position]
            position += 1
            value = value << 7 | Int64(byte & 0x7F)
            if byte & 0x80 == 0 { break }
          }
          return value
        }
        _ = varint()  // the payload's size
        let rowid = varint()
        // The record's header: its size, then the first column's type and the rest; an answer's
        // row has 14 columns (13 before version 9, 12 before 8), the first (the id's alias) NULL.
        let headerStart = position
        let headerSize = Int(varint())
        var types = 0
        while position < headerStart + headerSize {
          _ = varint()
          types += 1
        }
        if (12...14).contains(types) { pages[page, default: []].append(rowid) }
      }
    }
    return pages
  }

  /// A dump's rows with each real number to the microsecond: the seconds summed in another order
  /// differ in their last bits.
  static func rounded(_ rows: [String]?) -> [String] {
    (rows ?? []).map { row in
      row.split(separator: "|", omittingEmptySubsequences: false).map { field in
        field.contains(".") ? Double(field).map { String(format: "%.6f", $0) } ?? String(field) : String(field)
      }.joined(separator: "|")
    }
  }

  @Test(arguments: [20_261_125, 7, 11] as [UInt64])
  func aDamagedDatabaseIsSalvaged(seed: UInt64) throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      do {
        let board = Scoreboard.live(directory: directory)
        _ = try board.answers.importAnswers(Self.history)
        try SQLiteScoreboardTests.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: path)
      }
      let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let answerPages = Self.idsByPage(original)
      #expect(answerPages.values.map(\.count).reduce(0, +) == 10_000)

      // 20 random offsets: the page each falls in overwritten with random bytes.
      var random = SplitMix64(seed: seed)  // seeded: the same damage every run
      var bytes = original
      var damaged = Set<Int>()
      while damaged.count < 20 {
        let page = Int(random.next() % UInt64(bytes.count)) / 4096 + 1
        guard damaged.insert(page).inserted else { continue }
        for offset in ((page - 1) * 4096)..<(page * 4096) { bytes[offset] = UInt8(truncatingIfNeeded: random.next()) }
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let copy = directory.appendingPathComponent("damaged-copy.sqlite").path
      try Data(bytes).write(to: URL(fileURLWithPath: copy))
      let readable = Self.readableByID(copy, upTo: 10_000)
      // The answers on sound pages (a long one, longer than the trainer's field, is set aside:
      // no trainer could have given it).
      let withinBounds = { (id: Int) in AnswerBounds.problem(with: Self.history[id - 1]) == nil }
      let onSoundPages = Set(answerPages.filter { !damaged.contains($0.key) }.values.joined().map(Int.init))
        .filter(withinBounds)

      let board = Scoreboard.live(directory: directory)
      let notice = try #require(board.notice)
      #expect(notice.hasPrefix("Your scores file was damaged: "), "\(notice)")
      // The long answers read were set aside, in a file named in the notice.
      #expect(notice.contains(" set aside in "), "\(notice)")
      let setAsideName = String(notice.split(separator: " set aside in ")[1].split(separator: ";")[0])
      let setAside = try String(contentsOf: directory.appendingPathComponent(setAsideName), encoding: .utf8)
      #expect(setAside.hasPrefix("id,reason,"))
      #expect(setAside.contains("more than the 200 the trainer takes"))
      var recovered: [AnsweredQuestion] = []
      try board.answers.eachAnswer { recovered.append($0) }
      // Each answer's place in the history (its first equal one), looked up among those giving the
      // same answer: not a search of all 10,000 for each.
      let byGiven = Dictionary(grouping: Self.history.indices, by: { Self.history[$0].given })
      let recoveredIDs = Set(recovered.compactMap { answer in
        byGiven[answer.given]?.first { Self.history[$0] == answer }.map { $0 + 1 }
      })
      #expect(recoveredIDs.count == recovered.count, "every answer recovered is one that was given")
      let lostFromSoundPages = onSoundPages.subtracting(recoveredIDs)
      let lostReadable = readable.filter(withinBounds).subtracting(recoveredIDs)
      #expect(lostFromSoundPages.isEmpty, "lost from sound pages: \(lostFromSoundPages.sorted().prefix(10))")
      #expect(lostReadable.isEmpty, "readable by id but lost: \(lostReadable.sorted().prefix(10))")
      print(
        "salvage: 20 pages damaged (\(damaged.filter { answerPages[$0] != nil }.count) of them answer leaves); "
          + "\(recovered.count) of 10,000 answers recovered; \(onSoundPages.count) on sound pages; "
          + "\(readable.count) readable by SQLite one id at a time; notice: \(notice.prefix(400))")

      // The derived tables are those the recovered answers make from scratch.
      let fresh = directory.appendingPathComponent("fresh")
      _ = try Scoreboard.live(directory: fresh).answers.importAnswers(recovered)
      let salvaged = UndoTests.dump(path), rebuilt = UndoTests.dump(fresh.appendingPathComponent("scores.sqlite").path)
      for table in ["items", "stats_slots", "stats_cells", "stats_cell_totals", "stats_verbs", "stats_days", "stats_missed"] {
        #expect(Self.rounded(salvaged[table]) == Self.rounded(rebuilt[table]), "\(table)")
      }
      // Opened again: nothing more to salvage.
      #expect(Scoreboard.live(directory: directory).notice == nil)
    }
  }

  /// A damaged file of version 11 (the identities as their sixteen digits: migration 12 not run,
  /// and rolled back when it meets the damage) is salvaged with its identities: each answer recovered
  /// keeps its own, kept in 8 bytes in the new file.
  @Test func aDamagedFileOfVersion11IsSalvagedWithItsIdentities() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("scores.sqlite").path
      var identities: [String: String] = [:]  // by the answer given
      do {
        let board = Scoreboard.live(directory: directory)
        _ = try board.answers.importAnswers(Array(Self.history[1..<997]))
        try board.answers.eachAnswer { identities[$0.given] = $0.id }
      }
      #expect(identities.count == 996)
      try SQLiteScoreboardTests.execute(
        """
        UPDATE answers SET uid = lower(hex(uid)); UPDATE withdrawn SET uid = lower(hex(uid));
        DELETE FROM grdb_migrations WHERE identifier = '12 identities in 8 bytes';
        PRAGMA wal_checkpoint(TRUNCATE);
        """, on: path)
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let leaf = try #require(Self.idsByPage(bytes).keys.sorted().last)
      for offset in ((leaf - 1) * 4096)..<(leaf * 4096) { bytes[offset] = 0x55 }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let salvaged = Scoreboard.live(directory: directory)
      #expect(salvaged.notice?.hasPrefix("Your scores file was damaged: ") == true, "\(salvaged.notice ?? "no notice")")
      var recovered: [AnsweredQuestion] = []
      try salvaged.answers.eachAnswer { recovered.append($0) }
      #expect(recovered.count > 900)
      #expect(recovered.allSatisfy { $0.id != nil && $0.id == identities[$0.given] })
      #expect(HistoryDatabaseTests.single("SELECT count(*) FROM answers WHERE typeof(uid) = 'blob' AND length(uid) = 8", in: path)
        == "\(recovered.count)")
    }
  }

  /// Answers still in the journal (the WAL file, not yet copied into the database) are salvaged
  /// too: SQLite reads them, one id at a time, where the pages of the file do not have them.
  @Test func answersInTheJournalAreSalvaged() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.importAnswers(Array(Self.history[..<2000]))
      try SQLiteScoreboardTests.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: board.location)
      for answer in Self.history[2000..<2010] { _ = try board.answers.recordAnswer(answer, .review) }
      // A copy of the file and its journal, taken while the board is open (the journal not yet
      // checkpointed), its last page of answers overwritten.
      let copy = directory.appendingPathComponent("copy")
      try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
      let target = copy.appendingPathComponent("scores.sqlite")
      try FileManager.default.copyItem(atPath: board.location + "-wal", toPath: target.path + "-wal")
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: board.location)))
      let leaf = try #require(Self.idsByPage(bytes).keys.sorted().first)
      for offset in ((leaf - 1) * 4096)..<(leaf * 4096) { bytes[offset] = 0x55 }
      try Data(bytes).write(to: target)
      let salvaged = Scoreboard.live(directory: copy)
      #expect(salvaged.notice?.hasPrefix("Your scores file was damaged: ") == true, "\(salvaged.notice ?? "no notice")")
      var recovered: [AnsweredQuestion] = []
      try salvaged.answers.eachAnswer { recovered.append($0) }
      #expect(Set(Self.history[2000..<2010].map(\.given)).isSubset(of: Set(recovered.map(\.given))), "the journal's answers")
    }
  }
}

/// Something other than a file at the database's path (a FIFO, a folder): the doctor says so at
/// once, and a restore of one is refused, never hanging on the opening.
@Test func theDoctorAndARestoreNeverOpenWhatIsNoFile() throws {
  try withTemporaryDirectory { directory in
    let path = directory.appendingPathComponent("scores.sqlite").path
    #expect(mkfifo(path, 0o600) == 0)
    let maintenance = HistoryMaintenance.live(directory: directory, files: .live, clock: .live)
    let examination = maintenance.examine(Scheduler())
    #expect(examination.checks.map(\.problems) == [["\(path) is not a file"]])
    #expect(examination.salvageable)
    #expect(throws: SQLiteError.self) { try maintenance.restore(path) }
    let empty = directory.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(throws: SQLiteError.self) { try maintenance.restore(empty) }
  }
}
