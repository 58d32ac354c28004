import ConjugarEngine
import Testing

/// The rules a learner trips on, each checked on the verbs a grammar uses to teach it.
@Suite struct OrthographyTests {
  @Test(arguments: [
    ("buscar", Tense.preterito, Person.yo, "busqué"),
    ("llegar", .preterito, .yo, "llegué"),
    ("empezar", .preterito, .yo, "empecé"),
    ("averiguar", .preterito, .yo, "averigüé"),
    ("coger", .presente, .yo, "cojo"),
    ("dirigir", .presente, .yo, "dirijo"),
    ("seguir", .presente, .yo, "sigo"),
    ("distinguir", .presente, .yo, "distingo"),
    ("vencer", .presente, .yo, "venzo"),
    ("delinquir", .presenteSubjuntivo, .yo, "delinca"),
    ("trabajar", .preterito, .yo, "trabajé"),  // j stays j
    ("leer", .preterito, .el, "leyó"),
    ("leer", .preterito, .tu, "leíste"),
    ("construir", .presente, .yo, "construyo"),
    ("construir", .preterito, .ellos, "construyeron"),
    ("gruñir", .preterito, .el, "gruñó"),
  ])
  func consonantsAndVowelsKeepTheirSound(_ verb: String, _ tense: Tense, _ person: Person, _ expected: String) {
    #expect(forms(verb, tense, person).first == expected, "\(verb)")
  }

  @Test func anUnstressedIIsAbsorbedAfterLlAndÑ() {
    #expect((try? conjugator.conjugate("bullir").gerundio) == ["bullendo"])
    #expect(forms("tañer", .imperfectoSubjuntivoRa, .yo) == ["tañera"])
  }

  @Test(arguments: [
    ("vaciar", "vacío"), ("enviar", "envío"), ("actuar", "actúo"), ("continuar", "continúo"),
    ("aislar", "aíslo"), ("reunir", "reúno"), ("prohibir", "prohíbo"), ("rehusar", "rehúso"),
    ("enraizar", "enraízo"), ("maullar", "maúllo"),
  ])
  func writtenAccentsOnTheStressedStem(_ verb: String, _ yo: String) {
    #expect(forms(verb, .presente, .yo) == [yo])
    // Unstressed stem, no accent.
    #expect(forms(verb, .presente, .nosotros).first?.contains(where: { "íú".contains($0) }) == false)
  }

  @Test func currentOrthographyShownOlderAccentsAccepted() throws {
    #expect(forms("guiar", .preterito, .yo) == ["guie"])
    #expect(forms("guiar", .preterito, .el) == ["guio"])
    #expect(forms("reír", .preterito, .el) == ["rio"])
    #expect(forms("fiar", .preterito, .yo) == ["fie"])
    #expect(forms("fiar", .presente, .vosotros) == ["fiais"])
    #expect(forms("huir", .preterito, .yo) == ["hui"])
    #expect(forms("criar", .presenteSubjuntivo, .vosotros) == ["crieis"])
    #expect(forms("freír", .preterito, .el) == ["frio"])
    #expect(try conjugator.conjugate("guiar").accepted(.preterito, .el) == ["guio", "guió"])
    #expect(try conjugator.conjugate("huir").olderSpellings(.preterito, .yo) == ["huí"])
    #expect(try conjugator.conjugate("guiarse").olderSpellings(.preterito, .el) == ["se guió"])
    #expect(try conjugator.conjugate("criar").olderSpellings(.presenteSubjuntivo, .vosotros) == ["criéis"])
    #expect(try conjugator.conjugate("guiar").olderSpellings(.presente, .yo) == [])  // guío: no change
    #expect(try conjugator.conjugate("hablar").olderSpellings(.preterito, .el) == [])
    // Polysyllables keep their accent: the rule is for monosyllables only.
    #expect(forms("sonreír", .preterito, .el) == ["sonrió"])
    #expect(forms("enviar", .preterito, .yo) == ["envié"])
    // Monosyllables never take it: dio, vio, fue.
    #expect(forms("dar", .preterito, .el) == ["dio"])
    #expect(forms("ver", .preterito, .el) == ["vio"])
    #expect(forms("ser", .preterito, .el) == ["fue"])
    // The diacritic accent stays: dé, sé.
    #expect(forms("dar", .presenteSubjuntivo, .el) == ["dé"])
    #expect(forms("saber", .presente, .yo) == ["sé"])
  }

