import ArgumentParser
import ConjugarCore
import ConjugarEngine
import ConjugarTUI

/// `conjugar practice [filters]`: the trainer, opened straight into a drill (for a shell alias).
struct Practice: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the trainer straight into a drill composed by these filters (as `drill` takes them).")

  @OptionGroup var filters: DrillOptions

  @Option(help: "How many questions (default 20; 0: until you stop).")
  var count = 20

  @OptionGroup var launch: LaunchOptions

  func validate() throws {
    if count < 0 { throw ValidationError("--count must be 0 or more.") }
  }

  func run() throws {
    let spec = try filters.spec(count: count == 0 ? nil : count, conjugator: Conjugator())
    World.launch(with: launch)
    throw ExitCode(Trainer.run(practising: spec))
  }
}
