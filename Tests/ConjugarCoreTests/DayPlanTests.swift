@testable import ConjugarCore
import ConjugarEngine
import Foundation
import RandomClient
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Synchronization
import Testing

/// The plan of the days (issue 41): each form's day within its window, the load balanced by
/// minutes, the easy days kept light, the same plan whatever the order the forms come in.
@Suite struct DayPlanTests {
  static let utc = Zone.utc
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
    #expect(!DayPlan.Options(balance: false).isActive(from: Self.today))
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
    // A form due tomorrow whose band began days ago may be asked today, never before.
    let soon = Self.form("comer", stability: 100, ago: 99, due: 1)
    #expect(
      DayPlan.window(soon.card, due: Self.today.number + 1, today: Self.today.number, scheduler: Self.scheduler, timeZone: Self.utc)
        .lowerBound == Self.today.number)
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

  @Test func theBalancerAsksTheFivePersonsOfAVerbAndTenseOnDifferentDays() {
    let persons = ["yo", "tu", "el", "nosotros", "ellos"]
    let family = persons.map { Self.form("tener", stability: 100, ago: 90, due: 10, person: $0) }
    // Seven forms learning on each day of their window, five on the 10th: by the load alone three
    // would go to that day, the lightest; a day with a sibling counts as twice as full.
    let others = (0...30).flatMap { day in
      (0..<(day == 10 ? 5 : 7)).map { n in
        var state = Self.form("verbo\(day)_\(n)", stability: 1, ago: 0, due: day)
        state.card.state = .learning
        return state
      }
    }
    let balanced = Self.plan(family + others, DayPlan.Options(balance: true))
    #expect(Set(family.map { balanced.placements[$0.item]!.day }).count == 5)
    // With the balancer off they stay on their due day together.
    let due = Self.plan(family, DayPlan.Options(balance: false))
    #expect(Set(family.map { due.placements[$0.item]!.day }) == [Self.today.number + 10])
  }

  @Test func nothingIsAskedInABreakAndWhatFallsDueInItIsSpreadAroundIt() throws {
    // A week away, from the 3rd to the 9th day from today; ten forms due on each day of it, each
    // its interval after yesterday's review, and the pile (due on the 10th) nearby.
    let away = try #require(Break(rawValue: "\(Self.today + 3)..\(Self.today + 9)"))
    #expect(away.rawValue == "2026-11-30..2026-12-06" && away.name == "30 Nov to 6 Dec 2026, 7 days")
    let inBreak = (0..<70).map { Self.form("otro\($0)", stability: Double(4 + $0 % 7), ago: 1, due: 3 + $0 % 7) }
    for balance in [false, true] {
      let plan = Self.plan(inBreak + Self.pile, DayPlan.Options(balance: balance, breakDays: away))
      let days = (inBreak + Self.pile).map { plan.placements[$0.item]!.day }
      #expect(days.allSatisfy { !away.contains(day: $0) })
      #expect(days.allSatisfy { $0 >= Self.today.number })
      // Brought forward into the week before (today included) and spread over the week after.
      let placed = inBreak.map { plan.placements[$0.item]!.day }
      #expect(placed.contains { $0 < Self.today.number + 3 } && placed.contains { $0 > Self.today.number + 9 })
      // No day of the week after carries more than 1.5 times that week's average (with the
      // balancer off the pile stays on its due day, the 10th: the break's forms alone count).
      let weekAfter = (Self.today.number + 10)...(Self.today.number + 16)
      let counts = weekAfter.map { day in (balance ? days : placed).count { $0 == day } }
      let mean = Double(counts.reduce(0, +)) / 7
      #expect(Double(counts.max()!) <= 1.5 * mean, "\(counts)")
    }
    // A form learning due in the break moves too; one past break changes nothing.
    var learning = Self.form("ir", stability: 1, ago: 0, due: 4)
    learning.card.state = .learning
    #expect(!away.contains(day: Self.plan([learning], DayPlan.Options(balance: false, breakDays: away)).placements[learning.item]!.day))
    let over = try #require(Break(rawValue: "2026-11-01..2026-11-20"))
    #expect(!DayPlan.Options(balance: false, breakDays: over).isActive(from: Self.today))
    #expect(Break(rawValue: "2026-12-06..2026-11-30") == nil && Break(rawValue: "2026-02-30..2026-03-01") == nil)
    #expect(Break(rawValue: "none") == Break.none && Break.none.rawValue == "none")
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
    board.items.dueItems = { now, limit, skipping in
      Array(states.filter { $0.card.due <= now && !skipping.contains($0.item) }.prefix(limit))
    }
    board.items.dueCount = { now in states.filter { $0.card.due <= now }.count }
    board.items.itemMarks = { ItemMarks() }
    board.answers.history = { _ in [] }
    board.memory.fittedMemory = { nil }
    // The day's limits, for the review: nothing done yet today.
    board.items.newItemsSince = { _ in 0 }
    board.standing.answersSince = { _ in 0 }
    board.standing.latestAnswerID = { 0 }
    board.standing.answersKept = { _, _ in 0 }
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
      timeZone: DayPlanTests.utc)
    #expect(composer.questions(at: now).map(\.verb) == asked.prefix(20).map(\.item.verb))
  }

  @Test func onADayOfABreakNoNewFormComesInAndTheReviewSaysWhy() throws {
    let now = DayPlanTests.today.start(in: DayPlanTests.utc).addingTimeInterval(2 * 3600)
    var settings = SettingValues()
    #expect(DailyLimits(scoreboard: Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc).newLeft == 20)
    settings.breakDays = try #require(Break(rawValue: "\(DayPlanTests.today - 1)..\(DayPlanTests.today + 2)"))
    #expect(DailyLimits(scoreboard: Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc).newLeft == 0)
    #expect(try DueToday.count(Self.board, settings: settings, at: now, timeZone: DayPlanTests.utc) == 0)
    #expect(
      settings.breakDays.message(on: DayPlanTests.today)
        == "You are on a break until 29 Nov: nothing is asked (Settings, Break).")
    #expect(settings.breakDays.message(on: DayPlanTests.today + 3) == nil)
    // A day's text is read back whatever its year.
    let old = Day(year: 999, month: 1, day: 2)
    #expect(old.description == "0999-01-02" && Day(old.description) == old)
  }

  @Test func aFormDueInABreakIsAskedBeforeItAsThePlanBringsItForward() throws {
    // Fifty forms due in four days, in a break from the day after tomorrow to the 12th day: nothing
    // due today, yet some are asked today, the rest before or after the break.
    let now = DayPlanTests.today.start(in: DayPlanTests.utc).addingTimeInterval(2 * 3600)
    let states = (0..<50).map { DayPlanTests.form("verbo\($0)", stability: 5, ago: 1, due: 4) }
    var board = Self.board
    board.items.items = { _ in states }
    board.items.dueItems = { now, limit, skipping in
      Array(states.filter { $0.card.due <= now && !skipping.contains($0.item) }.prefix(limit))
    }
    board.items.dueCount = { now in states.filter { $0.card.due <= now }.count }
    var settings = SettingValues()
    #expect(try DueToday.count(board, settings: settings, at: now, timeZone: DayPlanTests.utc) == 0)
    settings.breakDays = try #require(Break(rawValue: "\(DayPlanTests.today + 2)..\(DayPlanTests.today + 12)"))
    let asked = try DueToday.items(board, settings: settings, at: now, timeZone: DayPlanTests.utc, limit: .max)
    #expect(asked.count > 0 && asked.count < 50)
    #expect(try DueToday.count(board, settings: settings, at: now, timeZone: DayPlanTests.utc) == asked.count)
  }
}

