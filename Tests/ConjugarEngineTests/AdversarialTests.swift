@testable import ConjugarEngine
import Testing

/// The cases of an adversarial review (issue 15): each names what a learner met.

/// A catalog verb used pronominally, without an entry of its own, is that verb with the clitics.
@Suite struct PronominalUseTests {
  @Test(arguments: [
    ("quererse", Tense.presente, Person.ellos, ["se quieren"]),
    ("quererse", .preterito, .el, ["se quiso"]),
    ("pedirse", .presente, .el, ["se pide"]),
    ("pedirse", .imperativoAfirmativo, .tu, ["pídete"]),
    ("oírse", .presente, .yo, ["me oigo"]),
    ("oírse", .imperativoAfirmativo, .vosotros, ["oíos"]),
    ("pensarse", .imperativoAfirmativo, .tu, ["piénsate"]),
    ("pensarse", .imperativoAfirmativo, .nosotros, ["pensémonos"]),
    ("construirse", .imperativoAfirmativo, .tu, ["constrúyete"]),
    ("construirse", .imperativoAfirmativo, .vosotros, ["construíos"]),
    ("traducirse", .preterito, .el, ["se tradujo"]),
    ("aprobarse", .presente, .el, ["se aprueba"]),
    ("ampliarse", .presente, .el, ["se amplía"]),
    ("ampliarse", .imperativoAfirmativo, .tu, ["amplíate"]),
    ("tenerse", .imperativoAfirmativo, .tu, ["tente"]),
  ])
  func aCatalogVerbWithTheClitics(_ verb: String, _ tense: Tense, _ person: Person, _ expected: [String]) {
    #expect(forms(verb, tense, person) == expected, "\(verb) \(tense.rawValue) \(person.rawValue)")
  }

  @Test func isKnownAndFollowsTheVerbsModel() throws {
    let quererse = try conjugator.conjugate("quererse")
    #expect(conjugator.catalog.entry("quererse") == nil)
    #expect(quererse.known)
    #expect(quererse.model == "querer")
    #expect(quererse.infinitive == "quererse")
    #expect(quererse.gerundio == ["queriéndose"])
    #expect(try conjugator.conjugate("oirse").infinitive == "oírse")  // the accent forgotten
  }

  /// huid + os: the i the clitic puts beside the o is in hiatus, and written í (huíos).
  @Test func huirseAndLuirseWriteTheHiatusOfTheVosotrosImperative() {
    #expect(forms("huirse", .imperativoAfirmativo, .vosotros) == ["huíos"])
    #expect(forms("luirse", .imperativoAfirmativo, .vosotros) == ["luíos"])
    #expect(forms("reunirse", .imperativoAfirmativo, .vosotros) == ["reuníos"])
  }

  /// criá and cria (the older and the current spelling) both give criate: listed once.
  @Test(arguments: ["criarse", "fiarse", "guiarse", "huirse", "liarse", "luirse", "triarse"])
  func theVosImperativeIsListedOnce(_ verb: String) throws {
    let forms = try conjugator.conjugate(verb)[.imperativoAfirmativo, .vos]
    #expect(forms.count == Set(forms).count && forms.count == 1, "\(verb): \(forms)")
  }
}

/// Errors of the verb list, corrected in Scripts/generate-catalog (CORRECTIONS, each with its reason).
@Suite struct CatalogDataTests {
  @Test func mecerIsRegularButForSpelling() {
    #expect(forms("mecer", .presente, .yo) == ["mezo"])
    #expect(forms("mecer", .presenteSubjuntivo, .yo) == ["meza"])
    #expect(forms("mecerse", .presente, .yo) == ["me mezo"])
  }

  @Test func reinarHasTheDiphthongEi() {
    #expect(forms("reinar", .presente, .yo) == ["reino"])
    #expect(forms("reinar", .presente, .el) == ["reina"])
    #expect(forms("reinar", .presenteSubjuntivo, .yo) == ["reine"])
    #expect(forms("descafeinar", .presente, .yo) == ["descafeíno"])  // here e-i is a hiatus
  }

  @Test(arguments: [("evanescer", "evanezco"), ("pubescer", "pubezco"), ("fosforescer", "fosforezco"), ("evanescerse", "me evanezco")])
  func inchoativeScerVerbsOnlyTakeZc(_ verb: String, _ yo: String) {
    #expect(forms(verb, .presente, .yo) == [yo])
    #expect(forms(verb, .presenteSubjuntivo, .nosotros).count == 1)
  }

