import ConjugarCore
import ScoreboardClient
import TerminalClient
import SpacedRepetition

/// Progress's Forecast part (issue 41, item 4): the next 30 days as a chart, today first, as
/// `conjugar forecast` reads them (``Forecast``, read in the background by ``ForecastJob``). A line
/// a day — its date, a bar of the minutes its forms should take (scaled to the busiest day), the
/// forms due and the minutes — in as many columns as the height needs and the width holds (two at
/// 80x24), else in one that scrolls (40x12); one day selected, said in full under the chart as
/// `conjugar forecast --format plain` says it, then the totals.
struct ForecastChart {
  /// The day selected: 0 is today.
  private(set) var selected = 0

  static let help = [
    KeyHint("↑↓ ←→", "Forecast: the next or the previous day; a week on or back (also PgDn PgUp)")
  ]
  static let glossary = [
    KeyHint("Forecast", "the forms falling due on each of the next 30 days, today first (those overdue on today), "
      + "and the minutes they should take: a form's time is the median of your answers to it, else to its verb, its "
      + "tense or every form, else \(Int(AnswerTimes.defaultSeconds)) s; a bar's length is its day's minutes, the "
      + "busiest day's the longest; forms overdue that make today more than twice the busiest of the rest are left "
      + "out of that scale, and today's bar is cut: \(cut)"),
    KeyHint("½ ○ away", "in the Forecast: a reduced day and a minimum day (Settings, Easy days), a day of your break "
      + "(Settings, Break; conjugar break)"),
  ]

  static func hints(_ forecast: Forecast?) -> [KeyHint] {
    forecast == nil ? [] : [KeyHint("↑↓", "day"), KeyHint("←→", "week")]
  }

  /// The selection kept on a forecast of `count` days.
  mutating func clamp(count: Int) {
    selected = max(0, min(selected, count - 1))
  }

  /// The arrows move the selection over `count` days: up and down a day, left and right a week.
  mutating func handle(_ key: Key, count: Int) {
    let week = 7
    switch key {
    case .left, .character("h"), .pageUp: selected = max(0, selected - week)
    case .right, .character("l"), .pageDown: selected = max(0, min(count - 1, selected + week))
    default: if let moved = moved(selected, by: key, count: count, height: 1) { selected = moved }
    }
  }

  // MARK: Layout

  /// A day's line: its date, the bar, the forms due and the minutes, in this many cells (two such
  /// columns and the gap between them fill 80 columns; one fills 40).
  static let columnWidth = 38
  /// The date: "Fri 27 Nov".
  static let dateWidth = 10
  /// Between two columns of days.
  static let gap = 2

  /// How the days are laid out in an area: `columns` columns of `rows` days each, `visible` of
  /// those rows showing (fewer than `rows`: they scroll), a header over them, a blank line under.
  struct Layout: Equatable {
    var columns: Int
    var rows: Int
    var visible: Int
    var header: Bool
    var blank: Bool
  }

  /// The fewest columns whose rows fit under the header and above the `footer` lines; if none
  /// does, as many as the width holds, scrolled.
  static func layout(days: Int, footer: Int, width: Int, height: Int) -> Layout {
    // The first column is a space, the last is left to the scroll marks (↑ ↓).
    let most = max(1, (width - 2 + gap) / (columnWidth + gap))
    let header = width >= 60
    let room = max(1, height - footer - (header ? 1 : 0))
    func rows(_ columns: Int) -> Int { (days + columns - 1) / columns }
    let columns = (1...most).first { rows($0) <= room } ?? most
    let count = rows(columns)
    // Never more than the area holds, however little that is.
    let visible = max(0, min(count, room, height - (header ? 1 : 0)))
    return Layout(columns: columns, rows: count, visible: visible, header: header, blank: count < room)
  }

  // MARK: Drawing

