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
      `conjugar conjugate VERB` prints a verb's forms; `conjugar verbs` lists the catalog.
      """,
    subcommands: [Conjugate.self, Verbs.self]
  )

  @Option(help: "The World to run in: device (everything live), simulator (no scores reported, no analytics, no prompts) or ui-test (settings from the options below, deterministic quizzes, nothing written). Default: device in a release build, simulator in a debug build.")
  var world: String?

  @Option(help: "ui-test only: the region, spain or latin-america.")
  var region: String?

  @Option(help: "ui-test only: the quiz difficulty, easy, moderate or difficult.")
  var difficulty: String?

  @Option(help: "ui-test only: the second person of quizzes, tu or vos.")
  var secondPerson: String?

  @Option(help: "ui-test only: a file to append the trainer's timings to (exec to first frame, key to frame), for Scripts/bench.")
  var timingLog: String?

  /// The same arguments as `Current` reads them: checked here first, so a mistake is a clear
  /// message and exit status 2 rather than a World nobody asked for.
  var launchArguments: [String] {
    var arguments: [String] = []
    if let world { arguments += ["--world", world] }
    if let region { arguments += ["--region", region] }
    if let difficulty { arguments += ["--difficulty", difficulty] }
    if let secondPerson { arguments += ["--second-person", secondPerson] }
    if let timingLog { arguments += ["--timing-log", timingLog] }
    return arguments
  }

  func run() throws {
    do {
      _ = try LaunchArguments(launchArguments)
    } catch {
      StandardError.write("conjugar: \(error)\n")
      throw ExitCode(2)
    }
    throw ExitCode(Trainer.run())
  }

  /// Usage errors exit with status 2, as the launch-argument errors do.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        StandardError.write(fullMessage(for: error) + "\n")
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }
}
