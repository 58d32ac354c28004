import ClockClient
import ConjugarEngine
import RandomClient
import ScoreboardClient
import SettingsClient

/// A drill the learner composes: which tenses, persons and verbs, and how many questions. The
/// filters of `conjugar drill` and `conjugar practice`, and of the Practice screen.
public struct DrillSpec: Sendable, Equatable {
  public enum Verbs: String, Sendable, CaseIterable {
    case all, regular, irregular
  }

  /// The tenses asked, in the paradigm's order.
  public var tenses: [Tense]
  /// The persons asked (the imperative never asks yo).
  public var persons: [Person]
  public var verbs: Verbs
  /// Only the N most frequent verbs.
  public var top: Int?
  /// Only these verbs (`--verb`, `--verbs-file`), in any order.
  public var verbList: [String]
  /// Only verbs for which this is true (an irregularity group), when set.
  public var groupFilter: (@Sendable (Catalog.Entry) -> Bool)?
  /// Only the cells for which this is true (those where the group's change shows), when set.
  public var cellFilter: (@Sendable (Paradigm, Tense, Person) -> Bool)?
  /// Only the forms that rest on one of these rules (`--rule`: `GrammarRule.id`s, as
  /// `conjugar stats --rules --format json` names them), when any.
  public var rules: [String] = []
  /// How many questions; nil: until the learner stops (or every cell has been asked).
  public var count: Int?

  public init(
    tenses: [Tense] = Difficulty.easy.tenses, persons: [Person] = [.yo, .tu, .el, .nosotros, .ellos],
    verbs: Verbs = .all, top: Int? = nil, verbList: [String] = [], groupFilter: (@Sendable (Catalog.Entry) -> Bool)? = nil,
    count: Int? = 20
  ) {
    self.tenses = Tense.allCases.filter(tenses.contains)
    self.persons = Person.allCases.filter(persons.contains)
    self.verbs = verbs
    self.top = top
    self.verbList = verbList
    self.groupFilter = groupFilter
    self.count = count
  }

  /// A group filter: the verbs of `group` (e-ie, yo-go, strong-preterite…).
  public static func inGroup(_ group: IrregularityGroup, _ conjugator: Conjugator) -> @Sendable (Catalog.Entry) -> Bool {
    { conjugator.groups(of: $0).contains(group) }
  }

  /// A cell filter: the cells where `group`'s change shows (tienes for e-ie, not tengo).
  public static func showing(_ group: IrregularityGroup, _ conjugator: Conjugator) -> @Sendable (Paradigm, Tense, Person) -> Bool {
    { paradigm, tense, person in conjugator.groups(of: paradigm, at: tense, person).contains(group) }
  }

  /// "Until I stop" asks at most this many.
  public static let untilStopped = 1_000

  public static func == (a: DrillSpec, b: DrillSpec) -> Bool {
    a.tenses == b.tenses && a.persons == b.persons && a.verbs == b.verbs && a.top == b.top && a.verbList == b.verbList
      && (a.groupFilter == nil) == (b.groupFilter == nil) && a.rules == b.rules && a.count == b.count
  }
}

/// Why a drill cannot be made; the description is the message for the learner.
public enum DrillError: Error, Equatable, CustomStringConvertible {
  case unknownVerbs([String])
  case noVerbs
  case nothingToAsk
  /// Sentence cues: no sentence asks for these verbs, tenses and persons.
  case noSentences
  /// `--rule`: no form these filters ask rests on these rules; the ids met that are closest.
  case noFormOfRules([String], closest: [String])

  /// "a", "a or b", "a, b or c".
  private static func listed(_ words: [String]) -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }

  public var description: String {
    switch self {
    case .noFormOfRules(let rules, let closest):
      "no form of these verbs, tenses and persons rests on the rule\(rules.count == 1 ? "" : "s") \(rules.joined(separator: ", "))"
        + (closest.isEmpty ? "" : ": did you mean \(Self.listed(closest))?")
        + " (conjugar stats --rules --format json names each rule's id)"
    case .unknownVerbs(let verbs): "not in the catalog: \(verbs.joined(separator: ", "))"
    case .noVerbs: "no verb of the catalog passes these filters"
    case .nothingToAsk: "these verbs have no form in the tenses and persons chosen"
    case .noSentences: "no sentence asks for these verbs, tenses and persons; choose others"
    }
  }
}

/// Composes a drill: no cell asked twice, and no verb again until every verb of the pool has been
/// asked. The same spec and seed give the same drill.
public struct DrillComposer: Sendable {
  let conjugator: Conjugator
  let regularLookingModels: Set<String>

  public init(conjugator: Conjugator, regularLookingModels: Set<String>? = nil) {
    self.conjugator = conjugator
    self.regularLookingModels = regularLookingModels ?? conjugator.regularLookingModels()
  }

