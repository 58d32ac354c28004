import ConjugarCore
import BackgroundClient
import ClockClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import TerminalClient
import Testing
import SpacedRepetition

@testable import ConjugarTUI

/// Progress's parts on their own: the state each keeps (the heatmap's cell, Missed's selection,
/// the trend's span, the overview's scroll) and how the keys move it.
@Suite struct ProgressPartsTests {
  /// Answers in three tenses (presente, pretérito, futuro) and two persons (yo, tú), and the
  /// gerundio, which has no person.
  static let statistics: Statistics = {
    var statistics = Statistics()
    for tense in ["futuro", "presente", "preterito"] {
      for person in ["tu", "yo"] {
        statistics.cells[.init(tense: tense, person: person)] = Tally(answers: 2, correct: 1)
      }
    }
    statistics.cells[.init(tense: "gerundio", person: "")] = Tally(answers: 1, correct: 1)
    return statistics
  }()

  @Test func theHeatmapHasTheTensesAndPersonsAnsweredInTheEnginesOrder() {
    #expect(TenseHeatmap.tenses(Self.statistics) == [.presente, .preterito, .futuro])
    #expect(TenseHeatmap.persons(Self.statistics) == [.yo, .tu])
  }

  @Test func theHeatmapsCellMovesWithTheArrowsAndStopsAtTheEdges() {
    var heatmap = TenseHeatmap()
    let moved = [Key.up, .left].map { heatmap.handle($0, in: Self.statistics) }
    #expect(moved == [true, true] && heatmap.cell == .init(row: 0, column: 0))
    _ = heatmap.handle(.right, in: Self.statistics)
    _ = heatmap.handle(.character("j"), in: Self.statistics)
    #expect(heatmap.cell == .init(row: 1, column: 1))
    for key: Key in [.down, .down, .down, .right, .character("l")] { _ = heatmap.handle(key, in: Self.statistics) }
    #expect(heatmap.cell == .init(row: 2, column: 1))
    let other = heatmap.handle(.character("w"), in: Self.statistics)
    #expect(!other && heatmap.cell == .init(row: 2, column: 1))
    let home = heatmap.handle(.home, in: Self.statistics)
    #expect(home && heatmap.cell == .init(row: 0, column: 0))
  }

  @Test func theHeatmapsCellStaysOnASmallerMap() {
    var heatmap = TenseHeatmap()
    for key: Key in [.down, .down, .right] { _ = heatmap.handle(key, in: Self.statistics) }
    var fewer = Statistics()
    fewer.cells[.init(tense: "presente", person: "yo")] = Tally(answers: 1, correct: 1)
    heatmap.clamp(to: fewer)
    #expect(heatmap.cell == .init(row: 0, column: 0))
  }

  static let missed = ["hablar", "ser", "tener"].map {
    ProgressFigures.Missed(item: Item(verb: $0, tense: "presente", person: "yo"), wrong: 3, lapses: nil)
  }

  @Test func missedsSelectionMovesOpensAndStopsAtTheEnds() {
    var list = MissedList()
    let up = list.handle(.up, Self.missed, height: 10)
    #expect(up == nil && list.selected == 0)
    _ = list.handle(.down, Self.missed, height: 10)
    let open = list.handle(.enter, Self.missed, height: 10)
    #expect(open == .openVerb("ser"))
    for _ in 0..<5 { _ = list.handle(.down, Self.missed, height: 10) }
    #expect(list.selected == 2)
    let practise = list.handle(.character("p"), Self.missed, height: 10)
    #expect(practise == .practise(Self.missed.map(\.item)))
    list.clamp(count: 1)
    #expect(list.selected == 0)
  }

  @Test func nothingMissedOpensNothing() {
    var list = MissedList()
    let open = list.handle(.enter, [], height: 10), practise = list.handle(.character("p"), [], height: 10)
    #expect(open == nil && practise == nil)
    #expect(MissedList.hints([], period: KeyHint("a", "30 days")) == [KeyHint("a", "30 days")])
  }

