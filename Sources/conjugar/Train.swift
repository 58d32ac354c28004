import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarTUI

/// The full-screen trainer, what `conjugar` runs without a subcommand. Its options pick the World
/// (`--world ui-test --region spain`): main makes `Current` from them before `run`.
struct Train: ParsableCommand, RunsInTrainersWorld {
  static let configuration = CommandConfiguration(
    commandName: "train", abstract: "Open the full-screen trainer, or with --plain its lines (the default: `conjugar` alone does this).")

  @OptionGroup var launch: LaunchOptions

  @Flag(help: ArgumentHelp(
    "The trainer as lines instead of the full screen: a menu, then each question a line and the answer a line (a screen reader, a dumb terminal, a pipe). Chosen by itself when standard input or output is not a terminal, or TERM is dumb or unset."))
  var plain = false

  func run() throws {
    if Practice.isPlain(asked: plain) { throw ExitCode(Practice.converse(PlainMenu(in: Current, drills: .commandLine))) }
    throw ExitCode(Trainer.run())
  }
}
