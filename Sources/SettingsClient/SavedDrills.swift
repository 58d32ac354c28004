/// Drills the learner saved by name: lines `drill.NAME = OPTIONS` of the settings file, where
/// OPTIONS are those of `conjugar practice` (`--tenses preterito --top 100 --mode recognition`).
/// The settings keep them as text; the trainer reads the options when a drill is started.
public enum SavedDrills {
  static let prefix = "drill."

  /// The key of the drill `name`.
  public static func key(_ name: String) -> String { prefix + name }

  /// The drill's name, if `key` is a saved drill's.
  public static func name(ofKey key: String) -> String? {
    key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : nil
  }

  /// Letters, digits, - and _, at most 30: a name that reads the same in the file and on screen.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 30 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }
}

extension SettingValues {
  /// The saved drills, by name: (name, options), in the order of their names.
  public var drills: [(name: String, options: String)] {
    raw.compactMap { key, value in SavedDrills.name(ofKey: key).map { ($0, value) } }.sorted { $0.name < $1.name }
  }
}
