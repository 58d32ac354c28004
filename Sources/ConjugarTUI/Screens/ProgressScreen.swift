import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import TerminalClient
import SpacedRepetition

/// 5 Progress: where the learner stands, in seven parts switched with Tab — the overview
/// (``ProgressOverview``), the heatmap of tense × person (``TenseHeatmap``), the trend
/// (``ProgressTrend``), the most missed forms (``MissedList``), the next 30 days
/// (``ForecastChart``), the rules known and not yet known (``RulesList``) and the best scores
/// (``ScoresScreen``). The tab reads the figures from `Current` when it is shown, keeps the
/// period they cover, routes the keys to the part showing and draws the line of parts above it.
struct ProgressScreen: Screen {
  enum Part: Int, CaseIterable {
    case overview, tenses, trend, missed, forecast, rules, scores

    var title: String {
      switch self {
      case .overview: "Overview"
      case .tenses: "Tenses"
      case .trend: "Trend"
      case .missed: "Missed"
      case .forecast: "Forecast"
      case .scores: "Scores"
      case .rules: "Rules"
      }
    }

    /// On the line of parts when it is narrow (the line scrolls to the part showing if they do
    /// not all fit).
    var narrowTitle: String { self == .scores ? "Best" : title }
  }

  /// The answers the overview's bars, the heatmap and the most missed count.
  enum Period: Equatable {
    case all, lastDays(Int)

    var name: String {
      switch self {
      case .all: "all time"
      case .lastDays(let days): "last \(days) days"
      }
    }
  }

  private(set) var part = Part.overview
  private(set) var period = Period.all
  /// The figures of the answers, read at each key that shows them; their memory part is ``memory``.
  private(set) var statistics = Statistics()
  /// The memory's figures (the forms by state, what is due, the recall today): a pass over every
  /// form practised, read in the background with each reading of ``statistics``; taken from the
  /// job at the next tick. Nil until first read.
  private(set) var memory: Statistics.Memory?
  /// The reading of ``memory`` under way, if any.
  private(set) var memoryJob: MemoryJob?
  /// Whether the overview waits for the memory's figures: the trainer's loop looks more often.
  var isReadingMemory: Bool { memoryJob != nil }
  /// Accuracy by group of verbs, and the forms missed, the leeches first.
  private(set) var figures = ProgressFigures()
  /// The leeches read with ``statistics``, kept for the figures made again once the groups are there.
  private var leeches: [ItemState] = []
  private(set) var error: String?
  /// Today, in the learner's time zone, when the figures were read.
  private(set) var today = Day(number: 0)
  private(set) var goal = DailyGoal.off

  private(set) var overview = ProgressOverview()
  private(set) var heatmap = TenseHeatmap()
  private(set) var trend = ProgressTrend()
  private(set) var missedList = MissedList()
  /// The rules known and not yet known, read in the background when the Rules part shows (every
  /// answer is read); taken from the job at the next tick.
  private(set) var ruleStanding = RuleStanding.unfitted
  /// The reading of ``ruleStanding`` under way, if any.
  private(set) var rulesJob: RuleStandingJob?
  /// Whether the Rules part waits for its reading: the trainer's loop looks more often.
  var isReadingRules: Bool { rulesJob != nil }
  private(set) var rulesList = RulesList()
  /// The next 30 days, read in the background when the Forecast part shows (every answer's time
  /// is read); taken from the job at the next tick. Nil until first read.
  private(set) var forecast: Forecast?
  /// The reading of ``forecast`` under way, if any.
  private(set) var forecastJob: ForecastJob?
  /// Whether the Forecast part waits for its reading: the trainer's loop looks more often.
  var isReadingForecast: Bool { forecastJob != nil }
  private(set) var forecastChart = ForecastChart()
  var scores = ScoresScreen()

  /// Each verb's irregularity groups: the run's (``irregularityGroups``); a test gives its own.
  let groupCache: IrregularityGroupCache

  init(groupCache: IrregularityGroupCache = Self.irregularityGroups) {
    self.groupCache = groupCache
  }

