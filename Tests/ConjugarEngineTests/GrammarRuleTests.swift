import ConjugarEngine
import Testing

/// The rules a form rests on (issue 42), read from the engine's models: shared where a learner
/// learns them across verbs, a verb's own where it is.
@Suite struct GrammarRuleTests {
  func ids(_ verb: String, _ tense: Tense, _ person: Person) -> [String] {
    do { return try conjugator.rules(of: verb, tense: tense, person: person).map(\.id) } catch {
      Issue.record("\(error)")
      return []
    }
  }

  @Test func habléCantéAndMiréShareTheArPreteriteYoEnding() {
    let rules = ["hablar", "cantar", "mirar", "comprar"].map { ids($0, .preterito, .yo) }
    #expect(rules.allSatisfy { $0 == ["ending.preterito.yo.ar"] }, "\(rules)")
    // comí and viví share theirs, which is not hablé's.
    #expect(ids("comer", .preterito, .yo) == ["ending.preterito.yo.er-ir"])
    #expect(ids("vivir", .preterito, .yo) == ["ending.preterito.yo.er-ir"])
    // The future's ending is every verb's.
    #expect(ids("hablar", .futuro, .nosotros) == ids("vivir", .futuro, .nosotros))
  }

  @Test func vosSharesTúsEndingWhereItEndsAsTú() {
    #expect(ids("hablar", .preterito, .vos) == ids("hablar", .preterito, .tu))
    #expect(ids("hablar", .presente, .vos) != ids("hablar", .presente, .tu))  // hablás, hablas
  }

