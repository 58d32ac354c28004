@testable import ConjugarCore
import ConjugarEngine
import Foundation
import RandomClient
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

/// The plan of the days (issue 41): each form's day within its window, the load balanced by
/// minutes, the easy days kept light, the same plan whatever the order the forms come in.
@Suite struct DayPlanTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2026-11-27, a Friday.
  static let today = Day(year: 2026, month: 11, day: 27)
  static let scheduler = Scheduler()

  /// A form in review of stability `stability` days, last reviewed `ago` days before today, due
  /// `due` days from today (its interval, as the fuzz moved it).
  static func form(_ verb: String, stability: Double, ago: Int, due: Int, person: String = "yo") -> ItemState {
    let start = today.start(in: utc)
    return ItemState(
      item: Item(verb: verb, tense: "presente", person: person),
      card: Card(
        state: .review, step: nil, stability: stability, difficulty: 5,
        due: start.addingTimeInterval(Double(due) * 86_400 + 3600),
        lastReview: start.addingTimeInterval(Double(-ago) * 86_400 + 3600)),
      reps: 3, lapses: 0, firstReview: start.addingTimeInterval(-400 * 86_400))
  }

  static func plan(_ items: [ItemState], _ options: DayPlan.Options, spentToday: Double = 0) -> DayPlan {
    DayPlan(
      items: items, suspended: [], times: AnswerTimes(seconds: [:]), scheduler: scheduler, today: today, timeZone: utc,
      options: options, spentToday: spentToday)
  }

  /// Fifty forms of 100 days' stability, all due the same day, ten days from today.
  static let pile = (0..<50).map { form("verbo\($0)", stability: 100, ago: 90, due: 10) }

  @Test func withNothingSetEachFormIsOnItsDueDayAndAnOverdueOneToday() {
    let overdue = Self.form("tener", stability: 5, ago: 9, due: -3)
    let plan = Self.plan(Self.pile + [overdue], DayPlan.Options(balance: false))
    #expect(Self.pile.allSatisfy { plan.placements[$0.item]?.day == Self.today.number + 10 })
    #expect(plan.placements[overdue.item] == DayPlan.Placement(day: Self.today.number, due: Self.today.number - 3))
    #expect(!DayPlan.Options(balance: false).isActive)
  }

  @Test func aFormsWindowKeepsItsChanceOfBeingKnownWithinAPointOfTheRetention() {
    let state = Self.form("hablar", stability: 100, ago: 80, due: 20)
    let window = DayPlan.window(
      state.card, due: Self.today.number + 20, today: Self.today.number, scheduler: Self.scheduler, timeZone: Self.utc)
    let last = Self.today.number - 80
    func r(_ day: Int) -> Double { Self.scheduler.retrievability(days: day - last, stability: 100) }
    // Both ends within the band, the days beyond them outside it.
    #expect(abs(r(window.lowerBound) - 0.9) <= DayPlan.band && abs(r(window.upperBound) - 0.9) <= DayPlan.band)
    #expect(r(window.lowerBound - 1) > 0.9 + DayPlan.band && r(window.upperBound + 1) < 0.9 - DayPlan.band)
    #expect(window.count > 10)
    // A form due tomorrow whose band began before today is never brought into today.
    let soon = Self.form("comer", stability: 100, ago: 99, due: 1)
    #expect(
      DayPlan.window(soon.card, due: Self.today.number + 1, today: Self.today.number, scheduler: Self.scheduler, timeZone: Self.utc)
        .lowerBound == Self.today.number + 1)
    // One learning has its due day alone.
    var learning = Self.form("vivir", stability: 2, ago: 0, due: 0)
    learning.card.state = .relearning
    #expect(
      DayPlan.window(learning.card, due: Self.today.number, today: Self.today.number, scheduler: Self.scheduler, timeZone: Self.utc)
        == Self.today.number...Self.today.number)
  }

  @Test func theBalancerSpreadsAPileOverTheDaysOfItsWindow() {
    let due = Self.plan(Self.pile, DayPlan.Options(balance: false))
    let balanced = Self.plan(Self.pile, DayPlan.Options(balance: true))
    func busiest(_ plan: DayPlan) -> Int {
      Dictionary(grouping: Self.pile, by: { plan.placements[$0.item]!.day }).values.map(\.count).max()!
    }
    #expect(busiest(due) == 50)
    #expect(busiest(balanced) <= 50 / 10)
    let last = Self.today.number - 90
    for state in Self.pile {
      let day = balanced.placements[state.item]!.day
      #expect(abs(Self.scheduler.retrievability(days: day - last, stability: 100) - 0.9) <= DayPlan.band)
    }
    // Whatever the order the forms come in, the same days.
    var generator = SplitMix64(seed: 7)
    let shuffled = Self.plan(Self.pile.shuffled(using: &generator), DayPlan.Options(balance: true))
    #expect(shuffled.placements == balanced.placements)
  }

  @Test func aDayAlreadyBusyTakesLess() {
    // Today has ten minutes spent: a form due today that may wait does.
    let state = Self.form("hablar", stability: 100, ago: 100, due: 0)
    #expect(Self.plan([state], DayPlan.Options(balance: true)).placements[state.item]?.day == Self.today.number)
    #expect(Self.plan([state], DayPlan.Options(balance: true), spentToday: 600).placements[state.item]!.day > Self.today.number)
  }

  @Test func minimumDaysCarryNothingAFormCanGoElsewhere() throws {
    let weekend = try #require(EasyDays(rawValue: "sat:minimum,sun:minimum"))
    #expect(weekend.rawValue == "sat:minimum,sun:minimum" && weekend.isSet)
    // Tomorrow (Saturday) and the day after (Sunday) are minimum days.
    #expect(weekend.kind(ofDay: Self.today.number + 1) == .minimum && weekend.kind(ofDay: Self.today.number) == .normal)
    let onSaturday = (0..<20).map { Self.form("verbo\($0)", stability: 100, ago: 91, due: 1) }
    for options in [DayPlan.Options(balance: false, easyDays: weekend), DayPlan.Options(balance: true, easyDays: weekend)] {
      let plan = Self.plan(onSaturday + Self.pile, options)
      for state in onSaturday + Self.pile {
        #expect(weekend.kind(ofDay: plan.placements[state.item]!.day) != .minimum)
      }
    }
    // With the balancer off, a form due on a normal day stays there.
    let plan = Self.plan(Self.pile, DayPlan.Options(balance: false, easyDays: weekend))
    #expect(Self.pile.allSatisfy { plan.placements[$0.item]?.day == Self.today.number + 10 })
    // A form whose window is a minimum day alone stays there: nothing else keeps it near the retention.
    var short = Self.form("ir", stability: 1, ago: 0, due: 1)
    short.card.state = .learning
    #expect(Self.plan([short], DayPlan.Options(balance: true, easyDays: weekend)).placements[short.item]?.day == Self.today.number + 1)
  }
}

