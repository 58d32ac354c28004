import ArgumentParser
import ConjugarCore
import ConjugarEngine
import ConjugarTUI
import RandomClient

/// `conjugar practice [filters]`: the trainer, opened straight into a drill (for a shell alias).
struct Practice: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the trainer straight into a drill composed by these filters (as `drill` takes them).")

  @OptionGroup var practice: PracticeOptions

  @OptionGroup var launch: LaunchOptions

  func run() throws {
    let conjugator = Conjugator()
    let spec = try practice.spec(conjugator: conjugator)
    // A drill that cannot be made fails here, as `drill` does, before any screen is drawn.
    do {
      _ = try DrillComposer(conjugator: conjugator).questions(spec, using: .seeded(1))
    } catch {
      StandardError.write("conjugar: \(error)\n")
      throw ExitCode(1)
    }
    World.launch(with: launch)
    throw ExitCode(Trainer.run(practising: spec, mode: practice.mode))
  }
}
