import ConjugarEngine
import RandomClient
import SettingsClient
import Synchronization

/// Composes a quiz as a teacher would: the quiz's tenses (the level's, or those the learner picked),
/// regular verbs beside irregular ones, and each irregular verb chosen for the irregularity the
/// tense exercises (tuve for the pretérito, tendré for the futuro), from the most frequent verbs.
public struct QuizComposer: Sendable {
  /// The most frequent verbs of the catalog make up the quizzes.
  static let poolSize = 300
  /// The share of questions on a verb irregular in the tense asked.
  static let irregularShare = 0.6

  let conjugator: Conjugator
  let difficulty: Difficulty
  let tenses: QuizTenses
  let region: Region
  let secondPerson: SecondPerson
  /// How many questions a quiz asks.
  public let questionCount: Int

  public init(
    conjugator: Conjugator, difficulty: Difficulty, region: Region, secondPerson: SecondPerson,
    tenses: QuizTenses = .difficulty, questionCount: Int = QuizLength.twenty.count
  ) {
    self.conjugator = conjugator
    self.difficulty = difficulty
    self.tenses = tenses
    self.region = region
    self.secondPerson = secondPerson
    self.questionCount = questionCount
  }

  /// The quiz of `settings`: its difficulty, tenses, length and persons.
  public init(conjugator: Conjugator, settings: SettingValues) {
    self.init(
      conjugator: conjugator, difficulty: settings.difficulty, region: settings.region,
      secondPerson: settings.quizSecondPerson, tenses: settings.quizTenses, questionCount: settings.quizLength.count)
  }

  /// The forms a quiz drills: the tenses of `tenses` at `difficulty`, and its non-finite forms.
  public static func forms(for difficulty: Difficulty, tenses: QuizTenses = .difficulty) -> [QuestionForm] {
    tenses.tenses(at: difficulty).map { .finite($0, .yo) }  // a placeholder person: the composer picks the real one
      + tenses.nonFiniteForms(at: difficulty).map { $0 == .gerundio ? .gerundio : .participio }
  }

  /// The forms this quiz drills.
  public var forms: [QuestionForm] { Self.forms(for: difficulty, tenses: tenses) }

  /// The persons a quiz asks: no vosotros in Latin America, tú or vos as set.
  public static func persons(region: Region, secondPerson: SecondPerson) -> [Person] {
    [.yo, secondPerson == .vos ? .vos : .tu, .el, .nosotros] + (region == .spain ? [.vosotros] : []) + [.ellos]
  }

  /// The persons a question may address: the quiz's, and no yo in the imperative.
  public func persons(for tense: Tense) -> [Person] {
    var persons = Self.persons(region: region, secondPerson: secondPerson)
    if tense.mood == .imperativo { persons.removeFirst() }
    return persons
  }

  public func questions(using random: RandomSource) -> [Question] {
    var generator = random.generator
    let pool = frequentVerbs()
    let regular = pool.filter { $0.paradigm.isRegular }
    let kinds = forms
    var questions: [Question] = []
    var asked = Set<Asked>()
    var kindCycle: [QuestionForm] = []
    var attempts = 0
    while questions.count < questionCount && attempts < 1_000 {
      attempts += 1
      if kindCycle.isEmpty { kindCycle = kinds.shuffled(using: &generator) }
      let kind = kindCycle.removeLast()
      let wantsIrregular = Double.random(in: 0..<1, using: &generator) < Self.irregularShare
      guard let question = makeQuestion(kind, irregular: wantsIrregular, pool: pool, regular: regular,
        generator: &generator),
        asked.insert(Asked(verb: question.verb, form: question.form)).inserted
      else { continue }
      questions.append(question)
    }
    return questions
  }

  private struct Asked: Hashable {
    let verb: String
    let form: QuestionForm
  }

  private struct Candidate: Sendable {
    let paradigm: Paradigm
    let irregularities: Irregularities
  }

  /// The plain (not pronominal), fully conjugated verbs that have a gloss, most frequent first:
  /// what quizzes and new review items are drawn from. Found once per catalog.
  public static func frequentEntries(of catalog: Catalog) -> [Catalog.Entry] {
    if let cached = frequentCache.withLock({ $0 }), cached.count == catalog.entries.count { return cached.entries }
    let entries = catalog.entries
      .filter { $0.rank != nil && $0.gloss != nil && !$0.isPronominal && !$0.isDefective }
      .sorted { $0.rank! < $1.rank! }
    frequentCache.withLock { $0 = (catalog.entries.count, entries) }
    return entries
  }

  private static let frequentCache = Mutex<(count: Int, entries: [Catalog.Entry])?>(nil)
  /// The quiz pool, built once per catalog (600 paradigms, about 7 ms), not at each quiz.
  private static let poolCache = Mutex<(count: Int, pool: [Candidate])?>(nil)

  /// The most frequent of them, with their paradigms and irregularities. (Built under the lock:
  /// a quiz started while `warm` builds it waits for it rather than builds it again.)
  private func frequentVerbs() -> [Candidate] {
    let count = conjugator.catalog.entries.count
    return Self.poolCache.withLock { cache in
      if let cache, cache.count == count { return cache.pool }
      let pool = buildPool()
      cache = (count, pool)
      return pool
    }
  }

  /// Builds the quiz pool ahead of the first quiz (the trainer does it after its first frame).
  public static func warm(_ conjugator: Conjugator) {
    _ = QuizComposer(conjugator: conjugator, difficulty: .easy, region: .spain, secondPerson: .tu).frequentVerbs()
  }

  private func buildPool() -> [Candidate] {
    let entries = Self.frequentEntries(of: conjugator.catalog).prefix(Self.poolSize)
    return entries.map { entry in
      let paradigm = conjugator.paradigm(of: entry)
      return Candidate(paradigm: paradigm, irregularities: conjugator.irregularities(of: paradigm))
    }
  }

  private func makeQuestion(
    _ kind: QuestionForm, irregular: Bool, pool: [Candidate], regular: [Candidate],
    generator: inout RandomSource.Generator
  ) -> Question? {
    switch kind {
    case .finite(let tense, _):
      let persons = persons(for: tense)
      func irregularPersons(_ c: Candidate) -> [Person] {
        persons.filter { person in c.irregularities.isIrregular(tense, person) }
      }
      let candidates = irregular ? pool.filter { !irregularPersons($0).isEmpty } : regular
      guard let verb = candidates.randomElement(using: &generator) else { return nil }
      let choices = irregular ? irregularPersons(verb) : persons
      guard let person = choices.randomElement(using: &generator) else { return nil }
      let accepted = verb.paradigm.accepted(tense, person)  // guio shown, guió right too
      guard !accepted.isEmpty else { return nil }
      return Question(
        verb: verb.paradigm.infinitive, translation: verb.paradigm.translation, form: .finite(tense, person),
        accepted: accepted)
    case .gerundio, .participio:
      let candidates = irregular
        ? pool.filter { c in (kind == .gerundio ? c.irregularities.gerundio : c.irregularities.participio).contains { $0 != nil } }
        : regular
      guard let verb = candidates.randomElement(using: &generator) else { return nil }
      let accepted = kind == .gerundio ? verb.paradigm.gerundio : verb.paradigm.participio
      guard !accepted.isEmpty else { return nil }
      return Question(
        verb: verb.paradigm.infinitive, translation: verb.paradigm.translation, form: kind, accepted: accepted)
    }
  }
}
