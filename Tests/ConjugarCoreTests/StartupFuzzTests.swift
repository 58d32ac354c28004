import CSQLite
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import Synchronization
import RandomClient
import BackgroundClient
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The device World started, for real, on a temporary home where the settings file, the score
/// database, its journals and the state files are hostile: truncated, random, of the wrong types,
/// huge, not UTF-8, another program's database, a truncated or damaged real one, random bytes
/// behind a SQLite header, a folder, a loop of symbolic links, a link to /dev/null, a FIFO. 300
/// seeded cases (the same every run; a failure names its case number and what was planted).
///
/// Whatever was there, the World starts (within a deadline: nothing may hang), a bad file is kept
/// aside (never deleted: its bytes are in the file the notice names), the defaults are used, and
/// `world.notices` says so; the settings and the score board then work, and the next start is clean.
@Suite(.serialized) struct StartupFuzzTests {
  static let cases = 300
  /// How long one start may take before it counts as a hang (generous: a loaded 2-core machine).
  static let deadline = 10.0

  typealias Generator = SplitMix64

  /// What is put at a path.
  enum Thing {
    case bytes([UInt8])
    /// A file of this many zero bytes, made with ftruncate (it takes no disk).
    case sparse(Int)
    case directory
    case fifo
    /// A symbolic link to itself.
    case symlinkLoop
    case symlink(to: String)
  }

  /// What a start must make of a thing.
  enum Verdict: Equatable {
    /// Used as it is: no notice.
    case fine
    /// Set aside with a notice, and a fresh start.
    case setAside
    /// (The score board) kept in memory with a notice, the thing left where it was.
    case inMemory
    /// Any of the three.
    case either
  }

  struct Plant {
    var kind: String
    var thing: Thing?
    var verdict: Verdict
    /// Put at the folder (`…/conjugar`) rather than at the file.
    var atFolder = false
  }

  struct Case {
    var settings: Plant
    var database: Plant
    /// At `scores.sqlite-wal`, `-shm` or `-journal`.
    var journal: (suffix: String, plant: Plant)?
    /// At `analytics.jsonl` or `review-prompter.json`.
    var state: (name: String, plant: Plant)?

    var description: String {
      var parts = ["settings: \(settings.kind)", "database: \(database.kind)"]
      if let journal { parts.append("scores.sqlite\(journal.suffix): \(journal.plant.kind)") }
      if let state { parts.append("\(state.name): \(state.plant.kind)") }
      return parts.joined(separator: ", ")
    }
  }

  // MARK: Settings files

  static let keys: [(String, [String])] = [
    ("region", Region.allCases.map(\.rawValue)), ("difficulty", Difficulty.allCases.map(\.rawValue)),
    ("quiz-second-person", SecondPerson.allCases.map(\.rawValue)),
    ("table-second-person", TableSecondPerson.allCases.map(\.rawValue)), ("sound", ["on", "off"]),
    ("analytics", ["on", "off"]),
  ]

  /// A settings file as a person might write it: comments, blank lines, spaces, CRLF, a BOM.
  static func validSettings(_ g: inout Generator) -> String {
    var lines = ["# conjugar settings", ""]
    for (key, values) in keys where Bool.random(using: &g) {
      let spaces = [" ", "", "\t", "  "]
      lines.append(
        spaces.randomElement(using: &g)! + key + spaces.randomElement(using: &g)! + "="
          + spaces.randomElement(using: &g)! + values.randomElement(using: &g)! + spaces.randomElement(using: &g)!)
      if Int.random(in: 0..<4, using: &g) == 0 { lines.append("# a comment = with an equals sign") }
    }
    let text = lines.joined(separator: Bool.random(using: &g) ? "\n" : "\r\n") + "\n"
    return Int.random(in: 0..<5, using: &g) == 0 ? "\u{FEFF}" + text : text
  }