/// Today's plan is made once and kept (`TodaysPlan`): an answer given since changes its own form
/// alone; older answers brought in, or a new day, make it again.
@Suite struct TodaysPlanTests {
  /// A history in memory that answers change: the forms' states and the answers' dates.
  final class History: Sendable {
    let states = Mutex(DueTodayTests.due)
    let answers = Mutex<[AnsweredQuestion]>([])
    let plans = Mutex(0)

    var board: Scoreboard {
      var board = DueTodayTests.board
      board.items.items = { _ in
        self.plans.withLock { $0 += 1 }
        return self.states.withLock { $0 }
      }
      board.items.dueItems = { now, limit, skipping in
        Array(self.states.withLock { $0 }.filter { $0.card.due <= now && !skipping.contains($0.item) }.prefix(limit))
      }
      board.items.dueCount = { now in self.states.withLock { $0 }.filter { $0.card.due <= now }.count }
      board.answers.history = { limit in Array(self.answers.withLock { $0 }.sorted { $0.date > $1.date }.prefix(limit)) }
      board.standing.answersSince = { date in self.answers.withLock { $0 }.count { $0.date >= date } }
      // Each answer's id, in its `id` (kept in that order: a later one a higher id).
      @Sendable func number(_ answer: AnsweredQuestion) -> Int64 { answer.id.flatMap { Int64($0) } ?? 0 }
      board.standing.latestAnswerID = { self.answers.withLock { $0 }.map(number).max() ?? 0 }
      board.standing.answersKept = { id, date in self.answers.withLock { $0 }.count { number($0) > id && $0.date < date } }
      return board
    }

