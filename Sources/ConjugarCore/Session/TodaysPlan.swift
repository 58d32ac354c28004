import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Synchronization

/// What the plan of the days (``DayPlan``) says of today, made at the day's first look and kept on
/// the board's memo, so that each later read (the title's count after every answer, a review's
/// start) costs a few small queries rather than a plan of every form (0.5 s at 10,000 forms in a
/// release build, 3.7 s at 100,000).
///
/// It holds while what it was made from holds (its ``Key``): the day, the settings that plan, the
/// schedule in use, the forms' marks, and the answers given before it was made (an import or a
/// sync that brings older answers, an undo of one, a salvage: a plan made again — also when a
/// sync takes one back and brings another, the count the same). The answers given
/// since (the learner's own, or a sync's of today) change their forms' states alone: such a form is
/// asked today if it is due now, whatever the plan said of it, and the plan holds for the others.
/// (So two machines that made theirs at different moments may ask a form on different days of its
/// window; the forecast, planned afresh, is the same on both.)
struct TodaysPlan: Sendable {
  /// How many plans were begun in this process (the last one's ``serial``).
  private static let begun = Atomic(0)

  struct Key: Sendable, Equatable {
    var day: Day
    var timeZone: Zone
    var options: DayPlan.Options
    var parameters: Parameters
    var marks: ItemMarks
    /// The answers given before ``TodaysPlan/since``.
    var answersBefore: Int
    /// Of those, how many were kept after the plan's ``TodaysPlan/latestID``: older answers brought in.
    var broughtIn: Int
  }

  var key: Key
  /// The start of the quarter hour the plan was made in (the statistics count answers by quarter
  /// hours): an answer given since may be newer than the states the plan read.
  var since: Date
  /// The id of the answer kept last when the plan was made.
  var latestID: Int64
  /// The forms falling due by the end of today that the plan asks on a later day, and when each
  /// falls due.
  var later: [Item: Date]
  /// The forms due after today that the plan asks today (brought forward), by due date.
  var early: [ItemState]
  /// ``later``'s due moments in order, and ``early``'s forms: a count at each answer is then a
  /// search, not a pass over every form moved.
  private var laterDues: [Date] = []
  private var earlyItems: Set<Item> = []

  /// The order plans were begun in, in this process.
  private var serial: Int

  init(key: Key, since: Date, latestID: Int64, serial: Int, later: [Item: Date], early: [ItemState]) {
    self.key = key
    self.since = since
    self.latestID = latestID
    self.serial = serial
    self.later = later
    self.early = early
    laterDues = later.values.sorted()
    earlyItems = Set(early.map(\.item))
  }

  /// Whether today has a plan, and which.
  enum Lookup {
    /// The plan moves nothing (``DayPlan/Options/isActive(from:)``): each form is asked the day it
    /// falls due.
    case none
    /// There is one, not made yet (asked not to make it).
    case notMade
    case plan(TodaysPlan)
  }

  /// Today's plan at `now` as `settings` ask: the one kept on `board`'s memo while it holds, else
  /// one made and kept (unless `making` is false).
  static func current(
    _ board: Scoreboard, settings: SettingValues, at now: Date, timeZone: Zone, making: Bool = true
  ) throws -> Lookup {
    let options = DayPlan.Options(settings)
    let today = Day(now, in: timeZone)
    guard options.isActive(from: today) else { return .none }
    let scheduler = try board.memory.schedulerInUse(settings.scheduler)
    let marks = try board.items.itemMarks()
    let answers = try board.standing.answersSince(.distantPast)
    func key(since: Date, latestID: Int64) throws -> Key {
      Key(
        day: today, timeZone: timeZone, options: options, parameters: scheduler.parameters, marks: marks,
        answersBefore: answers - (try board.standing.answersSince(since)),
        broughtIn: try board.standing.answersKept(latestID, since))
    }
    if let kept = board.memo.value(TodaysPlan.self), kept.key == (try key(since: kept.since, latestID: kept.latestID)) {
      return .plan(kept)
    }
    guard making else { return .notMade }
    let since = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 900).rounded(.down) * 900)
    // Its key read before the states: an answer kept while the plan is made is one given since.
    let latestID = try board.standing.latestAnswerID()
    let madeKey = try key(since: since, latestID: latestID)
    let serial = begun.add(1, ordering: .relaxed).newValue
    let reading = try DayPlan.reading(board, settings: settings, now: now, startOfToday: today.start(in: timeZone))
    let plan = DayPlan(reading, today: today, timeZone: timeZone, options: options)
    var later: [Item: Date] = [:]
    var early: [ItemState] = []
    for state in reading.items {
      guard let placement = plan.placements[state.item] else { continue }
      if placement.day > today.number, placement.due <= today.number {
        later[state.item] = state.card.due
      } else if plan.isEarly(state.item, on: today) {
        early.append(state)
      }
    }
    early.sort { ($0.card.due, $0.item.key) < ($1.card.due, $1.item.key) }
    let made = TodaysPlan(key: madeKey, since: since, latestID: latestID, serial: serial, later: later, early: early)
    // A plan begun later (other settings, while this one was being made) is not replaced.
    board.memo.keep(made) { $0.serial < serial }
    return .plan(made)
  }

  /// How many forms due at `now` the plan asks later (none of those `answered` since it was made:
  /// their own states say).
  func movedLater(at now: Date, answered: Set<Item>) -> Int {
    var low = 0, high = laterDues.count  // how many fall due by `now`
    while low < high {
      let middle = (low + high) / 2
      if laterDues[middle] <= now { low = middle + 1 } else { high = middle }
    }
    return low - answered.count { later[$0].map { $0 <= now } ?? false }
  }

  /// How many forms brought forward to today are still to be asked (none of those `answered`).
  func earlyLeft(answered: Set<Item>) -> Int { early.count - answered.count { earlyItems.contains($0) } }

  /// The forms answered since the plan was made (``since``).
  func answered(_ board: Scoreboard) throws -> Set<Item> {
    Set(try board.answers.history(try board.standing.answersSince(since)).map(\.item))
  }
}