  /// The overview's memory model: the trainer's loop draws more often while it works.
  var memoryModel: MemoryModelPanel { overview.memoryModel }
  /// Missed's lines: the leeches first (the most lapses first), then the most missed.
  var missed: [ProgressFigures.Missed] { figures.missed }

  /// Each verb's kind (regular or not, its irregularity groups), worked out once per verb and run. The
  /// trainer works out those of the verbs answered on a thread of its own after its first frame (``warm(_:background:)``),
  /// so that the first Progress frame finds them; a Progress key before that is done shows them as
  /// being read (``isReadingGroups``), and its next tick after it, the groups.
  static let irregularityGroups = IrregularityGroupCache()

  /// Works out the kinds of the verbs answered into `cache`, ahead of the first
  /// Progress frame, on `background`.
  static func warm(_ world: World, background: Background, into cache: IrregularityGroupCache = irregularityGroups) {
    cache.warm({ (try? world.scoreboard.standing.answeredVerbs()) ?? [] }, world.conjugator, background: background)
  }

  /// Whether the overview waits for the verbs' groups (the trainer's warm-up working them out): the
  /// trainer's loop looks more often.
  var isReadingGroups: Bool { figures.groupsPending }

  // MARK: Reading

  /// Between keys: the overview scrolls to what its memory model has just worked out.
  mutating func tick(in area: Area) {
    takeMemory()
    takeRules()
    takeForecast()
    if figures.groupsPending, !groupCache.isWarming { makeFigures() }
    guard overview.tick(showing: part == .overview) else { return }
    let body = bodyArea(area)
    overview.scrollToEnd(count: overviewLines(width: body.width).count, height: body.height)
  }

  /// Reads the figures (and the scores) from `Current`: what the key shows first, then the jobs
  /// it starts in the background (the memory's figures, the calibration), so that they do not
  /// take a core from this key's own reading.
  mutating func reload() {
    scores.reload()
    let now = Current.clock.now()
    today = Day(now, in: Current.timeZone)
    goal = Current.settings.dailyGoal
    let since: Day? =
      switch period {
      case .all: nil
      case .lastDays(let days): today - (days - 1)
      }
    let query = StatisticsQuery(now: now, timeZone: Current.timeZone, since: since, byVerb: true, memory: false)
    do {
      statistics = try Current.scoreboard.standing.statistics(query)
      error = nil
    } catch {
      statistics = Statistics()
      self.error = "The history could not be read: \(error)"
    }
    leeches = Current.settings.leechThreshold.count.map {
      (try? Current.scoreboard.items.leeches($0, Statistics.mostMissedCount)) ?? []
    } ?? []
    makeFigures()
    heatmap.clamp(to: statistics)
    missedList.clamp(count: missed.count)
    overview.memoryModel.reload()
    memoryJob = MemoryJob(board: Current.scoreboard, query: query, background: Current.background)
    takeMemory()
    if part == .rules { readRules() }
    if part == .forecast { readForecast() }
  }

  /// The figures of ``statistics`` and ``leeches``: the groups of the verbs answered worked out here
  /// (the few answered since the warm-up), unless the warm-up is working them out — then pending.
  private mutating func makeFigures() {
    let conjugator = Current.conjugator, cache = groupCache
    // While warming, the regular-looking models read once for every verb; else the cache keeps each kind.
    figures = ProgressFigures(
      statistics, leeches: leeches,
      kind: cache.isWarming
        ? { [models = conjugator.regularLookingModels()] in
          VerbKind($0, conjugator, regularLookingModels: models, withGroups: false)
        }
        : { cache.kind(of: $0, conjugator) })
  }

  /// The memory's figures, once read.
  private mutating func takeMemory() {
    guard let result = memoryJob.taken() else { return }
    memory = value(result, else: Statistics.Memory())
  }

  /// A reading's value; if the history could not be read, `fallback`, and why shown.
  private mutating func value<Value>(_ result: Result<Value, any Error>, else fallback: Value) -> Value {
    switch result {
    case .success(let read): return read
    case .failure(let error):
      self.error = "The history could not be read: \(error)"
      return fallback
    }
  }