    /// ``board``, doing `meanwhile` (with that board) the first time a plan reads the states: what
    /// happens while a plan is being made.
    func board(meanwhile: @escaping @Sendable (Scoreboard) throws -> Void) -> Scoreboard {
      var board = self.board
      let items = board.items.items
      let done = Mutex(false)
      board.items.items = { [board] due in
        if !done.withLock({ let was = $0; $0 = true; return was }) { try meanwhile(board) }
        return try items(due)
      }
      return board
    }

    /// `item` answered at `date`, due again `dueIn` seconds later.
    func answer(_ item: Item, at date: Date, dueIn: TimeInterval) {
      keep(AnsweredQuestion(verb: item.verb, tense: item.tense, person: item.person, expected: "x", given: "x", result: .correct, date: date))
      states.withLock { states in
        let index = states.firstIndex { $0.item == item }!
        states[index].card.due = date.addingTimeInterval(dueIn)
        states[index].card.lastReview = date
      }
    }

    /// The id of the answer kept last: never given again, as the history never does (even to an
    /// answer kept after that one was taken back).
    let lastID = Mutex<Int64>(0)

    /// `answer` kept, with the next id.
    func keep(_ answer: AnsweredQuestion) {
      var answer = answer
      answer.id = String(lastID.withLock { $0 += 1; return $0 })
      answers.withLock { $0.append(answer) }
    }
  }

