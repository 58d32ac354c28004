import ArgumentParser
import ConjugarEngine

/// `conjugar tener`, `conjugar conjugat tener`: a first word that is no command (the trainer
/// takes none), answered with the command meant — one close to it, or `conjugate` for an
/// infinitive — before the parser calls it an unknown argument of the trainer.
enum DidYouMean {
  /// What to say of `arguments` (those after the program's name) when their first word is no
  /// command nor option; nil when it is one.
  /// (The catalog is read only when the first word is no command.)
  static func message(for arguments: [String], conjugator: @autoclosure () -> Conjugator) -> String? {
    guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
    let names = Conjugar.configuration.subcommands.map { $0._commandName } + ["help"]
    guard !names.contains(first) else { return nil }
    let meant = command(for: arguments, names: names, conjugator: conjugator()).map { ": did you mean `\($0)`?" } ?? ""
    return "\"\(InfinitiveError.shown(first))\" is not a command\(meant) (`conjugar --help` lists them)"
  }

  /// The command line meant: a command close to the first word, or `conjugate` for an infinitive.
  static func command(for arguments: [String], names: [String], conjugator: Conjugator) -> String? {
    guard let first = arguments.first, !first.isEmpty else { return nil }
    let rest = arguments.dropFirst().map { InfinitiveError.shown($0) }
    let conjugated = try? conjugator.conjugate(first)
    let conjugate = (["conjugar", "conjugate", InfinitiveError.shown(first)] + rest).joined(separator: " ")
    // A verb of the catalog is the verb meant, however close to a command (importar, exportar).
    if conjugated?.known == true { return conjugate }
    let typed = Array(first.lowercased().utf8)
    if let name = names.first(where: { VerbSearch.editDistance(Array($0.utf8), typed, atMost: 2) != nil }) {
      return (["conjugar", name] + rest).joined(separator: " ")
    }
    return conjugated == nil ? nil : conjugate
  }
}
