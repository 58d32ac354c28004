import FileStorage
import Foundation
import CSQLite
import PlainText
import SQLite
import ScoreboardClient
import SpacedRepetition

/// What can still be read of a damaged score board, and its copy into a new one.
///
/// Two ways to each row, whichever reaches it: SQLite itself, one row at a time by its id (a
/// damaged page fails only the rows under it, and the journal's rows are there too); and
/// ``PageReader``, every table leaf page of the file read by the file format, which reaches rows
/// whose b-tree above them is damaged. A row is taken if its shape is that of a table's row (an
/// answer's twelve columns with a known result, or the nine of the first version; a score's six).
/// The derived tables — the items' review states and the statistics — are then rebuilt from the
/// answers recovered, as if they had been given in that order.
struct Salvage {
  struct Answer {
    var id: Int64
    var scoreID: Int64?
    var source: String
    var answer: AnsweredQuestion
    /// A row of version 9 on, whose identity column holds none (neither 8 bytes nor sixteen
    /// digits: ``Salvage/identity(_:)``): damaged.
    var identityLost = false
  }

  struct Score {
    var id: Int64
    var values: [DatabaseValue]
  }

  private(set) var answers: [Int64: Answer] = [:]
  private(set) var scores: [Int64: Score] = [:]
  /// The highest answer id seen, or stated by SQLite: how many answers there were, about.
  private(set) var highestID: Int64 = 0

  /// Rows read as answers that are none the trainer could have given (outside ``AnswerBounds``, or
  /// refused by the import's check): damaged bytes taken for a row. Never copied into the new
  /// database; written for the learner to read (``writeSetAside(to:files:)``).
  private(set) var setAside: [(answer: Answer, reason: String)] = []

  /// The answers recovered, and how many of those up to the highest id could not be read.
  var recovered: Int { answers.count }
  var lost: Int { max(0, Int(highestID) - answers.count - setAside.count) }

  /// Sets aside the answers outside ``AnswerBounds``, those with a time not to the millisecond (as
  /// every version has kept it: damaged bytes read as a number), and those `check` refuses (its
  /// reason).
  mutating func setAside(failing check: ((AnsweredQuestion) -> String?)?) {
    for (id, kept) in answers.sorted(by: { $0.key < $1.key }) {
      let seconds = kept.answer.seconds.flatMap { $0 == ($0 * 1000).rounded() / 1000 ? nil : "\($0) seconds is not to the millisecond" }
      let identity = kept.identityLost ? "its identity is not one"
        : AnswerIdentity.matches(kept.answer) ? nil : "it does not say what its identity was made for"
      guard let reason = AnswerBounds.problem(with: kept.answer) ?? seconds ?? identity ?? check?(kept.answer) else { continue }
      answers[id] = nil
      setAside.append((kept, reason))
    }
  }

  /// The answers set aside, as CSV for the learner to read: the row's id, why, and its fields.
  func writeSetAside(to path: String, files: FileClient) throws(FileSystemError) {
    func field(_ text: String) -> String {
      let printable = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
      return "\"" + printable.replacing(literal: "\"", with: "\"\"") + "\""
    }
    var text = "id,reason,date,verb,tense,person,expected,given,result,seconds\n"
    for (kept, reason) in setAside {
      let answer = kept.answer
      text += [
        String(kept.id), field(reason), UnixTime.iso8601(answer.date), field(String(answer.verb.prefix(100))),
        field(String(answer.tense.prefix(100))), field(String(answer.person.prefix(100))),
        field(String(answer.expected.prefix(300))), field(String(answer.given.prefix(300))), answer.result.rawValue,
        answer.seconds.map { "\($0)" } ?? "",
      ].joined(separator: ",") + "\n"
    }
    try files.write(Array(text.utf8), to: path)
  }

