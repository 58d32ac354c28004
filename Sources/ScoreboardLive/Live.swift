import BackgroundClient
import ClockClient
import RandomClient
import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SettingsClient
import SpacedRepetition

extension Scoreboard {
  /// The score board in a SQLite database, `scores.sqlite` in `directory` (created with its parents
  /// if missing), through the `SQLite` module.
  ///
  /// Safe for several programs at once: the database is in WAL mode, each report is one
  /// `BEGIN IMMEDIATE` transaction (the score, its answers and their items' review states, all or
  /// nothing), and a connection waits up to 5 seconds for another's lock. The schema is brought
  /// up to date by migrations (``HistoryDatabase/migrator(scheduler:)``), each in one transaction.
  /// A file at that path that is not a SQLite database (or a damaged one) is set aside as
  /// `scores.sqlite.corrupt-<UTC time>` and a new database started, with a notice. A database of a
  /// newer version is left as it is. When no database can be used, the scores are kept in memory
  /// and `notice` says so.
  ///
  /// - Parameter scheduler: the review schedule, read at each answer (the desired retention is a
  ///   setting).
  /// - Parameter background: where the file's full integrity check runs, 2 s after each opening,
  ///   and today's backup (``HistoryMaintenance``).
  /// - Parameter backups: make today's copy in `backups/` if there is none (``Backups``), in the
  ///   background after the first frame: the trainer's start does, a command does not.
  /// - Parameter check: makes the check an imported answer must pass (the app's: ``HistoryCheck``);
  ///   a damaged file's salvage sets aside every row it refuses, as it does every row outside
  ///   ``AnswerBounds``.
  /// - Parameter files: where the folder is made and files are looked at, set aside and marked.
  /// - Parameter clock: the time of a file set aside and of today's backup.
  /// - Parameter random: the bits of a new answer's identity (``AnswerIdentity``).
  /// - Parameter maintenance: the integrity check and the backup run in `background` (the World's:
  ///   ``HistoryMaintenance/live(directory:files:clock:)`` of `directory`).
  public static func live(
    directory: URL, scheduler: @escaping @Sendable () -> Scheduler, background: Background, backups: Bool,
    check: (@Sendable () -> (AnsweredQuestion) -> String?)?, files: FileClient, clock: WallClock, random: RandomSource,
    maintenance: HistoryMaintenance
  ) -> Scoreboard {
    let path = directory.appendingPathComponent(HistoryDatabase.fileName).path
    do {
      try files.createOwnDirectory(directory.path)
    } catch {
      return inMemory(cannotUse: directory.path, reason: error.reason, scheduler: scheduler, random: random)
    }
    let store: HistoryDatabase
    do {
      store = try HistoryDatabase(path: path, scheduler: scheduler, check: check, files: files, now: clock.now, random: random)
      let delay = HistoryDatabase.backgroundCheckDelay
      background.run("integrity check", after: delay) { maintenance.checkIntegrity() }
      if backups { background.run("backup", after: delay) { _ = maintenance.backUp(clock.now()) } }
    } catch where error.code == HistoryDatabase.newerCode {
      var board = inMemory(scheduler: scheduler, random: random)
      board.notice = error.message
      board.unusable = error.message
      return board
    } catch {
      return inMemory(cannotUse: directory.path, reason: error.message, scheduler: scheduler, random: random)
    }
    return Scoreboard(store)
  }

  /// Scores kept in memory while the program runs: the same database as ``live(directory:scheduler:backups:check:)``'s
  /// in SQLite's memory (an in-memory `DatabaseQueue`), with the same migrations, triggers and
  /// rules; nothing written anywhere, no check or backup. The board of the simulator and UI-test
  /// worlds, of a device whose data folder cannot be used, and of the tests. A new answer's
  /// identity from `random` (the tests': the system's).
  public static func inMemory(
    scheduler: @escaping @Sendable () -> Scheduler = { Scheduler() }, random: RandomSource = .live
  ) -> Scoreboard {
    do {
      return Scoreboard(try HistoryDatabase(inMemory: scheduler, random: random))
    } catch {
      // SQLite opens a database in memory unless memory itself runs out.
      preconditionFailure("SQLite could not make a database in memory: \(error)")
    }
  }

  private static func inMemory(
    cannotUse directory: String, reason: String, scheduler: @escaping @Sendable () -> Scheduler, random: RandomSource
  ) -> Scoreboard {
    var board = inMemory(scheduler: scheduler, random: random)
    board.notice = "Scores can't be saved in \(directory): \(reason); they are kept in memory until you quit."
    board.unusable = "\(directory): \(reason)"
    return board
  }

  /// The board over `store`, in its file or in memory: each group over the same database.
  private init(_ store: HistoryDatabase) {
    let statistics = HistoryStatistics(database: store)
    self.init(
      answers: Answers(
        recordAnswer: { answer, origin, lapses in try store.record(answer, from: origin, suspendingLeechesAt: lapses) },
        undoAnswer: { kept in try store.undo(kept) },
        reportScore: { record, answers in try store.report(record, answers) },
        withdrawScore: { id in try store.withdrawScore(id) },
        bestScores: { limit in try store.bestScores(limit: limit) },
        history: { limit in try store.history(limit: limit) },
        eachAnswer: { body in try store.eachAnswer(body) },
        importAnswers: { answers in try store.importAnswers(consume answers) },
        mergeAnswers: { answers in try store.importAnswers(consume answers, source: HistoryDatabase.mergeSource) },
        ownAnswers: { after in try store.ownAnswers(after: after) },
        withdrawn: { try store.withdrawn() },
        withdrawAnswers: { identities in try store.withdraw(identities) }),
      items: Items(
        items: { due in try store.items(due: due) },
        dueItems: { now, limit, skipping in try store.dueItems(at: now, limit: limit, skipping: skipping) },
        dueCount: { now in try store.dueCount(at: now) },
        newItemsSince: { date in try store.newItems(since: date) },
        knownItems: { items in try store.known(items) },
        leeches: { lapses, limit in try store.leeches(lapses: lapses, limit: limit) },
        itemMarks: { try store.marks() },
        markItems: { events in try store.apply(events, merging: false) },
        mergeItemMarks: { events in try store.apply(events, merging: true) }),
      memory: Memory(
        reviewLog: { try store.reviewLog() },
        recallCounts: { try store.recallCounts() },
        fittedMemory: { store.fitted.value },
        applyFittedMemory: { fitted in try store.apply(fitted) }),
      standing: Standing(
        statistics: { query in try statistics.statistics(query) },
        memory: { query in try statistics.memory(query) },
        answersSince: { date in try statistics.answers(since: date) },
        answeredVerbs: { try statistics.answeredVerbs() },
        latestAnswerID: { try statistics.latestAnswerID() },
        answersKept: { id, date in try statistics.answersKept(after: id, before: date) }),
      damage: { store.path.flatMap { HistoryDatabase.damageFound($0, files: store.files) } },
      location: store.path ?? "in memory",
      notice: store.notice)
  }
}
