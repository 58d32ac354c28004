import ConjugarCore
import ConjugarEngine
import RandomClient
import SettingsClient
import Testing

@Suite struct QuizComposerTests {
  func compose(_ difficulty: Difficulty, _ region: Region, _ second: SecondPerson = .tu, seed: UInt64 = 7)
    -> [Question]
  {
    QuizComposer(conjugator: sharedConjugator, difficulty: difficulty, region: region, secondPerson: second)
      .questions(using: .seeded(seed))
  }

  static let easyTenses: Set<Tense> = [.presente, .preterito, .futuro]
  static let moderateTenses: Set<Tense> = easyTenses.union([
    .imperfecto, .condicional, .perfecto, .presenteSubjuntivo, .imperativoAfirmativo, .imperativoNegativo,
  ])

  func tenses(_ questions: [Question]) -> Set<Tense> {
    Set(questions.compactMap { if case .finite(let t, _) = $0.form { t } else { nil } })
  }

  @Test(arguments: Difficulty.allCases, Region.allCases)
  func everyQuizHasTwentyDistinctAnswerableQuestions(_ difficulty: Difficulty, _ region: Region) {
    let questions = compose(difficulty, region)
    #expect(questions.count == QuizLength.twenty.count)  // the default length
    #expect(Set(questions.map { "\($0.verb) \($0.form)" }).count == questions.count)
    for question in questions {
      #expect(!question.accepted.isEmpty)
      #expect(question.translation != nil, "\(question.verb) has no gloss")
      // The accepted forms are the engine's, cell for cell (with the spellings before 2010).
      let paradigm = try? sharedConjugator.conjugate(question.verb)
      switch question.form {
      case .finite(let tense, let person): #expect(paradigm?.accepted(tense, person) == question.accepted)
      case .gerundio: #expect(paradigm?.gerundio == question.accepted)
      case .participio: #expect(paradigm?.participio == question.accepted)
      }
    }
  }

  @Test func easyDrillsPresentePreteritoAndFuturoOnly() {
    for seed in 1...10 as ClosedRange<UInt64> {
      let questions = compose(.easy, .spain, seed: seed)
      #expect(tenses(questions).isSubset(of: Self.easyTenses))
      #expect(questions.allSatisfy { if case .finite = $0.form { true } else { false } })
    }
  }

  @Test func moderateAddsItsTensesAndTheGerund() {
    var seen = Set<Tense>()
    var gerund = false
    for seed in 1...10 as ClosedRange<UInt64> {
      let questions = compose(.moderate, .spain, seed: seed)
      #expect(tenses(questions).isSubset(of: Self.moderateTenses))
      seen.formUnion(tenses(questions))
      gerund = gerund || questions.contains { $0.form == .gerundio }
    }
    #expect(seen == Self.moderateTenses)
    #expect(gerund)
  }

  @Test func difficultCoversEveryTenseIncludingCompoundAndFutureSubjunctive() {
    var seen = Set<Tense>()
    for seed in 1...20 as ClosedRange<UInt64> { seen.formUnion(tenses(compose(.difficult, .spain, seed: seed))) }
    #expect(seen == Set(Tense.allCases))
  }

  @Test func latinAmericaNeverAsksVosotrosAndSpainDoes() {
    var spainAsked = false
    for seed in 1...10 as ClosedRange<UInt64> {
      for question in compose(.moderate, .latinAmerica, seed: seed) {
        if case .finite(_, let person) = question.form { #expect(person != .vosotros) }
      }
      spainAsked = spainAsked
        || compose(.moderate, .spain, seed: seed).contains { $0.form.personName == Person.vosotros.rawValue }
    }
    #expect(spainAsked)
  }

  @Test func theSecondPersonSettingPicksTuOrVos() {
    for seed in 1...5 as ClosedRange<UInt64> {
      let vos = compose(.easy, .latinAmerica, .vos, seed: seed).map(\.form.personName)
      let tu = compose(.easy, .latinAmerica, .tu, seed: seed).map(\.form.personName)
      #expect(!vos.contains("tu"))
      #expect(!tu.contains("vos"))
    }
  }

  @Test func irregularVerbsAreChosenForTheIrregularityTheTenseExercises() {
    // Over many quizzes, most pretérito questions on irregular verbs ask an irregular preterite.
    var irregular = 0
    var total = 0
    for seed in 1...10 as ClosedRange<UInt64> {
      for question in compose(.easy, .spain, seed: seed) {
        guard case .finite(let tense, let person) = question.form, tense == .preterito || tense == .futuro
        else { continue }
        let paradigm = try! sharedConjugator.conjugate(question.verb)
        total += 1
        if sharedConjugator.irregularities(of: paradigm)[tense, person].contains(where: { $0 != nil }) {
          irregular += 1
        }
      }
    }
    #expect(total > 20)
    #expect(Double(irregular) / Double(total) > 0.4)
  }

  @Test func imperativesNeverAskTheFirstPerson() {
    for seed in 1...10 as ClosedRange<UInt64> {
      for question in compose(.difficult, .spain, seed: seed) {
        if case .finite(let tense, let person) = question.form, tense.mood == .imperativo { #expect(person != .yo) }
      }
    }
  }

  @Test func theSameSeedGivesTheSameQuiz() {
    #expect(compose(.moderate, .spain, seed: 99) == compose(.moderate, .spain, seed: 99))
    #expect(compose(.moderate, .spain, seed: 99) != compose(.moderate, .spain, seed: 100))
  }
}
