import ConjugarCore
import ScoreboardClient
import TerminalClient
import SpacedRepetition

/// Progress's Trend part: the answers, the accuracy and the time as sparklines, per day over 8
/// weeks or per week over a year (`w`), ending today.
struct ProgressTrend {
  /// Per week over a year rather than per day over 8 weeks.
  private(set) var weekly = false

  static let help = [KeyHint("w", "Trend: per day over 8 weeks, or per week over a year")]
  static let glossary = [
    KeyHint("Trend", "answers a day (▁ few … █ the most in the span), accuracy (▁ 50 % or less … █ 100 %) and time")
  ]
  var hints: [KeyHint] { [KeyHint("w", weekly ? "per day" : "per week")] }
  /// What the line of parts says at its right.
  var note: String { weekly ? "per week" : "per day" }

  /// `w` switches between days and weeks; false for any other key.
  mutating func handle(_ key: Key) -> Bool {
    guard key == .character("w") else { return false }
    weekly.toggle()
    return true
  }

  /// The spans of the trend ending `today`: days, or weeks of 7 days; at most as many as fit.
  func spans(today: Day, width: Int) -> [(first: Day, last: Day)] {
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

  func draw(_ days: [Statistics.DayTally], today: Day, in frame: inout Frame, area: Area) {
    var lines = lines(days, today: today, width: area.width)
    // Short of room, the blank lines go first.
    if lines.count > area.height { lines.removeAll { $0.text.isEmpty } }
    frame.draw(lines, offset: 0, in: area)
  }

  func lines(_ days: [Statistics.DayTally], today: Day, width: Int) -> [Line] {
    let spans = spans(today: today, width: width)
    let labelWidth = width >= 60 ? 11 : 9
    var byDay: [Day: Tally] = [:]
    for day in days where day.day >= spans[0].first { byDay[day.day] = day.tally }
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
    lines += ProgressText.flowed(
      [
        total.answers.counted("answer"), "\(ProgressText.percent(total.accuracy)) right",
        StatsReport.duration(total.seconds), "most in a \(unit): \(most.grouped)",
      ], label: "In all", labelWidth: labelWidth, width: width)
    return lines
  }

  /// "Nov 23".
  static func shortDate(_ day: Day) -> String {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let (_, month, date) = day.components
    return "\(months[month - 1]) \(date)"
  }
}
