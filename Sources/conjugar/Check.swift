import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ArgumentParser
import ConjugarEngine
import ScoreboardClient

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Mark an answer for a verb, tense and person, and name the mistake.",
    discussion: """
      conjugar check hablar preterito el hablo: wrong, hablo is the presente (other-form). The verdict \
      is correct, accents-only or wrong; the exit status is 0 whatever it is, and 1 for a bad argument. \
      A "no" left out of the negative imperative and the asked person's subject pronoun ("él tiene") \
      are no mistake. An answer of more than 200 characters, or with a control character, is refused \
      (exit status 1).
      """)


  @Argument(help: "The infinitive, such as tener or lavarse.")
  var verb: String

  @Argument(help: "The tense, by its JSON name (presente, preterito, imperativo-negativo…) or as the trainer shows it, accents optional (pretérito perfecto simple).")
  var tense: String

  @Argument(help: "The person: yo, tu, vos, el, nosotros, vosotros or ellos (el and ellos are usted and ustedes in the imperative), or its pronoun (tú, él, usted, ustedes).")
  var person: String

  @Argument(help: "The answer; several words are one answer (\"he hablado\", él tiene).")
  var answer: [String] = []

  @Option(help: "Output format: text (for people) or json (one object).")
  var format: TextOrJSON = .text

  func run() throws {
    guard !answer.isEmpty else { throw Self.fail("give the answer after the person (\"\" for none)") }
    // The names every command takes: the JSON contract's, or as the trainer shows them.
    guard let tense = Tense(argument: tense) else {
      throw Self.fail(
        "\"\(tense)\" is not a tense; one of: \(Tense.allCases.map(\.rawValue).joined(separator: " ")) (or as the trainer names them)")
    }
    guard let person = Person(argument: person) else {
      throw Self.fail(
        "\"\(person)\" is not a person; one of: \(Person.allCases.map(\.rawValue).joined(separator: " ")) (or tú, él, usted, ustedes…)")
    }
    // The door's rule (``AnswerBounds``): an answer the trainer could not take is refused, not marked.
    let given = answer.joined(separator: " ")
    if let why = AnswerBounds.refusal(of: given) { throw Self.fail("the answer is not taken: \(why)") }
    let conjugator = Current.conjugator
    let diagnosis: Diagnosis
    do {
      diagnosis = try conjugator.diagnose(answer: given, verb: verb, tense: tense, person: person)
    } catch {
      throw Self.fail("\(conjugator.explained(error))")
    }
    var output = StandardOutput()
    switch format {
    case .json:
      var line = "{\"verdict\": \(JSONFormat.quoted(diagnosis.verdict.rawValue)), "
      line += "\"expected\": [\(diagnosis.expected.map(JSONFormat.quoted).joined(separator: ", "))], "
      line += "\"diagnosis\": [\(diagnosis.codes.map { JSONFormat.quoted($0.rawValue) }.joined(separator: ", "))], "
      line += "\"message\": \(JSONFormat.quoted(diagnosis.message))"
      if let reading = diagnosis.reading {
        line += ", \"reading\": {\"tense\": \(JSONFormat.quoted(reading.tense.rawValue)), "
        line += "\"person\": \(JSONFormat.quoted(reading.person.rawValue))}"
      }
      if let rule = diagnosis.rule { line += ", \"rule\": \(JSONFormat.quoted(rule.rawValue))" }
      output.write(line + "}\n")
    case .text:
      output.write("\(diagnosis.verdict.rawValue): \(diagnosis.message)\n")
      output.write("expected: \(diagnosis.expected.joined(separator: ", "))\n")
      if !diagnosis.codes.isEmpty {
        var codes = diagnosis.codes.map(\.rawValue).joined(separator: ", ")
        if let rule = diagnosis.rule { codes += " (\(rule.rawValue))" }
        output.write("diagnosis: \(codes)\n")
      }
    }
    output.flush()
  }

  /// A bad argument: said on standard error, exit status 1.
  static func fail(_ message: String) -> ExitCode {
    StandardError.write("conjugar: \(message)\n")
    return ExitCode(1)
  }
}
