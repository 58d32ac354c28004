import ArgumentParser
import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import RandomClient
import SettingsClient

extension DrillOptions {
  /// These filters as `conjugar practice` takes them, each name as the JSON contract writes it
  /// (`--tenses preterito,futuro --top 300`): a saved drill's words, which are split at spaces when
  /// it is read back. Throws when a verbs file's path holds a space.
  public func arguments() throws -> [String] {
    var words: [String] = []
    if let tenses { words += ["--tenses", Tense.allCases.filter(tenses.values.contains).map(\.rawValue).joined(separator: ",")] }
    if let persons { words += ["--persons", Person.allCases.filter(persons.values.contains).map(\.rawValue).joined(separator: ",")] }
    if verbs != .all { words += ["--verbs", verbs.rawValue] }
    switch top {
    case .most(let count)?: words += ["--top", String(count)]
    case .all?: words += ["--top", "all"]
    case nil: break
    }
    if let group { words += ["--group", group.rawValue] }
    for verb in verbList { words += ["--verb", verb] }
    for rule in ruleList { words += ["--rule", rule] }
    if let verbsFile {
      guard !verbsFile.contains(where: \.isWhitespace) else {
        throw CommandFailure("a saved drill's options are split at spaces, and the verbs file's path \(verbsFile) holds one")
      }
      words += ["--verbs-file", verbsFile]
    }
    return words
  }
}

extension PracticeOptions {
  /// These options as a saved drill keeps them (`drill.NAME = OPTIONS`): the filters
  /// (``DrillOptions/arguments()``), the length, and the mode unless it is typing.
  public func arguments() throws -> [String] {
    try filters.arguments() + ["--count", String(count)] + (mode == .type ? [] : ["--mode", mode.rawValue])
  }

  /// Fails, saying why, unless `spec` asked as `mode` makes a drill: the check of `conjugar
  /// practice` before it opens one, and of a drill before it is saved.
  public static func check(_ spec: DrillSpec, mode: DrillMode, conjugator: Conjugator) throws {
    do {
      let composer = DrillComposer(conjugator: conjugator)
      if mode == .sentences {
        guard try !SentenceCue.matching(spec, composer: composer).isEmpty else { throw DrillError.noSentences }
      } else {
        _ = try composer.questions(spec, using: .seeded(1))
      }
    } catch {
      throw CommandFailure("\(error)")
    }
  }

  /// Saves the drill `arguments` (`conjugar practice`'s options) as `name` in `world`'s settings,
  /// as the Practice screen's Save as does: the name checked (letters, digits, - and _), the
  /// options read and the drill made as it will be when started, then kept as their
  /// ``arguments()``. The options saved, and those the name had before, if any. One way to save a
  /// drill for `conjugar drill --save`, `conjugar settings set drill.NAME` and the plain mode's
  /// `:save` (plain mode is given it: ``DrillParser/commandLine``).
  public static func save(_ name: String, _ arguments: [String], in world: World) throws -> (saved: String, was: String?) {
    guard SavedDrills.isValidName(name) else {
      throw CommandFailure("a drill's name is 1 to 30 letters, digits, - or _, not \"\(name)\"")
    }
    let options: PracticeOptions
    do {
      options = try parse(arguments)
    } catch {
      throw CommandFailure("these are no options of a drill: \(message(for: error))")
    }
    let (spec, mode) = try drill(arguments, settings: world.settings.values, conjugator: world.conjugator, files: world.fileSystem)
    try check(spec, mode: mode, conjugator: world.conjugator)
    let saved = try options.arguments().joined(separator: " ")
    let was = world.settings.values.raw[SavedDrills.key(name)]
    world.settings.saveDrill(name, options: saved)
    if let error = world.settings.saveError { throw CommandFailure("\(error)") }
    return (saved, was)
  }
}

extension DrillParser {
  /// `conjugar practice`'s parser: what plain mode is given.
  public static let commandLine = DrillParser(
    read: { options, world in try PracticeOptions.savedDrill(options, in: world) },
    save: { name, options, world in try PracticeOptions.save(name, options, in: world) })
}
