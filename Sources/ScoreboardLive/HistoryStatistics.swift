import FileStorage
import Foundation
import SQLite
import ScoreboardClient
import SpacedRepetition

/// The statistics of the database, from its summary tables (migrations 3 and 4), never by reading
/// every answer: the days from the UTC days (`stats_days`) and quarter-hours (`stats_slots`); the
/// cells of all time from `stats_cell_totals` and since a day from `stats_cells` (by UTC day) and
/// the answers of the part of a UTC day after the local midnight; the most missed from
/// `stats_missed`, or from the wrong answers since the day (`answers_wrong`); the memory from the
/// items (`items_memory`). A reader of its own: the statistics change with what the screens
/// show, the database with what is kept.
struct HistoryStatistics {
  let database: HistoryDatabase

  func statistics(_ query: StatisticsQuery) throws(SQLiteError) -> Statistics {
    let scheduler = database.scheduler()
    let since = query.sinceDate.map { Int(UnixTime.seconds($0)) }
    let today = query.today
    return try database.read { db in
      var statistics = Statistics()

      // Days. In a stretch of one offset from UTC (TZ's clock changes cut them), the first q
      // quarter-hours of each UTC day fall on one local day and the others on the next: each whole
      // UTC day is counted on the local day of its larger side (`stats_days`), and the quarter-hours
      // of its smaller side moved to theirs (`stats_slots`); the quarter-hours of a UTC day cut by
      // the stretch, one by one. (Grouping every quarter-hour by local day in SQL sorted them all.)
      var byDay: [Int: Tally] = [:]
      if let range = try Row.fetchOne(db, sql: Schema.statsSlotRange), let first = range[0] as Int64?,
        let last = range[1] as Int64?
      {
        for stretch in Self.stretches(from: first * 900, to: (last + 1) * 900, in: query.timeZone) {
          func local(_ slot: Int) -> Int { (slot * 900 + stretch.offset).floorDivided(by: 86_400) }
          func add(_ rows: RowCursor) throws {
            while let row = try rows.next() {
              byDay[local(try row.decode(atIndex: 0)), default: Tally()].add(try Self.tally(row, from: 1))
            }
          }
          let (start, end) = (stretch.start / 900, stretch.end / 900)
          let firstDay = -(-start).floorDivided(by: 96), endDay = max(firstDay, end.floorDivided(by: 96))
          for (from, to) in [(start, min(end, firstDay * 96)), (max(start, endDay * 96), end)] where from < to {
            try add(Row.fetchCursor(db.cachedStatement(sql: Schema.statsSlots), arguments: [from, to]))
          }
          guard firstDay < endDay else { continue }
          let q = -(stretch.offset.floorModulo(86_400) - 86_400).floorDivided(by: 900)  // up to 96
          let bulkSlot = q >= 48 ? 0 : 95
          func bulk(_ day: Int) -> Int { local(day * 96 + bulkSlot) }
          let days = try Row.fetchCursor(db.cachedStatement(sql: Schema.statsDays), arguments: [firstDay, endDay])
          while let row = try days.next() { byDay[bulk(try row.decode(atIndex: 0)), default: Tally()].add(try Self.tally(row, from: 1)) }
          if q < 96 {
            // The smaller side's quarter-hours of each day come together (in order) and all fall on
            // one local day: summed by day, each sum moved from the day's bulk to that local day.
            let (from, to) = bulkSlot == 0 ? (q, 96) : (0, q)
            let slots = try Row.fetchCursor(
              db.cachedStatement(sql: Schema.statsSlotsOfDays), arguments: [firstDay, endDay, from, to])
            var moving: (day: Int, tally: Tally)?
            func move() {
              guard let (day, tally) = moving else { return }
              byDay[bulk(day), default: Tally()].subtract(tally)
              byDay[local(day * 96 + from), default: Tally()].add(tally)
            }
            while let row = try slots.next() {
              let day = (try row.decode(atIndex: 0) as Int).floorDivided(by: 96), tally = try Self.tally(row, from: 1)
              if moving?.day == day { moving?.tally.add(tally) } else { move(); moving = (day, tally) }
            }
            move()
          }
        }
        byDay = byDay.filter { $0.value.answers > 0 }
      }
      statistics.days = byDay.sorted { $0.key < $1.key }.map { .init(day: Day(number: $0.key), tally: $0.value) }
      statistics.today = byDay[today.number] ?? Tally()
      statistics.streak = Statistics.streak(days: Set(byDay.keys.map(Day.init(number:))), today: today)
      for day in statistics.days(since: query.since) { statistics.total.add(day.tally) }

      // Cells.
      func addCells(_ statement: Statement, _ arguments: StatementArguments) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
          statistics.cells[Statistics.Cell(tense: try row.decode(atIndex: 0), person: try row.decode(atIndex: 1)), default: Tally()].add(try Self.tally(row, from: 2))
        }
      }
      if let since {
        // Whole UTC days from the first after the local midnight; before it, the answers themselves.
        let firstWholeDay = (since + 86_399).floorDivided(by: 86_400)
        try addCells(db.cachedStatement(sql: Schema.statsCellsSince), [firstWholeDay])
        if since < firstWholeDay * 86_400 {
          try addCells(db.cachedStatement(sql: Schema.statsCellsBetween), [since, firstWholeDay * 86_400])
        }
      } else {
        try addCells(db.cachedStatement(sql: Schema.statsCellTotals), [])
      }

