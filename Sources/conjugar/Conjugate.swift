import Foundation
import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import PlainText
import SettingsClient
import SpeechClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Conjugate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conjugate", abstract: "Print the whole paradigm of one or more verbs.",
    discussion: """
      A verb not in the catalog but well formed is conjugated like the catalog verb it is a compound of \
      (precalentar like calentar) or the family it belongs to (transducir like the -ducir verbs), else \
      as a regular verb (googlear), and marked as not in the catalog. Bad arguments are reported on standard error; the good ones are still printed, and \
      the exit status is 1.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case table, json, tsv, plain
  }

  @Argument(parsing: .allUnrecognized, help: "Infinitives to conjugate, such as tener, lavarse or googlear.")
  var verbs: [String] = []

  @Flag(help: "Conjugate every verb of the catalog.")
  var all = false

  @Flag(help: "Conjugate a word outside the catalog as its model or a regular verb, without a warning or a did-you-mean (for scripts).")
  var allowUnknown = false

  @Option(help: "Output format: table (for people), json (one object per verb per line), tsv, or plain (one sentence per form, the irregular letters named: for a screen reader).")
  var format: Format = .table

  @Option(
    help: ArgumentHelp(
      "Only these tenses (no gerundio or participio then), comma-separated, by their JSON names (presente,preterito,…) or as the trainer shows them, accents optional (pretérito perfecto simple).", valueName: "tenses"))
  var tenses: CommaSeparated<Tense>?

  @Option(help: ArgumentHelp("Only these persons, comma-separated: yo,tu,vos,el,nosotros,vosotros,ellos, or as the trainer shows them (tú, él, usted, ustedes).", valueName: "persons"))
  var persons: CommaSeparated<Person>?

  @Option(help: "The learner's region: spain (with vosotros) or latin-america (without), as in the trainer.")
  var region: Region?

  @Flag(help: "Add the progressive (estar + gerundio: estoy hablando), after the tenses; in JSON under the key progresivo.")
  var progressive = false

  @Flag(
    help: """
      Add each form's pronunciation in IPA, by espeak-ng (one process for every verb): in JSON under \
      the key ipa, in the forms' shape; in TSV a column ipa; in the table under each form. Not with --all.
      """)
  var ipa = false

  @Option(help: ArgumentHelp("The pronunciation of --ipa: es (Spain: hice [ˈiθe]) or es-419 (Latin America: [ˈise]); by default, --region's, else the region setting's.", valueName: "voice"))
  var voice: Voice?

  /// The tenses and persons asked for; the gerundio and participio unless --tenses names the tenses.
  var selection: FormSelection {
    var persons = persons?.values ?? Person.allCases
    if region == .latinAmerica { persons.removeAll { $0 == .vosotros } }
    return FormSelection(tenses: tenses?.values ?? Tense.allCases, persons: persons, nonFinite: tenses == nil)
  }

  func validate() throws {
    // A word with one leading dash is a verb (a bad one: `-hablar`); with two, an option mistyped.
    if let word = verbs.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      throw ValidationError("Unknown option '\(word.prefix { $0 != "=" })'.")
    }
    if verbs.isEmpty && !all { throw ValidationError("Give at least one verb, or --all.") }
    if !verbs.isEmpty && all { throw ValidationError("Give verbs or --all, not both.") }
    if ipa && all {
      throw ValidationError("--ipa takes verbs, not --all: espeak-ng transcribes some 1,500 forms a second, and the catalog has 2 million.")
    }
    if voice != nil && !ipa { throw ValidationError("--voice goes with --ipa.") }
  }

  func run() throws {
    let conjugator = Current.conjugator
    let selection = selection
    let progressive = progressive
    let format = format
    var output = StandardOutput()
    let style = Self.tableStyle()
    var failed = false

    @Sendable func progressiveForms(_ paradigm: Paradigm) -> Progressive? {
      progressive ? conjugator.progressive(of: paradigm) : nil
    }

    // Every verb first, so that one espeak-ng process transcribes all their forms.
    let results = verbs.map { verb in Result { () throws(InfinitiveError) in try conjugator.conjugate(verb) } }
    var pronunciation: Pronunciation?
    if ipa {
      let voice = Voice.chosen(voice, region: region)
      do {
        pronunciation = try Pronunciation(
          results.compactMap { try? $0.get() }, selection: selection, progressive: progressiveForms
        ) { forms throws(Speech.Failure) in try Current.speech.ipa(forms, voice) }
      } catch {
        throw CommandFailure("--ipa: \(error)")
      }
    }
    if format == .tsv { output.write(TSVFormat.header(ipa: ipa) + "\n") }

    func emit(_ paradigm: Paradigm) {
      switch format {
      case .json:
        output.write(JSONFormat.line(paradigm, selection: selection, progressive: progressiveForms(paradigm), ipa: pronunciation))
        output.write("\n")
      case .tsv:
        output.write(TSVFormat.lines(paradigm, selection: selection, progressive: progressiveForms(paradigm), ipa: pronunciation))
      case .plain:
        output.write(PlainFormat.render(paradigm, irregularities: conjugator.irregularities(of: paradigm), selection: selection))
      case .table:
        output.write(
          TableFormat.render(
            paradigm, irregularities: conjugator.irregularities(of: paradigm), style: style, selection: selection,
            progressive: progressiveForms(paradigm), ipa: pronunciation))
        output.write("\n")
      }
    }

    if all {
      ParallelDump.run(conjugator, format: { paradigm, out in
        switch format {
        case .json:
          JSONFormat.write(paradigm, selection: selection, progressive: progressiveForms(paradigm), into: &out)
          out.append(UInt8(ascii: "\n"))
        case .tsv: out += TSVFormat.lines(paradigm, selection: selection, progressive: progressiveForms(paradigm)).utf8
        case .plain:
          out += PlainFormat.render(paradigm, irregularities: conjugator.irregularities(of: paradigm), selection: selection).utf8
        case .table:
          out += TableFormat.render(
            paradigm, irregularities: conjugator.irregularities(of: paradigm), style: style, selection: selection,
            progressive: progressiveForms(paradigm)
          ).utf8
          out.append(UInt8(ascii: "\n"))
        }
      }, into: &output)
    }
    // The did-you-mean index (every gloss folded) is built only when a look-up fails.
    var search: VerbSearch?
    for (verb, result) in zip(verbs, results) {
      do {
        let paradigm = try result.get()
        if let note = paradigm.note {  // "dár" is conjugated as dar
          output.flush()
          StandardError.write("conjugar: note: \(note)\n")
        }
        // Outside the catalog and of no family of it: a misspelling of a catalog verb is refused,
        // any other word conjugated with a warning, unless --allow-unknown.
        if !paradigm.known, paradigm.follows == nil, !allowUnknown {
          output.flush()
          if search == nil { search = VerbSearch(conjugator: conjugator) }
          let meant = search?.misspelled(verb) ?? []
          if !meant.isEmpty {
            StandardError.write(
              "conjugar: \"\(InfinitiveError.shown(verb))\" is not in the catalog: did you mean "
                + meant.joined(separator: ", ").replacingLastComma(with: " or ") + "? (--allow-unknown conjugates it as it is)\n")
            failed = true
            continue
          }
          StandardError.write(
            "conjugar: warning: \"\(InfinitiveError.shown(verb))\" is not in the catalog: conjugated as a regular verb, "
              + "like \(paradigm.model)\n")
        }
        emit(paradigm)
      } catch {
        output.flush()
        StandardError.write("conjugar: \(Self.message(for: error, conjugator))\n")
        failed = true
      }
    }
    output.flush()
    if failed { throw ExitCode(1) }
  }

  /// The error, explained, and, when it names no verb, the closest catalog verbs to what was
  /// typed: "did you mean hablar?".
  static func message(for error: InfinitiveError, _ conjugator: Conjugator) -> String {
    let explained = "\(conjugator.explained(error))"
    guard !explained.contains(literal: "did you mean"), !explained.contains(literal: "a form of") else { return explained }
    let closest = VerbSearch(conjugator: conjugator).suggestions(for: error.input)
    guard !closest.isEmpty else { return explained }
    return explained + "; did you mean " + closest.joined(separator: ", ").replacingLastComma(with: " or ") + "?"
  }

  /// Highlighting only on a terminal; without colour when NO_COLOR is set.
  static func tableStyle() -> TableFormat.Style {
    guard Current.console.isTerminal(.output) else { return .plain }
    return Current.console.noColour ? .monochrome : .color
  }
}
extension String {
  /// "a, b, c" as "a, b or c".
  fileprivate func replacingLastComma(with replacement: String) -> String {
    guard let range = lastRange(ofLiteral: ", ") else { return self }
    var scalars = unicodeScalars
    scalars.replaceSubrange(range, with: replacement.unicodeScalars)
    return String(scalars)
  }
}
