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
  /// Accuracy by group of verbs: regular, irregular.
  private(set) var groups: [(name: String, tally: Tally)] = []
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

  /// Each verb's irregularity groups, worked out once per verb and run: the engine conjugates it
  /// to know (some 20 µs a verb). The trainer works out those of the verbs answered on a thread of
  /// its own after its first frame (``warm(_:)``), so that the first Progress frame finds them.
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

  /// Between keys: a fit of the memory model that has just finished is scrolled into view.
  mutating func tick(in area: Area) {
    guard memoryModel.takeFinished(), part == .overview else { return }
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
    var regular = Tally(), irregular = Tally()
    var byGroup: [IrregularityGroup: Tally] = [:]
    let catalog = Current.conjugator.catalog
    for (verb, tally) in statistics.verbs {
      guard let entry = catalog.entry(verb) else { continue }
      if entry.isRegular(regularLookingModels: regularModels) { regular.add(tally) } else { irregular.add(tally) }
      for group in Self.irregularityGroups.groups(of: entry, Current.conjugator) { byGroup[group, default: Tally()].add(tally) }
    }
    groups = [("Regular verbs", regular), ("Irregular verbs", irregular)]
      + IrregularityGroup.allCases.compactMap { group in
        let name = group.rawValue.replacingOccurrences(of: "irregular-", with: "irreg. ")
          .replacingOccurrences(of: "strong-preterite", with: "strong pret.")
        return byGroup[group].map { ("  " + name, $0) }
      }
    clampSelections()
  }

  private mutating func clampSelections() {
    cell.row = max(0, min(cell.row, heatmapTenses.count - 1))
    cell.column = max(0, min(cell.column, heatmapPersons.count - 1))
    selectedMissed = max(0, min(selectedMissed, statistics.mostMissed.count - 1))
  }

  // MARK: Screen

  var name: String { "progress-\(part.title.lowercased())" }
  var helpTitle: String { "your progress" }
  var isTyping: Bool { false }

  var hints: [KeyHint] {
    let tab = KeyHint("Tab", "part")  // short, each part's own key second: both fit at 40 columns
    let periodHint = KeyHint("a", period == .all ? "30 days" : "all time")
    switch part {
    case .overview: return [tab, periodHint] + memoryModel.hints + [KeyHint("↑↓", "scroll")]
    case .tenses: return [tab, periodHint, KeyHint("←→↑↓", "cell")]
    case .trend: return [tab, KeyHint("w", weekly ? "per day" : "per week")]
    case .missed:
      return statistics.mostMissed.isEmpty
        ? [tab, periodHint]
        : [tab, KeyHint("p", "practise"), KeyHint("Enter", "open"), periodHint, KeyHint("↑↓", "move")]
    case .scores: return [tab, KeyHint("↑↓", "scroll")]
    }
  }

  var help: [KeyHint] {
    [
      KeyHint("Tab ⇧Tab", "the next or the previous part: " + Part.allCases.map(\.title).joined(separator: ", ")),
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
      KeyHint("Heatmap", "accuracy by tense and person: \(Self.levels.map(\.words).joined(separator: ", ")) "
        + "(and colour, red to green); · no answers"),
      KeyHint("Trend", "answers a day (▁ few … █ the most in the span), accuracy (▁ 50 % or less … █ 100 %) and time"),
      KeyHint("Missed", "the 10 forms answered wrong most often"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    switch key {
    case .tab, .backTab:
      let count = Part.allCases.count
      part = Part(rawValue: (part.rawValue + (key == .tab ? 1 : count - 1)) % count)!
      offset = 0
      if part == .scores { scores.reload() }
      return nil
    case .character("a") where part != .scores && part != .trend:
      period = period == .all ? .lastDays(30) : .all
      reload()
      return nil
    default: break
    }
    let body = bodyArea(area)
    switch part {
    case .overview:
      if memoryModel.handle(key) {
        // What the fit shows is below the figures: scrolled into view.
        offset = max(0, overviewLines(width: body.width).count - body.height)
        return nil
      }
      if let moved = scrolled(offset, by: key, count: overviewLines(width: body.width).count, height: body.height) {
        offset = moved
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
      let missed = statistics.mostMissed
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

  // MARK: Overview

  /// "12,345".
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (n < 0 ? "-" : "") + result
  }

  static func percent(_ value: Double?) -> String {
    value.map { "\(Int(($0 * 100).rounded())) %" } ?? "–"
  }

  /// Chunks of text joined with " · " into lines of at most `width` cells, each line starting
  /// with `indent` (the first with `label` instead).
  static func flowed(_ chunks: [String], label: String, labelWidth: Int, width: Int) -> [Line] {
    var lines: [Line] = []
    var current = ""
    func flush() {
      var line = Line(" " + (lines.isEmpty ? label : ""), .heading)
      line.pad(to: labelWidth)
      line.add(current)
      lines.append(line)
      current = ""
    }
    for chunk in chunks {
      let candidate = current.isEmpty ? chunk : current + " · " + chunk
      if labelWidth + candidate.terminalWidth > width, !current.isEmpty {
        flush()
        current = chunk
      } else {
        current = candidate
      }
    }
    if !current.isEmpty || lines.isEmpty { flush() }
    return lines
  }

  /// A bar of `share` (0…1) over `width` cells, in eighths: "█████▌".
  static func bar(_ share: Double, width: Int) -> String {
    let eighths = Int((max(0, min(1, share)) * Double(width * 8)).rounded())
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
    return String(repeating: "█", count: eighths / 8) + partial
  }

  /// The heatmap's and the bars' scale: each level up to its bound (a percentage, not included),
  /// the last from the bound before it; with its legend, in words and in signs.
  static let levels: [(below: Int?, style: Style, shade: Character, words: String, signs: String)] = {
    let bounds: [Int?] = [50, 75, 90, nil]
    let looks: [(Style, Character)] = [(.level1, "░"), (.level2, "▒"), (.level3, "▓"), (.level4, "█")]
    return zip(bounds.indices, looks).map { index, look in
      let (style, shade) = look
      guard let bound = bounds[index] else {
        let from = bounds[index - 1] ?? 0
        return (nil, style, shade, "\(shade) \(from) % or more", "\(shade)≥\(from) %")
      }
      return (bound, style, shade, "\(shade) below \(bound) %", "\(shade)<\(bound)")
    }
  }()

  /// The style and shade of an accuracy.
  static func level(_ accuracy: Double) -> (style: Style, shade: Character) {
    let level = levels.first { $0.below.map { accuracy * 100 < Double($0) } ?? true } ?? levels[levels.count - 1]
    return (level.style, level.shade)
  }

  func overviewLines(width: Int) -> [Line] {
    let labelWidth = width >= 60 ? 17 : 11
    let memory = statistics.memory
    var lines: [Line] = []
    let streak = statistics.streak
    var first = ["\(streak) day\(streak == 1 ? "" : "s") in a row"]
    if goal != .off {
      first.append("today \(statistics.today.answers) of \(goal.count)" + (statistics.today.answers >= goal.count ? " ✓" : ""))
    } else {
      first.append("today \(statistics.today.answers)")
    }
    lines += Self.flowed(first, label: "Streak", labelWidth: labelWidth, width: width)
    lines += Self.flowed(
      [
        "learning \(Self.grouped(memory.learning))", "review \(Self.grouped(memory.review))",
        "mastered \(Self.grouped(memory.mastered))", "relearning \(Self.grouped(memory.relearning))",
        "new today \(Self.grouped(memory.new))",
      ], label: "Memory", labelWidth: labelWidth, width: width)
    lines += Self.flowed(
      ["now \(Self.grouped(memory.dueNow))", "next 7 days \(Self.grouped(memory.dueWeek))"],
      label: "Due", labelWidth: labelWidth, width: width)
    lines += Self.flowed(
      [Self.percent(memory.recall)], label: width >= 60 ? "Recall today" : "Recall", labelWidth: labelWidth,
      width: width)
    let total = statistics.days.reduce(into: Tally()) { $0.add($1.tally) }
    lines += Self.flowed(
      ["today \(StatsReport.duration(statistics.today.seconds))", "in all \(StatsReport.duration(total.seconds))"],
      label: "Time", labelWidth: labelWidth, width: width)
    lines.append(Line())
    lines.append(Line(" Accuracy, \(period.name)", .heading))
    var moods: [(String, Tally)] = Mood.allCases.map { mood in
      let tally = statistics.tenses.filter { Tense(rawValue: $0.key)?.mood == mood }.values
        .reduce(into: Tally()) { $0.add($1) }
      return (mood.rawValue.capitalized, tally)
    }
    moods = moods.filter { $0.1.answers > 0 }
    for (name, tally) in moods + groups.filter({ $0.tally.answers > 0 }) {
      lines.append(barLine(name, tally, labelWidth: labelWidth, width: width))
    }
    return lines + memoryModel.lines(width: width, labelWidth: labelWidth)
  }

  /// " Indicativo    ██████████████▌      87 %  (1,234)".
  func barLine(_ name: String, _ tally: Tally, labelWidth: Int, width: Int) -> Line {
    let label = String(name.prefix(labelWidth - 2))  // a long name is cut, never run into its bar
    var line = Line(" " + label)
    line.pad(to: labelWidth)
    let count = width >= 60 ? "  \(Self.grouped(tally.answers)) answers" : ""
    let barWidth = max(1, width - labelWidth - 6 - (width >= 60 ? 18 : 0) - 1)
    let accuracy = tally.accuracy ?? 0
    let bar = Self.bar(accuracy, width: barWidth)
    line.add(bar, Self.level(accuracy).style)
    line.pad(to: labelWidth + barWidth)
    let percent = Self.percent(tally.accuracy)
    line.add(String(repeating: " ", count: max(0, 6 - percent.count)) + percent)
    line.add(count, .dim)
    return line
  }

  // MARK: Heatmap

  /// The tenses with answers in the period, in the engine's order (the non-finite forms have no
  /// person: they are not on the map).
  var heatmapTenses: [Tense] {
    let answered = Set(statistics.cells.keys.map(\.tense))
    return Tense.allCases.filter { answered.contains($0.rawValue) }
  }

  var heatmapPersons: [Person] {
    let answered = Set(statistics.cells.keys.map(\.person))
    return Person.allCases.filter { answered.contains($0.rawValue) }
  }

  private func drawHeatmap(in frame: inout Frame, area: Area) {
    let tenses = heatmapTenses, persons = heatmapPersons
    guard !tenses.isEmpty, !persons.isEmpty else {
      frame.write(" No answers in this period.", row: area.top, column: area.left, limit: area.right)
      return
    }
    let wide = area.width >= 60
    let columnWidth = wide ? 8 : 4
    let labelWidth = max(6, min(24, area.width - persons.count * columnWidth - 1))
    let cellWidth = columnWidth - 1
    // The header of persons.
    var x = area.left + labelWidth
    for person in persons {
      let short: [Person: String] =
        wide ? [.nosotros: "nos.", .vosotros: "vosot."] : [.nosotros: "nos", .vosotros: "vs.", .ellos: "ell"]
      let name = short[person] ?? person.shortPronoun
      frame.write(String(name.prefix(cellWidth)), row: area.top, column: x, style: .heading, limit: area.right)
      x += columnWidth
    }
    // Detail and legend below the rows.
    let footer = wide ? 3 : 2
    let rows = max(1, area.height - 1 - footer)
    let first = scrollOffset(0, showing: cell.row, count: tenses.count, height: rows)
    for (index, tense) in tenses.enumerated().dropFirst(first).prefix(rows) {
      let row = area.top + 1 + index - first
      let label = abbreviatedTense(tense.spanishName, width: labelWidth - 2)
      frame.write(" " + label, row: row, column: area.left, style: index == cell.row ? .heading : .plain, limit: area.right)
      x = area.left + labelWidth
      for (column, person) in persons.enumerated() {
        let tally = statistics.cells[.init(tense: tense.rawValue, person: person.rawValue)]
        let selected = index == cell.row && column == cell.column
        if selected {
          let text = tally?.accuracy.map { "\(Int(($0 * 100).rounded()))" } ?? "–"
          let padded = String(repeating: " ", count: max(0, cellWidth - text.count)) + text
          frame.write(padded, row: row, column: x, style: .selected, limit: area.right)
        } else if let accuracy = tally?.accuracy {
          let (style, shade) = Self.level(accuracy)
          frame.write(String(repeating: shade, count: cellWidth), row: row, column: x, style: style, limit: area.right)
        } else {
          frame.write(String(repeating: " ", count: cellWidth / 2) + "·", row: row, column: x, style: .dim, limit: area.right)
        }
        x += columnWidth
      }
    }
    if tenses.count > rows {
      if first > 0 { frame.write("↑", row: area.top + 1, column: area.right - 1, style: .dim) }
      if first + rows < tenses.count { frame.write("↓", row: area.top + rows, column: area.right - 1, style: .dim) }
    }
    // The selected cell in words, and the legend.
    let tense = tenses[min(cell.row, tenses.count - 1)], person = persons[min(cell.column, persons.count - 1)]
    let tally = statistics.cells[.init(tense: tense.rawValue, person: person.rawValue)] ?? Tally()
    let detail =
      "\(wide ? tense.spanishName : tense.shortName), \(person.shortPronoun): "
      + (tally.answers == 0
        ? "no answers"
        : "\(Self.grouped(tally.correct)) of \(Self.grouped(tally.answers)) right (\(Self.percent(tally.accuracy)))")
    let bottom = area.top + 1 + rows
    if wide {
      frame.write(" " + detail, row: bottom + 1, column: area.left, limit: area.right)
    } else {
      frame.write(" " + truncated(detail, to: area.width - 2), row: bottom, column: area.left, limit: area.right)
    }
    // The legend in words where it fits in full, else in signs; the shade in its level's style.
    var legendX = area.left + 1
    func pieces(_ texts: [String], then last: String) -> [(String, Style)] {
      zip(Self.levels, texts).flatMap { level, text in [(String(level.shade), level.style), (String(text.dropFirst()), .dim)] }
        + (last.isEmpty ? [] : [(last, .dim)])
    }
    let words = pieces(Self.levels.map { $0.words + "  " }, then: "· none")
    let legend =
      words.reduce(1) { $0 + $1.0.count } <= area.width ? words : pieces(Self.levels.map { $0.signs + " " }, then: "")
    for (text, style) in legend {
      legendX = frame.write(text, row: bottom + (wide ? 2 : 1), column: legendX, style: style, limit: area.right)
    }
  }

  // MARK: Trend

  /// The spans of the trend ending today: days, or weeks of 7 days; at most as many as fit.
  func trendSpans(width: Int) -> [(first: Day, last: Day)] {
    let labelWidth = width >= 60 ? 11 : 9
    let wanted = weekly ? 52 : 56
    let count = max(1, min(wanted, width - labelWidth - 1))
    let length = weekly ? 7 : 1
    return (0..<count).reversed().map { back in
      let last = today - back * length
      return (last - (length - 1), last)
    }
  }

  static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  func trendLines(width: Int) -> [Line] {
    let spans = trendSpans(width: width)
    let labelWidth = width >= 60 ? 11 : 9
    var byDay: [Day: Tally] = [:]
    for day in statistics.days where day.day >= spans[0].first { byDay[day.day] = day.tally }
    let tallies = spans.map { span in
      (0...(span.last.number - span.first.number)).reduce(into: Tally()) { total, offset in
        if let tally = byDay[span.first + offset] { total.add(tally) }
      }
    }
    let most = tallies.map(\.answers).max() ?? 0
    let longest = tallies.map(\.seconds).max() ?? 0
    func spark(_ share: Double) -> Character { Self.sparks[max(0, min(7, Int((share * 8).rounded(.up)) - 1))] }
    func line(_ label: String, _ characters: [Character]) -> Line {
      var line = Line(" " + label, .heading)
      line.pad(to: labelWidth)
      line.add(String(characters))
      return line
    }
    let unit = weekly ? "week" : "day"
    var lines: [Line] = []
    let span = weekly ? "\(spans.count) weeks" : "\(spans.count) days"
    lines.append(Line(width >= 60 ? " The last \(span), a \(unit) a column, today last" : " The last \(span)", .dim))
    lines.append(Line())
    lines.append(line("Answers", tallies.map { $0.answers == 0 ? " " : spark(Double($0.answers) / Double(max(1, most))) }))
    lines.append(line(width >= 60 ? "Accuracy" : "Right", tallies.map { tally in
      guard let accuracy = tally.accuracy else { return " " }
      return spark((accuracy - 0.5) / 0.5)
    }))
    lines.append(line("Time", tallies.map { $0.seconds <= 0 ? " " : spark($0.seconds / max(1, longest)) }))
    // The first and last day under the columns.
    var axis = Line()
    axis.pad(to: labelWidth)
    let start = Self.shortDate(spans[0].first), end = Self.shortDate(spans[spans.count - 1].last)
    axis.add(start, .dim)
    axis.pad(to: labelWidth + spans.count - end.count)
    axis.add(end, .dim)
    lines.append(axis)
    lines.append(Line())
    let total = tallies.reduce(into: Tally()) { $0.add($1) }
    lines += Self.flowed(
      [
        "\(Self.grouped(total.answers)) answers", "\(Self.percent(total.accuracy)) right",
        StatsReport.duration(total.seconds), "most in a \(unit): \(Self.grouped(most))",
      ], label: "In all", labelWidth: labelWidth, width: width)
    return lines
  }

  /// "Nov 23".
  static func shortDate(_ day: Day) -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let (_, month, date) = day.components
    return "\(months[month - 1]) \(date)"
  }

  // MARK: Most missed

  private func drawMissed(in frame: inout Frame, area: Area) {
    let missed = statistics.mostMissed
    guard !missed.isEmpty else {
      frame.write(" Nothing missed in this period.", row: area.top, column: area.left, limit: area.right)
      return
    }
    let wide = area.width >= 60
    let verbWidth = wide ? 18 : 12
    let formWidth = max(4, area.width - verbWidth - (wide ? 16 : 8))
    var lines: [Line] = []
    for (number, each) in missed.enumerated() {
      var line = Line(wide ? (number < 9 ? "  " : " ") + "\(number + 1)  " : " ")
      line.add(each.item.verb)
      line.pad(to: (wide ? 5 : 1) + verbWidth)
      let tenseName = Tense(rawValue: each.item.tense)?.spanishName ?? each.item.tense
      let person = Person(rawValue: each.item.person)?.shortPronoun ?? each.item.person
      let form = person.isEmpty ? tenseName : "\(abbreviatedTense(tenseName, width: formWidth - person.count - 2)), \(person)"
      line.add(truncated(form, to: formWidth))
      line.pad(to: (wide ? 5 : 1) + verbWidth + formWidth + 1)
      let count = "\(each.wrong)"
      line.add(String(repeating: " ", count: max(0, 3 - count.count)) + count + (wide ? " wrong" : "✗"), .wrong)
      if number == selectedMissed { line.style(.selected) }
      lines.append(line)
    }
    let height = area.height
    let first = scrollOffset(0, showing: selectedMissed, count: lines.count, height: height)
    frame.draw(lines, offset: first, in: area)
  }
}

/// The irregularity groups of the verbs the learner has answered, kept for the run.
final class IrregularityGroupCache: Sendable {
  private let known = Mutex<[String: Set<IrregularityGroup>]>([:])

  func groups(of entry: Catalog.Entry, _ conjugator: Conjugator) -> Set<IrregularityGroup> {
    if let groups = known.withLock({ $0[entry.infinitive] }) { return groups }
    let groups = conjugator.groups(of: entry)
    known.withLock { $0[entry.infinitive] = groups }
    return groups
  }
}