  /// Starts reading the rules' standing from `Current` (every answer, and the rule layer in use)
  /// in the background; the list shows what it read before until then.
  mutating func readRules() {
    rulesJob = RuleStandingJob(board: Current.scoreboard, conjugator: Current.conjugator, background: Current.background)
    takeRules()
  }

  /// The rules' standing, once read.
  private mutating func takeRules() {
    guard let result = rulesJob.taken() else { return }
    ruleStanding = value(result, else: RuleStanding.unfitted)
    rulesList.clamp(count: RulesList.rules(ruleStanding).count)
  }

  /// Starts reading the forecast from `Current` (every form's schedule, the latest answers' times,
  /// the plan of the days by the settings) in the background, from now in the learner's time
  /// zone; the chart shows what it read before until then.
  mutating func readForecast() {
    forecastJob = ForecastJob(
      board: Current.scoreboard, settings: Current.settings.values, now: Current.clock.now(), timeZone: Current.timeZone,
      background: Current.background)
    takeForecast()
  }

  /// The forecast, once read.
  private mutating func takeForecast() {
    guard let result = forecastJob.taken() else { return }
    forecast = value(result.map(Optional.some), else: nil)
    if let forecast { forecastChart.clamp(count: forecast.days.count) }
  }

  private func overviewLines(width: Int) -> [Line] {
    overview.lines(statistics, memory: memory, figures, goal: goal, period: period.name, width: width)
  }

  // MARK: Screen

  var name: String { "progress-\(part.title.lowercased())" }
  /// Progress's parts are one place.
  var place: String { "progress" }
  var helpTitle: String { "your progress" }
  var isTyping: Bool { false }

  var hints: [KeyHint] {
    let tab = KeyHint("Tab", "part")  // short, each part's own key second: both fit at 40 columns
    let periodHint = KeyHint("a", period == .all ? "30 days" : "all time", narrow: period == .all ? "30d" : "all")
    switch part {
    case .overview:
      // At 40 columns the overview's own keys take the line: the parts' names, above, show what
      // Tab does.
      return [KeyHint("Tab", "part", narrow: ""), periodHint, KeyHint("f", "forms")] + overview.hints
    case .tenses: return [tab, periodHint] + TenseHeatmap.hints
    case .trend: return [tab] + trend.hints
    case .missed: return [tab] + MissedList.hints(missed, period: periodHint)
    case .scores: return [tab, KeyHint("↑↓", "scroll")]
    // Its own keys first: at 40 columns they take the line, as the overview's, Tab named by the
    // parts above.
    case .forecast: return ForecastChart.hints(forecast) + [tab]
    case .rules: return [tab] + RulesList.hints(ruleStanding)
    }
  }

  var help: [KeyHint] {
    [
      KeyHint("Tab ⇧Tab", "the next or the previous part: " + Part.allCases.map(\.title).joined(separator: ", ")),
      KeyHint("f", "the forms remembered: search, sort, suspend, reset (a browser, as Anki's)"),
      KeyHint("a", "all time, or the last 30 days (the overview's bars, the heatmap, the most missed)"),
    ]
      + TenseHeatmap.help + ProgressTrend.help + MissedList.help + ForecastChart.help + RulesList.help
      + ProgressOverview.glossary + TenseHeatmap.glossary + ProgressTrend.glossary + MissedList.glossary
      + ForecastChart.glossary + RulesList.glossary
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    switch key {
    case .tab, .backTab:
      let count = Part.allCases.count
      part = Part(rawValue: (part.rawValue + (key == .tab ? 1 : count - 1)) % count)!
      overview.scrollToTop()
      if part == .scores { scores.reload() }
      if part == .rules { readRules() }
      if part == .forecast { readForecast() }
      return nil
    case .character("f"):
      return .openBrowser
    case .character("a") where [.overview, .tenses, .missed].contains(part):
      period = period == .all ? .lastDays(30) : .all
      reload()
      return nil
    default: break
    }
    let body = bodyArea(area)
    switch part {
    case .overview:
      overview.handle(key, count: overviewLines(width: body.width).count, height: body.height)
    case .tenses:
      _ = heatmap.handle(key, in: statistics)
    case .trend:
      _ = trend.handle(key)
    case .missed:
      return missedList.handle(key, missed, height: body.height)
    case .forecast:
      forecastChart.handle(key, count: forecast?.days.count ?? 0)
    case .scores:
      return scores.handle(key, in: body, settings: settings)
    case .rules:
      return rulesList.handle(key, ruleStanding, height: body.height)
    }
    return nil
  }

