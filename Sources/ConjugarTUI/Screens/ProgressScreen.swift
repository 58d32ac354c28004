import ConjugarCore
import ConjugarEngine
import Foundation
import Synchronization
import ScoreboardClient
import SettingsClient
import TerminalClient

/// 5 Progress: where the learner stands, in five parts switched with Tab — an overview (streak,
/// goal, memory, time, accuracy by mood and by regular or irregular verb, as bars), a heatmap of
/// tense × person, the trend as sparklines, the most missed forms (open one, practise them), and
/// the best scores. Its figures come from `Current.scoreboard.statistics` when it is shown.
struct ProgressScreen: Screen {
  enum Part: Int, CaseIterable {
    case overview, tenses, trend, missed, scores

    var title: String {
      switch self {
      case .overview: "Overview"
      case .tenses: "Tenses"
      case .trend: "Trend"
      case .missed: "Missed"
      case .scores: "Scores"
      }
    }
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
  /// The trend per week over a year rather than per day over 8 weeks.
  private(set) var weekly = false
  private(set) var statistics = Statistics()
  /// Accuracy by group of verbs, and the forms missed, the leeches first.
  private(set) var figures = ProgressFigures()
  private(set) var error: String?
  /// Today, in the learner's time zone, when the figures were read.
  private(set) var today = Day(number: 0)
  private(set) var goal = DailyGoal.off
  var scores = ScoresScreen()
  /// Days begin at midnight in this time zone (the learner's; tests fix one).
  var timeZone = TimeZone.current
  /// The heatmap's selected cell (indexes into `heatmapTenses` and `heatmapPersons`).
  private(set) var cell = (row: 0, column: 0)
  private(set) var selectedMissed = 0
  /// The first line showing, where a part scrolls.
  private(set) var offset = 0
  /// The models whose verbs count as regular (``Conjugator/regularLookingModels()``).
  let regularModels: Set<String>

  init(regularModels: Set<String>) { self.regularModels = regularModels }

  /// Each verb's irregularity groups, worked out once per verb and run. The trainer works out
  /// those of the verbs answered on a thread of its own after its first frame (``warm(_:)``), so
  /// that the first Progress frame finds them.
  private static let irregularityGroups = IrregularityGroupCache()

  /// Works out the irregularity groups of the verbs answered, ahead of the first Progress frame.
  static func warm(_ world: World) {
    let catalog = world.conjugator.catalog
    for verb in (try? world.scoreboard.answeredVerbs()) ?? [] {
      if let entry = catalog.entry(verb) { _ = irregularityGroups.groups(of: entry, world.conjugator) }
    }
  }

  // MARK: Reading

  /// The memory model in use, and a fit to the answers (`o`), at the end of the overview.
  var memoryModel = MemoryModelPanel()

  /// The overview was scrolled to its end by a key: the calibration chart, when it comes (on its
  /// thread), is scrolled into view too.
  private(set) var followsEnd = false

  /// Between keys: a fit of the memory model that has just finished is scrolled into view, and so
  /// is the calibration once there if the overview was at its end.
  mutating func tick(in area: Area) {
    let finished = memoryModel.takeFinished()
    let calibrated = memoryModel.takeCalibration()
    guard part == .overview, finished || (calibrated && followsEnd) else { return }
    let body = bodyArea(area)
    offset = max(0, overviewLines(width: body.width).count - body.height)
  }

  /// Reads the figures (and the scores) from `Current`.
  mutating func reload() {
    scores.timeZone = timeZone
    scores.reload()
    memoryModel.reload()
    let now = Current.clock.now()
    today = Day(now, in: timeZone)
    goal = Current.settings.dailyGoal
    let since: Day? =
      switch period {
      case .all: nil
      case .lastDays(let days): today - (days - 1)
      }
    do {
      statistics = try Current.scoreboard.statistics(
        StatisticsQuery(now: now, timeZone: timeZone, since: since, byVerb: true))
      error = nil
    } catch {
      statistics = Statistics()
      self.error = "The history could not be read: \(error)"
    }
    let leeches = Current.settings.leechThreshold.count.map {
      (try? Current.scoreboard.leeches($0, Statistics.mostMissedCount)) ?? []
    } ?? []
    let conjugator = Current.conjugator
    figures = ProgressFigures(
      statistics, leeches: leeches, catalog: conjugator.catalog, regularModels: regularModels,
      groups: { Self.irregularityGroups.groups(of: $0, conjugator) })
    clampSelections()
  }

  /// Missed's lines: the leeches first (the most lapses first), then the most missed.
  var missed: [ProgressFigures.Missed] { figures.missed }

  private mutating func clampSelections() {
    cell.row = max(0, min(cell.row, heatmapTenses.count - 1))
    cell.column = max(0, min(cell.column, heatmapPersons.count - 1))
    selectedMissed = max(0, min(selectedMissed, missed.count - 1))
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
      return [KeyHint("Tab", "part", narrow: ""), periodHint, KeyHint("f", "forms")] + memoryModel.hints + [KeyHint("↑↓", "scroll")]
    case .tenses: return [tab, periodHint, KeyHint("←→↑↓", "cell")]
    case .trend: return [tab, KeyHint("w", weekly ? "per day" : "per week")]
    case .missed:
      return missed.isEmpty
        ? [tab, periodHint]
        : [tab, KeyHint("p", "practise"), KeyHint("Enter", "open"), periodHint, KeyHint("↑↓", "move")]
    case .scores: return [tab, KeyHint("↑↓", "scroll")]
    }
  }

