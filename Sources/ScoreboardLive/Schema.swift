import Foundation
import PlainText
import SQLite
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The database's tables, its migrations and its statements. Dates are whole seconds since 1970
/// (UTC), as integers.
///
/// The schema changes only by a new migration appended to ``migrator(scheduler:)``: the migrator
/// (`SQLite.DatabaseMigrator`) runs each one not yet applied in its own transaction and records it in `grdb_migrations`, so a database
/// is always at one version or the next, never between (a kill mid-migration rolls it back, and
/// the next start runs it again). A database with a migration this version does not know is from
/// a newer version, and is never touched.
enum Schema {
  static func migrator(scheduler: Scheduler) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    // Version 1: the tables as they were before migrations (databases of that time have no
    // grdb_migrations): made if missing, adopted as they are if there.
    migrator.registerMigration("1 scores and answers") { db in
      try db.execute(sql: version1)
      // Tables of that name but another shape are another program's: the migration fails, and is
      // rolled back, leaving the file as it was.
      for sql in version1Statements { _ = try db.makeStatement(sql: sql) }
    }
    // Version 2, learning memory: each answer's rating and response time; answers with no quiz
    // (reviews, imports); the table of each item's review state, left empty: the migrator runs every
    // migration not yet applied, so version 10's replay, in the one order, always follows and
    // fills it (a replay here too was thrown away by it: 1,000,000 answers read and replayed twice).
    migrator.registerMigration("2 learning memory") { db in
      try db.execute(sql: version2)
    }
    // Version 3, statistics: summary tables of the answers, filled from those there and kept by
    // triggers in the transaction of each answer added; indexes for the figures read from the
    // answers and the items themselves.
    migrator.registerMigration("3 statistics") { db in
      try db.execute(sql: version3)
    }
    // Version 4, statistics by UTC day: a summary table more, filled from the answers there and
    // kept by a trigger, as those of version 3.
    migrator.registerMigration("4 statistics by day") { db in
      try db.execute(sql: version4)
    }
    // Version 5, undo: the summary tables follow an answer taken back, by triggers as they follow
    // one added; a tally that falls to nothing is gone, as if the answer had never been given.
    migrator.registerMigration("5 undo") { db in
      try db.execute(sql: version5)
    }
    // Version 6, a memory model fitted to the history (`conjugar optimize --apply`): one row, its
    // 21 weights and how they were fitted (FittedMemory.swift).
    migrator.registerMigration("6 fitted memory") { db in
      try db.execute(sql: version6)
    }
    // Version 7, the forms' marks: suspended, reset (ItemMarks.swift).
    migrator.registerMigration("7 item marks") { db in
      try db.execute(sql: version7)
    }
    // Version 8, "I was right": an answer the learner counted right against the trainer's verdict
    // is marked so (a column with a default: SQLite adds it without rewriting the table).
    migrator.registerMigration("8 overrides") { db in
      try db.execute(sql: "ALTER TABLE answers ADD COLUMN overridden INTEGER NOT NULL DEFAULT 0")
    }
    // Version 9, identities: each answer's (``AnswerIdentity``), those kept before derived from what
    // they say and their order among the answers saying the same; the answers taken back, by
    // identity, so that a merge never brings one back (``HistoryDatabase/withdraw(_:)``).
    migrator.registerMigration("9 identities") { db in
      try db.execute(sql: "ALTER TABLE answers ADD COLUMN uid TEXT")
      var counter = AnswerIdentity.Counter()
      var identities: [(id: Int64, uid: String)] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT \(answerColumns), id FROM answers ORDER BY date, id")
      while let row = try rows.next() {
        // A row that cannot be read keeps no identity (a salvage sets it aside).
        guard let answer = (try? answer(row)) ?? nil, let id = try? row.decode(Int64.self, atIndex: row.count - 1) else { continue }
        identities.append((id, counter.identity(of: answer)))
      }
      let set = try db.makeStatement(sql: "UPDATE answers SET uid = ? WHERE id = ?")
      for (id, uid) in identities { try set.execute(arguments: [uid, id]) }
      try db.execute(sql: version9)
    }
    // Version 10, one order: the answers' indexes in the order every machine replays them
    // (``Replay``: the second, then the identity), and every form's state replayed in it (the
    // answers of one second were in the order each machine kept them).
    migrator.registerMigration("10 one order") { db in
      try db.execute(sql: version10)
      try db.execute(sql: "DELETE FROM items")
      let save = try db.makeStatement(sql: saveItem)
      for state in try HistoryDatabase.replayAll(db, scheduler: scheduler).values { try save.execute(arguments: arguments(state)) }
    }
    // Version 11, fitted rules: the rule layer fitted with the weights (issue 42), as JSON, beside
    // them; none for weights kept before (a column without a default: SQLite adds it without
    // rewriting the table).
    migrator.registerMigration("11 fitted rules") { db in
      try db.execute(sql: "ALTER TABLE fitted_memory ADD COLUMN rules TEXT")
    }
    // Version 12, identities in 8 bytes: each identity kept (an answer's, one taken back) as the 64
    // bits its sixteen digits spell, big-endian, in a BLOB (``StoredIdentity``), not as their text:
    // half the bytes, in the table and the three indexes that hold it. The same identities: files
    // and the rest of the program keep the digits. The columns stay TEXT (a column's TEXT affinity
    // converts only numbers: a BLOB is kept as it is given), so no table is made again; and the
    // bytes sort as the digits did, so the one order (`ORDER BY date, uid`, ``Replay``) is
    // unchanged. A text that is no identity stays as it is: damage, as before.
    migrator.registerMigration("12 identities in 8 bytes") { db in
      try StoredIdentity.migrate(db)
    }
    // Version 13, leeches by lapses: the forms with at least so many lapses (`leeches`: Progress's
    // figures at each key, `stats`, the leech list) found by an index, not by a pass over every
    // form (18-37 ms at 100,000 forms).
    migrator.registerMigration("13 leeches by lapses") { db in
      try db.execute(sql: version13)
    }
    // Version 14, quizzes' answers by quiz: `answers_score` holds only the answers of a quiz (a
    // score taken back finds its answers by it), not every answer reviewed, imported or synced with
    // no quiz: a bulk import of a million answers no longer sorts a million NULLs into it (0.8 s),
    // and the file is some 11 MB smaller.
    migrator.registerMigration("14 answers by quiz") { db in
      try db.execute(sql: version14)
    }
    return migrator
  }

  // MARK: Version 13

  static let version13 = "CREATE INDEX items_lapses ON items (lapses);"

  // MARK: Version 14

  static let version14 = """
    DROP INDEX answers_score;
    CREATE INDEX answers_score ON answers (score_id) WHERE score_id IS NOT NULL;
    """

  // MARK: Version 1

  static let version1 = """
    CREATE TABLE IF NOT EXISTS scores (
      id INTEGER PRIMARY KEY,
      score INTEGER NOT NULL,
      date INTEGER NOT NULL,
      difficulty TEXT NOT NULL,
      region TEXT NOT NULL,
      seconds INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS answers (
      id INTEGER PRIMARY KEY,
      score_id INTEGER NOT NULL REFERENCES scores(id),
      verb TEXT NOT NULL,
      tense TEXT NOT NULL,
      person TEXT NOT NULL,
      expected TEXT NOT NULL,
      given TEXT NOT NULL,
      result TEXT NOT NULL,
      date INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS scores_best ON scores (score DESC, date, id);
    CREATE INDEX IF NOT EXISTS answers_newest ON answers (date DESC, id DESC);
    CREATE INDEX IF NOT EXISTS answers_score ON answers (score_id);
    """

  /// What version 1 read and wrote: they compile only on tables of that shape.
  static let version1Statements = [
    "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (?, ?, ?, ?, ?)",
    "INSERT INTO answers (score_id, verb, tense, person, expected, given, result, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    "SELECT score, date, difficulty, region, seconds FROM scores",
    "SELECT verb, tense, person, expected, given, result, date FROM answers",
  ]

  // MARK: Version 2

  /// An answer's rating from its result alone, for the answers kept before ratings were: the
  /// rating rule's (``Rating/init(result:firstTry:hinted:seconds:letters:)``), written out as SQL.
  static var ratingOfResult: String {
    "CASE result "
      + AnswerResult.allCases.map { "WHEN '\($0.rawValue)' THEN '\(Rating(result: $0.outcome).name)'" }
        .joined(separator: " ")
      + " END"
  }

  static var version2: String {
    """
    CREATE TABLE answers_2 (
      id INTEGER PRIMARY KEY,
      score_id INTEGER REFERENCES scores(id),
      source TEXT NOT NULL DEFAULT 'quiz',
      verb TEXT NOT NULL,
      tense TEXT NOT NULL,
      person TEXT NOT NULL,
      expected TEXT NOT NULL,
      given TEXT NOT NULL,
      result TEXT NOT NULL,
      rating TEXT,
      seconds REAL,
      date INTEGER NOT NULL
    );
    INSERT INTO answers_2 (id, score_id, source, verb, tense, person, expected, given, result, rating, seconds, date)
      SELECT id, score_id, 'quiz', verb, tense, person, expected, given, result, \(ratingOfResult), NULL, date
      FROM answers;
    DROP TABLE answers;
    ALTER TABLE answers_2 RENAME TO answers;
    CREATE INDEX answers_newest ON answers (date DESC, id DESC);
    CREATE INDEX answers_score ON answers (score_id);
    CREATE INDEX answers_item ON answers (verb, tense, person, date);
    CREATE TABLE items (
      verb TEXT NOT NULL,
      tense TEXT NOT NULL,
      person TEXT NOT NULL,
      state TEXT NOT NULL,
      step INTEGER,
      stability REAL,
      difficulty REAL,
      due INTEGER NOT NULL,
      last_review INTEGER,
      reps INTEGER NOT NULL,
      lapses INTEGER NOT NULL,
      first_review INTEGER NOT NULL,
      PRIMARY KEY (verb, tense, person)
    ) WITHOUT ROWID;
    CREATE INDEX items_due ON items (due, last_review, stability);
    CREATE INDEX items_first_review ON items (first_review);
    """
  }

  // MARK: Version 3

  /// `x` divided by `n`, rounded down (SQLite's `/` rounds toward zero), for dates before 1970 too.
  static func floorDivided(_ x: String, _ n: Int) -> String { "((\(x)) - (((\(x)) % \(n)) + \(n)) % \(n)) / \(n)" }

  static var knownResults: String { quoted(AnswerResult.allCases.map(\.rawValue)) }

  /// The columns of a tally, and how each counts the answers of `answers` (a table or NEW).
  static let tallyColumns = "answers, correct, accents_only, wrong, seconds"
  static func tallyValues(of answer: String) -> String {
    "1, \(answer).result = 'correct', \(answer).result = 'accents-only', \(answer).result = 'wrong', "
      + "coalesce(\(answer).seconds, 0)"
  }
  static let tallySums =
    "count(*), sum(result = 'correct'), sum(result = 'accents-only'), sum(result = 'wrong'), total(seconds)"
  static let tallyTotals = "sum(answers), sum(correct), sum(accents_only), sum(wrong), total(seconds)"

  /// The summary tables: each answer counted by key (`key` the columns, `value` their values from
  /// the answer `NEW`, `fill` from the table `answers`).
  static let summaries: [Summary] = [
    // Quarter-hours since 1970, UTC: every time zone's midnight falls between two, so the answers
    // of a local day, in any time zone, are those of whole quarter-hours.
    ("stats_slots", ["slot"], [floorDivided("NEW.date", 900)], [floorDivided("date", 900)]),
    // Cells by UTC day, for the figures since a day; all time, for the figures of all time.
    ("stats_cells", ["day", "tense", "person"], [floorDivided("NEW.date", 86400), "NEW.tense", "NEW.person"],
     [floorDivided("date", 86400), "tense", "person"]),
    ("stats_cell_totals", ["tense", "person"], ["NEW.tense", "NEW.person"], ["tense", "person"]),
    ("stats_verbs", ["verb"], ["NEW.verb"], ["verb"]),
  ]

  typealias Summary = (table: String, key: [String], value: [String], fill: [String])

  /// A summary table, filled from the answers there.
  static func create(_ summary: Summary) -> String {
    let keys = summary.key.map { "\($0) \($0 == "slot" || $0 == "day" ? "INTEGER" : "TEXT") NOT NULL" }
    return """
      CREATE TABLE \(summary.table) (
        \(keys.joined(separator: ", ")),
        answers INTEGER NOT NULL, correct INTEGER NOT NULL, accents_only INTEGER NOT NULL, wrong INTEGER NOT NULL,
        seconds REAL NOT NULL,
        PRIMARY KEY (\(summary.key.joined(separator: ", ")))
      ) WITHOUT ROWID;

      """ + fill(summary)
  }

  /// A summary table's rows, from every answer (the table empty before).
  static func fill(_ summary: Summary) -> String {
    """
      INSERT INTO \(summary.table) (\(summary.key.joined(separator: ", ")), \(tallyColumns))
        SELECT \(zip(summary.fill, summary.key).map { "\($0) AS \($1)" }.joined(separator: ", ")), \(tallySums)
        FROM answers WHERE result IN (\(knownResults)) GROUP BY \(summary.key.joined(separator: ", "));

    """
  }

  /// The most missed items, from every answer.
  static let fillMissed = """
    INSERT INTO stats_missed (verb, tense, person, wrong)
      SELECT verb, tense, person, count(*) FROM answers WHERE result = 'wrong' GROUP BY verb, tense, person;

    """

  /// A trigger's statement: the answer `NEW` counted in a summary table.
  static func count(_ summary: Summary) -> String {
    let keys = summary.key.joined(separator: ", ")
    return """
        INSERT INTO \(summary.table) (\(keys), \(tallyColumns))
          VALUES (\(summary.value.joined(separator: ", ")), \(tallyValues(of: "NEW")))
          ON CONFLICT (\(keys)) DO UPDATE SET answers = answers + 1, correct = correct + excluded.correct,
            accents_only = accents_only + excluded.accents_only, wrong = wrong + excluded.wrong,
            seconds = seconds + excluded.seconds;

      """
  }

  static var version3: String {
    summaries.map(create).joined() + """
      CREATE TABLE stats_missed (
        verb TEXT NOT NULL, tense TEXT NOT NULL, person TEXT NOT NULL, wrong INTEGER NOT NULL,
        PRIMARY KEY (verb, tense, person)
      ) WITHOUT ROWID;

      """ + fillMissed + """
      CREATE INDEX stats_missed_most ON stats_missed (wrong DESC, verb, tense, person);
      CREATE INDEX answers_wrong ON answers (date, verb, tense, person) WHERE result = 'wrong';
      CREATE INDEX items_memory ON items (state, stability, last_review);
      CREATE TRIGGER stats_answer AFTER INSERT ON answers WHEN NEW.result IN (\(knownResults)) BEGIN

      """ + summaries.map(count).joined() + """
        END;
      CREATE TRIGGER stats_missed_answer AFTER INSERT ON answers WHEN NEW.result = 'wrong' BEGIN
        INSERT INTO stats_missed (verb, tense, person, wrong) VALUES (NEW.verb, NEW.tense, NEW.person, 1)
          ON CONFLICT (verb, tense, person) DO UPDATE SET wrong = wrong + 1;
      END;
      """
  }

  // MARK: Version 4

  /// The answers by UTC day: a local day is a UTC day shifted by the offset from UTC, so the
  /// days are read from these and only the quarter-hours on the other side of the local midnight
  /// from `stats_slots`.
  static let days: Summary = ("stats_days", ["day"], [floorDivided("NEW.date", 86400)], [floorDivided("date", 86400)])

  static var version4: String {
    create(days) + """
      CREATE TRIGGER stats_day_answer AFTER INSERT ON answers WHEN NEW.result IN (\(knownResults)) BEGIN

      """ + count(days) + """
      END;
      """
  }

  // MARK: Version 5

  /// A trigger's statements: the answer `OLD` taken out of a summary table's tally.
  static func uncount(_ summary: Summary) -> String {
    let match = zip(summary.key, summary.value).map { "\($0) = \($1.replacing(literal: "NEW.", with: "OLD."))" }
      .joined(separator: " AND ")
    return """
        UPDATE \(summary.table) SET answers = answers - 1, correct = correct - (OLD.result = 'correct'),
          accents_only = accents_only - (OLD.result = 'accents-only'), wrong = wrong - (OLD.result = 'wrong'),
          seconds = seconds - coalesce(OLD.seconds, 0)
          WHERE \(match);
        DELETE FROM \(summary.table) WHERE \(match) AND answers <= 0;

      """
  }

  /// Every summary table of the answers, those of version 3 and 4.
  static var allSummaries: [Summary] { summaries + [days] }

  static var version5: String {
    """
    CREATE TRIGGER stats_answer_undone AFTER DELETE ON answers WHEN OLD.result IN (\(knownResults)) BEGIN

    """ + allSummaries.map(uncount).joined() + """
      END;
    CREATE TRIGGER stats_missed_answer_undone AFTER DELETE ON answers WHEN OLD.result = 'wrong' BEGIN
      UPDATE stats_missed SET wrong = wrong - 1 WHERE verb = OLD.verb AND tense = OLD.tense AND person = OLD.person;
      DELETE FROM stats_missed WHERE verb = OLD.verb AND tense = OLD.tense AND person = OLD.person AND wrong <= 0;
    END;
    """
  }

  // MARK: Version 10

  /// The answers in the order every machine replays them (``Schema/answerOrder``): the newest
  /// first read backwards, a form's in its own.
  static let version10 = """
    DROP INDEX IF EXISTS answers_newest;
    CREATE INDEX answers_order ON answers (date, uid);
    DROP INDEX IF EXISTS answers_item;
    CREATE INDEX answers_item ON answers (verb, tense, person, date, uid);
    """

  // MARK: Version 9

  /// The identities' index and the answers taken back; and the highest answer id ever deleted, so
  /// that a new answer never takes the id of one taken back (SQLite gives the highest id plus one):
  /// a sync writes out the answers above the last id it wrote, and would skip it.
  static let version9 = """
    CREATE UNIQUE INDEX answers_uid ON answers (uid);
    CREATE TABLE withdrawn (uid TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TABLE answer_ids (last INTEGER NOT NULL);
    INSERT INTO answer_ids (last) SELECT coalesce(max(id), 0) FROM answers;
    CREATE TRIGGER answer_ids_deleted AFTER DELETE ON answers BEGIN
      UPDATE answer_ids SET last = max(last, OLD.id);
    END;
    """

  // MARK: Statistics

  /// The first and the last quarter-hour, each its own search of the key (SQLite finds a lone
  /// min() or max() by the index; the two in one SELECT would read every quarter-hour).
  static let statsSlotRange = "SELECT (SELECT min(slot) FROM stats_slots), (SELECT max(slot) FROM stats_slots)"
  /// The UTC days from ?1 up to ?2.
  static let statsDays = "SELECT day, \(tallyColumns) FROM stats_days WHERE day >= ?1 AND day < ?2"
  /// The quarter-hours from ?1 up to ?2.
  static let statsSlots = "SELECT slot, \(tallyColumns) FROM stats_slots WHERE slot >= ?1 AND slot < ?2"
  /// The quarter-hours of the UTC days from ?1 up to ?2 whose place in their day (0 to 95) is from
  /// ?3 up to ?4, in order: a search of each day's few, not a pass over every quarter-hour.
  static let statsSlotsOfDays = """
    WITH RECURSIVE day(number) AS (SELECT ?1 UNION ALL SELECT number + 1 FROM day WHERE number + 1 < ?2)
    SELECT slot, \(tallyColumns) FROM day JOIN stats_slots ON slot >= number * 96 + ?3 AND slot < number * 96 + ?4
    ORDER BY slot
    """
  /// The answers from the quarter hour ?1 on: those of its UTC day (?2) from it, then the days
  /// after, whole (a few rows a day, not 96).
  static let statsAnswersSince = """
    SELECT (SELECT total(answers) FROM stats_slots WHERE slot >= ?1 AND slot < (?2 + 1) * 96)
      + (SELECT total(answers) FROM stats_days WHERE day > ?2)
    """
  static let statsCellTotals = "SELECT tense, person, \(tallyColumns) FROM stats_cell_totals"
  /// The cells of the UTC days from ?1 on.
  static let statsCellsSince = """
    SELECT tense, person, \(tallyTotals) FROM stats_cells WHERE day >= ?1 GROUP BY tense, person
    """
  /// The cells of the answers from ?1 up to ?2 (the part of a UTC day after a local midnight).
  static let statsCellsBetween = """
    SELECT tense, person, \(tallySums) FROM answers
    WHERE date >= ?1 AND date < ?2 AND result IN (\(knownResults)) GROUP BY tense, person
    """
  static let statsVerbNames = "SELECT verb FROM stats_verbs"
  static let statsVerbTotals = "SELECT verb, \(tallyColumns) FROM stats_verbs"
  static let statsVerbsSince = """
    SELECT verb, \(tallySums) FROM answers WHERE date >= ?1 AND result IN (\(knownResults)) GROUP BY verb
    """
  static let statsMissed = """
    SELECT verb, tense, person, wrong FROM stats_missed ORDER BY wrong DESC, verb, tense, person LIMIT ?1
    """
  static let statsMissedSince = """
    SELECT verb, tense, person, count(*) AS wrong FROM answers INDEXED BY answers_wrong
    WHERE result = 'wrong' AND date >= ?1
    GROUP BY verb, tense, person ORDER BY wrong DESC, verb, tense, person LIMIT ?2
    """
  /// The stability and last review of the items in the state ?1.
  static let statsItemsInState =
    "SELECT stability, last_review FROM items INDEXED BY items_memory WHERE state = ?1"
  static let statsDueBetween = "SELECT count(*) FROM items WHERE due > ?1 AND due <= ?2"
}