/// What a review asks today (`DueToday`): the forms due now less those the plan moves later, and
/// the count every screen shows is that many.
@Suite struct DueTodayTests {
  /// The presente yo of fifty frequent verbs, due an hour ago, each free to wait some days.
  static let due = QuizComposer.frequentEntries(of: Conjugator().catalog).prefix(50).map {
    DayPlanTests.form($0.infinitive, stability: 100, ago: 100, due: 0)
  }

  static var board: Scoreboard {
    var board = Scoreboard.failing
    let states = due
    board.items.items = { _ in states }
    board.items.dueItems = { now, limit in Array(states.filter { $0.card.due <= now }.prefix(limit)) }
    board.items.dueCount = { now in states.filter { $0.card.due <= now }.count }
    board.items.itemMarks = { ItemMarks() }
    board.answers.history = { _ in [] }
    board.memory.fittedMemory = { nil }
    // The day's limits, for the review: nothing done yet today.
    board.items.newItemsSince = { _ in 0 }
    board.standing.answersSince = { _ in 0 }
    return board
  }

  @Test func theBalancerLeavesForLaterWhatTodayCannotTakeAndTheCountSaysSo() throws {
    let now = DayPlanTests.today.start(in: DayPlanTests.utc).addingTimeInterval(2 * 3600)
    var settings = SettingValues()
    settings.loadBalance = .off
    #expect(try DueToday.count(Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc) == 50)
    #expect(try DueToday.items(Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc, limit: 20).count == 20)
    settings.loadBalance = .on
    let asked = try DueToday.items(Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc, limit: .max)
    #expect(asked.count < 50 && asked.count > 0)
    #expect(try DueToday.count(Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc) == asked.count)
    // The review asks those, no more (and no new form).
    settings.newItemsPerDay = .none
    let composer = ReviewComposer(
      conjugator: Conjugator(), scoreboard: Self.board, settings: settings,
      calendar: { var c = Calendar(identifier: .gregorian); c.timeZone = DayPlanTests.utc; return c }())
    #expect(composer.questions(at: now).map(\.verb) == asked.prefix(20).map(\.item.verb))
  }
}
