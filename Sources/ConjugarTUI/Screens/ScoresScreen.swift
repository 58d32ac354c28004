import ConjugarCore
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import TerminalClient

/// 5 Scores: the best scores of the score board.
struct ScoresScreen: Screen {
  /// How many of the best scores to show.
  static let limit = 50

  private(set) var records: [ScoreRecord] = []
  private(set) var error: String?
  private(set) var location = ""
  /// The same, the home folder as ~: where it is shown on its own line.
  private(set) var shortLocation = ""
  private(set) var offset = 0

  /// Reads the best scores from `Current.scoreboard`.
  mutating func reload() {
    location = Current.scoreboard.location
    shortLocation = Current.files.shown(location)
    do {
      records = try Current.scoreboard.answers.bestScores(Self.limit)
      error = nil
    } catch {
      records = []
      self.error = "The scores could not be read: \(error)"
    }
  }

  var name: String { "scores" }
  var helpTitle: String { "the scores" }
  var isTyping: Bool { false }
  var hints: [KeyHint] { [KeyHint("↑↓", "scroll")] }
  var help: [KeyHint] { scrollHelp }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    let count = lines(width: area.width).count
    if let scrolled = scrolled(offset, by: key, count: count, height: max(0, area.height - 2)) { offset = scrolled }
    return nil
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    // Where the scores are kept, whole or not at all: beside the title, else under it (home as ~).
    let title = " Best scores (\(location))"
    if title.terminalWidth < area.width {
      frame.write(title, row: area.top, column: area.left, style: .dim)
    } else {
      frame.write(" Best scores", row: area.top, column: area.left, style: .dim)
      let place = " " + shortLocation
      if place.terminalWidth < area.width { frame.write(place, row: area.top + 1, column: area.left, style: .dim) }
    }
    let list = Area(top: area.top + 2, left: area.left, width: area.width, height: max(0, area.height - 2))
    if let error {
      for (number, line) in wrapped(error, width: area.width - 2).enumerated() {
        frame.write(" " + line, row: list.top + number, column: list.left, style: .wrong, limit: list.right)
      }
      return
    }
    guard !records.isEmpty else {
      frame.write(" No scores yet: finish a quiz (2 Quiz).", row: list.top, column: list.left, limit: list.right)
      return
    }
    let lines = lines(width: area.width)
    frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: list.height), in: list)
  }

  /// A line per score, in columns when the width allows, else two lines per score.
  func lines(width: Int) -> [Line] {
    func column(_ text: String, _ width: Int, right: Bool = false) -> String {
      let padding = String(repeating: " ", count: max(0, width - text.count))
      return right ? padding + text : text + padding
    }
    let wide = width >= 66
    var lines: [Line] = []
    if wide {
      lines.append(Line(
        column("#", 4, right: true) + column("Score", 7, right: true) + "  " + column("Date", 18)
          + column("Level", 11) + column("Region", 15) + "Time", .heading))
    }
    for (number, record) in records.enumerated() {
      let rank = column("\(number + 1)", 4, right: true)
      let score = column("\(record.score)", 7, right: true)
      let date = Day.dateAndTime(record.date, in: Current.timeZone)
      let time = minutesAndSeconds(record.seconds)
      if wide {
        lines.append(Line(
          rank + score + "  " + column(date, 18) + column(record.difficulty.name, 11) + column(record.region.name, 15)
            + time))
      } else {
        lines.append(Line(rank + score + "  " + date))
        lines.append(Line(String(repeating: " ", count: 6) + "\(record.difficulty.name), \(record.region.name), \(time)", .dim))
      }
    }
    return lines
  }
}
