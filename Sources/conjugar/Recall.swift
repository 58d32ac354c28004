import ArgumentParser
import ConjugarCore
import ScoreboardClient
import SpacedRepetition

struct Recall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recall", abstract: "The chance that you answer each form of a file right at the moment it names.",
    discussion: """
      FILE is CSV: the header date,verb,tense,person (other columns may follow, read and left \
      alone: a history export is such a file), then one line a question: a date as the history \
      writes it (2026-11-22T10:15:00Z, UTC), a verb of the catalog, a tense and a person by their \
      JSON names (the gerundio and participio with an empty person). For each, the chance that you \
      answer that form right at that moment, from the answers kept strictly before it and the \
      parameters in use: the weights `optimize --apply` fitted (else FSRS-6's defaults) and the rule \
      layer fitted with them. recall fits nothing: what it says of a moment never depends on an \
      answer given after it.

      Output, in the order of FILE: CSV, the four columns as given then recall (four decimals, \
      0.0001 to 0.9999) and from: form (the form was answered before: its memory), rules (never \
      answered, but you showed something on its rules or its verb) or prior (nothing known: the \
      rate of your first answers). --format json: one array of objects with the same keys, recall \
      a number. A line that cannot be read is named on standard error (conjugar: FILE, line 7: …) \
      and left out, the others answered; the exit status is then 1 (0 when every line is answered).
      """)

  @Argument(help: ArgumentHelp("A CSV file: date,verb,tense,person, a header first.", valueName: "FILE"))
  var file: String

  @Option(help: ArgumentHelp("csv (the four columns, recall, from) or json (an array of objects with those keys)."))
  var format: HistoryFile.Format = .csv

  func run() throws {
    let bytes = try NamedFile.utf8(file, otherwise: "nothing answered.")
    let read: (queries: [RecallFile.Query], bad: [HistoryFile.BadRow])
    do throws(RecallFile.Unreadable) {
      read = try RecallFile.read(bytes: bytes, conjugator: Current.conjugator)
    } catch {
      throw CommandFailure("\(file), \(error.row); nothing answered.")
    }
    for row in read.bad { StandardError.write("conjugar: \(file), \(row)\n") }

    let board = try Current.history()
    let inUse = try Optimize.attempt("the history can't be read") { try board.memory.fittedMemory() }
    // Reading the answers is most of the work on a large history: the bar counts them twice
    // (read, then walked), and the questions.
    let kept = (try? board.standing.statistics(StatisticsQuery(now: Current.clock.now(), timeZone: Current.timeZone)).total.answers) ?? 0
    let work = 2 * kept + read.queries.count
    let progress = ProgressBar(label: "Recalling")
    var forms = RuleForms(conjugator: Current.conjugator)
    let answers = try Optimize.attempt("the history can't be read") {
      try forms.answers(of: board) { progress.update($0, work) }
    }
    let answered = RecallFile.answer(
      read.queries, answers: answers, forms: &forms, weights: inUse?.weights ?? Parameters.defaultWeights,
      layer: inUse?.rules, progress: { done, _ in progress.update(answers.count + done, work) })
    progress.finish()

    var out = StandardOutput()
    out.write(format == .json ? RecallFile.json(answered) : RecallFile.csv(answered))
    out.flush()
    if !read.bad.isEmpty {
      let n = read.bad.count
      throw CommandFailure(
        "\(n) line\(n == 1 ? "" : "s") of \(file) left out, \(n == 1 ? "it" : "they") could not be read; "
          + "the other \(answered.count) answered.")
    }
  }
}