  @Test func prefixedMonosyllablesTakeTheAccentOfAnOxytone() {
    #expect(forms("mantener", .imperativoAfirmativo, .tu) == ["mantén"])
    #expect(forms("componer", .imperativoAfirmativo, .tu) == ["compón"])
    #expect(forms("prevenir", .imperativoAfirmativo, .tu) == ["prevén"])
    #expect(forms("prever", .presente, .el) == ["prevé"])
    #expect(forms("sobresalir", .imperativoAfirmativo, .tu) == ["sobresal"])
    #expect(forms("deshacer", .imperativoAfirmativo, .tu) == ["deshaz"])
    #expect(forms("detener", .preterito, .yo) == ["detuve"])
    #expect(forms("contener", .futuro, .yo) == ["contendré"])
  }
}

@Suite struct PersonTests {
  @Test func vosHasItsOwnPresentAndImperativeOnly() {
    #expect(forms("tener", .presente, .vos) == ["tenés"])
    #expect(forms("ser", .presente, .vos) == ["sos"])
    #expect(forms("ir", .presente, .vos) == ["vas"])
    #expect(forms("tener", .imperativoAfirmativo, .vos) == ["tené"])
    #expect(forms("decir", .imperativoAfirmativo, .vos) == ["decí"])
    #expect(forms("tener", .preterito, .vos) == ["tuviste"])
    #expect(forms("tener", .presenteSubjuntivo, .vos) == ["tengas"])
    #expect(forms("tener", .imperativoNegativo, .vos) == ["no tengas"])
    #expect(forms("contar", .presente, .vos) == ["contás"])  // stressed on the ending: no diphthong
  }

  @Test func imperativeHasNoFirstPersonAndNegativeUsesTheSubjunctive() {
    for tense in [Tense.imperativoAfirmativo, .imperativoNegativo] {
      #expect(forms("hablar", tense, .yo) == [])
    }
    #expect(forms("hablar", .imperativoNegativo, .tu) == ["no hables"])
    #expect(forms("hablar", .imperativoAfirmativo, .el) == ["hable"])
    #expect(forms("hablar", .imperativoAfirmativo, .ellos) == ["hablen"])
    #expect(forms("ir", .imperativoAfirmativo, .nosotros) == ["vamos", "vayamos"])
  }

  @Test func compoundTensesAreHaberAndTheParticiple() {
    #expect(forms("tener", .perfecto, .yo) == ["he tenido"])
    #expect(forms("tener", .pluscuamperfecto, .nosotros) == ["habíamos tenido"])
    #expect(forms("tener", .preteritoAnterior, .el) == ["hubo tenido"])
    #expect(forms("tener", .futuroPerfecto, .vosotros) == ["habréis tenido"])
    #expect(forms("tener", .condicionalPerfecto, .ellos) == ["habrían tenido"])
    #expect(forms("tener", .perfectoSubjuntivo, .tu) == ["hayas tenido"])
    #expect(forms("tener", .pluscuamperfectoSubjuntivoRa, .yo) == ["hubiera tenido"])
    #expect(forms("tener", .pluscuamperfectoSubjuntivoSe, .yo) == ["hubiese tenido"])
    #expect(forms("tener", .futuroPerfectoSubjuntivo, .yo) == ["hubiere tenido"])
    #expect(forms("poner", .perfecto, .vos) == ["has puesto"])
  }
}

