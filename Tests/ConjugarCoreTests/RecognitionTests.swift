import ClockClient
import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import Testing

@Suite struct RecognitionTests {
  let check = Session.diagnosing(with: sharedConjugator)

  func question(_ verb: String, _ tense: Tense, _ person: Person) throws -> Question {
    let paradigm = try sharedConjugator.conjugate(verb)
    return Question(
      verb: verb, translation: nil, form: .finite(tense, person), accepted: paradigm.accepted(tense, person),
      mode: .recognition)
  }

  func verdict(_ question: Question, _ verb: String, _ tense: Tense, _ person: Person) -> AnswerResult {
    check(NamedReading(verb: verb, tense: tense, person: person).text, question).0
  }

  @Test func everyReadingOfTheFormCounts() throws {
    let fuimos = try question("ir", .preterito, .nosotros)
    #expect(fuimos.accepted[0] == "fuimos")
    #expect(verdict(fuimos, "ir", .preterito, .nosotros) == .correct)
    #expect(verdict(fuimos, "ser", .preterito, .nosotros) == .correct, "fuimos is ser too")
    #expect(verdict(fuimos, "ir", .preterito, .ellos) == .wrong)
    #expect(verdict(fuimos, "estar", .preterito, .nosotros) == .wrong)
    let cante = try question("cantar", .presenteSubjuntivo, .yo)
    #expect(verdict(cante, "cantar", .presenteSubjuntivo, .el) == .correct, "cante is él as well as yo")
    #expect(verdict(cante, "cantar", .presente, .yo) == .wrong)
    #expect(verdict(cante, "Cantar", .presenteSubjuntivo, .yo) == .correct, "case aside")
  }

  @Test func theInfinitivesAccentsAloneOffAreRightButForTheAccents() throws {
    let rio = try question("reír", .preterito, .el)
    #expect(verdict(rio, "reír", .preterito, .el) == .correct)
    #expect(verdict(rio, "reir", .preterito, .el) == .accentsOnly)
  }

  @Test func theFeedbackGivesEveryReading() throws {
    let fuimos = try question("ir", .preterito, .nosotros)
    let (_, feedback) = check(NamedReading(verb: "ir", tense: .preterito, person: .ellos).text, fuimos)
    let text = try #require(feedback)
    #expect(text.hasPrefix("fuimos is "))
    #expect(text.contains("ir: pretérito perfecto simple, nosotros"), "\(text)")
    #expect(text.contains("ser: pretérito perfecto simple, nosotros"), "\(text)")
    #expect(check("not a reading", fuimos).0 == .wrong)
  }

  /// Issue 33, item 9: the pickers offered only the session's tenses and persons, so one question's
  /// were its answer, and a reading outside them could not be named.
  @Test func thePickersOfferTheLevelsTensesTheRegionsPersonsAndEveryReading() throws {
    let seré = try question("ser", .futuro, .yo)
    let one = RecognitionChoices([seré], scoring: Scoring(difficulty: .easy, region: .spain), with: sharedConjugator)
    #expect(one.tenses == [.presente, .preterito, .futuro], "the level's tenses, not only the one asked")
    #expect(one.persons == [.yo, .tu, .el, .nosotros, .vosotros, .ellos], "the region's persons")
    // sé is ser's imperative too, cante usted's; cantás is vos: readings outside the level and
    // the cells asked.
    let shown = [try question("saber", .presente, .yo), try question("cantar", .presenteSubjuntivo, .yo),
                 try question("cantar", .presente, .vos)]
    let choices = RecognitionChoices(shown, scoring: Scoring(difficulty: .easy, region: .latinAmerica), with: sharedConjugator)
    #expect(choices.tenses == [.presente, .preterito, .futuro, .presenteSubjuntivo, .imperativoAfirmativo])
    #expect(choices.persons == [.yo, .tu, .vos, .el, .nosotros, .ellos])
    for question in shown {
      for reading in sharedConjugator.identify(question.accepted[0]) {
        guard case .finite(let tense, let person) = reading.cell else { continue }
        #expect(choices.tenses.contains(tense) && choices.persons.contains(person), "\(reading) is reachable")
      }
    }
  }

  @Test func theNamedReadingIsKeptAsTextAndReadBack() {
    let named = NamedReading(verb: "Ir ", tense: .imperativoAfirmativo, person: .el)
    #expect(named.text == "ir/imperativo-afirmativo/el")
    #expect(NamedReading(text: named.text) == NamedReading(verb: "ir", tense: .imperativoAfirmativo, person: .el))
    #expect(NamedReading(verb: "ir", tense: .imperativoAfirmativo, person: .el).description == "ir, imperativo afirmativo, usted")
    #expect(NamedReading(text: "ir/pasado/yo") == nil)
    #expect(NamedReading(text: "/presente/yo") == nil)
  }

  @Test func aRecognitionDrillShowsTheDrillsCellsAndKeepsItsAnswersAsRecognition() throws {
    let composer = DrillComposer(conjugator: sharedConjugator)
    let spec = DrillSpec(tenses: [.preterito], persons: [.yo, .nosotros], top: 50, count: 6)
    let drill = try QuestionSource.drill(spec, composer: composer, random: .seeded(3)).questions()
    let shown = try QuestionSource.recognition(spec, composer: composer, random: .seeded(3)).questions()
    #expect(shown.map(\.form) == drill.map(\.form))
    #expect(shown.allSatisfy { $0.mode == .recognition })
    var session = Session(
      source: .given(shown), scoring: Scoring(difficulty: .easy, region: .spain), clock: WallClock.manual().0, check: check)
    guard case .finite(let tense, let person) = shown[0].form else { return }
    session.answer(NamedReading(verb: shown[0].verb, tense: tense, person: person).text)
    #expect(session.history.first?.mode == .recognition)
    #expect(session.history.first?.result == .correct)
  }
}
