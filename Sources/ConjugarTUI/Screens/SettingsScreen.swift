import ConjugarCore
import SettingsClient
import TerminalClient

/// The learner's settings as they are now: a copy for drawing, so that no screen reads a
/// dependeffect while it draws.
struct Choices: Equatable {
  var region: Region
  var difficulty: Difficulty
  var quizSecondPerson: SecondPerson
  var tableSecondPerson: TableSecondPerson
  var soundOn: Bool
  var analyticsOn: Bool

  static func current() -> Choices {
    let settings = Current.settings
    return Choices(
      region: settings.region, difficulty: settings.difficulty, quizSecondPerson: settings.quizSecondPerson,
      tableSecondPerson: settings.tableSecondPerson, soundOn: settings.soundOn, analyticsOn: settings.analyticsOn)
  }
}

/// 4 Settings: one line per setting, changed in place and saved at once.
struct SettingsScreen: Screen {
  enum Row: Int, CaseIterable {
    case region, difficulty, quizSecondPerson, tableSecondPerson, sound, analytics

    var label: String {
      switch self {
      case .region: "Region"
      case .difficulty: "Quiz difficulty"
      case .quizSecondPerson: "Quiz second person"
      case .tableSecondPerson: "Tables show"
      case .sound: "Sound"
      case .analytics: "Analytics"
      }
    }

    var explanation: String {
      switch self {
      case .region:
        "Spain uses vosotros: quizzes ask it and tables show it, and scores count 1.2 times. "
          + "Latin America uses ustedes alone."
      case .difficulty:
        "Easy: presente, pretérito, futuro. Moderate adds the imperfecto, condicional, perfecto, "
          + "presente de subjuntivo, the imperative and the gerundio. Difficult: every tense. Scores ×1, ×2, ×3."
      case .quizSecondPerson: "The second person singular quizzes ask for: tú, or vos (Argentina, Uruguay, Central America)."
      case .tableSecondPerson: "The second persons singular verb tables show."
      case .sound: "A chime (the terminal bell) for each right answer."
      case .analytics: "Counts of the screens you open and the quizzes you finish, kept on this computer."
      }
    }
  }

  var choices: Choices
  var selection = 0

  var name: String { "settings" }
  var isTyping: Bool { false }
  var hints: [KeyHint] { [KeyHint("↑↓", "move"), KeyHint("← →", "change")] }
  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move between settings"),
      KeyHint("→ Enter Space", "next value (saved at once)"), KeyHint("←", "previous value"),
    ]
  }

  func value(_ row: Row) -> String {
    switch row {
    case .region: choices.region.name
    case .difficulty: choices.difficulty.name
    case .quizSecondPerson: choices.quizSecondPerson.name
    case .tableSecondPerson: choices.tableSecondPerson.name
    case .sound: choices.soundOn ? "on" : "off"
    case .analytics: choices.analyticsOn ? "on" : "off"
    }
  }

  mutating func handle(_ key: Key, in area: Area) -> Action? {
    if let moved = moved(selection, by: key, count: Row.allCases.count, height: Row.allCases.count) {
      selection = moved
      return nil
    }
    let step: Int
    switch key {
    case .right, .enter, .character(" "), .character("l"): step = 1
    case .left, .character("h"): step = -1
    default: return nil
    }
    change(Row.allCases[selection], by: step)
    choices = Choices.current()
    return .settingsChanged
  }

  /// Saves the next (or previous) value of `row` through `Current.settings`.
  private func change(_ row: Row, by step: Int) {
    func next<T: CaseIterable & Equatable>(_ value: T) -> T {
      let all = Array(T.allCases)
      let index = all.firstIndex(of: value)!
      return all[(index + step + all.count) % all.count]
    }
    let settings = Current.settings
    switch row {
    case .region: settings.region = next(settings.region)
    case .difficulty: settings.difficulty = next(settings.difficulty)
    case .quizSecondPerson: settings.quizSecondPerson = next(settings.quizSecondPerson)
    case .tableSecondPerson: settings.tableSecondPerson = next(settings.tableSecondPerson)
    case .sound: settings.soundOn.toggle()
    case .analytics: settings.analyticsOn.toggle()
    }
  }

  func draw(in frame: inout Frame, area: Area) {
    let labelWidth = min(22, area.width / 2)
    var row = area.top
    frame.write(" Saved as you change them.", row: row, column: area.left, style: .dim, limit: area.right)
    row += area.height >= Row.allCases.count + 4 ? 2 : 1
    for setting in Row.allCases where row < area.bottom {
      let selected = setting.rawValue == selection
      frame.write(" " + setting.label, row: row, column: area.left, limit: area.left + labelWidth)
      let value = selected ? "‹ \(value(setting)) ›" : "  \(value(setting))"
      frame.write(value, row: row, column: area.left + labelWidth, limit: area.right)
      if selected { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      row += 1
    }
    row += 1
    let explanation = wrapped(Row.allCases[selection].explanation, width: area.width - 2)
    for line in explanation where row < area.bottom {
      frame.write(line, row: row, column: area.left + 1, style: .dim, limit: area.right)
      row += 1
    }
  }
}