@Suite struct PronominalTests {
  @Test func cliticsBeforeFiniteFormsAndAfterImperativesAndGerunds() throws {
    let lavarse = try conjugator.conjugate("lavarse")
    #expect(lavarse[.presente, .yo] == ["me lavo"])
    #expect(lavarse[.presente, .vos] == ["te lavás"])
    #expect(lavarse[.presente, .vosotros] == ["os laváis"])
    #expect(lavarse[.perfecto, .yo] == ["me he lavado"])
    #expect(lavarse[.imperativoAfirmativo, .tu] == ["lávate"])
    #expect(lavarse[.imperativoAfirmativo, .vos] == ["lavate"])
    #expect(lavarse[.imperativoAfirmativo, .el] == ["lávese"])
    #expect(lavarse[.imperativoAfirmativo, .nosotros] == ["lavémonos"])
    #expect(lavarse[.imperativoAfirmativo, .vosotros] == ["lavaos"])
    #expect(lavarse[.imperativoAfirmativo, .ellos] == ["lávense"])
    #expect(lavarse[.imperativoNegativo, .tu] == ["no te laves"])
    #expect(lavarse[.imperativoNegativo, .vosotros] == ["no os lavéis"])
    #expect(lavarse.gerundio == ["lavándose"])
    #expect(lavarse.participio == ["lavado"])
  }

  @Test func irseAndTheAccentsOfLongerWords() {
    #expect(forms("irse", .imperativoAfirmativo, .tu) == ["vete"])
    #expect(forms("irse", .imperativoAfirmativo, .vosotros) == ["idos"])
    #expect(forms("irse", .imperativoAfirmativo, .nosotros).first == "vámonos")
    #expect(forms("vestirse", .imperativoAfirmativo, .vosotros) == ["vestíos"])
    #expect(forms("reírse", .imperativoAfirmativo, .tu) == ["ríete"])
    #expect(forms("ponerse", .imperativoAfirmativo, .tu) == ["ponte"])
    #expect(forms("dormirse", .imperativoAfirmativo, .nosotros) == ["durmámonos"])
    #expect((try? conjugator.conjugate("irse").gerundio) == ["yéndose"])
  }
}

@Suite struct DefectiveTests {
  @Test func weatherVerbsOnlyInTheThirdPersonSingular() {
    for verb in ["llover", "nevar"] {
      for tense in Tense.allCases {
        for person in Person.allCases {
          let expectedToExist = person == .el && tense.mood != .imperativo
          #expect(forms(verb, tense, person).isEmpty != expectedToExist, "\(verb) \(tense) \(person)")
        }
      }
    }
    #expect(forms("llover", .presente, .el) == ["llueve"])
    #expect(forms("nevar", .perfecto, .el) == ["ha nevado"])
  }

  @Test func embaírOnlyWhereTheEndingBeginsWithI() {
    #expect(forms("embaír", .presente, .yo) == [])
    #expect(forms("embaír", .presente, .tu) == [])
    #expect(forms("embaír", .presente, .nosotros) == ["embaímos"])
    #expect(forms("embaír", .presente, .vosotros) == ["embaís"])
    #expect(forms("embaír", .imperfecto, .yo) == ["embaía"])
    #expect(forms("embaír", .preterito, .el) == ["embayó"])
    #expect(forms("embaír", .futuro, .yo) == ["embairé"])
    #expect(forms("embaír", .presenteSubjuntivo, .yo) == [])
    #expect(forms("embaír", .imperativoAfirmativo, .vosotros) == ["embaíd"])
    #expect(forms("embaír", .perfecto, .yo) == ["he embaído"])
  }