  /// Reads what it can of the database at `path` (and its journal), through SQLite, then of the
  /// bytes of the file itself.
  /// The largest file salvaged (some 3,000,000 answers): a larger one is taken for no score board
  /// of this app's (a sparse file of zeros, say), as reading it would hold up the start.
  static let largestFile = 1 << 29

  init(path: String, files: FileClient) {
    guard case .contents(let bytes, _) = files.read(path, Self.largestFile) else { return }
    let reader = PageReader(bytes)
    // Rows on the free list (deleted, or a damaged list's random pages) only where no other has the
    // id; the first version's rows (nine columns) only in a file of that version, not the copies
    // its migration left on free pages.
    let rows = reader.rows(onFreePages: false) + reader.rows(onFreePages: true)
    let current = rows.contains { $0.values.count >= 12 && Self.answer(id: $0.rowid, $0.values.map(Self.databaseValue)) != nil }
    for row in rows where !(current && row.values.count == 9) { take(row) }
    // SQLite opens only a file whose header it knows.
    if bytes.starts(with: Array("SQLite format 3\0".utf8)) { readThroughSQLite(path, files: files) }
  }

  private mutating func take(_ row: PageReader.Row) {
    let values = row.values.map(Self.databaseValue)
    if let answer = Self.answer(id: row.rowid, values) {
      if answers[row.rowid] == nil { answers[row.rowid] = answer }
      highestID = max(highestID, row.rowid)
    } else if values.count == 6, values[0].isNull, Int64.fromDatabaseValue(values[1]) != nil,
      Int64.fromDatabaseValue(values[2]) != nil, String.fromDatabaseValue(values[3]) != nil,
      String.fromDatabaseValue(values[4]) != nil, Int64.fromDatabaseValue(values[5]) != nil
    {
      if scores[row.rowid] == nil { scores[row.rowid] = Score(id: row.rowid, values: Array(values.dropFirst())) }
    }
  }