  @Test func theTrendIsPerDayOrPerWeekEndingToday() {
    var trend = ProgressTrend()
    let today = Day(year: 2026, month: 11, day: 26)
    let days = trend.spans(today: today, width: 80)
    #expect(days.count == 56 && days.allSatisfy { $0.first == $0.last })
    #expect(days.last?.last == today && days.first?.first == today - 55)
    #expect(trend.spans(today: today, width: 40).count == 30)
    let other = trend.handle(.character("a"))
    #expect(!other && !trend.weekly && trend.note == "per day")
    let w = trend.handle(.character("w"))
    #expect(w && trend.weekly && trend.note == "per week")
    let weeks = trend.spans(today: today, width: 80)
    #expect(weeks.count == 52 && weeks.allSatisfy { $0.last - 6 == $0.first })
    #expect(weeks.last?.last == today && weeks.first?.first == today - (52 * 7 - 1))
  }

  @Test func theOverviewScrollsAndFollowsItsEnd() {
    var overview = ProgressOverview()
    overview.handle(.down, count: 30, height: 10)
    #expect(overview.offset == 1 && !overview.followsEnd)
    overview.handle(.end, count: 30, height: 10)
    #expect(overview.offset == 20 && overview.followsEnd)
    overview.handle(.up, count: 30, height: 10)
    #expect(overview.offset == 19 && !overview.followsEnd)
    // Nothing worked out between keys: it stays where it is.
    let scrolls = overview.tick(showing: true)
    #expect(!scrolls && overview.offset == 19)
    overview.scrollToTop()
    #expect(overview.offset == 0 && !overview.followsEnd)
  }
}

/// Progress's Rules (issue 42, part 4): the rules known, then those not yet known, one selected;
/// `p` drills the one selected, the forms of every verb that rest on it.
@Suite struct RulesPartTests {
  static func rule(_ id: String, _ easiness: Double) -> RuleStanding.Rule {
    RuleStanding.Rule(id: id, name: id, wins: 3, misses: 1, easiness: easiness, chance: 0.5)
  }

  static let standing = RuleStanding(
    fitted: true, known: [rule("ending.preterito.yo.ar", 1), rule("stem.e-ie", 0.5)], notKnown: [rule("preterite-stem.uv", -1)])

  @Test func pPractisesTheRuleSelected() {
    var list = RulesList()
    #expect(list.handle(.character("p"), Self.standing, height: 10) == .practiseRule("ending.preterito.yo.ar"))
    // The selection runs on from the known to the not yet known.
    for _ in 0..<5 { _ = list.handle(.down, Self.standing, height: 10) }
    #expect(list.selected == 2)
    #expect(list.handle(.character("p"), Self.standing, height: 10) == .practiseRule("preterite-stem.uv"))
    list.clamp(count: 1)
    #expect(list.selected == 0)
    let none = RuleStanding(fitted: false, known: [], notKnown: [])
    #expect(list.handle(.character("p"), none, height: 10) == nil)
    #expect(RulesList.hints(none).isEmpty)
  }

  /// The Rules part reads every answer, off the key path: it says so until the reading is done,
  /// and the trainer's loop looks often meanwhile.
  @Test func theRulesAreReadInTheBackground() {
    let (clock, _) = WallClock.manual()
    let board = SnapshotTests.progressHistory(now: clock.now())
    let queue = BackgroundQueue()
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }) {
      SnapshotTests.applyRules(to: board, now: clock.now(), conjugator: Current.conjugator)
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"), .backTab, .backTab)
      #expect(app.text.contains("Reading your answers and the rules of each form…"), "\(app.text)")
      #expect(app.awaitsFit)
      #expect(queue.names.contains("rules"))
      queue.runAll()
      app.handle(nil)  // the loop's tick
      #expect(!app.awaitsFit)
      #expect(!RulesList.rules(app.progress.ruleStanding).isEmpty)
      #expect(!app.text.contains("Reading your answers"), "\(app.text)")
    }
  }

  /// The verbs' irregularity groups are worked out by the trainer's warm-up, on its thread: a
  /// Progress key before it is done does not work them out itself (a million answers' verbs take
  /// more than a frame) but says they are being read; the tick after the warm-up shows them, as a
  /// key after it would.
  @Test func theGroupsAreSaidToBeReadUntilTheWarmUpHasWorkedThemOut() {
    let (clock, _) = WallClock.manual()
    let board = SnapshotTests.progressHistory(now: clock.now())
    let queue = BackgroundQueue()
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }) {
      let cache = IrregularityGroupCache()
      var app = App(size: Size(columns: 80, rows: 24))
      app.progress = ProgressScreen(groupCache: cache)
      ProgressScreen.warm(Current, background: Current.background, into: cache)
      app.press(.character("5"))
      #expect(app.text.contains("   groups        Reading…"), "\(app.text)")
      #expect(!app.text.contains("e-ie"), "\(app.text)")
      #expect(app.progress.isReadingGroups && app.awaitsFit)
      #expect(app.progress.figures.irregular.answers > 0)  // regular and irregular need no groups
      queue.runAll()
      app.handle(nil)  // the loop's tick
      #expect(!app.progress.isReadingGroups)
      #expect(!app.text.contains("Reading…"), "\(app.text)")
      let shown = app.text
      var warmed = App(size: Size(columns: 80, rows: 24))
      warmed.progress = ProgressScreen(groupCache: cache)
      warmed.press(.character("5"))
      queue.runAll()
      warmed.handle(nil)
      #expect(shown == warmed.text)
      #expect(shown.contains("   e-ie "), "\(shown)")
    }
  }

  @Test func theDrillOfARuleAsksItsForms() throws {
    let (clock, _) = WallClock.manual()
    let board = SnapshotTests.progressHistory(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      SnapshotTests.applyRules(to: board, now: clock.now(), conjugator: Current.conjugator)
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"), .backTab, .backTab)
      let selected = RulesList.rules(app.progress.ruleStanding).first?.id
      #expect(selected != nil)
      app.press(.character("p"))
      #expect(app.text.contains("Question 1 of 20"), "\(app.text)")
      guard let session = app.quiz.asking?.session, let selected else {
        Issue.record("no drill")
        return
      }
      for question in session.questions {
        guard case .finite(let tense, let person) = question.form else { continue }
        #expect(
          (try? Current.conjugator.rules(of: question.verb, tense: tense, person: person).contains { $0.id == selected }) == true,
          "\(question.verb) \(tense) \(person)")
      }
    }
  }
}