  @Test func solerHasNoFutureNorConditional() {
    for person in Person.allCases {
      for tense in [Tense.futuro, .condicional, .futuroPerfecto, .condicionalPerfecto, .imperativoAfirmativo] {
        #expect(forms("soler", tense, person) == [], "\(tense) \(person)")
      }
    }
    #expect(forms("soler", .presente, .yo) == ["suelo"])
    #expect(forms("soler", .imperfecto, .yo) == ["solía"])
    #expect(forms("soler", .perfecto, .yo) == ["he solido"])
  }

  @Test func aVerbWithAnImpersonalUseKeepsItsWholeParadigm() {
    #expect(forms("parecer", .presente, .yo) == ["parezco"])
    #expect(forms("aclarar", .presente, .yo) == ["aclaro"])
    #expect(forms("estar", .presente, .yo) == ["estoy"])
  }

  @Test func otherDefectiveClasses() {
    #expect(forms("acaecer", .presente, .el) == ["acaece"])
    #expect(forms("acaecer", .presente, .ellos) == ["acaecen"])
    #expect(forms("acaecer", .presente, .yo) == [])
    #expect(forms("abarse", .imperativoAfirmativo, .tu) == ["ábate"])
    #expect(forms("abarse", .imperativoAfirmativo, .vosotros) == ["abaos"])
    #expect(forms("abarse", .presente, .el) == [])
    #expect((try? conjugator.conjugate("usucapir").participio) == ["usucapido"])
    #expect((try? conjugator.conjugate("usucapir").gerundio) == [])
  }
}

@Suite struct AlternativeFormTests {
  @Test func preferredFormFirst() throws {
    #expect(try conjugator.conjugate("imprimir").participio == ["impreso", "imprimido"])
    #expect(try conjugator.conjugate("freír").participio == ["frito", "freído"])
    #expect(try conjugator.conjugate("proveer").participio == ["provisto", "proveído"])
    #expect(try conjugator.conjugate("morir").participio == ["muerto"])
    #expect(try conjugator.conjugate("adscribir").participio == ["adscrito", "adscripto"])
    #expect(forms("yacer", .presente, .yo) == ["yazco", "yazgo", "yago"])
    #expect(forms("predecir", .futuro, .yo) == ["prediré", "predeciré"])
    #expect(forms("predecir", .imperativoAfirmativo, .tu) == ["predice"])
    #expect(forms("satisfacer", .imperativoAfirmativo, .tu) == ["satisfaz", "satisface"])
    #expect(forms("imprimir", .perfecto, .yo) == ["he impreso", "he imprimido"])
    #expect(forms("haber", .presente, .el) == ["ha", "hay"])
  }
}

@Suite struct IrregularityTests {
  func span(_ verb: String, _ tense: Tense, _ person: Person) throws -> String? {
    let paradigm = try conjugator.conjugate(verb)
    let irregular = conjugator.irregularities(of: paradigm)
    guard let form = paradigm[tense, person].first, let range = irregular[tense, person].first ?? nil else {
      return nil
    }
    return String(Array(form)[range])
  }

  @Test func irregularLettersAgainstTheRegularParadigm() throws {
    #expect(try span("tener", .presente, .yo) == "g")
    #expect(try span("tener", .preterito, .yo) == "uve")
    #expect(try span("tener", .presente, .tu) == "i")
    #expect(try span("tener", .futuro, .yo) == "d")
    #expect(try span("poner", .perfecto, .yo) == "uest")
    #expect(try span("hablar", .presente, .yo) == nil)
    // Spelling is not irregularity: busqué is what a regular -car verb writes.
    #expect(try span("buscar", .preterito, .yo) == nil)
    #expect(try span("actuar", .presente, .yo) == "ú")
  }