  @Test func tuveEstuveAndAnduveShareTheUvStem() {
    let stems = ["tener", "estar", "andar", "mantener"].map { ids($0, .preterito, .yo) }
    for rules in stems { #expect(rules.contains("preterite-stem.uv"), "\(rules)") }
    #expect(!ids("poner", .preterito, .yo).contains("preterite-stem.uv"))
    #expect(ids("conducir", .preterito, .yo).contains("preterite-stem.uj"))
    #expect(ids("producir", .preterito, .ellos).contains("preterite-stem.uj"))
    // The strong preterite takes its own endings (tuve, not *tení*), not the regular one.
    #expect(!ids("tener", .preterito, .yo).contains("ending.preterito.yo.er-ir"))
    #expect(ids("tener", .preterito, .yo).contains("ending.strong.preterito.yo"))
    #expect(ids("decir", .preterito, .ellos).contains("ending.strong-j.preterito.ellos"))
  }

  @Test(arguments: [
    ("buscar", Tense.preterito, Person.yo, "spelling.c-qu"),
    ("llegar", .preterito, .yo, "spelling.g-gu"),
    ("empezar", .preterito, .yo, "spelling.z-c"),
    ("vencer", .presente, .yo, "spelling.c-z"),
    ("coger", .presente, .yo, "spelling.g-j"),
    ("seguir", .presente, .yo, "spelling.gu-g"),
    ("averiguar", .preterito, .yo, "spelling.gu-gü"),
    ("leer", .preterito, .el, "spelling.i-y"),
    ("tener", .presente, .yo, "stem.go"),
    ("tener", .presente, .tu, "stem.e-ie"),
    ("tener", .presenteSubjuntivo, .yo, "stem.go"),
    ("poder", .presente, .el, "stem.o-ue"),
    ("jugar", .presente, .yo, "stem.u-ue"),
    ("adquirir", .presente, .yo, "stem.i-ie"),
    ("pedir", .presente, .yo, "stem.e-i"),
    ("pedir", .preterito, .el, "stem.e-i.unstressed"),
    ("sentir", .preterito, .el, "stem.e-i.unstressed"),
    ("dormir", .preterito, .ellos, "stem.o-u.unstressed"),
    ("conocer", .presente, .yo, "stem.zc"),
    ("construir", .presente, .yo, "stem.y"),
    ("enviar", .presente, .yo, "accent.i-í"),
    ("actuar", .presente, .yo, "accent.u-ú"),
    ("hacer", .preterito, .yo, "preterite-stem.ic"),
    ("tener", .futuro, .yo, "future-stem.dr"),
    ("salir", .condicional, .ellos, "future-stem.dr"),
    ("saber", .futuro, .yo, "future-stem.drop-vowel"),
    ("poder", .condicional, .yo, "future-stem.drop-vowel"),
    ("hacer", .futuro, .yo, "future-stem.hacer"),
    ("caber", .presente, .yo, "present-stem.caber"),
    ("tener", .imperativoAfirmativo, .tu, "imperative.short"),
    ("poner", .imperativoAfirmativo, .tu, "imperative.short"),
    ("ser", .presente, .yo, "own.ser.presente"),
    ("ser", .presente, .tu, "own.ser.presente"),
    ("ir", .imperfecto, .nosotros, "own.ir.imperfecto"),
    ("lavarse", .presente, .yo, "pronoun.reflexive"),
    ("lavarse", .imperativoAfirmativo, .tu, "pronoun.enclitic"),
  ])
  func theRulesOfAForm(_ verb: String, _ tense: Tense, _ person: Person, _ rule: String) {
    #expect(ids(verb, tense, person).contains(rule), "\(verb) \(tense) \(person): \(ids(verb, tense, person))")
  }

  @Test func tengoAndTienes() {
    #expect(ids("tener", .presente, .yo) == ["ending.presente.yo.ar-er-ir", "stem.go"])
    #expect(ids("tener", .presente, .tu) == ["ending.presente.tu.er-ir", "stem.e-ie"])
    // busqué: the ending and the spelling rule.
    #expect(ids("buscar", .preterito, .yo) == ["ending.preterito.yo.ar", "spelling.c-qu"])
    // soy is ser's own: no ending.
    #expect(ids("ser", .presente, .yo) == ["own.ser.presente"])
  }

  @Test func compoundTensesAreHaberAndTheParticiple() {
    #expect(ids("hablar", .perfecto, .yo) == ["auxiliary.presente.yo", "ending.participio.ar"])
    #expect(ids("comer", .pluscuamperfecto, .ellos) == ["auxiliary.imperfecto.ellos", "ending.participio.er-ir"])
    let puesto = ids("poner", .perfecto, .tu)
    #expect(puesto.first == "auxiliary.presente.tu" && puesto.contains("participle.to"), "\(puesto)")
    #expect(ids("escribir", .perfecto, .yo).contains("participle.to"))
    #expect(ids("hacer", .perfecto, .yo).contains("participle.cho"))
    #expect(ids("decir", .perfecto, .yo).contains("participle.cho"))
  }

  @Test func theGerundAndTheParticiple() throws {
    let sentir = conjugator.rules(of: try conjugator.conjugate("sentir"))
    #expect(sentir.gerundio.map(\.id) == ["ending.gerundio.er-ir", "stem.e-i.unstressed"])
    let hablar = conjugator.rules(of: try conjugator.conjugate("hablar"))
    #expect(hablar.gerundio.map(\.id) == ["ending.gerundio.ar"])
    #expect(hablar.participio.map(\.id) == ["ending.participio.ar"])
  }

  @Test func aDefectiveCellHasNoRules() {
    #expect(ids("llover", .presente, .yo).isEmpty)
    #expect(ids("llover", .presente, .el) == ["ending.presente.el.er-ir", "stem.o-ue"])
    #expect(ids("hablar", .imperativoAfirmativo, .yo).isEmpty)
    #expect(ids("llover", .perfecto, .yo).isEmpty)
  }

  @Test func namesAreForLearners() throws {
    let rule = try #require(try conjugator.rules(of: "hablar", tense: .preterito, person: .yo).first)
    #expect(rule.name == "preterite, yo: -é (-ar verbs)")
    #expect(rule.kind == .ending)
    let future = try #require(try conjugator.rules(of: "vivir", tense: .futuro, person: .tu).first)
    #expect(future.name == "future, tú/vos: -ás on the infinitive (every verb)")
  }

  /// Every cell that has a form has rules, and none that has none, in a verb of every way the
  /// catalog conjugates (its model and modifiers) and every 40th verb besides; the same rule always
  /// has the same name. (`Scripts/bench` reads the whole catalog's rules, in release.)
  @Test func theCatalogsVerbs() {
    var names: [String: String] = [:]
    var empty: [String] = []
    var seen: Set<[ModelChoice]> = []
    let entries = conjugator.catalog.entries.enumerated().filter { n, entry in
      seen.insert(entry.choices).inserted || n % 40 == 0
    }.map(\.element)
    #expect(entries.count > 400)
    for entry in entries {
      let paradigm = conjugator.paradigm(of: entry)
      let rules = conjugator.rules(of: paradigm)
      for tense in Tense.allCases {
        for person in Person.allCases {
          let cell = rules[tense, person]
          if cell.isEmpty && !paradigm[tense, person].isEmpty { empty.append("\(entry.infinitive) \(tense) \(person)") }
          if !cell.isEmpty && paradigm[tense, person].isEmpty { empty.append("\(entry.infinitive) \(tense) \(person) (none)") }
          for rule in cell {
            if let name = names[rule.id], name != rule.name { Issue.record("\(rule.id): \(name) and \(rule.name)") }
            names[rule.id] = rule.name
          }
        }
      }
    }
    #expect(empty.isEmpty, "\(empty.prefix(20))")
  }
}
