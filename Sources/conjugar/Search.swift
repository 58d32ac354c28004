import ConjugarCore
import ArgumentParser
import ConjugarEngine

struct Search: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Find verbs: by the start of an infinitive, an English meaning, a conjugated form or a misspelling.",
    discussion: """
      esta finds estar, look for finds buscar, become finds volverse, tengo finds tener, fuimos finds \
      ir and ser, hablr finds hablar; a well-formed verb outside the catalog (googlear) is found as \
      unknown. The most frequent verbs come first.
      """)


  @Argument(help: "What to look for: part of an infinitive, English words, a form.")
  var query: [String]

  @Option(help: "Output format: table (for people) or json (one object per result, per line).")
  var format: TableOrJSON = .table

  @Option(parsing: .unconditional, help: "The most results to print (at least 1).")
  var limit = 20

  func validate() throws {
    if query.joined().allSatisfy(\.isWhitespace) { throw ValidationError("Give something to look for.") }
    if limit < 1 { throw ValidationError("--limit must be positive (at least 1), not \(limit).") }
  }

  func run() throws {
    let results = VerbSearch(conjugator: Current.conjugator).results(query.joined(separator: " "), limit: limit)
    var output = StandardOutput()
    for result in results {
      switch format {
      case .json:
        output.write(
          "{\"verb\": \(JSONFormat.quoted(result.verb)), \"why\": \(JSONFormat.quoted(result.why.rawValue)), "
            + "\"gloss\": \(result.gloss.map(JSONFormat.quoted) ?? "null")}\n")
      case .table:
        let why = result.form.map { "form: \($0)" } ?? (result.why == .unknown ? "not in the catalog" : result.why.rawValue)
        output.write(result.verb.padding(20) + why.padding(18) + (result.gloss ?? "") + "\n")
      }
    }
    output.flush()
    if results.isEmpty {
      throw CommandFailure("no verb found for \"\(InfinitiveError.shown(query.joined(separator: " ")))\"")
    }
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