      // Verbs.
      if query.byVerb {
        let rows =
          try since.map { try Row.fetchCursor(db.cachedStatement(sql: Schema.statsVerbsSince), arguments: [$0]) }
          ?? Row.fetchCursor(db.cachedStatement(sql: Schema.statsVerbTotals))
        while let row = try rows.next() { statistics.verbs[try row.decode(atIndex: 0), default: Tally()].add(try Self.tally(row, from: 1)) }
      }

      // Most missed.
      let missed =
        try since.map {
          try Row.fetchAll(
            db.cachedStatement(sql: Schema.statsMissedSince), arguments: [$0, Statistics.mostMissedCount])
        } ?? Row.fetchAll(db.cachedStatement(sql: Schema.statsMissed), arguments: [Statistics.mostMissedCount])
      statistics.mostMissed = try missed.map {
        Statistics.Missed(
          item: Item(verb: try $0.decode(atIndex: 0), tense: try $0.decode(atIndex: 1), person: try $0.decode(atIndex: 2)),
          wrong: try $0.decode(atIndex: 3))
      }

      if query.memory { statistics.memory = try Self.memory(query, scheduler: scheduler, db) }
      return statistics
    }
  }

  /// The memory's figures alone, on a connection of their own (``HistoryDatabase/readOnItsOwn(_:)``):
  /// Progress reads them on a thread while its key's frame reads the rest on the trainer's.
  func memory(_ query: StatisticsQuery) throws(SQLiteError) -> Statistics.Memory {
    let scheduler = database.scheduler()
    var memory = Statistics.Memory()
    try database.readOnItsOwn { db in memory = try Self.memory(query, scheduler: scheduler, db) }
    return memory
  }

  /// Memory: one pass over the items of each state, in `items_memory`: how many, how many mastered,
  /// and each one's retrievability now by the scheduler's forgetting curve; and the counts of the
  /// new and the due.
  static func memory(_ query: StatisticsQuery, scheduler: Scheduler, _ db: Database) throws -> Statistics.Memory {
    let now = UnixTime.seconds(query.now)
    var memory = Statistics.Memory()
    var recall = 0.0, recalled = 0
    for state in CardState.allCases {
      var count = 0, mastered = 0
      let items = try Row.fetchCursor(db.cachedStatement(sql: Schema.statsItemsInState), arguments: [state.name])
      while let row = try items.next() {
        count += 1
        guard let stability = try row.decode(atIndex: 0) as Double? else { continue }
        if stability >= Statistics.masteredStability { mastered += 1 }
        guard let last = try row.decode(atIndex: 1) as Int64? else { continue }
        recall += scheduler.retrievability(days: (Int(now) - Int(last)).floorDivided(by: 86_400), stability: stability)
        recalled += 1
      }
      switch state {
      case .learning: memory.learning = count
      case .review: (memory.review, memory.mastered) = (count, mastered)
      case .relearning: memory.relearning = count
      }
    }
    memory.recall = recalled == 0 ? nil : recall / Double(recalled)
    memory.new =
      try Int.fetchOne(
        db.cachedStatement(sql: Schema.countNew), arguments: [UnixTime.seconds(query.today.start(in: query.timeZone))])
      ?? 0
    memory.dueNow = try Int.fetchOne(db.cachedStatement(sql: Schema.countDue), arguments: [now]) ?? 0
    memory.dueWeek =
      try Int.fetchOne(db.cachedStatement(sql: Schema.statsDueBetween), arguments: [now, now + 7 * 86_400]) ?? 0
    return memory
  }

  func answers(since date: Date) throws(SQLiteError) -> Int {
    try database.read { db in
      let slot = Int(UnixTime.seconds(date)).floorDivided(by: 900)
      return Int(
        try Double.fetchOne(db.cachedStatement(sql: Schema.statsAnswersSince), arguments: [slot, slot.floorDivided(by: 96)]) ?? 0)
    }
  }

  func latestAnswerID() throws(SQLiteError) -> Int64 {
    try database.read { db in try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM answers") ?? 0 }
  }

  /// A search of the ids above `id` (the rowid), then their dates: the few answers kept since.
  /// (`NOT INDEXED`: SQLite would otherwise walk the answers by date, every one before `date`.)
  func answersKept(after id: Int64, before date: Date) throws(SQLiteError) -> Int {
    try database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM answers NOT INDEXED WHERE id > ? AND date < ?",
        arguments: [id, UnixTime.seconds(date)]) ?? 0
    }
  }

  func answeredVerbs() throws(SQLiteError) -> [String] {
    try database.read { db in try String.fetchAll(db.cachedStatement(sql: Schema.statsVerbNames)) }
  }

  /// A tally from five columns; a count that is no count, or seconds that are no number, is damage
  /// (``Schema/damaged(_:)``).
  private static func tally(_ row: Row, from column: Int) throws -> Tally {
    let tally = Tally(
      answers: try row.decode(atIndex: column), correct: try row.decode(atIndex: column + 1),
      accentsOnly: try row.decode(atIndex: column + 2), wrong: try row.decode(atIndex: column + 3),
      seconds: try row.decode(atIndex: column + 4))
    guard tally.answers >= 0, tally.seconds.isFinite, tally.seconds >= 0,
      tally.seconds <= Double(tally.answers) * AnswerBounds.longestSeconds + 1
    else { throw Schema.damaged("a summary of the answers is damaged") }
    return tally
  }

  /// `[start, end)` (seconds since 1970, whole quarter-hours) cut where `timeZone`'s offset from
  /// UTC changes, with the offset of each piece.
  static func stretches(from start: Int64, to end: Int64, in timeZone: Zone) -> [(
    start: Int, end: Int, offset: Int
  )] {
    var result: [(start: Int, end: Int, offset: Int)] = []
    var from = Int(start)
    while from < Int(end) {
      let date = Date(timeIntervalSince1970: Double(from))
      let offset = timeZone.secondsFromGMT(for: date)
      var to = Int(end)
      if let change = timeZone.nextDaylightSavingTimeTransition(after: date) {
        // Clocks change on a quarter of an hour; the stretches are whole quarter-hours.
        let quarter = (Int(change.timeIntervalSince1970.rounded(.up)) + 899).floorDivided(by: 900) * 900
        to = min(to, max(from + 900, quarter))
      }
      result.append((from, to, offset))
      from = to
    }
    return result
  }
}
