import ConjugarCore
import ConjugarEngine
import Foundation
import Synchronization
import ScoreboardClient
import SettingsClient
import TerminalClient

/// Progress's Overview part, and the helpers the parts share.
extension ProgressScreen {
  // MARK: Overview

  /// "12,345".
  static func grouped(_ n: Int) -> String { n.grouped }

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
    // Accuracy by group of verbs: regular, irregular, and each irregularity group, indented.
    let groups: [(String, Tally)] =
      [("Regular verbs", figures.regular), ("Irregular verbs", figures.irregular)]
      + figures.groups.map { each in
        let name = each.group.rawValue.replacingOccurrences(of: "irregular-", with: "irreg. ")
          .replacingOccurrences(of: "strong-preterite", with: "strong pret.")
        return ("  " + name, each.tally)
      }
    for (name, tally) in moods + groups.filter({ $0.1.answers > 0 }) {
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
}
