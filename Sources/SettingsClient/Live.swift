import FileStorage
import Foundation

/// The settings as a file people can read and edit: `settings.conf` in `directory`, one
/// `key = value` per line under a comment header.
///
/// A file that cannot be read, or says something the app does not understand, is set aside as
/// `settings.conf.corrupt-<UTC time>` (never deleted) and the defaults are used. Saving replaces the
/// file atomically, so neither a crash nor two programs saving at once can leave half a file.
public struct FileSettingsStore: SettingsStore {
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  /// The settings file.
  public var file: URL { directory.appendingPathComponent(Self.fileName) }

  static let fileName = "settings.conf"

  /// Larger than any settings file a person would write: not read, set aside.
  static let maximumSize = 64 * 1024

  /// Every setting by key, from the settings' declarations.
  static let settings: [String: any AnySetting] = Dictionary(
    uniqueKeysWithValues: SettingDeclarations.all.map { ($0.key, $0) })

  public func load() -> (values: [String: String], notice: String?) {
    let path = file.path
    // Another program may replace or set aside the file between our reading it and setting it
    // aside; then read what is there now (a few times at most).
    for _ in 0..<3 {
      let identity: Files.Identity?
      switch Files.read(path, limit: Self.maximumSize) {
      case .missing:
        return ([:], nil)
      case .contents(let bytes, let found):
        if let values = Self.parse(bytes) { return (values, nil) }
        identity = found
      case .tooLarge(let found):
        identity = found
      case .unreadable(_, let found):
        identity = found
      }
      do {
        let kept = try Files.moveAside(path, expected: identity, now: Date())
        return ([:], "Your settings were unreadable; kept as \(kept), defaults in use.")
      } catch where error.code == ESTALE || error.code == ENOENT {
        continue
      } catch {
        return ([:], "Your settings were unreadable and could not be set aside (\(error.reason)); defaults in use.")
      }
    }
    return ([:], "Your settings file keeps changing; defaults in use.")
  }

  public func save(_ values: [String: String]) throws {
    for (key, value) in values where !Self.takes(key, value) {
      throw SettingsFileError.invalidSetting(key: key, value: value)
    }
    do {
      try Files.writeAtomically(Array(Self.format(values).utf8), to: file.path)
    } catch {
      throw SettingsFileError.cannotSave(path: file.path, reason: error.reason)
    }
  }

  /// The values of a settings file, or nil if it is not one: not UTF-8, a line that is neither blank,
  /// a comment (`#`) nor `key = value`, an unknown key, or a value the key does not take. Of a key
  /// given twice, the last value counts.
  static func parse(_ bytes: [UInt8]) -> [String: String]? {
    guard var text = String(validating: bytes, as: UTF8.self) else { return nil }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var values: [String: String] = [:]
    // "\r\n" is one Character, and a newline like "\n".
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else { return nil }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard takes(key, value) else { return nil }
      values[key] = value
    }
    return values
  }

  /// Whether `key = value` is a line of the file: a setting and one of its values, or a saved
  /// drill (`drill.NAME = its options`, read when it is started).
  static func takes(_ key: String, _ value: String) -> Bool {
    if let name = SavedDrills.name(ofKey: key) { return SavedDrills.isValidName(name) && !value.isEmpty && !value.contains("\n") }
    return settings[key]?.takes(value) == true
  }

  /// The file for `values`: a header that says what each key takes, then the values set.
  static func format(_ values: [String: String]) -> String {
    var text = """
      # conjugar settings. The app rewrites this file when you change a setting; you may edit it too.
      # One `key = value` per line; lines starting with # are comments. Missing keys take their default.
      # A file the app can't read is set aside (renamed settings.conf.corrupt-…) and the defaults used.
      # Saved drills: `drill.NAME = OPTIONS`, the options of `conjugar practice` (NAME: letters,
      # digits, - and _).
      #

      """
    let settings = SettingDeclarations.all
    for setting in settings { text += "#   \(setting.key) = \(setting.valuesDescription(separator: " | "))\n" }
    text += "\n"
    for setting in settings {
      if let value = values[setting.key] { text += "\(setting.key) = \(value)\n" }
    }
    let drills = values.keys.filter { SavedDrills.name(ofKey: $0) != nil }.sorted()
    if !drills.isEmpty { text += "\n" }
    for key in drills { text += "\(key) = \(values[key]!)\n" }
    return text
  }
}

/// Why settings could not be saved; the description is the message for the learner.
public enum SettingsFileError: Error, Equatable, CustomStringConvertible {
  case cannotSave(path: String, reason: String)
  /// A key the file does not know, or a value the key does not take (a program error: the
  /// `Settings` properties only set known values).
  case invalidSetting(key: String, value: String)

  public var description: String {
    switch self {
    case .cannotSave(let path, let reason): "Can't save settings to \(path): \(reason)."
    case .invalidSetting(let key, let value): "Can't save the setting \(key) = \(value): not a known setting."
    }
  }
}