/// Progress's Forecast (issue 41, item 4): the next 30 days, a line a day, in two columns at
/// 80x24 and one that scrolls at 40x12; one day selected, said in full; read in the background,
/// as `conjugar forecast` reads it.
@Suite struct ForecastPartTests {
  /// 120 forms answered right twice, days apart, each in its own time (2 to 12 s): due on days
  /// spread over the next weeks, some overdue.
  static func history(now: Date) -> Scoreboard {
    let board = Scoreboard.inMemory()
    let verbs = ["hablar", "tener", "ser", "ir", "comer", "vivir", "decir", "hacer"]
    let tenses = ["presente", "preterito", "futuro"], persons = ["yo", "tu", "el", "nosotros", "ellos"]
    var answers: [AnsweredQuestion] = []
    var number = 0
    for verb in verbs {
      for tense in tenses {
        for person in persons {
          let first = 8 + number % 23, second = number % 7
          for back in [first, second] {
            answers.append(AnsweredQuestion(
              verb: verb, tense: tense, person: person, expected: "x", given: "x", result: .correct,
              date: now.addingTimeInterval(Double(-back * 86_400 - 600 - number)), seconds: Double(2 + number % 11)))
          }
          number += 1
        }
      }
    }
    _ = try? board.answers.importAnswers(answers)
    return board
  }

  static let utc = Zone(identifier: "UTC")!

  @Test func theArrowsMoveADayOrAWeekAndStopAtTheEnds() {
    var chart = ForecastChart()
    chart.handle(.up, count: 30)
    #expect(chart.selected == 0)
    chart.handle(.down, count: 30)
    chart.handle(.character("j"), count: 30)
    #expect(chart.selected == 2)
    chart.handle(.right, count: 30)
    #expect(chart.selected == 9)
    chart.handle(.left, count: 30)
    chart.handle(.left, count: 30)
    #expect(chart.selected == 0)
    chart.handle(.pageDown, count: 30)
    #expect(chart.selected == 7)
    chart.handle(.end, count: 30)
    #expect(chart.selected == 29)
    chart.handle(.right, count: 30)
    #expect(chart.selected == 29)
    chart.handle(.home, count: 30)
    #expect(chart.selected == 0)
    chart.handle(.end, count: 30)
    chart.clamp(count: 5)
    #expect(chart.selected == 4)
    #expect(ForecastChart.hints(nil).isEmpty)
  }