  @Test func desvaírIsDefectiveLikeEmbaír() {
    for verb in ["desvaír", "embaír"] {
      #expect(forms(verb, .presente, .yo) == [], "\(verb)")
      #expect(forms(verb, .presenteSubjuntivo, .yo) == [], "\(verb)")
      #expect(forms(verb, .presente, .nosotros).count == 1, "\(verb)")
      #expect(conjugator.catalog.entry(verb)?.isDefective == true)
    }
    #expect(forms("desvaír", .preterito, .el) == ["desvayó"])
  }

  @Test func eizarVerbsHaveTheHiatusEí() {
    #expect(forms("homogeneizar", .presente, .yo) == ["homogeneízo"])
    #expect(forms("corporeizar", .presente, .yo) == ["corporeízo"])
    #expect(forms("europeizar", .presente, .yo) == ["europeízo"])
  }
}

/// The same kinds of error looked for across the whole catalog.
@Suite struct CatalogScanTests {
  /// No verb lists both an inchoative model (nacer, lucir: -zc-) and a model without it.
  @Test func noVerbIsBothInchoativeAndNot() {
    let inchoative: Set = ["nacer", "lucir"]
    let others: Set = ["temer", "vencer", "partir", "zurcir"]
    for entry in conjugator.catalog.entries {
      let models = Set(entry.choices.map(\.model))
      #expect(models.isDisjoint(with: inchoative) || models.isDisjoint(with: others), "\(entry.infinitive): \(models)")
    }
  }

  /// -eizar verbs (europeizar, homogeneizar): the i of the suffix -izar is in hiatus with the e
  /// before it. (alfeizar, from alféizar, has no suffix -izar: alfeizo.)
  @Test func everyEizarVerbWritesTheHiatus() {
    for entry in conjugator.catalog.entries
    where Infinitive(entry.infinitive).bare.hasSuffix("eizar") && !entry.infinitive.hasPrefix("alfeizar") {
      #expect(entry.choices.map(\.model) == ["enraizar"], "\(entry.infinitive)")
    }
  }
  // No cell listing a form twice, and no "sz" the infinitive lacks: checked on every cell by
  // CatalogTests.everyVerbConjugatesIntoWellFormedForms.
}

/// Model errors: the rule was right, the place where it applied was not.
@Suite struct ModelCorrectionTests {
  /// The o of podrir only in the indicative and the imperative (podrimos, podría, podrió): the
  /// gerund and the subjunctives have u only (Nueva gramática, the table of pudrir/podrir).
  @Test(arguments: ["pudrir", "podrir"])
  func pudrirHasNoOBeforeADiphthong(_ verb: String) throws {
    let paradigm = try conjugator.conjugate(verb)
    #expect(paradigm.gerundio == ["pudriendo"])
    #expect(paradigm.participio == ["podrido"])
    #expect(paradigm[.imperfectoSubjuntivoRa, .yo] == ["pudriera"])
    #expect(paradigm[.imperfectoSubjuntivoSe, .yo] == ["pudriese"])
    #expect(paradigm[.futuroSubjuntivo, .yo] == ["pudriere"])
    #expect(paradigm[.preterito, .el] == ["pudrió", "podrió"])
    #expect(paradigm[.imperfectoSubjuntivoRa, .nosotros] == ["pudriéramos"])
    #expect(paradigm[.imperativoAfirmativo, .vosotros] == ["pudrid", "podrid"])
    #expect(paradigm[.imperfecto, .yo] == ["pudría", "podría"])
  }
}

@Suite struct PreferredFormTests {
  /// Both are valid; yergo is the more frequent and comes first.
  @Test func erguirYergoBeforeIrgo() {
    #expect(forms("erguir", .presente, .yo) == ["yergo", "irgo"])
    #expect(forms("erguir", .presenteSubjuntivo, .el) == ["yerga", "irga"])
    #expect(forms("erguirse", .imperativoAfirmativo, .tu) == ["yérguete", "írguete"])
    #expect(forms("erguir", .preterito, .el) == ["irguió"])
  }
}

@Suite struct AbolirTests {
  /// The DPD (2005) and today's DLE accept abolir's whole paradigm: abolo, abole, abola.
  @Test func abolirIsConjugatedInFull() throws {
    #expect(forms("abolir", .presente, .yo) == ["abolo"])
    #expect(forms("abolir", .presente, .el) == ["abole"])
    #expect(forms("abolir", .presenteSubjuntivo, .yo) == ["abola"])
    #expect(forms("abolir", .imperativoAfirmativo, .tu) == ["abole"])
    #expect(forms("abolir", .presente, .nosotros) == ["abolimos"])
    #expect(conjugator.catalog.entry("abolir")?.isDefective == false)
  }
}

