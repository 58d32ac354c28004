import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import RandomClient

/// `conjugar drill`: a drill printed as a worksheet for paper, or as JSON lines.
struct Drill: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drill", abstract: "Print a drill without the trainer: a worksheet for paper, or JSON lines.",
    discussion: """
      No cell is asked twice, and no verb again until every verb of the drill has been asked. The \
      same options and --seed give the same drill. With --save NAME, nothing is printed but one \
      line: the drill is kept by that name in the settings file, as the Practice screen's Save as \
      keeps it, for the trainer's Saved drills and the plain menu.
      """)

  @OptionGroup var filters: DrillOptions

  @Option(help: "How many questions.")
  var count = 20

  @Option(help: "The seed of the draw: the same seed gives the same drill (default: a new drill each time).")
  var seed: UInt64?

  @Option(help: "Output format: text (a numbered worksheet) or json (one object per question, per line).")
  var format: TextOrJSON = .text

  @Flag(help: "Add the answers at the end of the worksheet.")
  var answers = false

  @Option(help: ArgumentHelp(
    "Print nothing but save the drill by this name (letters, digits, - and _), to start it again in the trainer.",
    valueName: "name"))
  var save: String?

  @Option(help: "With --save: how the saved drill asks, type (the form), recognition or sentences (default type).")
  var mode: DrillMode?

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1.") }
    if save == nil, mode != nil { throw ValidationError("--mode goes with --save: a worksheet asks to type the form.") }
    if save != nil, seed != nil || format != .text || answers {
      throw ValidationError("--save prints no worksheet: --seed, --format and --answers do not go with it.")
    }
  }

  func run() throws {
    if let save { return try saving(as: save) }
    let conjugator = Current.conjugator
    let spec = try filters.spec(count: count, conjugator: conjugator, files: Current.fileSystem)
    let questions: [Question]
    do {
      questions = try DrillComposer(conjugator: conjugator).questions(
        spec, using: seed.map(RandomSource.seeded) ?? .live)
    } catch {
      throw CommandFailure("\(error)")
    }
    var output = StandardOutput()
    switch format {
    case .json:
      for question in questions {
        guard case .finite(let tense, let person) = question.form else { continue }
        let forms = (try? conjugator.conjugate(question.verb))?[tense, person] ?? question.accepted
        output.write(
          "{\"verb\": \(JSONFormat.quoted(question.verb)), \"tense\": \(JSONFormat.quoted(tense.rawValue)), "
            + "\"person\": \(JSONFormat.quoted(person.rawValue)), \"answers\": ["
            + forms.map(JSONFormat.quoted).joined(separator: ", ") + "]}\n")
      }
    case .text:
      let width = String(questions.count).count
      for (number, question) in questions.enumerated() {
        let label = String(repeating: " ", count: width - String(number + 1).count) + "\(number + 1). "
        let gloss = question.translation.map { " (\($0))" } ?? ""
        output.write("\(label)\(question.verb)\(gloss) — \(question.tenseDescription), \(question.pronoun ?? ""): ________\n")
      }
      if answers {
        output.write("\nAnswers\n")
        for (number, question) in questions.enumerated() {
          let label = String(repeating: " ", count: width - String(number + 1).count) + "\(number + 1). "
          output.write(label + question.accepted[0] + "\n")
        }
      }
    }
    output.flush()
  }

  /// `--save NAME`: the drill of these filters, length and mode kept by name
  /// (``PracticeOptions/save(_:_:in:)``), and said in one line.
  private func saving(as name: String) throws {
    var options = PracticeOptions()
    options.filters = filters
    options.count = count
    options.mode = mode ?? .type
    let (saved, was) = try PracticeOptions.save(name, try options.arguments(), in: Current)
    StandardOutput.line(
      "Saved the drill \(name): \(saved)" + (was.map { was in was == saved ? ", as it was." : " (was \(was))." } ?? ".")
        + " Start it from Saved drills, or with conjugar practice \(saved).")
  }
}
