import ArgumentParser

@main
struct Conjugar: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conjugar",
    abstract: "A terminal trainer for Spanish verb conjugation.",
    discussion: """
      Run with no subcommand in a terminal to open the trainer.
      Use `conjugar conjugate VERB` to print a verb's forms, `conjugar verbs` to list the catalog.
      """,
    subcommands: [Conjugate.self, Verbs.self]
  )
}
