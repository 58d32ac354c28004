import ConjugarCore
import ConjugarEngine
import RandomClient
import Testing

/// The practice sentences (issue 11): enough of them, each answered by the engine, each cue fitting
/// its tense.
@Suite struct SentenceCueTests {
  static let sentences = SentenceCue.all

  @Test func thereAreEnoughForEveryTenseAndBothSecondPersons() {
    #expect(Self.sentences.count >= 300)
    for tense in Tense.allCases {
      #expect(Self.sentences.filter { $0.tense == tense }.count >= 10, "\(tense)")
    }
    for person in [Person.tu, .vos, .vosotros] {
      #expect(Self.sentences.filter { $0.person == person }.count >= 15, "\(person)")
    }
    #expect(Set(Self.sentences.map(\.sentence)).count == Self.sentences.count)  // none twice
  }

  @Test func everyGapHasTheEnginesForm() throws {
    for cue in Self.sentences {
      let paradigm = try sharedConjugator.conjugate(cue.verb)
      #expect(paradigm.known, "\(cue.verb)")
      #expect(!paradigm[cue.tense, cue.person].isEmpty, "\(cue.sentence)")
      #expect(cue.sentence.contains("___ (\(cue.verb))"))
      #expect(cue.sentence.contains(cue.cue))
      // The negative imperative's "no" is in the sentence; the engine's form starts with it.
      if cue.tense == .imperativoNegativo { #expect(cue.sentence.contains("no ___"), "\(cue.sentence)") }
    }
  }

  /// A cue that asks for the subjunctive (ojalá, como si, que after a wish or a doubt, a time clause
  /// about the future…) goes with a subjunctive tense, or with the conditional in the other half of
  /// an "if" (si); an imperative is an exclamation or a request; time words go with their time:
  /// ayer, anoche, pasado, anterior with the past, mañana and próximo with what is to come.
  @Test func everyCueFitsItsTense() {
    let past: Set<Tense> = [.preterito, .imperfecto, .pluscuamperfecto, .preteritoAnterior, .perfecto,
      .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .pluscuamperfectoSubjuntivoRa, .pluscuamperfectoSubjuntivoSe,
      .condicional, .condicionalPerfecto]
    let future: Set<Tense> = [.futuro, .futuroPerfecto, .presente, .presenteSubjuntivo, .perfectoSubjuntivo,
      .condicional, .imperativoAfirmativo, .imperativoNegativo, .futuroSubjuntivo, .futuroPerfectoSubjuntivo]
    let subjunctiveOnly = ["ojalá", "como si", "dudo que", "no creo que", "es posible que", "espero que", "quieren que"]
    for cue in Self.sentences {
      let text = cue.cue.lowercased()
      if subjunctiveOnly.contains(where: text.hasPrefix) {
        #expect(cue.tense.mood == .subjuntivo, "\(cue.sentence): \(cue.cue)")
      }
      if ["ayer", "anoche", "pasad", "anterior"].contains(where: text.contains), !text.contains("pasado mañana") {
        #expect(past.contains(cue.tense), "\(cue.sentence): \(cue.cue)")
      }
      if ["mañana", "pasado mañana", "próxim", "dentro de"].contains(where: { text.hasPrefix($0) }) {
        #expect(future.contains(cue.tense), "\(cue.sentence): \(cue.cue)")
      }
      if cue.tense.mood == .imperativo {
        #expect(cue.sentence.contains("¡") || text.contains("por favor") || cue.sentence.contains("?") || text == "venga",
          "\(cue.sentence)")
      }
    }
  }

  @Test func aSentenceDrillAsksOnlyWhatItsSpecAllows() {
    let spec = DrillSpec(tenses: [.preterito], persons: [.nosotros, .yo], count: 5)
    let questions = QuestionSource.sentences(spec, conjugator: sharedConjugator, random: .seeded(3)).questions()
    #expect(questions.count == 5)
    for question in questions {
      #expect(question.sentence != nil)
      #expect(question.form == .finite(.preterito, .nosotros) || question.form == .finite(.preterito, .yo))
    }
  }
}
