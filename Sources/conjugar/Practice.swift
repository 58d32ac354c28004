import ArgumentParser
import ConjugarCore
import ConjugarEngine
import ConjugarTUI

/// `conjugar practice [filters]`: the trainer, opened straight into a drill (for a shell alias).
struct Practice: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the trainer straight into a drill composed by these filters (as `drill` takes them).")

  @OptionGroup var practice: PracticeOptions

  @OptionGroup var launch: LaunchOptions

  func run() throws {
    let spec = try practice.spec(conjugator: Conjugator())
    World.launch(with: launch)
    throw ExitCode(Trainer.run(practising: spec, mode: practice.mode))
  }
}
