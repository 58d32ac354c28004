import ArgumentParser
import ConjugarCore
import ConjugarTUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct Conjugar: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conjugar",
    abstract: "A terminal trainer for Spanish verb conjugation.",
    discussion: """
      With no subcommand, opens the full-screen trainer (in a terminal).
      `conjugar --plain` runs it as lines, for a screen reader or a plain terminal
      (as do the `plain` setting and no terminal: a pipe, TERM=dumb).
      `conjugar conjugate VERB` prints a verb's forms; `conjugar verbs` lists them.
      `conjugar history export|import` writes and reads every answer given;
      `conjugar export|import FILE` everything kept (answers, marks, weights, settings, drills).
      `conjugar schedule` lists each form practised and when it comes back;
      `conjugar items` suspends or resets forms, as the trainer's browser does.
      `conjugar stats` says where you stand; `conjugar doctor` checks the history.
      `conjugar optimize` fits the memory model to your answers.
      `conjugar sync` keeps one history on every machine (git, or a folder).
      `conjugar settings` lists the settings; `settings set KEY VALUE` changes one.
      `conjugar say TEXT` says it aloud (with espeak-ng).
      """,
    version: "conjugar \(Conjugar.version)",
    subcommands: [
      Train.self, Practice.self, Conjugate.self, Verbs.self, Search.self, Identify.self, Check.self, Drill.self,
      History.self, Schedule.self, Items.self, Stats.self, Optimize.self, Sync.self, ExportCommand.self, ImportCommand.self,
      Doctor.self, Say.self, SettingsCommand.self,
    ],
    defaultSubcommand: Train.self
  )

  /// The release: raised with each one that changes what users see.
  static let version = "0.6.0"

  /// Usage errors exit with status 2, as the launch-argument errors do.
  static func main() {
    if let message = DidYouMean.message(for: Array(CommandLine.arguments.dropFirst())) {
      StandardError.write("conjugar: \(message)\n")
      Glibc.exit(2)
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        // argument-parser quotes the value it refuses whole: cut it, as every message is.
        let message = fullMessage(for: error).replacing(/'([^'\n]{80})[^'\n]+'/) { "'\($0.output.1)…'" }
        StandardError.write(message + "\n")
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }
}
