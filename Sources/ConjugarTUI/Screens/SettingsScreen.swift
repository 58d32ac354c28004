import ConjugarCore
import SettingsClient
import SpeechClient
import TerminalClient

/// 4 Settings: one line per setting, in the order they are declared, changed in place and saved
/// at once. Labels, values and explanations all come from the declarations.
struct SettingsScreen: Screen {
  static let rows = SettingDeclarations.all
  var selection = 0
  /// Without espeak-ng, speech's setting shows as unavailable and does not change.
  let speechAvailable: Bool

  init(speechAvailable: Bool = true) { self.speechAvailable = speechAvailable }

  /// Whether `setting` is one that needs speech, and speech cannot be heard.
  private func isUnavailable(_ setting: any AnySetting) -> Bool {
    !speechAvailable && setting.key == SettingDeclarations.shared.speakAnswers.key
  }

  var name: String { "settings" }
  var helpTitle: String { "the settings" }
  var isTyping: Bool { false }
  var hints: [KeyHint] { [KeyHint("↑↓", "move"), KeyHint("← →", "change")] }
  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move between settings"),
      KeyHint("→ Enter Space", "next value (saved at once)"), KeyHint("←", "previous value"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    let count = Self.rows.count
    if let moved = moved(selection, by: key, count: count, height: count) {
      selection = moved
      return nil
    }
    let step: Int
    switch key {
    case .right, .enter, .character(" "), .character("l"): step = 1
    case .left, .character("h"): step = -1
    default: return nil
    }
    let setting = Self.rows[selection]
    if isUnavailable(setting) { return .message(Speech.missingMessage) }
    let values = setting.allowedValues
    let index = values.firstIndex(of: settings.rawValue(of: setting)) ?? 0
    Current.settings.set(setting.key, values[(index + step + values.count) % values.count])
    return .settingsChanged
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    let labelWidth = min(22, area.width / 2)
    var row = area.top
    frame.write(" Saved as you change them.", row: row, column: area.left, style: .dim, limit: area.right)
    row += area.height >= Self.rows.count + 4 ? 2 : 1
    // On a short screen the list scrolls so that the selected setting shows.
    let visible = max(1, area.bottom - row)
    let first = selection >= visible ? selection - visible + 1 : 0
    for (number, setting) in Self.rows.enumerated().dropFirst(first) where row < area.bottom {
      let selected = number == selection
      let value =
        isUnavailable(setting)
        ? "unavailable (\(Speech.unavailableReason))" : setting.name(of: settings.rawValue(of: setting))
      frame.write(" " + setting.label, row: row, column: area.left, limit: area.left + labelWidth)
      frame.write(selected ? "‹ \(value) ›" : "  \(value)", row: row, column: area.left + labelWidth, limit: area.right)
      if selected { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      row += 1
    }
    row += 1
    let explanation = wrapped(Self.rows[selection].help, width: area.width - 2)
    for line in explanation where row < area.bottom {
      frame.write(line, row: row, column: area.left + 1, style: .dim, limit: area.right)
      row += 1
    }
  }
}
