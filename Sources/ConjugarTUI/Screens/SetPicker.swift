import SettingsClient
import TerminalClient

/// The settings screen's picker for a setting whose value is a set (``SettingValue/members``): the
/// quiz's tenses. A list of the members, each picked or not; Space picks or drops the one selected,
/// Enter keeps the set (none is refused), Esc leaves the setting as it was, d sets its default.
struct SetPicker: Equatable {
  /// The setting's key.
  let key: String
  let label: String
  /// Every member, raw, with its name.
  let members: [Member]
  /// The members picked, raw.
  var picked: Set<String>
  var selection = 0

  struct Member: Equatable {
    let rawValue: String
    let name: String
  }

  /// A picker for `setting` starting from its value in `settings`; nil if it is no set.
  init?(_ setting: any AnySetting, settings: SettingValues) {
    guard let members = setting.members else { return nil }
    key = setting.key
    label = setting.label
    self.members = members.map { Member(rawValue: $0.rawValue, name: $0.name) }
    picked = Set(setting.members(of: settings.rawValue(of: setting), with: settings))
  }

  /// What a key did: nothing the screen must know, the set to keep, or closing.
  enum Outcome: Equatable {
    case stay
    /// Close, setting the setting to this raw value (nil: as it was).
    case close(String?)
    /// Stay open and say this.
    case refuse(String)
  }

  static let hints = [
    KeyHint("Space", "pick"), KeyHint("Enter", "keep"), KeyHint("Esc", "cancel"), KeyHint("d", "default"),
  ]

  /// The keys, as the picker says them above its list.
  func instructions(defaultName: String) -> String {
    "\(label): Space picks or drops, Enter keeps, Esc leaves as it was, d: \(defaultName)."
  }

  mutating func handle(_ key: Key, height: Int, setting: any AnySetting) -> Outcome {
    if let moved = moved(selection, by: key, count: members.count, height: height) {
      selection = moved
      return .stay
    }
    switch key {
    case .character(" "), .character("x"):
      let member = members[selection].rawValue
      if picked.remove(member) == nil { picked.insert(member) }
      return .stay
    case .enter:
      let chosen = members.map(\.rawValue).filter(picked.contains)
      guard let value = setting.rawValue(picking: chosen) else {
        return .refuse("Pick at least one (Space), or press d for \(setting.name(of: setting.defaultRawValue)).")
      }
      return .close(value)
    case .escape: return .close(nil)
    case .character("d"): return .close(setting.defaultRawValue)
    default: return .stay
    }
  }

  func draw(in frame: inout Frame, area: Area, defaultName: String) {
    var row = area.top
    let heading = wrapped(instructions(defaultName: defaultName), width: area.width - 2)
    for line in heading where row < area.bottom {
      frame.write(" " + line, row: row, column: area.left, style: .dim, limit: area.right)
      row += 1
    }
    if area.height >= heading.count + members.count + 1 { row += 1 }
    // The list scrolls so that the selected member shows.
    let visible = max(1, area.bottom - row)
    let first = selection >= visible ? selection - visible + 1 : 0
    for (number, member) in members.enumerated().dropFirst(first) where row < area.bottom {
      let mark = picked.contains(member.rawValue) ? "[x]" : "[ ]"
      frame.write(" \(mark) \(member.name)", row: row, column: area.left, limit: area.right)
      if number == selection { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      row += 1
    }
  }
}
