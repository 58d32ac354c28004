import ArgumentParser
import ConjugarCore
import ConjugarOptions
import Foundation
import SettingsClient

/// `conjugar settings`: the Settings screen's choices from the command line, for a learner without
/// the full-screen trainer (a screen reader, a script). Every setting, its values and its help come
/// from its declaration (`SettingDeclarations`), as the screen's do; a value is checked as the
/// screen checks it, and saved in settings.conf as the screen saves it.
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "List the settings, or read or change one, as the trainer's Settings screen does.",
    discussion: """
      `conjugar settings` lists each setting as `key = value`, then its label, its values and what it \
      does, one line each. `settings get KEY` prints its value; `settings set KEY VALUE` changes it in \
      settings.conf, checked as the Settings screen checks it: a key or value it does not take is \
      named, with what it takes, and nothing changes (exit 1).
      """,
    subcommands: [List.self, Get.self, Change.self],
    defaultSubcommand: List.self)

  /// The settings (`Current.settings`); a line left out of the file is said.
  static func settings() -> Settings {
    let settings = Current.settings
    if let notice = settings.loadNotice { StandardError.write("conjugar: \(notice)\n") }
    return settings
  }

  /// The setting of `key`, or the message that names the keys there are.
  static func setting(_ key: String) throws -> any AnySetting {
    if let setting = SettingDeclarations.all.first(where: { $0.key == key }) { return setting }
    let keys = SettingDeclarations.all.map(\.key)
    throw CommandFailure("no setting is called \"\(key)\"; the settings: \(keys.joined(separator: ", "))")
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every setting, its value, its values and what it does.")

    func run() throws {
      let values = SettingsCommand.settings().values
      var out = StandardOutput()
      for setting in SettingDeclarations.all {
        let value = values.rawValue(of: setting)
        out.write("\(setting.key) = \(value)\(values.raw[setting.key] == nil ? " (the default)" : "")\n")
        out.write("  \(setting.label): \(setting.valuesDescription(separator: ", ")). \(setting.help)\n")
      }
      out.flush()
    }
  }

  struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Print one setting's value.")

    @Argument(help: "The setting's key, as `conjugar settings` lists it (region, difficulty…).")
    var key: String

    func run() throws {
      if let name = SavedDrills.name(ofKey: key) {
        guard let options = SettingsCommand.settings().values.raw[key] else { throw CommandFailure("no drill is saved as \(name)") }
        return StandardOutput.line(options)
      }
      let setting = try SettingsCommand.setting(key)
      StandardOutput.line(SettingsCommand.settings().values.rawValue(of: setting))
    }
  }

  struct Change: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set", abstract: "Change one setting, saved in settings.conf.")

    @Argument(help: "The setting's key, as `conjugar settings` lists it (region, difficulty…).")
    var key: String

    // Every word after the key, those that begin with "--" too: a saved drill's value is options
    // (`settings set drill.pret --tenses preterito --top 100`).
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "Its new value, one of those `conjugar settings` lists for it; for drill.NAME, the options of `conjugar practice`.",
        valueName: "value"))
    var words: [String] = []

    func validate() throws {
      if words.isEmpty { throw ValidationError("Missing expected argument '<value>'") }
    }

    func run() throws {
      if let name = SavedDrills.name(ofKey: key) {
        // A drill, saved as `drill --save` saves it: its options read, and the drill made, first.
        _ = SettingsCommand.settings()  // a line left out of the file said first
        // One word (quoted in a shell) is split at spaces, as the file's value is read.
        let arguments = words.count == 1 ? words[0].split(separator: " ").map(String.init) : words
        let (saved, was) = try PracticeOptions.save(name, arguments, in: Current)
        StandardOutput.line(was.map { $0 == saved ? "\(key) = \(saved), as it was." : "\(key) = \(saved) (was \($0))." } ?? "\(key) = \(saved).")
        return
      }
      let value = words.joined(separator: " ")
      let setting = try SettingsCommand.setting(key)
      guard let written = setting.written(value) else {
        let why = setting.refusal(of: value).map { "\(key) = \"\(value)\" \($0)" }
          ?? "\(key) takes \(setting.valuesDescription(separator: ", ")), not \"\(value)\""
        throw CommandFailure("\(why); nothing changed")
      }
      let settings = SettingsCommand.settings()
      let before = settings.values.rawValue(of: setting)
      settings.set(key, written)
      if let error = settings.saveError {
        throw CommandFailure("\(error)")
      }
      StandardOutput.line(before == written ? "\(key) = \(written), as it was." : "\(key) = \(written) (was \(before)).")
    }
  }
}