  /// Two columns of 15 days under a header at 80x24 (20 lines below the line of parts, 2 of
  /// them the day said and the totals); at 40x12 one column, 5 days showing, scrolled.
  @Test func theDaysFitTwoColumnsAt80x24AndScrollAt40x12() {
    #expect(
      ForecastChart.layout(days: 30, footer: 2, width: 80, height: 20)
        == .init(columns: 2, rows: 15, visible: 15, header: true, blank: true))
    #expect(
      ForecastChart.layout(days: 30, footer: 3, width: 40, height: 8)
        == .init(columns: 1, rows: 30, visible: 5, header: false, blank: false))
    // Tall enough, one column of 30; wide and short, three of 10.
    #expect(ForecastChart.layout(days: 30, footer: 2, width: 80, height: 40).columns == 1)
    #expect(ForecastChart.layout(days: 30, footer: 2, width: 120, height: 14) == .init(
      columns: 3, rows: 10, visible: 10, header: true, blank: true))
    #expect(ForecastChart.date(Day(year: 2026, month: 12, day: 1)) == "Tue  1 Dec")
    #expect(ForecastChart.date(Day(year: 2026, month: 11, day: 27)) == "Fri 27 Nov")
  }

  /// A pile of forms overdue on today would flatten every other day to a sliver: when they make
  /// today more than twice the busiest of the rest, they are left out of the scale, and today's
  /// bar is cut, ending in ▸; else the busiest day's is the longest bar.
  @Test func anOverduePileOnTodayIsCutNotTheScale() {
    let today = Day(year: 2026, month: 11, day: 27)
    let days = [
      Forecast.DayLoad(day: today, due: 10, overdue: 8, seconds: 600),
      Forecast.DayLoad(day: today + 1, due: 2, seconds: 90), Forecast.DayLoad(day: today + 2, due: 1, seconds: 30),
    ]
    #expect(ForecastChart.scale(days) == 120, "today's 2 forms on time, 120 s, above tomorrow's 90")
    var onTime = days
    onTime[0].overdue = 0
    #expect(ForecastChart.scale(onTime) == 600)
    #expect(ForecastChart.scale([Forecast.DayLoad(day: today, due: 3, overdue: 3, seconds: 30)]) == 30)
    var small = days
    small[0].seconds = 180
    #expect(ForecastChart.scale(small) == 180, "not twice tomorrow's 90: no pile, nothing cut")

    var forecast = Forecast(
      items: [], suspended: [], times: AnswerTimes(seconds: [:]), now: Date(timeIntervalSince1970: 1_795_770_000),
      timeZone: Self.utc, days: 30)
    forecast.days[0] = Forecast.DayLoad(day: forecast.days[0].day, due: 20_017, overdue: 19_783, seconds: 66_006)
    forecast.days[1] = Forecast.DayLoad(day: forecast.days[1].day, due: 218, seconds: 738)
    var frame = Frame(size: Size(columns: 80, rows: 20))
    ForecastChart().draw(forecast, in: &frame, area: Area(top: 0, left: 0, width: 80, height: 20))
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].hasPrefix(" Fri 27 Nov ████████████▸ 20,017 1100.1  Sat 12 Dec "), "\(frame.text)")
    #expect(lines[2].hasPrefix(" Sat 28 Nov ████████████▍    218   12.3  Sun 13 Dec "), "\(frame.text)")
    #expect(lines[3].hasPrefix(" Sun 29 Nov                    0      –  Mon 14 Dec "), "\(frame.text)")
    #expect(frame.text.contains(" In all     20,235 forms · 18 h 32 min · 37 min 05 s a day"), "\(frame.text)")
  }

  /// Easy days and a break are marked (issue 41): ½ a reduced day, ○ a minimum day, "away" a day of
  /// the break, in the chart and in the day's sentence; nothing planned on a minimum day or away.
  @Test func easyDaysAndABreakAreMarked() throws {
    let now = Date(timeIntervalSince1970: 1_795_770_000)  // Friday 27 November 2026
    var settings = SettingValues()
    settings.easyDays = try #require(EasyDays(rawValue: "sat:reduced,sun:minimum"))
    settings.breakDays = try #require(Break(rawValue: "2026-12-02..2026-12-04"))
    let forecast = try Forecast.read(Self.history(now: now), settings: settings, now: now, timeZone: Self.utc, days: 30)
    #expect(forecast.days[1].kind == .reduced && forecast.days[2].kind == .minimum && forecast.days[5].away)
    #expect(forecast.days[2].due == 0 && forecast.days[5].due == 0 && forecast.days[6].due == 0)
    #expect(forecast.sentence(2) == "Sunday 29 November, a minimum day: no forms due.")
    #expect(forecast.sentence(5) == "Wednesday 2 December, away: no forms due.")
    var frame = Frame(size: Size(columns: 80, rows: 20))
    ForecastChart().draw(forecast, in: &frame, area: Area(top: 0, left: 0, width: 80, height: 20))
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[2].hasPrefix(" Sat 28 Nov½"), "\(frame.text)")
    #expect(lines[3].hasPrefix(" Sun 29 Nov○                     0    –"), "\(frame.text)")
    #expect(lines[6].hasPrefix(" Wed  2 Dec away                 0    –"), "\(frame.text)")
  }

  /// Seven parts do not fit on 40 columns: the line shows those around the part showing.
  @Test func theLineOfPartsScrollsToThePartShowingWhenNarrow() {
    typealias Part = ProgressScreen.Part
    #expect(ProgressScreen.partsShown(width: 80, showing: .scores) == 0...6)
    #expect(ProgressScreen.partsShown(width: 49, showing: .scores) == 0...6)
    #expect(ProgressScreen.partsShown(width: 40, showing: .overview) == 0...4)
    #expect(ProgressScreen.partsShown(width: 40, showing: .forecast) == 0...4)
    #expect(ProgressScreen.partsShown(width: 40, showing: .rules) == 1...6)
    #expect(ProgressScreen.partsShown(width: 40, showing: .scores) == 1...6)
  }

  /// The forecast reads every answer, off the key path: the part says so until the reading is
  /// done, and the trainer's loop looks often meanwhile; what it shows is `Forecast.read`'s.
  @Test func theForecastIsReadInTheBackground() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    let queue = BackgroundQueue()
    try World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"), .tab, .tab, .tab, .tab)
      #expect(app.progress.part == .forecast)
      #expect(app.text.contains("Reading your answers' times for the next 30 days…"), "\(app.text)")
      #expect(app.awaitsFit)
      #expect(queue.names.contains("forecast"))
      queue.runAll()
      app.handle(nil)  // the loop's tick
      #expect(!app.awaitsFit)
      let read = try Forecast.read(board, settings: SettingValues(), now: clock.now(), timeZone: Self.utc, days: 30)
      #expect(app.progress.forecast == read)
      let unbalanced = try Forecast.read(
        board, settings: SettingValues(["load-balance": "off"]), now: clock.now(), timeZone: Self.utc, days: 30)
      #expect(unbalanced.totalDue == 75, "of the 120 forms, those due within the 30 days")
      #expect(read.totalDue == 60, "the balancer, on by default, asks some of them later")
      #expect(app.text.contains(" Fri 15 Jan "), "today first: \(app.text)")
      #expect(app.text.contains(read.sentence(0)), "today said in full: \(app.text)")
      app.press(.down)
      #expect(app.text.contains(read.sentence(1)), "\(app.text)")
      #expect(ForecastChart.hints(read).map(\.key) == ["↑↓", "←→"])
      app.press(.character("?"))
      #expect(app.text.contains("Forecast: the next or the previous day"), "\(app.text)")
    }
  }

  /// At 40x12 every line fits, nothing is cut: the days scroll to the one selected.
  @Test func at40x12TheDaysScrollToTheOneSelected() {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("5"), .tab, .tab, .tab, .tab)
      #expect(app.text.contains(" Overview Tenses Trend Missed Forecast ›"), "\(app.text)")
      #expect(app.text.contains(" ↑↓ day  ←→ week  ? help  q quit"), "its keys take the bottom line: \(app.text)")
      #expect(app.text.contains(" Fri 15 Jan ") && !app.text.contains(" Sun 24 Jan "), "\(app.text)")
      for _ in 0..<9 { app.press(.down) }
      #expect(app.text.contains(" Sun 24 Jan ") && !app.text.contains(" Fri 15 Jan "), "\(app.text)")
      #expect(app.text.contains("Sunday 24 January:"), "\(app.text)")
      for line in app.text.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
    }
  }
}

/// The overview's bars count their answers as the rest of the screens do: "1 answer", "1,234 answers".
@Suite struct ProgressBarCountTests {
  @Test func aBarOfOneAnswerSaysAnswerNotAnswers() {
    let one = ProgressOverview.barLine("Indicativo", Tally(answers: 1, correct: 1), labelWidth: 14, width: 80).text
    let many = ProgressOverview.barLine("Indicativo", Tally(answers: 1_234, correct: 1_000), labelWidth: 14, width: 80).text
    #expect(one.hasSuffix(" 1 answer"))
    #expect(many.hasSuffix(" 1,234 answers"))
  }
}
