import ConjugarCore
import ConjugarEngine
import PlainText
import ScoreboardClient
import SettingsClient
import TerminalClient

/// Progress's Overview part: the streak and the goal, the memory, what is due, the recall, the
/// time, accuracy by mood and by group of verbs as bars, and at its end the memory model (its
/// own keys: `o`, `u`, `d`). It scrolls.
struct ProgressOverview {
  /// The memory model in use, and a fit to the answers (`o`), at the end of the overview.
  var memoryModel = MemoryModelPanel()
  /// The first line showing.
  private(set) var offset = 0
  /// The overview was scrolled to its end by a key: the calibration chart, when it comes (on its
  /// thread), is scrolled into view too.
  private(set) var followsEnd = false

  static let glossary = [
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
  ]
  var hints: [KeyHint] { memoryModel.hints + [KeyHint("↑↓", "scroll")] }

  /// Back at the top, as when the part is shown again.
  mutating func scrollToTop() {
    offset = 0
    followsEnd = false
  }

  /// Between keys: whether the overview, if `showing`, scrolls to its end — to a fit of the
  /// memory model that has just finished, or to the calibration once there if the overview was
  /// at its end.
  mutating func tick(showing: Bool) -> Bool {
    let finished = memoryModel.takeFinished()
    let calibrated = memoryModel.takeCalibration()
    return showing && (finished || (calibrated && followsEnd))
  }

  /// The last of `count` lines at the bottom of `height`.
  mutating func scrollToEnd(count: Int, height: Int) {
    offset = max(0, count - height)
  }

  /// The memory model's keys, or scrolling the `count` lines (those before the key) in `height`.
  mutating func handle(_ key: Key, count: Int, height: Int) {
    if memoryModel.handle(key) {
      // What the fit shows is below the figures: scrolled into view.
      scrollToEnd(count: count, height: height)
      followsEnd = true
      return
    }
    if let moved = scrolled(offset, by: key, count: count, height: height) {
      offset = moved
      followsEnd = moved > 0 && moved == count - height
    }
  }

  func draw(_ lines: [Line], in frame: inout Frame, area: Area) {
    frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: area.height), in: area)
  }

  /// The overview of `statistics`, `memory` (nil while it is read: said so) and `figures` over
  /// `period` (its name), with the daily `goal`.
  func lines(
    _ statistics: Statistics, memory: Statistics.Memory?, _ figures: ProgressFigures, goal: DailyGoal, period: String,
    width: Int
  ) -> [Line] {
    let labelWidth = width >= 60 ? 17 : 11
    var lines: [Line] = []
    let streak = statistics.streak
    var first = ["\(streak) day\(streak == 1 ? "" : "s") in a row"]
    if goal != .off {
      first.append("today \(statistics.today.answers) of \(goal.count)" + (statistics.today.answers >= goal.count ? " ✓" : ""))
    } else {
      first.append("today \(statistics.today.answers)")
    }
    lines += ProgressText.flowed(first, label: "Streak", labelWidth: labelWidth, width: width)
    let reading = ["Reading…"]
    lines += ProgressText.flowed(
      memory.map {
        [
          "learning \($0.learning.grouped)", "review \($0.review.grouped)", "mastered \($0.mastered.grouped)",
          "relearning \($0.relearning.grouped)", "new today \($0.new.grouped)",
        ]
      } ?? reading, label: "Memory", labelWidth: labelWidth, width: width)
    lines += ProgressText.flowed(
      memory.map { ["now \($0.dueNow.grouped)", "next 7 days \($0.dueWeek.grouped)"] } ?? reading,
      label: "Due", labelWidth: labelWidth, width: width)
    lines += ProgressText.flowed(
      memory.map { [ProgressText.percent($0.recall)] } ?? reading, label: width >= 60 ? "Recall today" : "Recall",
      labelWidth: labelWidth, width: width)
    let total = statistics.days.reduce(into: Tally()) { $0.add($1.tally) }
    lines += ProgressText.flowed(
      ["today \(StatsReport.duration(statistics.today.seconds))", "in all \(StatsReport.duration(total.seconds))"],
      label: "Time", labelWidth: labelWidth, width: width)
    lines.append(Line())
    lines.append(Line(" Accuracy, \(period)", .heading))
    var moods: [(String, Tally)] = Mood.allCases.map { mood in
      let tally = statistics.tenses.filter { Tense(rawValue: $0.key)?.mood == mood }.values
        .reduce(into: Tally()) { $0.add($1) }
      return (mood.rawValue.prefix(1).uppercased() + mood.rawValue.dropFirst(), tally)
    }
    moods = moods.filter { $0.1.answers > 0 }
    // Accuracy by group of verbs: regular, irregular, and each irregularity group, indented.
    let groups: [(String, Tally)] =
      [("Regular verbs", figures.regular), ("Irregular verbs", figures.irregular)]
      + figures.groups.map { each in
        let name = each.group.rawValue.replacing(literal: "irregular-", with: "irreg. ")
          .replacing(literal: "strong-preterite", with: "strong pret.")
        return ("  " + name, each.tally)
      }
    for (name, tally) in moods + groups.filter({ $0.1.answers > 0 }) {
      lines.append(Self.barLine(name, tally, labelWidth: labelWidth, width: width))
    }
    if figures.groupsPending {
      // The trainer's warm-up is still working out the irregularity groups: said, not left out.
      var line = Line("   groups")
      line.pad(to: labelWidth)
      line.add("Reading…", .dim)
      lines.append(line)
    }
    return lines + memoryModel.lines(width: width, labelWidth: labelWidth)
  }

  /// " Indicativo    ██████████████▌      87 %  (1,234)".
  static func barLine(_ name: String, _ tally: Tally, labelWidth: Int, width: Int) -> Line {
    let label = String(name.prefix(labelWidth - 2))  // a long name is cut, never run into its bar
    var line = Line(" " + label)
    line.pad(to: labelWidth)
    let count = width >= 60 ? "  " + tally.answers.counted("answer") : ""
    let barWidth = max(1, width - labelWidth - 6 - (width >= 60 ? 18 : 0) - 1)
    let accuracy = tally.accuracy ?? 0
    let bar = ProgressText.bar(accuracy, width: barWidth)
    line.add(bar, ProgressText.level(accuracy).style)
    line.pad(to: labelWidth + barWidth)
    let percent = ProgressText.percent(tally.accuracy)
    line.add(String(repeating: " ", count: max(0, 6 - percent.count)) + percent)
    line.add(count, .dim)
    return line
  }
}
