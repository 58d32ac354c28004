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

  /// Runs the command line in the command line's World (the trainer's subcommands hand over
  /// their own) and exits with its status.
  static func main() {
    World.launch { .commandLine() }
    let status = run(Array(CommandLine.arguments.dropFirst()))
    Current.releaseScoreboard()
    Glibc.exit(status)
  }

  /// Parses `arguments`, runs the command in `Current`, and returns the exit status: what went
  /// wrong (a ``CommandFailure``) said on standard error, status 1; help and the version on
  /// standard output; usage errors status 2, as the launch-argument errors are.
  static func run(_ arguments: [String]) -> Int32 {
    if let message = DidYouMean.message(for: arguments) {
      StandardError.write("conjugar: \(message)\n")
      return 2
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let failure as CommandFailure {
      StandardError.write("conjugar: \(failure)\n")
      return 1
    } catch {
      let code = exitCode(for: error)
      var message = fullMessage(for: error)
      if code == .validationFailure {
        // argument-parser quotes the value it refuses whole: cut it, as every message is.
        message = message.replacing(/'([^'\n]{80})[^'\n]+'/) { "'\($0.output.1)…'" }
        StandardError.write(message + "\n")
        return 2
      }
      if !message.isEmpty {
        if code == .success { StandardOutput.line(message) } else { StandardError.write(message + "\n") }
      }
      return code.rawValue
    }
  }
}