  /// The verbs the spec lets through, the most frequent first.
  public func pool(_ spec: DrillSpec) throws(DrillError) -> [Catalog.Entry] {
    let catalog = conjugator.catalog
    var entries: [Catalog.Entry]
    if spec.verbList.isEmpty {
      entries = catalog.entries.filter { !$0.isPronominal && $0.gloss != nil }
    } else {
      let unknown = spec.verbList.filter { catalog.entry($0) == nil }
      guard unknown.isEmpty else { throw .unknownVerbs(unknown) }
      entries = spec.verbList.compactMap(catalog.entry)
    }
    entries = entries.filter { admits($0, spec) }
    guard !entries.isEmpty else { throw .noVerbs }
    return entries.sorted { ($0.rank ?? .max, $0.infinitive) < ($1.rank ?? .max, $1.infinitive) }
  }

  /// Whether `entry` passes the spec's filters other than its list of verbs: `--top`, regular or
  /// irregular, the group.
  func admits(_ entry: Catalog.Entry, _ spec: DrillSpec) -> Bool {
    if let top = spec.top, (entry.rank ?? .max) > top { return false }
    switch spec.verbs {
    case .all: break
    case .regular: guard entry.isRegular(regularLookingModels: regularLookingModels) else { return false }
    case .irregular: guard !entry.isRegular(regularLookingModels: regularLookingModels) else { return false }
    }
    return spec.groupFilter?(entry) ?? true
  }

  /// The questions of the drill, drawn with `random`. Verbs are taken in rounds, each round in a
  /// new order, and a verb's paradigm is built only when it is first asked, so a short drill over
  /// the whole catalog stays quick.
  public func questions(_ spec: DrillSpec, using random: RandomSource) throws(DrillError) -> [Question] {
    var generator = random.generator
    var verbs = try pool(spec)
    var cells: [String: (paradigm: Paradigm, left: [(Tense, Person)])] = [:]
    let limit = spec.count ?? DrillSpec.untilStopped
    var questions: [Question] = []
    while questions.count < limit, !verbs.isEmpty {
      verbs.shuffle(using: &generator)
      var exhausted = Set<String>()
      for entry in verbs where questions.count < limit {
        var state = cells[entry.infinitive] ?? {
          let paradigm = conjugator.paradigm(of: entry)
          let left = spec.tenses.flatMap { tense in
            spec.persons.filter { !(tense.mood == .imperativo && $0 == .yo) }.map { (tense, $0) }
          }.filter { !paradigm[$0.0, $0.1].isEmpty && spec.cellFilter?(paradigm, $0.0, $0.1) != false }
          return (paradigm, restingOnRules(left, of: paradigm, spec))
        }()
        if !state.left.isEmpty {
          let (tense, person) = state.left.remove(at: Int.random(in: 0..<state.left.count, using: &generator))
          questions.append(
            Question(
              verb: state.paradigm.infinitive, translation: state.paradigm.translation, form: .finite(tense, person),
              accepted: state.paradigm.accepted(tense, person)))
        }
        if state.left.isEmpty { exhausted.insert(entry.infinitive) }
        cells[entry.infinitive] = state
      }
      verbs.removeAll { exhausted.contains($0.infinitive) }
    }
    if !spec.rules.isEmpty {
      try checkRules(spec, asked: questions)
    }
    guard !questions.isEmpty else { throw .nothingToAsk }
    return questions
  }

  /// The cells of `paradigm` among `cells` that rest on one of the spec's rules (all of them when
  /// it names none).
  func restingOnRules(_ cells: [(Tense, Person)], of paradigm: Paradigm, _ spec: DrillSpec) -> [(Tense, Person)] {
    guard !spec.rules.isEmpty, !cells.isEmpty else { return cells }
    let rules = conjugator.rules(of: paradigm)
    return cells.filter { cell in rules[cell.0, cell.1].contains { spec.rules.contains($0.id) } }
  }

  /// Fails unless each rule the spec names is a rule of some form it asks: a rule the questions
  /// asked do not show is looked for in every cell of the pool, and one found nowhere is an error,
  /// with the ids met closest to it.
  func checkRules(_ spec: DrillSpec, asked: [Question]) throws(DrillError) {
    var missing = Set(spec.rules)
    var met = Set<String>()
    func meet(_ paradigm: Paradigm, _ tense: Tense, _ person: Person, _ rules: FormRules) {
      for rule in rules[tense, person] {
        met.insert(rule.id)
        missing.remove(rule.id)
      }
    }
    for question in asked {
      guard case .finite(let tense, let person) = question.form, let paradigm = try? conjugator.conjugate(question.verb) else {
        continue
      }
      meet(paradigm, tense, person, conjugator.rules(of: paradigm))
      if missing.isEmpty { return }
    }
    let cells = spec.tenses.flatMap { tense in
      spec.persons.filter { !(tense.mood == .imperativo && $0 == .yo) }.map { (tense, $0) }
    }
    for entry in try pool(spec) {
      let paradigm = conjugator.paradigm(of: entry)
      let rules = conjugator.rules(of: paradigm)
      for (tense, person) in cells where !paradigm[tense, person].isEmpty && spec.cellFilter?(paradigm, tense, person) != false {
        meet(paradigm, tense, person, rules)
      }
      if missing.isEmpty { return }
    }
    let unknown = spec.rules.filter(missing.contains)
    throw .noFormOfRules(unknown, closest: Self.closest(to: unknown, among: met))
  }