  @Test func thePlanIsMadeOnceAndAnAnswerChangesItsOwnFormAlone() throws {
    let utc = DayPlanTests.utc
    let now = DayPlanTests.today.start(in: utc).addingTimeInterval(2 * 3600)
    let history = History()
    let board = history.board
    let settings = SettingValues()  // load-balance on by default
    func count(at date: Date) throws -> Int { try DueToday.count(board, settings: settings, at: date, timeZone: utc) }
    func asked(at date: Date) throws -> [Item] {
      try DueToday.items(board, settings: settings, at: date, timeZone: utc, limit: .max).map(\.item)
    }
    #expect(try DueToday.countIfPlanned(board, settings: settings, at: now, timeZone: utc) == nil, "not made yet")
    let before = try asked(at: now)
    #expect(before.count > 0 && before.count < 50, "the balancer leaves some for later")
    #expect(try count(at: now) == before.count)
    #expect(history.plans.withLock { $0 } == 1)
    #expect(try DueToday.countIfPlanned(board, settings: settings, at: now, timeZone: utc) == before.count)

    // A form asked today, answered: due in ten days, no longer asked; the plan holds for the rest.
    history.answer(before[0], at: now.addingTimeInterval(60), dueIn: 10 * 86_400)
    let later = now.addingTimeInterval(120)
    #expect(try asked(at: later) == Array(before.dropFirst()))
    #expect(try count(at: later) == before.count - 1)
    // A form the plan had left for later, answered (in a quiz) and missed: due again in five
    // minutes, so asked today once it is due.
    let waiting = try #require(DueTodayTests.due.map(\.item).first { !before.contains($0) })
    history.answer(waiting, at: later, dueIn: 300)
    #expect(try !asked(at: later.addingTimeInterval(60)).contains(waiting))
    let then = later.addingTimeInterval(600)
    #expect(try asked(at: then).contains(waiting))
    #expect(try count(at: then) == before.count)
    #expect(try asked(at: then).count == before.count)
    #expect(history.plans.withLock { $0 } == 1, "made once")

    // An older answer brought in (an import, a sync): the plan is made again.
    history.keep(AnsweredQuestion(verb: "ser", tense: "presente", person: "tu", expected: "x", given: "x", result: .correct, date: now.addingTimeInterval(-86_400)))
    _ = try count(at: then)
    #expect(history.plans.withLock { $0 } == 2)
    _ = try count(at: then)
    #expect(history.plans.withLock { $0 } == 2)
    // A sync that takes an older answer back and brings another: the same count before the plan,
    // and yet the plan is made again.
    history.answers.withLock { $0.removeAll { $0.verb == "ser" } }
    history.keep(AnsweredQuestion(verb: "estar", tense: "presente", person: "tu", expected: "x", given: "x", result: .correct, date: now.addingTimeInterval(-2 * 86_400)))
    _ = try count(at: then)
    #expect(history.plans.withLock { $0 } == 3)
    _ = try count(at: then)
    #expect(history.plans.withLock { $0 } == 3)
    // So are the next day, and other settings.
    _ = try count(at: now.addingTimeInterval(86_400))
    #expect(history.plans.withLock { $0 } == 4)
    _ = try DueToday.count(board, settings: SettingValues(["easy-days": "sat:minimum"]), at: now.addingTimeInterval(86_400), timeZone: utc)
    #expect(history.plans.withLock { $0 } == 5)
    // With nothing to plan, none is made.
    _ = try DueToday.count(board, settings: SettingValues(["load-balance": "off"]), at: now, timeZone: utc)
    #expect(history.plans.withLock { $0 } == 5)
  }

  /// An answer kept while the plan is being made is one given since: the plan holds (it was made
  /// again at every look before, while the learner answered).
  @Test func anAnswerGivenWhileThePlanIsMadeKeepsIt() throws {
    let utc = DayPlanTests.utc
    let now = DayPlanTests.today.start(in: utc).addingTimeInterval(2 * 3600)
    let history = History()
    let board = history.board { _ in
      history.answer(DueTodayTests.due[0].item, at: now.addingTimeInterval(1), dueIn: 10 * 86_400)
    }
    let settings = SettingValues()
    _ = try DueToday.count(board, settings: settings, at: now, timeZone: utc)
    #expect(history.plans.withLock { $0 } == 1)
    #expect(try DueToday.countIfPlanned(board, settings: settings, at: now.addingTimeInterval(2), timeZone: utc) != nil)
    #expect(history.plans.withLock { $0 } == 1)
  }

  /// A plan begun later (other settings, asked for while this one was being made: the trainer's
  /// job, then a review's key) is not replaced by the earlier one when that one ends.
  @Test func aPlanBegunLaterIsNotReplaced() throws {
    let utc = DayPlanTests.utc
    let now = DayPlanTests.today.start(in: utc).addingTimeInterval(2 * 3600)
    let easy = SettingValues(["easy-days": "sat:minimum"])
    let board = History().board { board in
      _ = try DueToday.count(board, settings: easy, at: now, timeZone: utc)  // begun second, done first
    }
    _ = try DueToday.count(board, settings: SettingValues(), at: now, timeZone: utc)
    #expect(try DueToday.countIfPlanned(board, settings: easy, at: now, timeZone: utc) != nil)
    #expect(try DueToday.countIfPlanned(board, settings: SettingValues(), at: now, timeZone: utc) == nil)
  }
}
