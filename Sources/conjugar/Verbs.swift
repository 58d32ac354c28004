import ArgumentParser
import ConjugarEngine

struct Verbs: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verbs", abstract: "Print every infinitive of the catalog, one per line.")

  func run() throws {
    var output = StandardOutput()
    for entry in Catalog().entries {
      output.write(entry.infinitive)
      output.write("\n")
    }
    output.flush()
  }
}