  var help: [KeyHint] {
    [
      KeyHint("Tab ⇧Tab", "the next or the previous part: " + Part.allCases.map(\.title).joined(separator: ", ")),
      KeyHint("f", "the forms remembered: search, sort, suspend, reset (a browser, as Anki's)"),
      KeyHint("a", "all time, or the last 30 days (the overview's bars, the heatmap, the most missed)"),
      KeyHint("← → ↑ ↓", "Tenses: move through the heatmap; the cell selected shows its accuracy"),
      KeyHint("w", "Trend: per day over 8 weeks, or per week over a year"),
      KeyHint("Enter  p", "Missed: open the verb selected; practise those forms now"),
      KeyHint("Streak", "days in a row with at least one answer, up to today; today not yet practised does not break it"),
      KeyHint("Goal", "answers today toward the daily goal (a setting), also the bar on the title line"),
      KeyHint("Memory", "the forms practised by review state: learning (just met, or missed: steps of minutes), review "
        + "(spaced out over days), relearning (forgotten after review); mastered: in review and stable for 21 days or "
        + "more; new: met for the first time today"),
      KeyHint("Due", "forms whose review is due now, and those due in the next 7 days"),
      KeyHint("Recall today", "the chance of remembering a form practised, as the review schedule's model (FSRS) "
        + "predicts it now, averaged over every form"),
      KeyHint("Time", "the sum of your response times: today and in all"),
      KeyHint("Accuracy", "answers right (accents included) out of all answers, by mood and by regular or irregular "
        + "verb; a bar's length is the share right"),
      KeyHint("Calibration", "under the memory model: the answers given a day or more after the form's last, in bins "
        + "of 10 % of the recall the model in use predicted; each bin's bar is the share recalled (0 to 100 %), "
        + "\(CalibrationChart.mark) marks the mean predicted: the nearer the bar's end, the better the model; after o, "
        + "the fitted weights' too"),
      KeyHint("Heatmap", "accuracy by tense and person: \(Self.levels.map(\.words).joined(separator: ", ")) "
        + "(and colour, red to green); · no answers"),
      KeyHint("Trend", "answers a day (▁ few … █ the most in the span), accuracy (▁ 50 % or less … █ 100 %) and time"),
      KeyHint("Missed", "the leeches first (forms forgotten as many times as the Leeches setting says, the most "
        + "lapses first: L), then the 10 forms answered wrong most often"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    switch key {
    case .tab, .backTab:
      let count = Part.allCases.count
      part = Part(rawValue: (part.rawValue + (key == .tab ? 1 : count - 1)) % count)!
      offset = 0
      followsEnd = false
      if part == .scores { scores.reload() }
      return nil
    case .character("f"):
      return .openBrowser
    case .character("a") where part != .scores && part != .trend:
      period = period == .all ? .lastDays(30) : .all
      reload()
      return nil
    default: break
    }
    let body = bodyArea(area)
    switch part {
    case .overview:
      let count = overviewLines(width: body.width).count
      if memoryModel.handle(key) {
        // What the fit shows is below the figures: scrolled into view.
        offset = max(0, count - body.height)
        followsEnd = true
        return nil
      }
      if let moved = scrolled(offset, by: key, count: count, height: body.height) {
        offset = moved
        followsEnd = moved > 0 && moved == count - body.height
      }
    case .tenses:
      switch key {
      case _ where upKeys.contains(key): cell.row -= 1
      case _ where downKeys.contains(key): cell.row += 1
      case .left, .character("h"): cell.column -= 1
      case .right, .character("l"): cell.column += 1
      case .home: cell = (0, 0)
      default: return nil
      }
      clampSelections()
    case .trend:
      if key == .character("w") { weekly.toggle() }
    case .missed:
      let missed = self.missed
      switch key {
      case .enter:
        guard missed.indices.contains(selectedMissed) else { return nil }
        return .openVerb(missed[selectedMissed].item.verb)
      case .character("p"):
        guard !missed.isEmpty else { return nil }
        return .practise(missed.map(\.item))
      default:
        if let moved = moved(selectedMissed, by: key, count: missed.count, height: max(1, body.height - 1)) {
          selectedMissed = moved
        }
      }
    case .scores:
      return scores.handle(key, in: body, settings: settings)
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
    case .overview:
      let lines = overviewLines(width: body.width)
      frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: body.height), in: body)
    case .tenses: drawHeatmap(in: &frame, area: body)
    case .trend:
      var lines = trendLines(width: body.width)
      // Short of room, the blank lines go first.
      if lines.count > body.height { lines.removeAll { $0.text.isEmpty } }
      frame.draw(lines, offset: 0, in: body)
    case .missed: drawMissed(in: &frame, area: body)
    case .scores: scores.draw(in: &frame, area: body, settings: settings)
    }
  }

  /// The parts, the one showing highlighted, and the period at the right when it fits.
  private func drawParts(in frame: inout Frame, area: Area) {
    let spacious = area.width >= 60
    var x = area.left + 1
    for each in Part.allCases {
      let start = x
      x = frame.write(each.title, row: area.top, column: x, limit: area.right)
      if each == part { frame.paint(row: area.top, from: start, to: x, style: .selected) }
      x += spacious ? 2 : 1
    }
    let note: String =
      switch part {
      case .overview, .tenses, .missed: period.name
      case .trend: weekly ? "per week" : "per day"
      case .scores: ""
      }
    if x + note.count + 1 <= area.right {
      frame.write(note, row: area.top, column: area.right - note.count - 1, style: .dim)
    }
  }

}