  /// `isIrregular` compares the forms without making spans; it must say what the spans say.
  @Test func isIrregularAgreesWithTheSpans() throws {
    for verb in ["tener", "hablar", "lavarse", "irse", "abolir", "imprimir", "haber", "llover", "decir", "satisfacer"] {
      let paradigm = try conjugator.conjugate(verb)
      let irregular = conjugator.irregularities(of: paradigm)
      for tense in Tense.allCases {
        for person in Person.allCases {
          #expect(
            irregular.isIrregular(tense, person) == irregular[tense, person].contains { $0 != nil },
            "\(verb) \(tense) \(person)")
          #expect(irregular[tense, person].count == paradigm[tense, person].count, "\(verb) \(tense) \(person)")
        }
      }
    }
  }
}

@Suite struct InputTests {
  @Test func unknownButWellFormedVerbsAreRegular() throws {
    let googlear = try conjugator.conjugate("googlear")
    #expect(googlear.known == false)
    #expect(googlear.model == "hablar")
    #expect(googlear.translation == nil)
    #expect(googlear[.preterito, .yo] == ["googleé"])
    #expect(try conjugator.conjugate("craquear")[.preterito, .yo] == ["craqueé"])
    #expect(try conjugator.conjugate("zapinguear")[.presente, .yo] == ["zapingueo"])
    #expect(try conjugator.conjugate("tuitearse")[.presente, .yo] == ["me tuiteo"])
    #expect(try conjugator.conjugate("tener").known)
  }

  @Test func inputIsNormalized() throws {
    #expect(try conjugator.conjugate("  Tener\n").infinitive == "tener")
    #expect(try conjugator.conjugate("TENER").infinitive == "tener")
    #expect(try conjugator.conjugate("rei\u{301}r").infinitive == "reír")  // combining accent
    #expect(try conjugator.conjugate("reir").infinitive == "reír")  // accent forgotten
  }

  @Test(arguments: [
    ("", InfinitiveError.Reason.empty),
    ("   ", .blank),
    ("\t\n", .blank),
    ("tango", .ending),
    ("casa", .ending),
    ("tango 💃", .space),
    ("💃", .character("💃")),
    ("habl4r", .character("4")),
    ("hab\u{7}lar", .character("\u{7}")),
    ("ar", .noStem),
    ("hablar!", .character("!")),
    ("hablar hablar", .space),
  ])
  func badInputGetsAClearError(_ input: String, _ reason: InfinitiveError.Reason) {
    #expect(throws: InfinitiveError(input: input, reason: reason)) { try conjugator.conjugate(input) }
  }

  @Test func hugeInputIsRejectedQuicklyAndShownShort() {
    let huge = String(repeating: "a", count: 100_000) + "r"
    do {
      _ = try conjugator.conjugate(huge)
      Issue.record("accepted a 100 KB string")
    } catch {
      #expect(error.reason == .tooLong(100_001))
      #expect(error.description.count < 200)
    }
  }

  @Test func messagesNameTheInputAndTheReason() {
    let error = InfinitiveError(input: "tango 💃", reason: .space)
    #expect(error.description == #""tango 💃" is not a Spanish infinitive: it contains a space; give one verb at a time"#)
    let control = InfinitiveError(input: "a\u{7}r", reason: .character("\u{7}"))
    #expect(control.description.contains("\\u{7}"))
  }
}

/// Found by the comparison with verbecc (Scripts/compare-verbecc).
@Suite struct ReferenceFindingsTests {
  @Test func theImperativeKeepsTheDiacriticOfDe() {
    #expect(forms("dar", .imperativoAfirmativo, .el) == ["dé"])
    #expect(forms("dar", .imperativoNegativo, .el) == ["no dé"])
  }

  @Test func scerVerbsInsertZBeforeC() {
    #expect(forms("pubescer", .presente, .yo).contains("pubezco"))
    #expect(!forms("pubescer", .presente, .yo).contains("pubeszco"))
  }

  @Test func compoundsOfDecirSayDiceInTheImperative() {
    #expect(forms("entredecir", .imperativoAfirmativo, .tu) == ["entredice"])
    #expect(forms("decir", .imperativoAfirmativo, .tu) == ["di"])
  }
}
