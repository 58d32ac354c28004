import ArgumentParser
import ConjugarEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Conjugate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the whole paradigm of one or more verbs.",
    discussion: """
      A verb not in the catalog but well formed is conjugated like the catalog verb it is a compound of \
      (precalentar like calentar) or the family it belongs to (transducir like the -ducir verbs), else \
      as a regular verb (googlear), and marked as not in the catalog. Bad arguments are reported on standard error; the good ones are still printed, and \
      the exit status is 1.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case table, json, tsv
  }

  @Argument(parsing: .allUnrecognized, help: "Infinitives to conjugate, such as tener, lavarse or googlear.")
  var verbs: [String] = []

  @Flag(help: "Conjugate every verb of the catalog.")
  var all = false

  @Option(help: "Output format: table (for people), json (one object per verb per line) or tsv.")
  var format: Format = .table

  func validate() throws {
    if verbs.isEmpty && !all { throw ValidationError("Give at least one verb, or --all.") }
    if !verbs.isEmpty && all { throw ValidationError("Give verbs or --all, not both.") }
  }

  func run() throws {
    let conjugator = Conjugator()
    var output = StandardOutput()
    let style = Self.tableStyle()
    var failed = false
    if format == .tsv { output.write(TSVFormat.header + "\n") }

    func emit(_ paradigm: Paradigm) {
      switch format {
      case .json:
        output.write(JSONFormat.line(paradigm))
        output.write("\n")
      case .tsv:
        output.write(TSVFormat.lines(paradigm))
      case .table:
        output.write(
          TableFormat.render(paradigm, irregularities: conjugator.irregularities(of: paradigm), style: style))
        output.write("\n")
      }
    }

    if all {
      ParallelDump.run(conjugator, format: { paradigm, out in
        switch format {
        case .json:
          JSONFormat.write(paradigm, into: &out)
          out.append(UInt8(ascii: "\n"))
        case .tsv: out += TSVFormat.lines(paradigm).utf8
        case .table:
          out += TableFormat.render(paradigm, irregularities: conjugator.irregularities(of: paradigm), style: style).utf8
          out.append(UInt8(ascii: "\n"))
        }
      }, into: &output)
    }
    for verb in verbs {
      do {
        let paradigm = try conjugator.conjugate(verb)
        if let note = paradigm.note {  // "dár" is conjugated as dar
          output.flush()
          StandardError.write("conjugar: note: \(note)\n")
        }
        emit(paradigm)
      } catch {
        output.flush()
        StandardError.write("conjugar: \(conjugator.explained(error))\n")
        failed = true
      }
    }
    output.flush()
    if failed { throw ExitCode(1) }
  }

  /// Highlighting only on a terminal; without colour when NO_COLOR is set.
  static func tableStyle() -> TableFormat.Style {
    guard isatty(STDOUT_FILENO) == 1 else { return .plain }
    if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return .monochrome }
    return .color
  }
}
