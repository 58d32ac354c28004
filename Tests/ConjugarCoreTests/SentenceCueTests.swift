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

  @Test func aSentenceDrillAsksOnlyWhatItsSpecAllows() throws {
    let spec = DrillSpec(tenses: [.preterito], persons: [.nosotros, .yo], count: 5)
    let composer = DrillComposer(conjugator: sharedConjugator)
    let questions = try QuestionSource.sentences(spec, composer: composer, random: .seeded(3)).questions()
    #expect(questions.count == 5)
    for question in questions {
      #expect(question.sentence != nil)
      #expect(question.form == .finite(.preterito, .nosotros) || question.form == .finite(.preterito, .yo))
    }
  }

  /// The World a sentence drill is made in: the plain transcripts' (in-memory board, manual clock,
  /// seeded randomness).
  static func drill(_ spec: DrillSpec) throws -> Session {
    let world = PlainTranscriptTests.world()
    return try Session.drill(
      spec, mode: .sentences, settings: world.settings.values, conjugator: world.conjugator, random: world.random,
      clock: world.clock)
  }

  static let everyTenseAndPerson = (tenses: Tense.allCases, persons: Person.allCases)

  /// Issue 40: `practice --mode sentences` honours `--verb`, `--verbs` and `--top` as a typed
  /// drill does, not only `--tenses`.
  @Test func aSentenceDrillAsksOnlyTheVerbsOfItsFilters() throws {
    let (tenses, persons) = Self.everyTenseAndPerson
    let catalog = sharedConjugator.catalog
    let regularLooking = sharedConjugator.regularLookingModels()
    let filters: [(name: String, spec: DrillSpec, passes: (String) -> Bool)] = [
      ("--verb ir", DrillSpec(tenses: tenses, persons: persons, verbList: ["ir"], count: 5), { $0 == "ir" }),
      ("three --verb", DrillSpec(tenses: tenses, persons: persons, verbList: ["hacer", "salir", "tener"], count: 10),
        { ["hacer", "salir", "tener"].contains($0) }),
      ("--top 10", DrillSpec(tenses: tenses, persons: persons, top: 10, count: 20),
        { (catalog.entry($0)?.rank ?? .max) <= 10 }),
      ("--verbs regular", DrillSpec(tenses: tenses, persons: persons, verbs: .regular, count: 20),
        { catalog.entry($0)?.isRegular(regularLookingModels: regularLooking) == true }),
    ]
    for (name, spec, passes) in filters {
      let session = try Self.drill(spec)
      #expect(session.questions.count == spec.count, "\(name)")
      for question in session.questions {
        #expect(passes(question.verb), "\(name): \(question.verb)")
        #expect(question.sentence != nil, "\(name)")
      }
    }
  }

  /// Where fewer sentences than the drill's count fit its filters, it asks those and says how many
  /// there are, before its first question; where there are enough, it says nothing more.
  @Test func aSentenceDrillThatRunsShortSaysHowManySentencesThereAre() throws {
    let (tenses, persons) = Self.everyTenseAndPerson
    let ir = SentenceCue.all.filter { $0.verb == "ir" }.count
    #expect(ir > 1 && ir < 20)
    let short = try Self.drill(DrillSpec(tenses: tenses, persons: persons, verbList: ["ir"], count: 20))
    #expect(short.questions.count == ir && short.questions.allSatisfy { $0.verb == "ir" })
    let opening = PlainConversation(session: short, in: PlainTranscriptTests.world()).opening()
    #expect(
      opening.first == "\(ir) sentences ask for these verbs, tenses and persons, so the drill asks \(ir) questions, not 20.",
      "\(opening)")
    #expect(opening.dropFirst().first?.hasPrefix("\(ir) questions. ") == true, "\(opening)")

    let enough = try Self.drill(DrillSpec(tenses: tenses, persons: persons, verbList: ["ir"], count: ir))
    #expect(enough.notice == nil)
    #expect(PlainConversation(session: enough, in: PlainTranscriptTests.world()).opening().first?.hasPrefix("\(ir) questions. ") == true)
    #expect(SentenceCue.shortfall(1, of: DrillSpec(count: 10)) == "1 sentence asks for these verbs, tenses and persons, so the drill asks 1 question, not 10.")
    #expect(SentenceCue.shortfall(3, of: DrillSpec(count: nil)) == nil)
  }

  /// A verb not in the catalog, or verbs no sentence asks for, say why, as a typed drill does.
  @Test func aSentenceDrillOfNoSentenceSaysWhy() {
    let (tenses, persons) = Self.everyTenseAndPerson
    #expect(throws: DrillError.unknownVerbs(["xyzzy"])) {
      try Self.drill(DrillSpec(tenses: tenses, persons: persons, verbList: ["xyzzy"]))
    }
    #expect(throws: DrillError.noSentences) {
      try Self.drill(DrillSpec(tenses: tenses, persons: persons, verbList: ["nadar"]))
    }
    #expect(throws: DrillError.noSentences) {
      try Self.drill(DrillSpec(tenses: [.condicional], persons: [.yo], verbList: ["ir"]))
    }
  }
}
