import ConjugarCore
import ConjugarEngine
import TerminalClient

/// Progress's Rules part (issue 42, part 4): the rules known, then those not yet known, as
/// `conjugar stats --rules` lists them (``RuleStanding``, from the rule layer in use), each with
/// its evidence — the answers right and wrong on the forms that rest on it — and the layer's
/// chance of a first answer on a form resting on it alone; one selected, `p` practises it (a drill
/// of `--rule ID`).
struct RulesList {
  /// The rule selected: an index into the known, then the not yet known.
  private(set) var selected = 0

  static let help = [KeyHint("p", "Rules: practise the rule selected (the forms of every verb that rest on it)")]
  static let glossary = [
    KeyHint("Rules", "known: the rule layer fitted with the memory model finds a first answer on a form resting on the "
      + "rule likelier right than most; not yet known: less likely. ✓ ✗: your answers on its forms; % the chance of "
      + "a first answer on a form resting on it alone")
  ]

  static func hints(_ standing: RuleStanding) -> [KeyHint] {
    rules(standing).isEmpty ? [] : [KeyHint("p", "practise"), KeyHint("↑↓", "move")]
  }

  /// The rules in the order they are listed.
  static func rules(_ standing: RuleStanding) -> [RuleStanding.Rule] { standing.known + standing.notKnown }

  /// The selection kept on a list of `count` rules.
  mutating func clamp(count: Int) {
    selected = max(0, min(selected, count - 1))
  }

  /// `p` practises the rule selected; the arrows move the selection over a list `height` lines high.
  mutating func handle(_ key: Key, _ standing: RuleStanding, height: Int) -> Action? {
    let rules = Self.rules(standing)
    switch key {
    case .character("p"):
      guard rules.indices.contains(selected) else { return nil }
      return .practiseRule(rules[selected].id)
    default:
      if let moved = moved(selected, by: key, count: rules.count, height: max(1, height - 2)) { selected = moved }
      return nil
    }
  }

  /// `reading`: the standing is being read again; until then the list shows what was read
  /// before, or, if nothing was, says it is reading.
  func draw(_ standing: RuleStanding, reading: Bool = false, in frame: inout Frame, area: Area) {
    let empty: String? =
      if reading && !standing.fitted {
        "Reading your answers and the rules of each form…"
      } else if !standing.fitted {
        "No rule layer in use yet: fit the memory model (Overview, or conjugar optimize --apply) and the rules "
          + "you know and do not know yet show here."
      } else if Self.rules(standing).isEmpty {
        "The rule layer in use weighs no rule yet: too few answers tell it anything."
      } else {
        nil
      }
    if let empty {
      for (number, line) in wrapped(empty, width: area.width - 2).enumerated() where number < area.height {
        frame.write(" " + line, row: area.top + number, column: area.left, limit: area.right)
      }
      return
    }
    let wide = area.width >= 60
    // The figures at the right: "  239 ✓   37 ✗  82 %" wide, "239✓ 37✗ 82%" narrow.
    let figuresWidth = wide ? 22 : 14
    // The last column is left to the scroll marks (↑ ↓) of a list longer than the screen.
    let nameWidth = max(4, area.width - 3 - figuresWidth)
    var lines: [Line] = []
    var selectedLine = 0
    var index = 0
    func heading(_ text: String, _ count: Int) {
      guard count > 0 else { return }
      lines.append(Line(" " + text + (wide ? " (\(count))" : ""), .heading))
    }
    func add(_ rule: RuleStanding.Rule) {
      var line = Line("  " + truncated(rule.name, to: nameWidth))
      line.pad(to: 2 + nameWidth)
      let chance = Int((rule.chance * 100).rounded())
      let figures =
        wide
        ? pad(rule.wins, 6) + " ✓" + pad(rule.misses, 5) + " ✗" + pad(chance, 5) + " %"
        : pad(rule.wins, 4) + "✓" + pad(rule.misses, 3) + "✗" + pad(chance, 4) + "%"
      line.add(figures)
      if index == selected {
        line.style(.selected)
        selectedLine = lines.count
      }
      lines.append(line)
      index += 1
    }
    heading("Known", standing.known.count)
    standing.known.forEach(add)
    heading("Not yet known", standing.notKnown.count)
    standing.notKnown.forEach(add)
    let first = scrollOffset(0, showing: selectedLine, count: lines.count, height: area.height)
    frame.draw(lines, offset: first, in: area)
  }

  private func pad(_ number: Int, _ width: Int) -> String {
    let text = "\(number)"
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
