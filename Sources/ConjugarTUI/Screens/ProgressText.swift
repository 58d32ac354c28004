import TerminalClient

/// How Progress writes its figures, the same in each of its parts, the memory model's panel and
/// the calibration chart: percentages, bars in eighths, the levels of accuracy (a shade, a colour,
/// the legend) and chunks of text flowed under a label.
enum ProgressText {
  /// "87 %"; "–" without a value.
  static func percent(_ value: Double?) -> String {
    value.map { "\(Int(($0 * 100).rounded())) %" } ?? "–"
  }

  /// Chunks of text joined with " · " into lines of at most `width` cells, the first line
  /// starting with `label` in the label column.
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
}
