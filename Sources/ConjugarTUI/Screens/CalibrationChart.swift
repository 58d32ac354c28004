import ConjugarCore
import SpacedRepetition
import TerminalClient

/// Progress's calibration chart, under the memory model: one line per bin of predicted recall
/// (``Calibration``'s bins of 10 %) with answers in it — the share of them recalled as a bar (█,
/// in eighths) over 0 to 100 %, the mean predicted recall marked on it (┃), the share in figures
/// and the answers. After a fit, the weights in use and the fitted ones side by side (at 60
/// columns or more) or one under the other. Signs only: it reads the same under `NO_COLOR`.
enum CalibrationChart {
  /// The mark of the mean predicted recall on a bar.
  static let mark: Character = "┃"

  /// The chart of `before` (the weights in use, named `inUse`), with `after` (the fitted weights)
  /// beside it when there has been a fit.
  static func lines(before: Calibration, after: Calibration?, inUse: String, width: Int) -> [Line] {
    let wide = width >= 60
    var lines = [Line(), Line(wide ? " Calibration: predicted recall against the share recalled" : " Calibration", .heading)]
    guard before.answers > 0 else {
      return lines + MemoryModelPanel.wrapped(
        "No answer to score yet: one a day or more after the form's last answer.", labelWidth: 2, width: width)
    }
    let indexes = Set(before.bins.map(\.index)).union(after?.bins.map(\.index) ?? []).sorted()
    if let after, wide {
      // Side by side: the bin, then for each model its bar, the share recalled and the answers.
      let bar = min(24, (width - 44) / 2)
      var names = Line("  predicted", .dim)
      names.pad(to: labelWidth(wide))
      names.add(inUse, .dim)
      names.pad(to: labelWidth(wide) + bar + 14 + 2)
      names.add("fitted", .dim)
      lines.append(names)
      for index in indexes {
        var line = label(index, wide: wide)
        for (number, calibration) in [before, after].enumerated() {
          if number == 1 { line.add("  ") }
          add(calibration[index], to: &line, bar: bar, wide: wide)
        }
        lines.append(line)
      }
    } else {
      let bar = wide ? min(40, width - labelWidth(wide) - 24) : max(4, width - labelWidth(wide) - 14)
      for (name, calibration) in [(inUse, before)] + (after.map { [("fitted", $0)] } ?? []) {
        if after != nil { lines.append(Line("  " + name, .dim)) }
        for bin in calibration.bins {
          var line = label(bin.index, wide: wide)
          add(bin, to: &line, bar: bar, wide: wide)
          lines.append(line)
        }
      }
    }
    lines.append(Line(wide ? "  █ recalled · \(mark) mean predicted · answers at the right" : "  █ recalled, \(mark) predicted, n", .dim))
    return lines
  }

  /// The bin's column: "  70–80 %   ", " 70–80  ".
  static func labelWidth(_ wide: Bool) -> Int { wide ? 12 : 8 }

  static func label(_ index: Int, wide: Bool) -> Line {
    let percents = Calibration.percents(of: index)
    var line = Line((wide ? "  " : " ") + "\(percents.from)–\(percents.to)" + (wide ? " %" : ""))
    line.pad(to: labelWidth(wide))
    return line
  }

  /// A bin's bar, share recalled and answers, `bar` cells and 14 (wide) or 12 more; blank when
  /// this model put no answer in it.
  static func add(_ bin: Calibration.Bin?, to line: inout Line, bar: Int, wide: Bool) {
    guard let bin else {
      line.add(String(repeating: " ", count: bar + (wide ? 14 : 12)))
      return
    }
    let cells = self.bar(bin, width: bar)
    line.add(cells.before)
    line.add(String(mark), .heading)
    line.add(cells.after)
    let share = "\(Int((bin.recalled * 100).rounded()))" + (wide ? " %" : "%")
    let answers = bin.answers.grouped
    line.add(String(repeating: " ", count: max(1, (wide ? 6 : 5) - share.count)) + share)
    line.add(String(repeating: " ", count: max(1, (wide ? 8 : 7) - answers.count)) + answers, .dim)
  }

  /// The bar of the share recalled over `width` cells, split at the mark of the mean predicted
  /// recall (the cell it falls in, the last for 100 %).
  static func bar(_ bin: Calibration.Bin, width: Int) -> (before: String, after: String) {
    let filled = ProgressText.bar(bin.recalled, width: width)
    let cells = Array(filled) + Array(repeating: " ", count: max(0, width - filled.count))
    let at = min(width - 1, max(0, Int((bin.predicted * Double(width)).rounded(.down))))
    return (String(cells[..<at]), String(cells[(at + 1)...]))
  }
}