/// What a learner types by mistake: conjugated when the verb is clear, or a clear answer.
@Suite struct LearnerInputTests {
  @Test(arguments: [("dár", "dar"), ("tenér", "tener"), ("ír", "ir"), ("HÁBLAR", "hablar"), ("vivír", "vivir"),
    ("da\u{301}r", "dar"),
    ("Construír", "construir"), ("lavárse", "lavarse"), ("góoglear", "googlear")])
  func aStrayAccentIsDropped(_ input: String, _ infinitive: String) throws {
    let paradigm = try conjugator.conjugate(input)
    #expect(paradigm.infinitive == infinitive)
    #expect(paradigm.note?.contains("no written accent") == true, "\(paradigm.note ?? "no note")")
    #expect(!paradigm[.preterito, .yo].contains { $0.hasPrefix("há") })
  }

  @Test func theAccentOfAHiatusStays() throws {
    #expect(try conjugator.conjugate("reír").note == nil)
    #expect(try conjugator.conjugate("oír").note == nil)
    #expect(try conjugator.conjugate("TENER").note == nil)  // only the case: nothing to say
    #expect(try conjugator.conjugate("reir").note == #""reir" is conjugated as reír"#)
    #expect(try conjugator.conjugate("HÁBLAR")[.preterito, .yo] == ["hablé"])
  }

  @Test(arguments: [("tengo", "tener", "presente, yo"), ("fuimos", "ser", "pretérito perfecto simple, nosotros"),
    ("quepo", "caber", "presente, yo"), ("huelo", "oler", "presente, yo"), ("hablando", "hablar", "gerundio"),
    ("vámonos", "irse", "imperativo afirmativo, nosotros"), ("tuvé", "tener", "pretérito perfecto simple, yo")])
  func aConjugatedFormNamesItsVerb(_ input: String, _ verb: String, _ cell: String) {
    do {
      _ = try conjugator.conjugate(input)
      Issue.record("\(input) conjugated")
    } catch {
      #expect(error.reason == .ending)  // cheap: the search is asked for
      guard case .formOf(let verbs) = conjugator.explained(error).reason else {
        Issue.record("\(input): \(error)")
        return
      }
      #expect(verbs.first == InfinitiveError.FormOf(infinitive: verb, cell: cell), "\(verbs)")
    }
  }

  @Test func fuimosIsAFormOfSerAndIr() {
    let error = conjugator.explained(InfinitiveError(input: "fuimos", reason: .ending))
    #expect(error.description.contains("it is a form of ser (pretérito perfecto simple, nosotros) and ir (pretérito perfecto simple, nosotros)"))
  }

  @Test(arguments: [("dárselo", ["se", "lo"], "dar"), ("irme", ["me"], "irse"), ("lavarte", ["te"], "lavarse"),
    ("comerlo", ["lo"], "comer"), ("decírnoslo", ["nos", "lo"], "decir")])
  func pronounsAfterTheInfinitiveAreNamed(_ input: String, _ pronouns: [String], _ suggestion: String) {
    #expect(throws: InfinitiveError(input: input, reason: .pronouns(pronouns, suggestion: suggestion))) {
      try conjugator.conjugate(input)
    }
  }

  @Test func aStemWithoutAVowelIsRefused() throws {
    for input in ["qar", "bcdfgar", "trrer"] {
      #expect(throws: InfinitiveError(input: input, reason: .noVowel)) { try conjugator.conjugate(input) }
    }
    // The catalog's own: dar, ver, ser, ir.
    for verb in ["dar", "ver", "ser", "ir", "darse", "verse"] { #expect(try conjugator.conjugate(verb).known) }
    #expect(try !conjugator.conjugate("xalar").known)  // well formed: conjugated
  }

  @Test func aLeadingDashIsNotALetter() {
    #expect(throws: InfinitiveError(input: "-hablar", reason: .character("-"))) { try conjugator.conjugate("-hablar") }
  }
}

@Suite struct FormSearchTests {
  /// `Conjugator.otherInitials` names every verb with a form that begins with another letter.
  @Test func everyVerbWhoseFormsBeginWithAnotherLetterIsListed() {
    var found: Set<String> = []
    for entry in conjugator.catalog.entries {
      let initial = Orthography.withoutAccent(entry.infinitive.first!)
      let paradigm = conjugator.paradigm(of: entry)
      var forms = Tense.simple.flatMap { tense in Person.allCases.flatMap { paradigm[tense, $0] } }
      forms += paradigm.gerundio + paradigm.participio
      for form in forms where !form.hasPrefix("no ") && !form.contains(" ") {
        if Orthography.withoutAccent(form.first!) != initial { found.insert(entry.infinitive) }
      }
    }
    #expect(found == Conjugator.otherInitials)
  }
}

