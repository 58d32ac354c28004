import ConjugarCore
import ArgumentParser
import ConjugarEngine

struct Identify: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "identify", abstract: "Name every reading of a conjugated form: its verb, tense and person.",
    discussion: """
      fuimos is ir and ser (pretérito, nosotros); cante is cantar (presente de subjuntivo, yo and él; \
      imperativo, usted); "me lavo" is lavarse; "he hablado" is hablar (perfecto, yo). Exact matches \
      (case aside) when there are any, else those that match with accents ignored, marked. A form of \
      no catalog verb is reported on standard error and the exit status is 1.
      """)


  @Argument(help: "Forms to identify (fuimos, \"me lavo\", \"he hablado\"); - reads forms from standard input, one a line.")
  var forms: [String]

  @Option(help: "Output format: table (for people) or json (one object per reading, per line).")
  var format: TableOrJSON = .table

  func validate() throws {
    if forms.isEmpty { throw ValidationError("Give at least one form, or - to read them from standard input.") }
  }

  func run() throws {
    var asked: [String] = []
    for form in forms {
      if form == "-" {
        while let line = readLine() {
          let trimmed = line.trimmingSpaces
          if !trimmed.isEmpty { asked.append(trimmed) }
        }
      } else {
        asked.append(form.trimmingSpaces)
      }
    }
    let found = Current.conjugator.identify(asked)
    var output = StandardOutput()
    var rows: [[String]] = []
    var unknown: [String] = []
    for (form, readings) in zip(asked, found) {
      if readings.isEmpty { unknown.append(form) }
      for reading in readings {
        switch format {
        case .json:
          var line = "{\"form\": \(JSONFormat.quoted(form)), \"verb\": \(JSONFormat.quoted(reading.verb)), "
          line += "\"tense\": \(JSONFormat.quoted(reading.cell.tenseName)), "
          line += "\"person\": \(reading.cell.personName.map(JSONFormat.quoted) ?? "null")"
          if reading.accentsIgnored { line += ", \"accents_ignored\": true, \"written\": \(JSONFormat.quoted(reading.form))" }
          output.write(line + "}\n")
        case .table:
          var cell = reading.cell.description
          if reading.accentsIgnored { cell += " (accents ignored: \(reading.form))" }
          rows.append([form, reading.verb, cell])
        }
      }
    }
    if format == .table {
      let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
      for row in rows {
        output.write(row[0].padded(widths[0]) + "  " + row[1].padded(widths[1]) + "  " + row[2] + "\n")
      }
    }
    output.flush()
    for form in unknown { StandardError.write("conjugar: \"\(InfinitiveError.shown(form))\" is no form of a catalog verb\n") }
    if !unknown.isEmpty { throw ExitCode(1) }
  }
}

extension String {
  /// Without the white space around it.
  var trimmingSpaces: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
