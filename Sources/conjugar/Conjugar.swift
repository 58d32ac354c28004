import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
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
      `conjugar forecast` the forms due on each of the next days, and their minutes;
      `conjugar items` suspends or resets forms, as the trainer's browser does.
      `conjugar stats` says where you stand; `conjugar doctor` checks the history.
      `conjugar optimize` fits the memory model to your answers;
      `conjugar recall FILE` says the chance of a right answer on each form and moment of FILE.
      `conjugar sync` keeps one history on every machine (git, or a folder).
      `conjugar settings` lists the settings; `settings set KEY VALUE` changes one.
      `conjugar say TEXT` says it aloud (with espeak-ng).
      """,
    version: "conjugar \(Conjugar.version)",
    subcommands: [
      Train.self, Practice.self, Conjugate.self, Verbs.self, Search.self, Identify.self, Check.self, Drill.self,
      History.self, Schedule.self, ForecastCommand.self, BreakCommand.self, Items.self, Stats.self, Optimize.self, Recall.self, Sync.self,
      ExportCommand.self, ImportCommand.self,
      Doctor.self, Say.self, SettingsCommand.self,
    ],
    defaultSubcommand: Train.self
  )

  /// The release: raised with each one that changes what users see.
  static let version = "0.6.0"

  /// Runs the command line and exits with its status.
  static func main() {
    Glibc.exit(run(Array(CommandLine.arguments.dropFirst()), worlds: .live))
  }

  /// main's path: parses `arguments`, asks the parsed command which World it runs in (the
  /// trainer's commands, ``RunsInTrainersWorld``, from their launch options; every other command,
  /// and a command line that does not parse, the command line's), makes that World `Current`, then
  /// runs the command and lets go of the history. Nothing reads `Current` before: parsing and
  /// checking the options reads no dependeffect.
  static func run(_ arguments: [String], worlds: Worlds) -> Int32 {
    let parsed = Result { try parseAsRoot(arguments) }
    let launch = (try? parsed.get()).flatMap { ($0 as? RunsInTrainersWorld)?.launch }
    let world = launch.map(worlds.trainer) ?? worlds.commandLine()
    return World.run(in: world) {
      defer { Current.releaseScoreboard() }
      return run(parsed, arguments: arguments)
    }
  }

  /// Runs the command parsed from `arguments` in `Current`, and returns the exit status: what went
  /// wrong (a ``CommandFailure``) said on standard error, status 1; help and the version on
  /// standard output; usage errors status 2, as the launch-argument errors are.
  private static func run(_ parsed: Result<ParsableCommand, Error>, arguments: [String]) -> Int32 {
    if let message = DidYouMean.message(for: arguments, conjugator: Current.conjugator) {
      StandardError.write("conjugar: \(message)\n")
      return 2
    }
    do {
      var command = try parsed.get()
      try command.run()
      return 0
    } catch let failure as CommandFailure {
      StandardError.write("conjugar: \(failure)\n")
      return 1
    } catch let usage as UsageFailure {
      StandardError.write(
        "Error: \(usage.message)\nUsage: \(usageString(for: usage.command))\n"
          + "  See '\(usage.path) --help' for more information.\n")
      return 2
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

/// The commands that run in the trainer's World, made from their launch options (`conjugar`,
/// `conjugar train`, `conjugar practice`).
protocol RunsInTrainersWorld {
  var launch: LaunchOptions { get }
}

/// How main makes the World a command runs in. Tests give Worlds of their own, and see which
/// launch options the trainer's was asked with.
struct Worlds: Sendable {
  /// The command line's: `conjugar stats`, `history import`, a command line that does not parse.
  var commandLine: @Sendable () -> World
  /// The trainer's, from the launch options parsed (`--world ui-test --region spain`).
  var trainer: @Sendable (LaunchOptions) -> World

  static let live = Worlds(commandLine: { .commandLine() }, trainer: { $0.makeWorld() })
}

/// A usage error found while running a command rather than while parsing it (what its options
/// name, read in the World main chose): said as argument-parser says a usage error, with the
/// command's usage, status 2.
struct UsageFailure: Error {
  var message: String
  /// The command whose usage is shown, and how it is called (`conjugar history import`).
  var command: ParsableCommand.Type
  var path: String
}
