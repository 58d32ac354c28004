import ConjugarEngine
import RandomClient
import ScoreboardClient
import SettingsClient

/// What the learner names in recognition: the infinitive, the tense and the person of the form
/// shown. Kept in the history as the answer given, `ir/preterito/nosotros` (the JSON names).
public struct NamedReading: Sendable, Equatable {
  public var verb: String
  public var tense: Tense
  public var person: Person

  /// The verb named is kept to its first ``AnswerBounds/longestName`` characters (no infinitive
  /// has so many), so that the answer it makes is within ``AnswerBounds``, however long the verb
  /// typed.
  public init(verb: String, tense: Tense, person: Person) {
    self.verb = String(verb.prefix(AnswerBounds.longestName))
    self.tense = tense
    self.person = person
  }

  /// `ir/preterito/nosotros`.
  public var text: String { "\(AnswerChecker.normalized(verb))/\(tense.rawValue)/\(person.rawValue)" }

  /// From `text`; nil if it is not one.
  public init?(text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, !parts[0].isEmpty, let tense = Tense(rawValue: parts[1]), let person = Person(rawValue: parts[2])
    else { return nil }
    self.init(verb: parts[0], tense: tense, person: person)
  }

  /// For people: "ir, pretérito perfecto simple, nosotros".
  public var description: String {
    "\(verb), \(tense.spanishName), \(tense.mood == .imperativo ? person.imperativePronoun : person.pronoun)"
  }
}

extension QuestionSource {
  /// Forms to recognise, from the cells of a drill: each shows its preferred form, and the
  /// learner names a verb, tense and person it can be.
  public static func recognition(_ spec: DrillSpec, composer: DrillComposer, random: RandomSource) throws(DrillError)
    -> QuestionSource
  {
    try .drill(spec, composer: composer, random: random, asked: .recognition)
  }
}

/// The tenses and persons a recognition offers to pick from, in the tables' order: every tense of
/// the session's difficulty and every person a quiz of its region asks, with tú (vos too when a
/// form reads vos), those its questions ask, and every reading of the forms it shows (`fuimos`: ir
/// and ser; `sé`: saber, and ser's imperative). So the pickers never give the answer away, and a
/// right answer is always among them.
public struct RecognitionChoices: Sendable, Equatable {
  public let tenses: [Tense]
  public let persons: [Person]

  public init(_ questions: [Question], scoring: Scoring, with conjugator: Conjugator) {
    let shown = questions.filter { $0.mode == .recognition }.map { $0.accepted[0] }
    var cells = Session.exactReadings(of: shown, with: conjugator).joined().compactMap { reading -> (Tense, Person)? in
      guard case .finite(let tense, let person) = reading.cell else { return nil }
      return (tense, person)
    }
    for question in questions {
      if case .finite(let tense, let person) = question.form { cells.append((tense, person)) }
    }
    let tenses = Set(scoring.difficulty.tenses + cells.map(\.0))
    let persons = Set(QuizComposer.persons(region: scoring.region, secondPerson: .tu) + cells.map(\.1))
    self.tenses = Tense.allCases.filter(tenses.contains)
    self.persons = Person.allCases.filter(persons.contains)
  }
}

extension Session {
  /// The readings a recognition counts for each form shown: the exact ones.
  static func exactReadings(of forms: [String], with conjugator: Conjugator) -> [[Reading]] {
    conjugator.identify(forms).map { $0.filter { !$0.accentsIgnored } }
  }

  /// The verdict on a recognition answer: right when the form shown has the reading named (every
  /// reading counts: `fuimos` is ir and ser); right but for the accents when only the
  /// infinitive's accents are off (reir for reír). The feedback gives every reading.
  static func recognizing(_ answer: String, _ question: Question, with conjugator: Conjugator) -> (AnswerResult, feedback: String?) {
    let form = question.accepted[0]
    let readings = Self.exactReadings(of: [form], with: conjugator)[0]
    let feedback = Self.readings(of: form, readings)
    guard let named = NamedReading(text: answer) else { return (.wrong, feedback) }
    let sameCell = readings.filter { $0.cell == .finite(named.tense, named.person) }
    let verb = AnswerChecker.normalized(named.verb)
    if sameCell.contains(where: { $0.verb == verb }) { return (.correct, readings.count > 1 ? feedback : nil) }
    if sameCell.contains(where: { Diagnosis.withoutAccents($0.verb) == Diagnosis.withoutAccents(verb) }) {
      return (.accentsOnly, feedback)
    }
    return (.wrong, feedback)
  }

  /// "fuimos is ir or ser: pretérito perfecto simple, nosotros." — every reading, by verb.
  static func readings(of form: String, _ readings: [Reading]) -> String {
    var verbs: [String] = []
    var cells: [String: [String]] = [:]
    for reading in readings {
      if cells[reading.verb] == nil { verbs.append(reading.verb) }
      cells[reading.verb, default: []].append(reading.cell.description)
    }
    let parts = verbs.map { "\($0): \(cells[$0]!.joined(separator: "; "))" }
    return "\(form) is " + parts.joined(separator: " — or ") + "."
  }
}