  /// The ids among `met` closest to those typed: one that ends in what was typed (`e-ie`:
  /// `stem.e-ie`), or two edits away at most; three at most, the closest first.
  static func closest(to typed: [String], among met: Set<String>) -> [String] {
    var found: [String] = []
    for id in typed {
      let letters = Array(id.utf8)
      // The fewest edits first; of as many, the length typed first (a swap before a letter lost).
      let ranked = met.compactMap { candidate -> (Int, Int, String)? in
        if candidate.hasSuffix("." + id) { return (0, 0, candidate) }
        return VerbSearch.editDistance(Array(candidate.utf8), letters, atMost: 2).map {
          ($0 + 1, abs(candidate.utf8.count - letters.count), candidate)
        }
      }.sorted { $0 < $1 }
      for (_, _, candidate) in ranked.prefix(3) where !found.contains(candidate) { found.append(candidate) }
    }
    return found
  }
}

extension QuestionSource {
  /// A drill the learner composed.
  /// `mode`: how each question is asked — written, said aloud (listening), or its form shown to be
  /// named (recognition).
  public static func drill(
    _ spec: DrillSpec, composer: DrillComposer, random: RandomSource, asked mode: AnswerMode = .written
  ) throws(DrillError) -> QuestionSource {
    let questions = try composer.questions(spec, using: random).map { question in
      var asked = question
      asked.mode = mode
      return asked
    }
    return .given(questions)
  }
}

extension Session {
  /// A drill of `spec`, asked in `mode`: the one way the Practice screen, a saved drill and
  /// `conjugar practice` start one.
  public static func drill(
    _ spec: DrillSpec, mode: DrillMode, settings: SettingValues, conjugator: Conjugator, random: RandomSource,
    clock: WallClock
  ) throws(DrillError) -> Session {
    let composer = DrillComposer(conjugator: conjugator)
    let source: QuestionSource =
      switch mode {
      case .type: try .drill(spec, composer: composer, random: random)
      case .recognition: try .recognition(spec, composer: composer, random: random)
      case .sentences: try .sentences(spec, composer: composer, random: random)
      }
    var session = Session.practice(source.questions(), settings: settings, conjugator: conjugator, clock: clock)
    if session.isFinished { throw .noSentences }
    if mode == .sentences { session.notice = SentenceCue.shortfall(session.questions.count, of: spec) }
    return session
  }
}

/// How a drill asks: type the form, name the form shown (recognition), or complete sentences.
public enum DrillMode: String, CaseIterable, Sendable {
  case type, recognition, sentences

  /// On the Practice screen.
  public var name: String {
    switch self {
    case .type: "type the form"
    case .recognition: "recognition"
    case .sentences: "sentence cues"
    }
  }
}

/// A saved drill's options as the command line's parser reads and saves them (ConjugarOptions'
/// `PracticeOptions.savedDrill` and `PracticeOptions.save`: `DrillParser.commandLine`), given to
/// plain mode by whoever starts it, so that the domain knows no parser.
public struct DrillParser: Sendable {
  /// The drill of a saved drill's options in a World. Throws ``DrillError`` for a drill that can't
  /// be made, ``UnreadableOptions`` for options that can't be read.
  public var read: @Sendable (_ options: [String], _ world: World) throws -> (spec: DrillSpec, mode: DrillMode)
  /// Saves the drill of `options` as `name` in the World's settings: the options as saved, and
  /// those the name had before, if any.
  public var save: @Sendable (_ name: String, _ options: [String], _ world: World) throws -> (saved: String, was: String?)

  public init(
    read: @escaping @Sendable ([String], World) throws -> (spec: DrillSpec, mode: DrillMode),
    save: @escaping @Sendable (String, [String], World) throws -> (saved: String, was: String?)
  ) {
    self.read = read
    self.save = save
  }
}

/// A drill under way that can be saved: its options, and the parser that saves them.
public struct SaveableDrill: Sendable {
  public var options: [String]
  public var parser: DrillParser

  public init(options: [String], parser: DrillParser) {
    self.options = options
    self.parser = parser
  }
}

/// Options that can't be read, in the words of the parser that read them.
public struct UnreadableOptions: Error, CustomStringConvertible {
  public var message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}
