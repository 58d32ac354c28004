import ConjugarEngine
import ScoreboardClient
import SpacedRepetition

/// The forms of a history as the rule layer reads them (issue 42): each form's rules, from the
/// engine (`Conjugator.rules`), its word and its traits (``traits(of:rules:)``), as indices; the
/// answers in time order. What `conjugar optimize` fits the rule layer to and `conjugar recall`
/// walks.
public struct RuleForms {
  public let conjugator: Conjugator
  public private(set) var forms: [RuleHistory.Form] = []
  public private(set) var rules: [String] = []
  public private(set) var traits: [String] = []
  public private(set) var words = 0
  private var formIndex: [Item: Int] = [:]
  private var ruleIndex: [String: Int] = [:]
  private var traitIndex: [String: Int] = [:]
  /// Each rule's name for the learner (``GrammarRule/name``), by id.
  public private(set) var ruleNames: [String: String] = [:]
  private var wordIndex: [String: Int] = [:]
  private var verbRules: [String: FormRules?] = [:]

  public init(conjugator: Conjugator) { self.conjugator = conjugator }

  /// The index of `item`'s form, added if new. A form the engine cannot read (a verb not an
  /// infinitive, an unknown cell) has no rules: only its word counts.
  public mutating func index(of item: Item) -> Int {
    if let n = formIndex[item] { return n }
    var found: [GrammarRule] = []
    if let rules = verbRules(item.verb) {
      switch item.tense {
      case "gerundio": found = rules.gerundio
      case "participio": found = rules.participio
      default:
        if let tense = Tense(rawValue: item.tense), let person = Person(rawValue: item.person) {
          found = rules[tense, person]
        }
      }
    }
    for rule in found where ruleNames[rule.id] == nil { ruleNames[rule.id] = rule.name }
    let ids = found.map(\.id)
    let word: Int
    if let w = wordIndex[item.verb] {
      word = w
    } else {
      word = words
      wordIndex[item.verb] = word
      words += 1
    }
    let indices = ids.map { id in
      if let r = ruleIndex[id] { return r }
      rules.append(id)
      ruleIndex[id] = rules.count - 1
      return rules.count - 1
    }
    let traitIndices = Self.traits(of: item, rules: found).map { id in
      if let t = traitIndex[id] { return t }
      traits.append(id)
      traitIndex[id] = traits.count - 1
      return traits.count - 1
    }
    forms.append(RuleHistory.Form(rules: indices, word: word, traits: traitIndices))
    formIndex[item] = forms.count - 1
    return forms.count - 1
  }

  /// What a base rate knows of a form, whatever the learner showed: its tense, its person, its
  /// cell (the two together), and whether it has a spelling change or is irregular (a stem change,
  /// an accent, a stem or the verb's own form) — the letters the engine marks. Each an id that
  /// starts with ``RuleLayer/traitPrefix``.
  public static func traits(of item: Item, rules: [GrammarRule]) -> [String] {
    let prefix = RuleLayer.traitPrefix
    var traits = ["\(prefix)tense.\(item.tense)"]
    if !item.person.isEmpty {
      traits += ["\(prefix)person.\(item.person)", "\(prefix)cell.\(item.tense).\(item.person)"]
    }
    let kinds = Set(rules.map(\.kind))
    if kinds.contains(.spelling) { traits.append("\(prefix)spelling") }
    if !kinds.isDisjoint(with: [.stemChange, .accent, .stem, .own]) { traits.append("\(prefix)irregular") }
    return traits
  }

  /// The trait ids of `item`'s form (added if new).
  public mutating func traitIDs(of item: Item) -> [String] {
    forms[index(of: item)].traits.map { traits[$0] }
  }

  /// The rule ids of `item`'s form (added if new).
  public mutating func ruleIDs(of item: Item) -> [String] {
    forms[index(of: item)].rules.map { rules[$0] }
  }

  private mutating func verbRules(_ verb: String) -> FormRules? {
    if let known = verbRules[verb] { return known }
    let found = (try? conjugator.conjugate(verb)).map { conjugator.rules(of: $0) }
    verbRules[verb] = found
    return found
  }

  /// The answer as the rule layer reads it.
  public mutating func answer(_ answer: AnsweredQuestion) -> RuleHistory.Answer {
    RuleHistory.Answer(
      item: index(of: answer.item), seconds: Replay.second(answer.date), rating: answer.rating)
  }

  /// Every answer `board` keeps, as the rule layer reads them, in the history's one order
  /// (``Replay``), read one at a time: a large history is never held whole as answers. Every
  /// answer counts, a form's reset too: what the learner showed is what they showed.
  /// `progress` is told how many have been read, every 4,096.
  public mutating func answers(of board: Scoreboard, progress: (Int) -> Void = { _ in }) throws -> [RuleHistory.Answer] {
    var read: [RuleHistory.Answer] = []
    try board.answers.eachAnswer {
      read.append(answer($0))
      if read.count % 4096 == 0 { progress(read.count) }
    }
    return read
  }

  /// `answers` (in time order) as the rule layer's history.
  public func history(of answers: [RuleHistory.Answer]) -> RuleHistory {
    RuleHistory(answers: answers, forms: forms, rules: rules, traits: traits, words: words)
  }
}

extension RuleLayer {
  /// The rule layer fitted to every answer `board` keeps, FSRS's retrievability from `weights`
  /// (those just fitted): what `conjugar optimize` and the trainer's fit keep beside the weights.
  /// Nil when there are too few first answers (``RuleLayer/minimumFirstAnswers``).
  public static func fit(_ board: Scoreboard, weights: [Double], conjugator: Conjugator) throws -> RuleLayer? {
    var forms = RuleForms(conjugator: conjugator)
    let answers = try forms.answers(of: board)
    return fit(forms.history(of: answers), weights: weights)
  }
}