  /// `reading`: the forecast is being read again; until then the chart shows what was read before,
  /// or, if nothing was, says it is reading.
  func draw(_ forecast: Forecast?, reading: Bool = false, in frame: inout Frame, area: Area) {
    guard let forecast, !forecast.days.isEmpty else {
      let text = reading ? "Reading your answers' times for the next 30 days…" : "Nothing to forecast yet."
      for (number, line) in wrapped(text, width: area.width - 2).enumerated() where number < area.height {
        frame.write(" " + line, row: area.top + number, column: area.left, limit: area.right)
      }
      return
    }
    let days = forecast.days
    let selected = min(selected, days.count - 1)
    // The sentence is as tall as the longest day's, so the chart stays put as the selection moves.
    let sentenceHeight = days.indices.map { wrapped(forecast.sentence($0), width: area.width - 2).count }.max() ?? 1
    var footer = wrapped(forecast.sentence(selected), width: area.width - 2).map { Line(" " + $0) }
    footer += Array(repeating: Line(), count: max(0, sentenceHeight - footer.count))
    footer += totals(forecast, width: area.width)
    let layout = Self.layout(days: days.count, footer: footer.count, width: area.width, height: area.height)

    // A form or two of a few seconds is no "0.0" minutes: less than a tenth is said so.
    let minutes = days.map { $0.due > 0 && $0.minutes < 0.05 ? "<0.1" : Forecast.minutes($0.minutes) }
    let dueWidth = max(3, days.map(\.due.grouped.count).max() ?? 0)
    let minutesWidth = max(4, minutes.map(\.count).max() ?? 0)
    let barWidth = Self.columnWidth - Self.dateWidth - 1 - 1 - dueWidth - 1 - minutesWidth
    let scale = Self.scale(days)

    func cell(_ index: Int) -> Line {
      let load = days[index]
      var line = Line(Self.date(load.day))
      // An easy day's mark in the cell after the date; a day away says so in its bar's place.
      if let mark = Self.marks[load.kind], !load.away { line.add(mark, .dim) }
      line.pad(to: Self.dateWidth + 1)
      if load.away {
        line.add(Forecast.DayLoad.awayMark, .dim)
      } else if load.due > 0, load.seconds > scale {
        line.add(ProgressText.bar(1, width: barWidth - 1) + Self.cut)
      } else if load.due > 0 {
        // A day with forms due shows at least a sliver, however quiet beside the busiest.
        let share = max(load.seconds / max(scale, 1e-9), 1 / Double(barWidth * 8))
        line.add(ProgressText.bar(share, width: barWidth))
      }
      line.pad(to: Self.dateWidth + 1 + barWidth + 1)
      let due = load.due.grouped, time = load.due > 0 ? minutes[index] : "–"
      line.add(String(repeating: " ", count: dueWidth - due.count) + due, load.due > 0 ? .plain : .dim)
      line.add(String(repeating: " ", count: 1 + minutesWidth - time.count) + time, load.due > 0 ? .plain : .dim)
      if index == selected { line.style(.selected) }
      return line
    }

    /// The cells of a row side by side, each column at its place.
    func row(_ cells: [Line]) -> Line {
      var line = Line()
      for (column, cell) in cells.enumerated() {
        line.pad(to: 1 + column * (Self.columnWidth + Self.gap))
        line.spans += cell.spans
      }
      return line
    }

    var top = area.top
    if layout.header, area.height > 0 {
      let header = (0..<layout.columns).map { _ in
        var line = Line(String(repeating: " ", count: Self.dateWidth + 1) + "minutes", .dim)
        line.pad(to: Self.dateWidth + 1 + barWidth + 1 + dueWidth - 3)
        line.add("due", .dim)
        line.pad(to: Self.columnWidth - 3)
        line.add("min", .dim)
        return line
      }
      frame.draw(row(header), row: top, column: area.left, limit: area.right)
      top += 1
    }
    let rows = (0..<layout.rows).map { rowIndex in
      row(stride(from: rowIndex, to: days.count, by: layout.rows).map(cell))
    }
    let offset = scrollOffset(0, showing: selected % layout.rows, count: rows.count, height: layout.visible)
    frame.draw(rows, offset: offset, in: Area(top: top, left: area.left, width: area.width, height: layout.visible))
    top += layout.visible + (layout.blank ? 1 : 0)
    frame.draw(footer, offset: 0, in: Area(top: top, left: area.left, width: area.width, height: max(0, area.bottom - top)))
  }

  /// The marks of the easy days, after the date.
  static let marks: [DayKind: String] = [.reduced: "½", .minimum: "○"]

  /// The end of a bar longer than the chart's scale: today's, with forms overdue.
  static let cut = "▸"

  /// The seconds a whole bar stands for: the busiest day's. But a pile of forms overdue, all on
  /// today (a history imported, a long break), would flatten every other day to a sliver: when
  /// they make today more than twice the busiest of the rest (today's forms on time included),
  /// they are left out of the scale, and today's bar is cut, ending in ``cut``.
  static func scale(_ days: [Forecast.DayLoad]) -> Double {
    guard let today = days.first else { return 0 }
    let onTime = today.due > 0 ? today.seconds * Double(today.due - today.overdue) / Double(today.due) : 0
    let rest = max(onTime, days.dropFirst().map(\.seconds).max() ?? 0)
    return rest > 0 && today.seconds > 2 * rest ? rest : max(rest, today.seconds)
  }

  /// "In all      312 forms · 1 h 24 min · 2 min 48 s a day", the average where the width has room.
  private func totals(_ forecast: Forecast, width: Int) -> [Line] {
    var chunks = [
      forecast.totalDue == 0 ? "no forms due" : "\(forecast.totalDue.grouped) form\(forecast.totalDue == 1 ? "" : "s")",
      StatsReport.duration(forecast.totalMinutes * 60),
    ]
    if width >= 60, forecast.totalDue > 0 {
      chunks.append(StatsReport.duration(forecast.totalMinutes * 60 / Double(forecast.days.count)) + " a day")
    }
    return ProgressText.flowed(chunks, label: "In all", labelWidth: Self.dateWidth + 2, width: width)
  }

  /// "Fri 27 Nov", "Tue  1 Dec": the day of the month right-aligned, so the months line up.
  static func date(_ day: Day) -> String {
    let (_, month, date) = day.components
    return "\(Forecast.weekday(day).prefix(3))\(date < 10 ? "  " : " ")\(date) \(Day.months[month - 1].prefix(3))"
  }
}
