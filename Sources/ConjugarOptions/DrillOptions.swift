import ArgumentParser
import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import PlainText
import SettingsClient

/// The filters that compose a drill, shared by `conjugar drill` and `conjugar practice`.
public struct DrillOptions: ParsableArguments {
  public init() {}

  @Option(help: ArgumentHelp("The tenses asked, comma-separated, by their JSON names or as the trainer shows them, accents optional (pretérito, presente de subjuntivo; default: presente,preterito,futuro).", valueName: "tenses"))
  public var tenses: CommaSeparated<Tense>?

  @Option(help: ArgumentHelp("The persons asked, comma-separated: yo,tu,vos,el,nosotros,vosotros,ellos, or as the trainer shows them (tú, él, usted, ellas, ustedes; default: yo,tu,el,nosotros,ellos).", valueName: "persons"))
  public var persons: CommaSeparated<Person>?

  @Option(help: "Which verbs: all, regular or irregular (irregular: some letter of a form differs from a regular verb's, or a form is missing).")
  public var verbs: DrillSpec.Verbs = .all

  @Option(help: ArgumentHelp(
    "Only the N most frequent verbs, or all (default: the \(DrillOptions.defaultTop) most frequent, as the Practice screen offers, unless verbs are named).",
    valueName: "N|all"))
  public var top: TopVerbs?

  /// The verbs a drill draws from when no --top is given: the most frequent, as the Practice
  /// screen's default.
  public static let defaultTop = 1_000

  /// `--top N` or `--top all`.
  public enum TopVerbs: ExpressibleByArgument, Equatable, Sendable {
    case most(Int)
    case all

    public init?(argument: String) {
      if argument == "all" {
        self = .all
      } else if let count = Int(argument) {
        self = .most(count)
      } else {
        return nil
      }
    }
  }

  @Option(help: ArgumentHelp("Only the verbs of an irregularity group: \(IrregularityGroup.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "group"))
  public var group: IrregularityGroup?

  @Option(name: .customLong("verb"), help: "A verb to drill (repeat for several).")
  public var verbList: [String] = []

  @Option(
    name: .customLong("rule"),
    help: ArgumentHelp(
      "Only the forms that rest on this rule, by its id (stem.e-ie, ending.preterito.yo.ar; conjugar stats --rules --format json names them; repeat for several).",
      valueName: "id"))
  public var ruleList: [String] = []

  @Option(help: "A file of verbs to drill, one infinitive a line (# starts a comment).")
  public var verbsFile: String?

  /// Some 14,000 verbs take 200 KB: a larger verbs file is no list of verbs.
  static let largestVerbsFile = 16 << 20

  public func validate() throws {
    if case .most(let top) = top, top < 1 { throw ValidationError("--top must be at least 1, or all.") }
  }

  /// The spec these options give, with `count` questions; a verbs file read through `files`.
  public func spec(count: Int?, conjugator: Conjugator, files: FileClient) throws -> DrillSpec {
    var list = verbList
    if let verbsFile {
      let text: String
      switch files.read(verbsFile, Self.largestVerbsFile) {
      case .missing: throw CommandFailure("the verbs file \(verbsFile) does not exist")
      case .unreadable(let failure, _): throw CommandFailure("can't read the verbs file \(verbsFile): \(failure.reason)")
      case .tooLarge: throw CommandFailure("the verbs file \(verbsFile) is larger than \(Self.largestVerbsFile >> 20) MB")
      case .contents(let bytes, _):
        guard let read = TextFile.text(bytes) else {
          throw CommandFailure("the verbs file \(verbsFile) is not UTF-8 text")
        }
        text = read
      }
      list += text.split(whereSeparator: \.isNewline).map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
        .map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
    }
    let most: Int? = switch top {
    case .most(let count): count
    case .all: nil
    case nil: list.isEmpty ? Self.defaultTop : nil
    }
    var spec = DrillSpec(verbs: verbs, top: most, verbList: list, count: count)
    if let group {
      spec.groupFilter = DrillSpec.inGroup(group, conjugator)
      spec.cellFilter = DrillSpec.showing(group, conjugator)
    }
    spec.rules = ruleList
    if let tenses { spec.tenses = Tense.allCases.filter(tenses.values.contains) }
    if let persons { spec.persons = Person.allCases.filter(persons.values.contains) }
    return spec
  }
}


/// What `conjugar practice` takes, and a saved drill is: the filters, the length and the mode.
public struct PracticeOptions: ParsableArguments {
  public init() {}

  @OptionGroup public var filters: DrillOptions

  @Option(help: "How many questions (default 20; 0: until you stop).")
  public var count = 20

  @Option(help: "How the drill asks: type (the form), recognition (name the form shown) or sentences (sentence cues).")
  public var mode: DrillMode = .type

  public func validate() throws {
    if count < 0 { throw ValidationError("--count must be 0 or more.") }
  }

  /// The spec these options give; a verbs file read through `files`.
  public func spec(conjugator: Conjugator, files: FileClient) throws -> DrillSpec {
    try filters.spec(count: count == 0 ? nil : count, conjugator: conjugator, files: files)
  }
}

extension PracticeOptions {
  /// The drill `arguments` (`conjugar practice`'s options: the Practice screen's, or a saved
  /// drill's) make with `settings`: without --persons, the persons a quiz asks; a verbs file read
  /// through `files`.
  public static func drill(_ arguments: [String], settings: SettingValues, conjugator: Conjugator, files: FileClient) throws
    -> (spec: DrillSpec, mode: DrillMode)
  {
    let options = try parse(arguments)
    var spec = try options.spec(conjugator: conjugator, files: files)
    if options.filters.persons == nil {
      spec.persons = QuizComposer.persons(region: settings.region, secondPerson: settings.quizSecondPerson)
    }
    return (spec, options.mode)
  }
}

extension PracticeOptions {
  /// The drill of `arguments` (a saved drill's options, or the Practice screen's) in `world` (its
  /// settings, catalog and files: ``drill(_:settings:conjugator:files:)``). A drill that can't be
  /// made throws its ``DrillError``; options that can't be read, ``UnreadableOptions`` in
  /// argument-parser's words. Plain mode is given it (``DrillParser/commandLine``).
  public static func savedDrill(_ arguments: [String], in world: World) throws -> (spec: DrillSpec, mode: DrillMode) {
    do {
      return try drill(arguments, settings: world.settings.values, conjugator: world.conjugator, files: world.fileSystem)
    } catch let error as DrillError {
      throw error
    } catch {
      throw UnreadableOptions(message: message(for: error))
    }
  }
}

/// `presente,preterito`: values of an option, separated by commas.
public struct CommaSeparated<Value: ExpressibleByArgument & CaseIterable & RawRepresentable<String>>: ExpressibleByArgument {
  public let values: [Value]

  public init?(argument: String) {
    let values = argument.split(separator: ",").map { Value(argument: $0.trimmingSpaces()) }
    guard !values.isEmpty, !values.contains(where: { $0 == nil }) else { return nil }
    self.values = values.compactMap { $0 }
  }

  /// The names, as one list (a bad value's error shows a few lines, not one a name).
  public static var allValueStrings: [String] { [Value.allCases.map(\.rawValue).joined(separator: ", ")] }

  /// Completion offers each name.
  public static var defaultCompletionKind: CompletionKind { .list(Value.allCases.map(\.rawValue)) }
}

// Tenses and persons: ArgumentNames.swift.
extension Region: ExpressibleByArgument {}
extension DrillSpec.Verbs: ExpressibleByArgument {}
extension IrregularityGroup: ExpressibleByArgument {}
extension DrillMode: ExpressibleByArgument {}