  /// Each row by its id, what SQLite can read: the file's rows and its journal's, which win. SQLite's
  /// own API, opened read-only, reading no more than the rows asked for (a `DatabaseQueue` reads the
  /// schema and sets up the connection first, which a damaged file may refuse).
  private mutating func readThroughSQLite(_ path: String, files: FileClient) {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    // A copy, with its journal: a read-only connection cannot rebuild a WAL file's index, and one
    // that can write would checkpoint into the damaged file on closing, which is kept as it was.
    let copy = path + "-salvage"
    defer { for suffix in [""] + Scoreboard.journalSuffixes { try? files.remove(copy + suffix) } }
    for suffix in ["", "-wal"] where files.exists(path + suffix) {
      try? files.remove(copy + suffix)
      guard (try? files.copy(path + suffix, copy + suffix)) != nil else { return }
    }
    guard sqlite3_open_v2(copy, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return }
    sqlite3_busy_timeout(handle, Int32(HistoryDatabase.busyTimeout * 1000))
    // Without a journal to add to the file, SQLite reaches no row the pages gave (their leaves are
    // the same bytes): it is asked for the others only, those under damaged pages.
    let journal = files.size(path + "-wal")
    let onlyMissing = journal <= 32  // a WAL file's header alone: no frames
    func rows(_ table: String, upTo highest: Int64, found: Set<Int64>, _ body: (Int64, [DatabaseValue]) -> Void) {
      var statement: OpaquePointer?
      defer { sqlite3_finalize(statement) }
      guard sqlite3_prepare_v2(handle, "SELECT * FROM \(table) WHERE id = ?", -1, &statement, nil) == SQLITE_OK,
        highest > 0
      else { return }
      for id in 1...highest where !(onlyMissing && found.contains(id)) {
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, id)
        guard sqlite3_step(statement) == SQLITE_ROW else { continue }
        let values = (0..<sqlite3_column_count(statement)).map { Self.value(statement, $0) }
        // A value on a damaged overflow page fails only as it is read.
        guard sqlite3_errcode(handle) == SQLITE_ROW else { continue }
        body(id, values)
      }
    }
    func highest(_ table: String) -> Int64 {
      var statement: OpaquePointer?
      defer { sqlite3_finalize(statement) }
      guard sqlite3_prepare_v2(handle, "SELECT max(id) FROM \(table)", -1, &statement, nil) == SQLITE_OK,
        sqlite3_step(statement) == SQLITE_ROW
      else { return 0 }
      return sqlite3_column_int64(statement, 0)
    }
    // SQLite's highest id, unless a damaged page makes it far more than the rows could be.
    let plausible = Int64(Self.largestFile / 20)
    highestID = max(highestID, min(highest("answers"), plausible))
    rows("answers", upTo: highestID, found: Set(answers.keys)) { id, values in
      if let answer = Self.answer(id: id, values) { answers[id] = answer }
    }
    rows("scores", upTo: max(scores.keys.max() ?? 0, min(highest("scores"), plausible)), found: Set(scores.keys)) { id, values in
      if values.count == 6 { scores[id] = Score(id: id, values: Array(values.dropFirst())) }
    }
  }

  /// A column of the row `statement` is on.
  private static func value(_ statement: OpaquePointer?, _ column: Int32) -> DatabaseValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return sqlite3_column_int64(statement, column).databaseValue
    case SQLITE_FLOAT: return sqlite3_column_double(statement, column).databaseValue
    case SQLITE_TEXT, SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      let bytes = sqlite3_column_blob(statement, column).map { Data(bytes: $0, count: count) } ?? Data()
      // As bytes: ``answer(id:_:)`` reads them as UTF-8 only if they are.
      return bytes.databaseValue
    default: return .null
    }
  }

  /// An answer from a row of `answers` (its first column the id's NULL alias, or the id): thirteen
  /// columns (version 8 on; a row kept before has twelve), twelve (version 2 on) or nine (version
  /// 1); nil if it is not one.
  static func answer(id: Int64, _ values: [DatabaseValue]) -> Answer? {
    let named: [String: DatabaseValue]
    switch values.count {
    case 12, 13, 14:
      named = Dictionary(uniqueKeysWithValues: zip(
        ["id", "score_id", "source", "verb", "tense", "person", "expected", "given", "result", "rating", "seconds", "date",
         "overridden", "uid"],
        values))
    case 9:
      named = Dictionary(uniqueKeysWithValues: zip(
        ["id", "score_id", "verb", "tense", "person", "expected", "given", "result", "date"], values))
    default: return nil
    }
    // Text that is not UTF-8 is damaged bytes, not an answer (SQLite and the pages hand on
    // whatever bytes are there).
    func text(_ key: String) -> String? {
      switch named[key]?.storage {
      case .string(let text): text.contains(literal: "\u{FFFD}") ? nil : text
      case .blob(let data): String(validating: data, as: UTF8.self)
      default: nil
      }
    }
    guard let verb = text("verb"), let tense = text("tense"), let person = text("person"),
      let expected = text("expected"), let given = text("given"),
      let result = text("result").flatMap(AnswerResult.init(rawValue:)),
      case .int64(let date) = named["date"]?.storage
    else { return nil }
    let scoreID: Int64? = if case .int64(let score) = named["score_id"]?.storage { score } else { nil }
    let seconds: Double? = switch named["seconds"]?.storage {
    case .double(let value): value
    case .int64(let value): Double(value)
    default: nil
    }
    let source = text("source") ?? "quiz"
    let answer = AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: expected, given: given, result: result,
      date: Date(timeIntervalSince1970: Double(date)), rating: text("rating").flatMap(Rating.init(name:)),
      seconds: seconds, mode: Schema.mode(ofSource: source),
      overridden: named["overridden"]?.storage == .int64(1), id: identity(named["uid"]))
    return Answer(id: id, scoreID: scoreID, source: source, answer: answer, identityLost: values.count == 14 && answer.id == nil)
  }

  /// The identity of a row's `uid`: its 8 bytes (version 12 on, ``StoredIdentity``), or its sixteen
  /// digits as text — migration 9's form, which a salvage reads in a file of version 9 to 11 and may
  /// find on free pages a later migration left; its check digits still tell a damaged one
  /// (``AnswerIdentity/matches(_:)``). Through SQLite a text comes as its bytes (``value(_:_:)``):
  /// 8 bytes are an identity's, 16 its digits'. Nil for anything else.
  static func identity(_ value: DatabaseValue?) -> String? {
    switch value?.storage {
    case .blob(let bytes) where bytes.count == 8: StoredIdentity.bits(bytes: bytes).map(StoredIdentity.text)
    case .blob(let bytes): String(validating: bytes, as: UTF8.self).flatMap { StoredIdentity.bits($0) }.map(StoredIdentity.text)
    case .string(let text): StoredIdentity.bits(text).map(StoredIdentity.text)
    default: nil
    }
  }

  static func databaseValue(_ value: PageReader.Value) -> DatabaseValue {
    switch value {
    case .null: .null
    case .integer(let value): value.databaseValue
    case .real(let value): value.databaseValue
    case .text(let value): value.databaseValue
    case .blob(let value): Data(value).databaseValue
    }
  }

  /// Writes what was recovered into `db`, a new database at the latest version: the scores and
  /// answers with their ids, then the summary tables and the items' states rebuilt from them. The
  /// triggers that count each answer and the answers' indexes are set aside meanwhile (the
  /// summaries are filled whole, as their migrations do; an index is made faster whole) and put
  /// back as they were.
  func write(into db: Database, scheduler: Scheduler) throws {
    // The triggers, and the answers' indexes (made faster whole than kept row by row), set aside.
    let aside = try SetAside(db)
    let insertScore = try db.makeStatement(
      sql: "INSERT INTO scores (id, score, date, difficulty, region, seconds) VALUES (?, ?, ?, ?, ?, ?)")
    for score in scores.values.sorted(by: { $0.id < $1.id }) {
      try insertScore.execute(arguments: StatementArguments([score.id.databaseValue] + score.values))
    }
    let insertAnswer = try db.makeStatement(sql: Schema.insertNumberedAnswer)
    // In time order, each identity once (a row without one, from before version 9, given the
    // derived one: ``AnswerIdentity``).
    var counter = AnswerIdentity.Counter()
    var identities = Set<String>()
    let ordered = answers.values.sorted { ($0.answer.date, $0.id) < ($1.answer.date, $1.id) }.compactMap { kept in
      var kept = kept
      kept.answer.id = kept.answer.id ?? counter.identity(of: kept.answer)
      return identities.insert(kept.answer.id!).inserted ? kept : nil
    }
    for kept in ordered {
      let answer = kept.answer
      // A score that was lost leaves its answers with no quiz.
      let scoreID = kept.scoreID.flatMap { scores[$0] == nil ? nil : $0 }
      try insertAnswer.execute(arguments: [
        kept.id, scoreID, kept.source, answer.verb, answer.tense, answer.person, Schema.text(answer.expected),
        Schema.text(answer.given), answer.result.rawValue, answer.rating.name, answer.seconds,
        UnixTime.seconds(answer.date), answer.overridden, answer.id.map(StoredIdentity.value),
      ])
    }
    // No new answer takes the id of one that could not be read (a sync may have written it out).
    try db.execute(sql: "UPDATE answer_ids SET last = max(last, ?)", arguments: [highestID])
    for summary in Schema.allSummaries { try db.execute(sql: Schema.fill(summary)) }
    try db.execute(sql: Schema.fillMissed)
    let replay = Replay(scheduler: scheduler, marks: try HistoryDatabase.marks(db))
    for state in replay.states(of: ordered.map(\.answer)).values { try HistoryDatabase.save(state, db) }
    try aside.makeIndexes(db)
    try aside.makeTriggers(db)
  }
}
