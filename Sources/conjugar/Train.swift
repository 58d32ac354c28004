import ArgumentParser
import ConjugarCore
import ConjugarTUI

/// The full-screen trainer, what `conjugar` runs without a subcommand. Its options pick the World
/// (`--world ui-test --region spain`), parsed here once and handed to `Current`.
struct Train: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the full-screen trainer (the default: `conjugar` alone does this).")

  @OptionGroup var launch: LaunchOptions

  func run() throws {
    World.launch(with: launch)
    throw ExitCode(Trainer.run())
  }
}