extension LearnerInputTests {
  @Test func aWordThatIsNoFormKeepsTheGeneralMessage() {
    let error = conjugator.explained(InfinitiveError(input: "zzzo", reason: .ending))
    #expect(error.reason == .ending)
    let space = InfinitiveError(input: "a b", reason: .space)
    #expect(conjugator.explained(space) == space)
  }
}

/// A verb outside the catalog that is plainly a relative of one inside it is conjugated like it.
@Suite struct RelativeTests {
  @Test(arguments: [
    ("precalentar", "calentar", Tense.presente, Person.yo, ["precaliento"]),
    ("sobreexponer", "exponer", .preterito, .el, ["sobreexpuso"]),
    ("sobreexponer", "exponer", .imperativoAfirmativo, .tu, ["sobreexpón"]),
    ("precalentarse", "calentar", .imperativoAfirmativo, .tu, ["precaliéntate"]),
    ("arrepentir", "arrepentirse", .presente, .yo, ["arrepiento"]),
    ("precontar", "contar", .presente, .yo, ["precuento"]),
    ("autoconvencer", "convencer", .presente, .yo, ["autoconvenzo"]),
    ("retrofluir", "fluir", .presente, .yo, ["retrofluyo"]),
    ("transducir", "-ducir", .presente, .yo, ["transduzco"]),
    ("transducir", "-ducir", .preterito, .el, ["transdujo"]),
    ("fotoconducir", "-ducir", .preterito, .ellos, ["fotocondujeron"]),
    ("azulecer", "-ecer", .presente, .yo, ["azulezco"]),
    ("zotribuir", "-uir", .presente, .yo, ["zotribuyo"]),
  ])
  func followsItsRelative(_ verb: String, _ follows: String, _ tense: Tense, _ person: Person, _ expected: [String]) throws {
    let paradigm = try conjugator.conjugate(verb)
    let known = paradigm.known
    #expect(!known)
    #expect(paradigm.follows == follows)
    #expect(paradigm[tense, person] == expected, "\(verb) \(tense.rawValue) \(person.rawValue)")
  }

  @Test func sobreexponerHasItsParticiple() throws {
    #expect(try conjugator.conjugate("sobreexponer").participio == ["sobreexpuesto"])
  }

  /// The longest catalog verb after a prefix: sobre + exponer, not sobreex + poner; nothing that
  /// ends in ser or ir by chance (reser is no compound of ser); -guir has no -uir family.
  @Test func aTrulyUnknownPatternStaysRegular() throws {
    for verb in ["googlear", "reser", "wasapear", "zinguir"] {
      let paradigm = try conjugator.conjugate(verb)
      #expect(paradigm.follows == nil, "\(verb): \(paradigm.follows ?? "")")
      #expect(paradigm.model == Infinitive(verb).conjugation.regularModel)
    }
    #expect(try conjugator.conjugate("reser")[.presente, .yo] == ["reso"])
  }
}

extension PronominalUseTests {
  /// Across the catalog: a verb's pronominal use, built from the plain verb, is what the catalog's
  /// own pronominal entry gives wherever the two follow the same models (lavarse, vestirse, irse…).
  @Test func aPronominalUseIsWhatTheCatalogsPronominalEntryGives() {
    var compared = 0
    for entry in conjugator.catalog.entries where entry.isPronominal {
      let plain = String(entry.infinitive.dropLast(2))
      guard let verb = conjugator.catalog.entry(plain), verb.choices == entry.choices else { continue }
      let own = conjugator.paradigm(of: entry), built = conjugator.paradigm(of: verb, as: entry.infinitive)
      compared += 1
      #expect(own.gerundio == built.gerundio, "\(entry.infinitive)")
      for tense in Tense.allCases {
        for person in Person.allCases where own[tense, person] != built[tense, person] {
          Issue.record("\(entry.infinitive) \(tense.rawValue) \(person.rawValue)")
        }
      }
    }
    #expect(compared > 3_800)
  }
}

extension LearnerInputTests {
  /// No infinitive of the catalog has an accent that the stray-accent rule would take away, so
  /// each is conjugated as itself, without a note.
  @Test func everyCatalogInfinitiveIsItsOwnSpelling() {
    for entry in conjugator.catalog.entries where Infinitive.withoutStrayAccents(entry.infinitive) != entry.infinitive {
      Issue.record("\(entry.infinitive)")
    }
    #expect(Set(conjugator.catalog.entries.filter { $0.infinitive.contains("í") }.map(\.infinitive)).isSuperset(of: ["reír", "oír", "embaír", "freírse"]))
  }
}
