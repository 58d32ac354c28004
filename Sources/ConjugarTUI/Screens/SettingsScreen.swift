import ConjugarCore
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// 4 Settings: one line per setting, in the order they are declared, changed in place and saved
/// at once. Labels, values and explanations all come from the declarations.
struct SettingsScreen: Screen {
  static let rows = SettingDeclarations.all
  var selection = 0 {
    didSet { if selection != oldValue { explanationOffset = 0 } }
  }
  /// How far the selected setting's explanation is scrolled (PgUp PgDn) where it is cut.
  private(set) var explanationOffset = 0
  /// Open while the learner picks the members of a set (the quiz's tenses).
  var picker: SetPicker?
  /// Without espeak-ng, speech's setting shows as unavailable and does not change.
  let speechAvailable: Bool
  /// The memory model the schedule uses, under Review retention's explanation: information, not a
  /// setting (Progress fits it and puts it in use). Read by the App when the screen is shown.
  var memoryModel: String?
  /// Today, for the values that are dates (a break from tomorrow). Set by the App when the screen
  /// is shown.
  var today: Day?

  /// The line for the memory model in use (nil: FSRS-6's defaults).
  static func memoryModelLine(_ fitted: FittedMemory?) -> String {
    let model = fitted.map { "fitted on \(ISODate.string($0.date).prefix(10)) to \($0.reviews.counted("answer"))" }
      ?? "FSRS-6's defaults"
    return "Memory model in use: \(model) (Progress: o fits, u uses, d defaults)."
  }

  init(speechAvailable: Bool = true) { self.speechAvailable = speechAvailable }

  /// Whether `setting` is one that needs speech, and speech cannot be heard.
  private func isUnavailable(_ setting: any AnySetting) -> Bool {
    !speechAvailable && SettingDeclarations.needsSpeech(setting)
  }

  var name: String { "settings" }
  var helpTitle: String { "the settings" }
  var isTyping: Bool { false }
  var hints: [KeyHint] { picker != nil ? SetPicker.hints : [KeyHint("↑↓", "move"), KeyHint("← →", "change")] }
  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move between settings"),
      KeyHint("→ Enter Space", "next value (saved at once); on Quiz tenses, Enter or Space opens the list of tenses"),
      KeyHint("←", "previous value"),
      KeyHint("PgUp PgDn", "scroll the explanation, where it is cut (↓ at its end: more follows)"),
      KeyHint("Space", "in the list of tenses: pick or drop the one selected"),
      KeyHint("Enter", "in the list of tenses: keep those picked (at least one)"),
      KeyHint("Esc", "in the list of tenses: leave them as they were"),
      KeyHint("d", "in the list of tenses: the difficulty's again"),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    if picker != nil {
      let setting = Self.rows[selection]
      switch picker!.handle(key, height: area.height, setting: setting) {
      case .stay: return nil
      case .refuse(let message): return .message(message)
      case .close(let value):
        picker = nil
        guard let value else { return nil }
        Current.settings.set(setting.key, value)
        return .settingsChanged
      }
    }
    if key == .pageDown || key == .pageUp {
      let explanation = layout(in: area).explanation
      let page = max(1, explanation.room - 1)
      let last = max(0, explanation.lines.count - explanation.room)
      explanationOffset = max(0, min(last, explanationOffset + (key == .pageDown ? page : -page)))
      return nil
    }
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
    if let picker = SetPicker(setting, settings: settings) {
      // Enter or Space opens the list to pick from; ← → (which go on from one setting's value to
      // the next's anywhere else) say so.
      guard key == .enter || key == .character(" ") else { return .message("\(setting.label): Enter to pick them.") }
      self.picker = picker
      return nil
    }
    var values = today.map { setting.choices(from: $0) } ?? setting.choices
    // A value set elsewhere (the file, the command line) stays among them, last.
    let current = settings.rawValue(of: setting)
    if !values.contains(current) { values.append(current) }
    let index = values.firstIndex(of: current) ?? 0
    Current.settings.set(setting.key, values[(index + step + values.count) % values.count])
    return .settingsChanged
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    if let picker {
      let setting = Self.rows[selection]
      picker.draw(in: &frame, area: area, defaultName: setting.name(of: setting.defaultRawValue))
      return
    }
    let labelWidth = min(22, area.width / 2)
    let layout = layout(in: area)
    var row = layout.listTop
    frame.write(" Saved as you change them.", row: area.top, column: area.left, style: .dim, limit: area.right)
    let first = selection >= layout.visible ? selection - layout.visible + 1 : 0
    let listEnd = row + layout.visible
    for (number, setting) in Self.rows.enumerated().dropFirst(first) where row < listEnd {
      let selected = number == selection
      let value =
        isUnavailable(setting)
        ? "unavailable (\(Speech.unavailableReason))" : setting.name(of: settings.rawValue(of: setting))
      frame.write(" " + setting.label, row: row, column: area.left, limit: area.left + labelWidth)
      frame.write(selected ? "‹ \(value) ›" : "  \(value)", row: row, column: area.left + labelWidth, limit: area.right)
      if selected { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      row += 1
    }
    let explanation = layout.explanation
    let offset = min(explanationOffset, max(0, explanation.lines.count - explanation.room))
    frame.draw(
      explanation.lines.map { Line(" " + $0, .dim) }, offset: offset,
      in: Area(top: listEnd + 1, left: area.left, width: area.width, height: explanation.room))
  }

  /// Where the list and the explanation go in `area`: the list's first row and how many settings
  /// show, the explanation's lines and the rows they have (fewer than the lines where it is cut).
  private func layout(in area: Area) -> (listTop: Int, visible: Int, explanation: (lines: [String], room: Int)) {
    func explanation(width: Int) -> [String] {
      var lines = wrapped(Self.rows[selection].help, width: width)
      if let memoryModel, Self.rows[selection].key == SettingDeclarations.shared.desiredRetention.key {
        lines += wrapped(memoryModel, width: width)
      }
      return lines
    }
    let lines = explanation(width: area.width - 2)
    // A blank line under the heading when the list and the whole explanation still fit.
    let top = area.top + (area.height >= Self.rows.count + lines.count + 3 ? 2 : 1)
    // On a short screen the list scrolls so that the selected setting shows, and gives up to
    // half its rows to the explanation.
    let available = area.bottom - top
    let visible =
      Self.rows.count + 1 + lines.count <= available
      ? Self.rows.count : max(1, available / 2, available - 1 - lines.count)
    let room = max(0, available - visible - 1)
    // Cut, it leaves a blank column before its scroll mark.
    return (top, visible, (lines.count > room ? explanation(width: area.width - 3) : lines, room))
  }
}
