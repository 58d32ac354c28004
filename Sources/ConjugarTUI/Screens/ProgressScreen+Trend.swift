import ConjugarCore
import ConjugarEngine
import Foundation
import Synchronization
import ScoreboardClient
import SettingsClient
import TerminalClient

/// Progress's Trend and Missed parts.
extension ProgressScreen {
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

  func drawMissed(in frame: inout Frame, area: Area) {
    let missed = self.missed
    guard !missed.isEmpty else {
      frame.write(" Nothing missed in this period.", row: area.top, column: area.left, limit: area.right)
      return
    }
    let wide = area.width >= 60
    let verbWidth = wide ? 18 : 12
    let formWidth = max(4, area.width - verbWidth - (wide ? 33 : 9))
    // Every row's tense abbreviated alike, to the room the longest person leaves: the list spells
    // a tense one way. Narrow, the persons are the heatmap's ("nos", "ell").
    let persons = missed.map { each in
      Person(rawValue: each.item.person).map { wide ? $0.shortPronoun : $0.columnName(wide: false) } ?? each.item.person
    }
    let tenses = abbreviatedTenses(
      missed.map { Tense(rawValue: $0.item.tense)?.spanishName ?? $0.item.tense },
      width: formWidth - 2 - (persons.map(\.count).max() ?? 0))
    var lines: [Line] = []
    for (number, each) in missed.enumerated() {
      var line = Line(wide ? (number < 9 ? "  " : " ") + "\(number + 1)  " : " ")
      line.add(each.item.verb)
      line.pad(to: (wide ? 5 : 1) + verbWidth)
      let person = persons[number]
      line.add(truncated(person.isEmpty ? tenses[number] : "\(tenses[number]), \(person)", to: formWidth))
      line.pad(to: (wide ? 5 : 1) + verbWidth + formWidth + 1)
      let count = each.wrong.map { "\($0)" } ?? ""
      let wrong = each.wrong == nil ? "" : wide ? " wrong" : "✗"
      line.add(String(repeating: " ", count: max(0, 3 - count.count)) + count + wrong, .wrong)
      if let lapses = each.lapses {
        line.pad(to: (wide ? 5 : 1) + verbWidth + formWidth + 1 + (wide ? 10 : 4))
        line.add(wide ? " leech, \(lapses) lapses" : "L", .almost)
      }
      if number == selectedMissed { line.style(.selected) }
      lines.append(line)
    }
    let height = area.height
    let first = scrollOffset(0, showing: selectedMissed, count: lines.count, height: height)
    frame.draw(lines, offset: first, in: area)
  }
}