  /// Below the line of parts.
  private func bodyArea(_ area: Area) -> Area {
    Area(top: area.top + 1, left: area.left, width: area.width, height: max(0, area.height - 1))
  }

  // MARK: Drawing

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    guard area.height > 0 else { return }
    drawParts(in: &frame, area: area)
    let body = bodyArea(area)
    if let error, part != .scores {
      for (number, line) in wrapped(error, width: body.width - 2).enumerated() where number < body.height {
        frame.write(" " + line, row: body.top + number, column: body.left, style: .wrong, limit: body.right)
      }
      return
    }
    if statistics.days.isEmpty, part != .scores {
      let text = "No answers yet: answer a quiz (2 Quiz) or review, and your progress shows here."
      for (number, line) in wrapped(text, width: body.width - 2).enumerated() where number < body.height {
        frame.write(" " + line, row: body.top + number, column: body.left, limit: body.right)
      }
      return
    }
    switch part {
    case .overview: overview.draw(overviewLines(width: body.width), in: &frame, area: body)
    case .tenses: heatmap.draw(statistics, in: &frame, area: body)
    case .trend: trend.draw(statistics.days, today: today, in: &frame, area: body)
    case .missed: missedList.draw(missed, in: &frame, area: body)
    case .forecast: forecastChart.draw(forecast, reading: isReadingForecast, in: &frame, area: body)
    case .scores: scores.draw(in: &frame, area: body, settings: settings)
    case .rules: rulesList.draw(ruleStanding, reading: isReadingRules, in: &frame, area: body)
    }
  }

  /// The parts, the one showing highlighted, and the period at the right when it fits. When
  /// they do not all fit (seven parts at 40 columns), the line shows those around the part
  /// showing, with ‹ and › where more are.
  private func drawParts(in frame: inout Frame, area: Area) {
    let spacious = area.width >= 60
    let shown = Self.partsShown(width: area.width, showing: part)
    if shown.lowerBound > 0 { frame.write("‹", row: area.top, column: area.left, style: .dim) }
    var x = area.left + 1
    for each in Part.allCases[shown] {
      let start = x
      x = frame.write(spacious ? each.title : each.narrowTitle, row: area.top, column: x, limit: area.right)
      if each == part { frame.paint(row: area.top, from: start, to: x, style: .selected) }
      x += spacious ? 2 : 1
    }
    if shown.upperBound < Part.allCases.count - 1 {
      frame.write("›", row: area.top, column: area.right - 1, style: .dim)
      return
    }
    let note: String =
      switch part {
      case .overview, .tenses, .missed: period.name
      case .trend: trend.note
      case .forecast: "next \(ForecastJob.days) days"
      case .scores: ""
      case .rules: "every answer"
      }
    if x + note.count + 1 <= area.right {
      frame.write(note, row: area.top, column: area.right - note.count - 1, style: .dim)
    }
  }

  /// The parts on the line of parts at `width`: all of them if they fit, else the first run that
  /// holds the part `showing`, as long as fits beside ‹ and ›.
  static func partsShown(width: Int, showing: Part) -> ClosedRange<Int> {
    let spacious = width >= 60
    let widths = Part.allCases.map { (spacious ? $0.title : $0.narrowTitle).count }
    let gap = spacious ? 2 : 1
    let last = widths.count - 1
    /// The last part shown from `first`: a space or ‹ before the first, › after the last if
    /// some are left out.
    func end(from first: Int) -> Int {
      var used = 1, end = first
      for index in first...last {
        used += (index > first ? gap : 0) + widths[index]
        guard used + (index < last ? 2 : 0) <= width || index == first else { break }
        end = index
      }
      return end
    }
    let first = (0...showing.rawValue).first { showing.rawValue <= end(from: $0) } ?? showing.rawValue
    return first...end(from: first)
  }
}