  static let wrongLines = [
    "region = 42", "sound = yes", "sound = true", "sound = 1", "difficulty = EASY", "region = spain extra",
    "region: spain", "[settings]", "region = \"spain\"", "42 = region", "= spain", "region =", "region = 1e308",
    "analytics = null", "difficulty = [easy, moderate]", "{\"region\": \"spain\"}", "region = -1",
    "sound = off; analytics = off", "sound = \u{0}", "colour = blue", "REGION = spain", "region = spaın",
    "region = 99999999999999999999999999999999", "table-second-person = tú",
  ]

  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xFE, 0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
  ]

  static func randomBytes(_ g: inout Generator, _ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &g) }
  }

  static func settingsPlant(_ g: inout Generator) -> Plant {
    let valid = Array(validSettings(&g).utf8)
    switch Int.random(in: 0..<18, using: &g) {
    case 0: return Plant(kind: "missing", thing: nil, verdict: .fine)
    case 1, 2: return Plant(kind: "valid", thing: .bytes(valid), verdict: .fine)
    case 3, 4:
      let cut = Int.random(in: 0..<valid.count, using: &g)
      return Plant(kind: "valid, cut at byte \(cut)", thing: .bytes(Array(valid[..<cut])), verdict: .either)
    case 5:
      var text = validSettings(&g)
      text += wrongLines.randomElement(using: &g)! + "\n" + validSettings(&g)
      return Plant(kind: "a value of the wrong type", thing: .bytes(Array(text.utf8)), verdict: .setAside)
    case 6:
      let count = Int.random(in: 1_000...200_000, using: &g)
      let text = "sound = off\nregion = " + String(repeating: "spain", count: count / 5) + "\n"
      return Plant(kind: "a huge value (\(count) bytes)", thing: .bytes(Array(text.utf8)), verdict: .setAside)
    case 7:
      let size = [64 * 1024 + 1, 1 << 20, 1 << 31, Int.random(in: 65_537...(1 << 34), using: &g)].randomElement(using: &g)!
      return Plant(kind: "a huge file (\(size) bytes)", thing: .sparse(size), verdict: .setAside)
    case 8:
      var bytes = valid
      bytes.insert(contentsOf: invalidUTF8.randomElement(using: &g)!, at: Int.random(in: 0...bytes.count, using: &g))
      return Plant(kind: "not UTF-8", thing: .bytes(bytes), verdict: .setAside)
    case 9:
      return Plant(kind: "a NUL in a value", thing: .bytes(Array("sound = o\u{0}ff\n".utf8) + valid), verdict: .setAside)
    case 10:
      let bytes = randomBytes(&g, Int.random(in: 1...4_096, using: &g))
      return Plant(kind: "\(bytes.count) random bytes", thing: .bytes(bytes), verdict: .either)
    case 11:
      let text = AnswerCheckerFuzzTests.randomText(&g, length: 1...400)
      return Plant(kind: "random text", thing: .bytes(Array(text.utf8)), verdict: .either)
    case 12:
      let text = validSettings(&g)
      var utf16: [UInt8] = [0xFF, 0xFE]
      for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
      return Plant(kind: "UTF-16", thing: .bytes(utf16), verdict: .setAside)
    case 13: return Plant(kind: "a folder", thing: .directory, verdict: .setAside)
    case 14: return Plant(kind: "a FIFO", thing: .fifo, verdict: .setAside)
    case 15: return Plant(kind: "a symbolic link loop", thing: .symlinkLoop, verdict: .setAside)
    case 16:
      let device = ["/dev/null", "/dev/zero", "/dev/urandom"].randomElement(using: &g)!
      return Plant(kind: "a link to \(device)", thing: .symlink(to: device), verdict: .setAside)
    default:
      return Plant(kind: "a file where the folder should be", thing: .bytes(valid), verdict: .inMemory, atFolder: true)
    }
  }

  // MARK: Databases

  /// A real score database (100 quizzes of 20 answers), its bytes, and how many scores it holds.
  static let realDatabase: (bytes: [UInt8], scores: Int) = {
    let folder = temporaryFolder("template")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      // No integrity check in the background: its connection, open as the board closes, would keep
      // the journal from being folded into the file whose bytes are taken below.
      let board = Scoreboard.live(directory: folder, background: .noop)
      // Answers the trainer could have given, so that a salvage keeps them (HistoryCheck).
      let start = Date(timeIntervalSince1970: 1_760_000_000)
      for quiz in 0..<100 {
        let answers = (0..<20).map { n in
          AnsweredQuestion(
            verb: "tener", tense: "presente", person: "yo", expected: "tengo", given: n % 2 == 0 ? "tengo" : "tiengo \(quiz)",
            result: n % 2 == 0 ? .correct : .wrong, date: start + Double(quiz))
        }
        _ = try? board.answers.reportQuiz(
          ScoreRecord(score: quiz, date: start + Double(quiz), difficulty: .easy, region: .spain, seconds: 60), answers)
      }
    }  // the board closes here, and its journal is written back
    let bytes = (try? Data(contentsOf: folder.appendingPathComponent("scores.sqlite"))).map { Array($0) } ?? []
    return (bytes, 100)
  }()

  /// A database made by running `sql` (another program's, or one of another shape).
  static func database(_ sql: String) -> [UInt8] {
    let folder = temporaryFolder("other")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("db").path
    var handle: OpaquePointer?
    sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    sqlite3_exec(handle, sql, nil, nil, nil)
    sqlite3_close_v2(handle)
    return (try? Data(contentsOf: URL(fileURLWithPath: path))).map { Array($0) } ?? []
  }

  static let otherTables = database(
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('a'), ('b'), ('c');")
  static let otherShape = database("CREATE TABLE scores (name TEXT); INSERT INTO scores VALUES ('mine');")
  static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

  static func databasePlant(_ g: inout Generator) -> Plant {
    let real = realDatabase.bytes
    switch Int.random(in: 0..<19, using: &g) {
    case 0: return Plant(kind: "missing", thing: nil, verdict: .fine)
    case 1, 2: return Plant(kind: "a real database", thing: .bytes(real), verdict: .fine)
    case 3: return Plant(kind: "a database with other tables", thing: .bytes(otherTables), verdict: .fine)
    case 4: return Plant(kind: "an empty file", thing: .bytes([]), verdict: .fine)
    case 5, 6:
      let cut = Int.random(in: 1..<real.count, using: &g)
      return Plant(kind: "a real database cut at byte \(cut)", thing: .bytes(Array(real[..<cut])), verdict: .either)
    case 7:
      let pageCut = 4096 * Int.random(in: 1..<(real.count / 4096), using: &g)
      return Plant(kind: "a real database cut at byte \(pageCut)", thing: .bytes(Array(real[..<pageCut])), verdict: .either)
    case 8, 9:
      var bytes = real
      let count = Int.random(in: 1...32, using: &g)
      for _ in 0..<count { bytes[Int.random(in: 0..<bytes.count, using: &g)] = UInt8.random(in: 0...255, using: &g) }
      return Plant(kind: "a real database with \(count) bytes changed", thing: .bytes(bytes), verdict: .either)
    case 10:
      let bytes = sqliteHeader + randomBytes(&g, Int.random(in: 84...65_536, using: &g))
      return Plant(kind: "a SQLite header and \(bytes.count - 16) random bytes", thing: .bytes(bytes), verdict: .setAside)
    case 11:
      let bytes = randomBytes(&g, Int.random(in: 1...8_192, using: &g))
      return Plant(kind: "\(bytes.count) random bytes", thing: .bytes(bytes), verdict: bytes.count < 100 ? .either : .setAside)
    case 12:
      let size = [1 << 20, 1 << 30, Int.random(in: 512...(1 << 34), using: &g)].randomElement(using: &g)!
      return Plant(kind: "\(size) zero bytes", thing: .sparse(size), verdict: .setAside)
    case 13: return Plant(kind: "a database of another shape", thing: .bytes(otherShape), verdict: .inMemory)
    case 14: return Plant(kind: "a folder", thing: .directory, verdict: .inMemory)
    case 15: return Plant(kind: "a FIFO", thing: .fifo, verdict: .setAside)
    case 16: return Plant(kind: "a symbolic link loop", thing: .symlinkLoop, verdict: .setAside)
    case 17:
      let device = ["/dev/null", "/dev/zero"].randomElement(using: &g)!
      return Plant(kind: "a link to \(device)", thing: .symlink(to: device), verdict: .setAside)
    default:
      return Plant(kind: "a file where the folder should be", thing: .bytes(real), verdict: .inMemory, atFolder: true)
    }
  }

  /// Something at one of the journals' paths, beside a real database.
  static func journalPlant(_ g: inout Generator) -> (String, Plant) {
    let suffix = ["-wal", "-shm", "-journal"].randomElement(using: &g)!
    switch Int.random(in: 0..<4, using: &g) {
    case 0:
      let bytes = randomBytes(&g, Int.random(in: 1...40_000, using: &g))
      return (suffix, Plant(kind: "\(bytes.count) random bytes", thing: .bytes(bytes), verdict: .fine))
    case 1: return (suffix, Plant(kind: "a FIFO", thing: .fifo, verdict: .setAside))
    case 2: return (suffix, Plant(kind: "a folder", thing: .directory, verdict: .setAside))
    default: return (suffix, Plant(kind: "a link to /dev/zero", thing: .symlink(to: "/dev/zero"), verdict: .setAside))
    }
  }

  /// Something at the analytics log or the review prompter's memory: the World must not hang on it.
  static func statePlant(_ g: inout Generator) -> (String, Plant) {
    let name = ["analytics.jsonl", "review-prompter.json"].randomElement(using: &g)!
    let things: [(String, Thing)] = [
      ("a FIFO", .fifo), ("a folder", .directory), ("a symbolic link loop", .symlinkLoop),
      ("random bytes", .bytes(randomBytes(&g, 300))), ("a link to /dev/zero", .symlink(to: "/dev/zero")),
    ]
    let (kind, thing) = things.randomElement(using: &g)!
    return (name, Plant(kind: kind, thing: thing, verdict: .either))
  }

  static func makeCase(_ g: inout Generator) -> Case {
    var plan = Case(settings: settingsPlant(&g), database: databasePlant(&g))
    let real = Plant(kind: "a real database", thing: .bytes(realDatabase.bytes), verdict: .fine)
    if Int.random(in: 0..<5, using: &g) == 0 {
      plan.database = real
      let (suffix, plant) = journalPlant(&g)
      plan.journal = (suffix, plant)
    }
    if Int.random(in: 0..<6, using: &g) == 0 {
      let (name, plant) = statePlant(&g)
      plan.state = (name, plant)
    }
    return plan
  }

  // MARK: Planting

  static func temporaryFolder(_ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-startup-\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func plant(_ thing: Thing, at path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    switch thing {
    case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
    case .sparse(let size):
      let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      defer { close(descriptor) }
      guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else { throw POSIXError(.EIO) }
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try Data("someone's file\n".utf8).write(to: URL(fileURLWithPath: path + "/inside"))
    case .fifo: guard mkfifo(path, 0o644) == 0 else { throw POSIXError(.EIO) }
    case .symlinkLoop: guard symlink(path, path) == 0 else { throw POSIXError(.EIO) }
    case .symlink(let target): guard symlink(target, path) == 0 else { throw POSIXError(.EIO) }
    }
  }

  /// Runs `body` on a thread of its own; nil if it has not returned within `seconds` (then it is
  /// left running: a hang, which the test reports).
  static func withinDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.withLock { $0 }
  }

  /// The name in a notice's "kept as NAME, …" or "kept as NAME."
  static func keptName(_ notice: String) -> String? {
    guard let range = notice.range(of: "kept as ") else { return nil }
    var name = notice[range.upperBound...].prefix { $0 != "," && $0 != " " }
    if name.hasSuffix(".") { name.removeLast() }
    return String(name)
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func count(_ table: String, in path: String) -> Int? {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, "SELECT count(*) FROM \(table)", -1, &statement, nil) == SQLITE_OK,
      sqlite3_step(statement) == SQLITE_ROW
    else { return nil }
    return Int(sqlite3_column_int64(statement, 0))
  }

  // MARK: The test

  /// A score to report after the start, and its answer.
  static let record = ScoreRecord(
    score: 4_242, date: Date(timeIntervalSince1970: 1_900_000_000), difficulty: .difficult, region: .latinAmerica,
    seconds: 77)
  static let answer = AnsweredQuestion(
    verb: "caber", tense: "presente", person: "yo", expected: "quepo", given: "cabo", result: .wrong,
    date: Date(timeIntervalSince1970: 1_763_000_000))

  /// Plants `plan` in a new home, starts the World twice, and returns what went wrong.
  static func run(_ plan: Case, conjugator: Conjugator) -> [String] {
    let home = temporaryFolder("home")
    defer {
      // Folders made by the plants may hold files; links are removed, not followed.
      try? FileManager.default.removeItem(at: home)
    }
    let config = home.path + "/.config/conjugar", data = home.path + "/.local/share/conjugar"
    let state = home.path + "/.local/state/conjugar"
    let settingsPath = config + "/settings.conf", databasePath = data + "/scores.sqlite"
    var problems: [String] = []
    do {
      if let thing = plan.settings.thing { try plant(thing, at: plan.settings.atFolder ? config : settingsPath) }
      if let thing = plan.database.thing { try plant(thing, at: plan.database.atFolder ? data : databasePath) }
      if let journal = plan.journal, let thing = journal.plant.thing { try plant(thing, at: databasePath + journal.suffix) }
      if let file = plan.state, let thing = file.plant.thing { try plant(thing, at: state + "/" + file.name) }
    } catch {
      return ["could not plant: \(error)"]
    }
    let environment = ["HOME": home.path]

    // The first start, and using what it gave: a setting changed, a quiz reported, an event.
    struct FirstStart: Sendable {
      var notices: [String]
      var settingsNotice: String?
      var scoresNotice: String?
      var location: String
      var defaults: Bool
      var saveError: String?
      var reportError: String?
      var scores: [ScoreRecord]
      var history: [AnsweredQuestion]
      /// Reading the history met damage SQLite had not reported: the file is marked, and the next
      /// start salvages it.
      var historyDamaged: Bool
    }
    let first = withinDeadline(deadline) { () -> FirstStart in
      let world = World.device(environment: environment, conjugator: conjugator, background: .noop)
      let defaults = world.settings.region == .latinAmerica && world.settings.difficulty == .easy
      world.settings.region = .spain
      world.analytics.record(.screenViewed("verbs"))
      _ = world.reviewPrompter.promptableActionHappened()
      var reportError: String?
      do { try world.scoreboard.answers.reportQuiz(record, [answer]) } catch { reportError = "\(error)" }
      return FirstStart(
        notices: world.notices, settingsNotice: world.settings.loadNotice, scoresNotice: world.scoreboard.notice,
        location: world.scoreboard.location, defaults: defaults, saveError: world.settings.saveError,
        reportError: reportError, scores: (try? world.scoreboard.answers.bestScores(.max)) ?? [],
        history: (try? world.scoreboard.answers.history(.max)) ?? [],
        historyDamaged: { do { _ = try world.scoreboard.answers.history(.max); return false } catch { return (error as? SQLiteError)?.isDamage == true } }())
    }
    guard let first else { return ["the first start did not finish within \(deadline) s (a hang)"] }

    for notice in [first.settingsNotice, first.scoresNotice].compactMap({ $0 }) where !first.notices.contains(notice) {
      problems.append("world.notices lacks \"\(notice)\"")
    }

    // Settings.
    let settingsKept = first.settingsNotice.flatMap(keptName)
    switch plan.settings.verdict {
    case .fine where first.settingsNotice != nil:
      problems.append("settings: a notice for a good file: \(first.settingsNotice!)")
    case .setAside where settingsKept == nil:
      problems.append("settings: not set aside with a notice (\(first.settingsNotice ?? "no notice"))")
    case .inMemory where !first.notices.contains(where: { $0.hasPrefix("Settings can't be saved") }):
      problems.append("settings: no notice that they can't be saved: \(first.notices)")
    default: break
    }
    if let settingsKept {
      // Set aside whole, the defaults in use; or a bad line left out, the others in use.
      if first.settingsNotice?.hasSuffix("defaults in use.") == true, !first.defaults {
        problems.append("settings: set aside, but the defaults are not used")
      }
      if !exists(config + "/" + settingsKept) { problems.append("settings: \(settingsKept) is not there") }
      if case .bytes(let bytes) = plan.settings.thing, !plan.settings.atFolder,
        (try? Data(contentsOf: URL(fileURLWithPath: config + "/" + settingsKept))) != Data(bytes)
      {
        problems.append("settings: \(settingsKept) does not hold the file's bytes")
      }
    } else if plan.settings.verdict != .inMemory, first.saveError != nil {
      problems.append("settings: a change could not be saved: \(first.saveError!)")
    }

    // The score board.
    let scoresKept = first.scoresNotice.flatMap(keptName)
    let inMemory = first.location == "in memory"
    let verdict = plan.journal?.plant.verdict ?? plan.database.verdict
    switch verdict {
    case .fine where first.scoresNotice != nil:
      problems.append("scores: a notice for a good database: \(first.scoresNotice!)")
    case .setAside where scoresKept == nil || inMemory:
      problems.append("scores: not set aside with a notice (\(first.scoresNotice ?? "no notice"), \(first.location))")
    case .inMemory where !inMemory || first.scoresNotice == nil:
      problems.append("scores: not kept in memory with a notice (\(first.scoresNotice ?? "no notice"))")
    default: break
    }
    if first.scoresNotice != nil, scoresKept == nil, !inMemory {
      problems.append("scores: a notice, but nothing set aside and not in memory: \(first.scoresNotice!)")
    }
    if inMemory, plan.database.thing != nil, !exists(plan.database.atFolder ? data : databasePath) {
      problems.append("scores: in memory, but what was there is gone")
    }
    if let scoresKept, !exists(data + "/" + scoresKept) { problems.append("scores: \(scoresKept) is not there") }
    if let scoresKept, plan.journal == nil, case .bytes(let bytes) = plan.database.thing,
      (try? Data(contentsOf: URL(fileURLWithPath: data + "/" + scoresKept))) != Data(bytes)
    {
      problems.append("scores: \(scoresKept) does not hold the database's bytes")
    }
    if let error = first.reportError { problems.append("scores: the report failed: \(error)") }
    if !first.scores.contains(record) { problems.append("scores: the score reported is not among the best") }
    if !first.history.contains(answer) && !first.historyDamaged {
      problems.append("scores: the answer reported is not in the history")
    }
    // A good database keeps what it held.
    let held: Int? =
      switch plan.database.kind {
      case "a real database": realDatabase.scores
      default: nil
      }
    if let held, scoresKept == nil || plan.journal != nil, first.scores.count != held + 1 {
      problems.append("scores: \(held) scores were there, \(first.scores.count - 1) now")
    }
    if plan.database.kind == "a database with other tables", count("notes", in: databasePath) != 3 {
      problems.append("scores: the other program's table is gone")
    }

    // The next start is clean: what the first set aside stays aside, what it saved is there.
    let second = withinDeadline(deadline) { () -> (notices: [String], spain: Bool, scores: [ScoreRecord], history: [AnsweredQuestion]) in
      let world = World.device(environment: environment, conjugator: conjugator, background: .noop)
      return (
        world.notices, world.settings.region == .spain, (try? world.scoreboard.answers.bestScores(.max)) ?? [],
        (try? world.scoreboard.answers.history(.max)) ?? []
      )
    }
    guard let second else { return problems + ["the second start did not finish within \(deadline) s (a hang)"] }
    var expected = first.notices.filter { $0.hasPrefix("Settings can't be saved") || (inMemory && $0 == first.scoresNotice) }
    // Damage met while reading is salvaged by the next start, which says so, the answer kept.
    if first.historyDamaged, let salvaged = second.notices.first(where: { $0.hasPrefix("Your scores file was damaged") }) {
      expected.append(salvaged)
      if !second.history.contains(answer) { problems.append("the next start's salvage lost the answer reported") }
    }
    if second.notices != expected { problems.append("the next start says \(second.notices), not \(expected)") }
    if plan.settings.verdict != .inMemory, !second.spain { problems.append("the next start lost the setting saved") }
    if !inMemory, !second.scores.contains(record) { problems.append("the next start lost the score reported") }
    return problems
  }

  @Test func theWorldStartsWhateverIsOnDisk() throws {
    _ = Self.realDatabase
    try #require(Self.realDatabase.bytes.count > 100_000 && Self.otherTables.count > 0 && Self.otherShape.count > 0)
    var g = Generator(seed: 20261123)
    var verdicts: [String: Int] = [:]
    for number in 0..<Self.cases {
      let plan = Self.makeCase(&g)
      verdicts["settings \(plan.settings.verdict)", default: 0] += 1
      verdicts["database \(plan.journal?.plant.verdict ?? plan.database.verdict)", default: 0] += 1
      let problems = Self.run(plan, conjugator: sharedConjugator)
      if !problems.isEmpty { Issue.record("case \(number) (\(plan.description)): \(problems.joined(separator: "; "))") }
    }
    #expect(verdicts.values.allSatisfy { $0 >= 10 }, "\(verdicts)")
  }
}
