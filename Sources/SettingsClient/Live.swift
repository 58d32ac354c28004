import FileStorage
import Foundation
import PlainText

/// The settings as a file people can read and edit: `settings.conf` in `directory`, one
/// `key = value` per line under a comment header.
///
/// A file that cannot be read (not UTF-8, too large, no file) is set aside as
/// `settings.conf.corrupt-<UTC time>` (never deleted) and the defaults are used. A file with lines the
/// app does not understand is set aside the same way, but its other lines are used and written
/// again as the new file (so they hold run after run), and the first bad line is named. Saving replaces the file atomically, so neither a crash nor two programs
/// saving at once can leave half a file.
public struct FileSettingsStore: SettingsStore {
  public let directory: URL
  /// Where the file is read, set aside and written.
  public let files: FileClient
  /// The time a file set aside is named by.
  public let now: @Sendable () -> Date

  public init(directory: URL, files: FileClient, now: @escaping @Sendable () -> Date) {
    self.directory = directory
    self.files = files
    self.now = now
  }

  /// The settings file.
  public var file: URL { Self.file(in: directory) }

  /// The settings file in `directory`.
  public static func file(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

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
      let identity: FileClient.Identity?
      switch files.read(path, Self.maximumSize) {
      case .missing:
        return ([:], nil)
      case .contents(let bytes, let found):
        if let parsed = Self.parse(bytes) {
          guard let first = parsed.bad.first else { return (parsed.values, nil) }
          // The good lines in use; the file as it was kept aside, its first bad line named.
          let more = parsed.bad.count > 1 ? " and \(parsed.bad.count - 1) more" : ""
          let named = "\(Self.fileName) line \(first.line)\(more) left out (\(first.text) \(first.reason))"
          do {
            let kept = try files.moveAside(path, found, now())
            return (parsed.values, "\(named); kept as \(kept)." + keep(parsed.values))
          } catch where error.code == ESTALE || error.code == ENOENT {
            continue
          } catch {
            return (parsed.values, "\(named).")
          }
        }
        identity = found
      case .tooLarge(let found):
        identity = found
      case .unreadable(_, let found):
        identity = found
      }
      do {
        let kept = try files.moveAside(path, identity, now())
        return ([:], "Your settings were unreadable; kept as \(kept), defaults in use.")
      } catch where error.code == ESTALE || error.code == ENOENT {
        continue
      } catch {
        return ([:], "Your settings were unreadable and could not be set aside (\(error.reason)); defaults in use.")
      }
    }
    return ([:], "Your settings file keeps changing; defaults in use.")
  }

  /// Writes the good lines of a file just set aside as the new file, so that they count from the
  /// next run on too (and its bad line is named once); a file saved meanwhile by another program
  /// stays. Nothing when there is no good line. What the notice adds when they can't be written.
  private func keep(_ values: [String: String]) -> String {
    guard !values.isEmpty else { return "" }
    do {
      try files.writeNew(file.path, Array(Self.format(values).utf8))
    } catch where error.code == EEXIST {
      // Another program saved the settings meanwhile: its file stays.
    } catch {
      return " The other lines can't be saved again (\(error.reason)): they hold while the app runs."
    }
    return ""
  }

  public func save(_ values: [String: String]) throws {
    for (key, value) in values where !Self.takes(key, value) {
      throw SettingsFileError.invalidSetting(key: key, value: value)
    }
    do {
      try files.write(Array(Self.format(values).utf8), to: file.path)
    } catch {
      throw SettingsFileError.cannotSave(path: file.path, reason: error.reason)
    }
  }

  /// A line of a settings file the app does not understand: its number (1-based), the line as it
  /// can be shown (quoted, at most 60 characters, control characters as `?`), and why.
  struct BadLine: Equatable {
    var line: Int
    var text: String
    var reason: String
  }

  /// The values of a settings file's good lines, and its bad ones: a line that is neither blank, a
  /// comment (`#`) nor `key = value`, an unknown key, or a value the key does not take. Nil if it
  /// is no text (not UTF-8). Of a key given twice, the last value counts.
  static func parse(_ bytes: [UInt8]) -> (values: [String: String], bad: [BadLine])? {
    guard var text = String(validating: bytes, as: UTF8.self) else { return nil }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var values: [String: String] = [:]
    var bad: [BadLine] = []
    // "\r\n" is one Character, and a newline like "\n".
    for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = rawLine.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      let shown = "\"" + String(line.prefix(60).map { $0.isASCII && $0.asciiValue! < 0x20 || $0 == "\u{7F}" ? "?" : $0 })
        + (line.count > 60 ? "…" : "") + "\""
      guard let equals = line.firstIndex(of: "=") else {
        bad.append(BadLine(line: index + 1, text: shown, reason: "is not key = value"))
        continue
      }
      let key = line[..<equals].trimmingSpaces()
      let value = line[line.index(after: equals)...].trimmingSpaces()
      if let reason = problem(key, value) {
        bad.append(BadLine(line: index + 1, text: shown, reason: reason))
        continue
      }
      values[key] = value
    }
    return (values, bad)
  }

  /// Why `key = value` is no line of the file, or nil (``takes(_:_:)``).
  static func problem(_ key: String, _ value: String) -> String? {
    if takes(key, value) { return nil }
    if let name = SavedDrills.name(ofKey: key) {
      return SavedDrills.isValidName(name) ? "is no saved drill (its options are missing)" : "names a drill with letters other than a-z, 0-9, - and _"
    }
    guard let setting = settings[key] else { return "names no setting" }
    return setting.refusal(of: value) ?? "is none of \(setting.valuesDescription(separator: ", "))"
  }

  /// Whether `key = value` is a line of the file: a setting and one of its values, or a saved
  /// drill (`drill.NAME = its options`, read when it is started).
  static func takes(_ key: String, _ value: String) -> Bool {
    if let name = SavedDrills.name(ofKey: key) { return SavedDrills.isValidName(name) && !value.isEmpty && !value.contains(literal: "\n") }
    return settings[key]?.takes(value) == true
  }

  /// The file for `values`: a header that says what each key takes, then the values set.
  static func format(_ values: [String: String]) -> String {
    var text = """
      # conjugar settings. The app rewrites this file when you change a setting; you may edit it too.
      # One `key = value` per line; lines starting with # are comments. Missing keys take their default.
      # A line the app can't read is left out and named, the file as it was kept aside
      # (settings.conf.corrupt-…), and the other lines written again here.
      # Saved drills: `drill.NAME = OPTIONS`, the options of `conjugar practice` (NAME: letters,
      # digits, - and _).
      #

      """
    for setting in SettingDeclarations.all {
      text += "#   \(setting.key) = \(setting.valuesDescription(separator: " | "))\n"
    }
    text += "\n" + settingLines(values)
    let drills = drillLines(values)
    return text + (drills.isEmpty ? "" : "\n" + drills)
  }

  /// The `key = value` lines of `values`, each with its newline: the settings in the order of their
  /// declarations, then the saved drills by name — the lines of the file under its header (what
  /// `conjugar export` carries).
  public static func lines(_ values: [String: String]) -> String { settingLines(values) + drillLines(values) }

  static func settingLines(_ values: [String: String]) -> String {
    SettingDeclarations.all.compactMap { setting in values[setting.key].map { "\(setting.key) = \($0)\n" } }.joined()
  }

  static func drillLines(_ values: [String: String]) -> String {
    values.keys.filter { SavedDrills.name(ofKey: $0) != nil }.sorted().map { "\($0) = \(values[$0]!)\n" }.joined()
  }

  /// The values of `text`'s lines, read as the file's are (``parse(_:)``), and each line refused,
  /// with its number and why (`"quiz-length = 15" is none of 10, 20, 50`).
  public static func values(ofLines text: String) -> (values: [String: String], bad: [(line: Int, reason: String)]) {
    let parsed = parse(Array(text.utf8)) ?? ([:], [])  // a String is UTF-8
    return (parsed.values, parsed.bad.map { ($0.line, "\($0.text) \($0.reason)") })
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
