import ConjugarCore
import TerminalClient

/// The frame around the screens: the title bar, the tabs, the message, the keys, and the help.
extension App {
  func frame() -> Frame {
    var frame = Frame(size: size)
    if isTooSmall {
      drawTooSmall(in: &frame)
      return frame
    }
    drawTitle(in: &frame)
    drawTabs(in: &frame)
    let area = contentArea
    if let help {
      help.draw(for: screen, in: &frame, area: area)
    } else {
      screen.draw(in: &frame, area: area, settings: settings)
    }
    board.draw(in: &frame)
    drawKeys(in: &frame)
    return frame
  }

  private func drawTitle(in frame: inout Frame) {
    frame.write(String(repeating: " ", count: size.columns), row: 0, column: 0, style: .title)
    // The World shows unless it is the real thing, so a test or a simulator is never mistaken for it.
    let title = " conjugar" + (worldName == .device ? "" : " — \(worldName.rawValue)")
    frame.write(title, row: 0, column: 0, style: .title)
    // The daily goal's bar, the forms due, the region and level: as many as fit, in that order.
    let goal = settings.dailyGoal
    let (due, answeredToday) = (figures.due, figures.answeredToday)
    func bar(_ width: Int) -> String {
      let filled = goal.count == 0 ? 0 : min(width, answeredToday * width / goal.count)
      return String(repeating: "■", count: filled) + String(repeating: "·", count: width - filled)
        + " \(answeredToday)/\(goal.count)"
    }
    let dueText = (due ?? 0) > 0 ? ["\(due ?? 0) due"] : []
    let level = ["\(settings.region.name) · \(settings.difficulty.name)"]
    let candidates: [[String]] =
      goal == .off
      ? [dueText + level]
      : [[bar(10)] + dueText + level, [bar(10)] + dueText, [bar(5)] + dueText, [bar(5)]]
    for parts in candidates {
      let summary = parts.joined(separator: " · ") + " "
      if title.count + 2 + summary.count <= size.columns {
        frame.write(summary, row: 0, column: size.columns - summary.count, style: .title)
        break
      }
    }
  }

  private func drawTabs(in frame: inout Frame) {
    // "1 Verbs  2 Quiz …" takes 48 columns; narrower, the labels close up: "1Verbs 2Quiz …".
    let spacious = size.columns >= 1 + Tab.allCases.map { "\($0.rawValue) \($0.title)".count + 2 }.reduce(0, +) - 2
    var x = spacious ? 1 : 0
    for each in Tab.allCases {
      let label = spacious ? "\(each.rawValue) \(each.title)" : "\(each.rawValue)\(each.title)"
      let start = x
      x = frame.write(label, row: 1, column: x)
      if each == tab {
        frame.paint(row: 1, from: spacious ? start - 1 : start, to: spacious ? x + 1 : x, style: .activeTab)
      }
      x += spacious ? 2 : 1
    }
  }

  /// The bottom line: the screen's keys that fit, then help and quit, which always show.
  private func drawKeys(in frame: inout Frame) {
    let always: [KeyHint] =
      help != nil
      ? [KeyHint("Esc", "close help")]
      : [KeyHint("?", "help")] + (screen.isTyping ? [] : [KeyHint("q", "quit")])
    let local = help != nil ? [KeyHint("↑↓", "scroll")] : screen.hints
    func width(_ hint: KeyHint) -> Int { hint.key.count + 1 + hint.action.count + 2 }
    let room = size.columns - 1 - always.map(width).reduce(0, +)
    /// The first of `hints` that fit.
    func fitting(_ hints: [KeyHint]) -> [KeyHint] {
      var left = room
      return Array(hints.prefix { hint in
        left -= width(hint)
        return left >= 0
      })
    }
    // The narrow labels where they keep more keys than the whole ones.
    let whole = fitting(local), narrowed = fitting(local.compactMap(\.narrowed))
    let hints = narrowed.count > whole.count ? narrowed : whole
    var x = 1
    for hint in hints + always {
      x = frame.write(hint.key, row: size.rows - 1, column: x, style: .heading)
      x = frame.write(" " + hint.action + "  ", row: size.rows - 1, column: x)
    }
  }
}
