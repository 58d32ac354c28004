@testable import ConjugarEngine
import Testing

/// The classification of irregular changes (issue 11): spelling rule, stem change, wholly irregular.
@Suite struct ChangeTests {
  func changes(_ verb: String, _ tense: Tense, _ person: Person) -> [Change] {
    guard let paradigm = try? conjugator.conjugate(verb) else {
      Issue.record("\(verb)")
      return []
    }
    return conjugator.changes(of: paradigm)[tense, person].first ?? []
  }

  func patterns(_ verb: String, _ tense: Tense, _ person: Person) -> Set<Change.Pattern> {
    Set(changes(verb, tense, person).map(\.pattern))
  }

  @Test(arguments: [
    ("buscar", Tense.preterito, Person.yo, Change.Pattern.cToQu), ("llegar", .preterito, .yo, .gToGu),
    ("empezar", .preterito, .yo, .zToC), ("seguir", .presente, .yo, .guToG), ("coger", .presente, .yo, .gToJ),
    ("vencer", .presente, .yo, .cToZ), ("delinquir", .presente, .yo, .quToC), ("averiguar", .preterito, .yo, .guToGü),
    ("creer", .preterito, .el, .iToY), ("leer", .preterito, .ellos, .iToY), ("plañir", .preterito, .el, .iAbsorbed),
    ("creer", .preterito, .tu, .accent), ("hacer", .preterito, .el, .cToZ),
  ])
  func spellingRules(_ verb: String, _ tense: Tense, _ person: Person, _ pattern: Change.Pattern) {
    #expect(patterns(verb, tense, person).contains(pattern), "\(verb) \(tense) \(person): \(changes(verb, tense, person))")
    #expect(pattern.kind == .spelling)
  }

  @Test(arguments: [
    ("pensar", Tense.presente, Person.yo, Change.Pattern.eToIe), ("volver", .presente, .yo, .oToUe),
    ("pedir", .presente, .yo, .eToI), ("jugar", .presente, .yo, .uToUe), ("adquirir", .presente, .yo, .iToIe),
    ("seguir", .presente, .yo, .eToI), ("sentir", .preterito, .el, .eToI), ("dormir", .preterito, .ellos, .oToU),
    ("dormir", .presenteSubjuntivo, .nosotros, .oToU), ("errar", .presente, .yo, .eToIe), ("oler", .presente, .yo, .oToUe),
    ("avergonzar", .presente, .yo, .oToUe), ("reír", .presente, .yo, .eToI), ("vaciar", .presente, .yo, .iToÍ),
    ("actuar", .presente, .el, .uToÚ), ("conocer", .presente, .yo, .zc), ("conducir", .presenteSubjuntivo, .el, .zc),
    ("tener", .presente, .yo, .g), ("hacer", .presente, .yo, .g), ("oír", .presente, .yo, .g),
    ("construir", .presente, .yo, .y), ("huir", .presenteSubjuntivo, .nosotros, .y), ("tener", .presente, .tu, .eToIe),
    ("lavarse", .presente, .yo, .g),
  ])
  func stemChanges(_ verb: String, _ tense: Tense, _ person: Person, _ pattern: Change.Pattern) {
    if verb == "lavarse" {  // a regular verb: nothing
      #expect(changes(verb, tense, person).isEmpty)
      return
    }
    #expect(patterns(verb, tense, person).contains(pattern), "\(verb) \(tense) \(person): \(changes(verb, tense, person))")
    #expect(pattern.kind == .stemChange)
  }

  @Test(arguments: [
    ("tener", Tense.preterito, Person.yo, Change.Pattern.strongPreterite), ("decir", .imperfectoSubjuntivoRa, .yo, .strongPreterite),
    ("conducir", .preterito, .yo, .strongPreterite), ("hacer", .futuro, .yo, .irregularFuture),
    ("salir", .condicional, .el, .irregularFuture), ("ser", .presente, .yo, .irregular), ("ir", .preterito, .yo, .irregular),
    ("caber", .presente, .yo, .irregular), ("hacer", .imperativoAfirmativo, .tu, .irregular),
    ("hacer", .perfecto, .yo, .irregularParticiple),
  ])
  func whollyIrregular(_ verb: String, _ tense: Tense, _ person: Person, _ pattern: Change.Pattern) {
    #expect(patterns(verb, tense, person).contains(pattern), "\(verb) \(tense) \(person): \(changes(verb, tense, person))")
    #expect(pattern.kind == .irregular)
  }

  @Test func spansAreTheLettersOfTheForm() throws {
    let busque = changes("buscar", .preterito, .yo)
    #expect(busque == [Change(.cToQu, span: 3..<5)])  // bus[qu]é
    let sigo = changes("seguir", .presente, .yo)
    #expect(sigo.contains(Change(.guToG, span: 2..<3)))  // si[g]o
    #expect(sigo.contains(Change(.eToI, span: 1..<2)))  // s[i]go
    let hecho = try conjugator.changes(of: conjugator.conjugate("hacer")).participio
    #expect(hecho.first?.map(\.pattern) == [.irregularParticiple])
    #expect(changes("hablar", .preterito, .yo).isEmpty)
    #expect(changes("hablar", .perfecto, .yo).isEmpty)
  }
}

/// The irregularity groups, read from the classification (issue 11).
@Suite struct IrregularityGroupTests {
  func groups(_ verb: String) -> Set<IrregularityGroup> {
    guard let entry = conjugator.catalog.entry(verb) else {
      Issue.record("\(verb) not in the catalog")
      return []
    }
    return conjugator.groups(of: entry)
  }

  @Test(arguments: [
    ("pensar", ["e-ie"]), ("volver", ["o-ue", "irregular-participle"]), ("pedir", ["e-i"]),
    ("jugar", ["u-ue", "spelling"]), ("adquirir", ["i-ie"]), ("tener", ["e-ie", "yo-go", "strong-preterite", "irregular-future"]),
    ("poner", ["yo-go", "strong-preterite", "irregular-future", "irregular-participle"]), ("salir", ["yo-go", "irregular-future"]),
    ("conocer", ["zc"]), ("conducir", ["zc", "strong-preterite"]), ("construir", ["uir", "spelling"]),
    ("buscar", ["spelling"]), ("llegar", ["spelling"]), ("empezar", ["e-ie", "spelling"]), ("seguir", ["e-i", "spelling"]),
    ("coger", ["spelling"]), ("hablar", []), ("comer", []), ("vivir", []),
    ("decir", ["e-i", "yo-go", "strong-preterite", "irregular-future", "irregular-participle"]),
    ("hacer", ["yo-go", "strong-preterite", "irregular-future", "irregular-participle", "spelling"]),
    ("ver", ["irregular-participle"]), ("imprimir", ["irregular-participle"]), ("escribir", ["irregular-participle"]),
    ("poder", ["o-ue", "strong-preterite", "irregular-future"]), ("sentir", ["e-ie"]), ("dormir", ["o-ue"]),
    ("querer", ["e-ie", "strong-preterite", "irregular-future"]), ("saber", ["strong-preterite", "irregular-future"]),
    ("ser", []), ("ir", []), ("estar", ["strong-preterite"]), ("oír", ["yo-go", "spelling"]),
    ("lavarse", []), ("acostarse", ["o-ue"]), ("vestirse", ["e-i"]), ("reír", ["e-i", "spelling"]),
  ])
  func theIssuesExamples(_ verb: String, _ expected: [String]) {
    #expect(groups(verb) == Set(expected.map { IrregularityGroup(rawValue: $0)! }), "\(verb)")
  }

  /// Every catalog verb of a model is in the group the model's rule names: a few hundred verbs,
  /// each checked by the rule rather than by what the classification found.
  @Test func everyVerbOfAModelIsInItsGroup() {
    let byModel: [String: IrregularityGroup] = [
      "acertar": .eToIe, "tender": .eToIe, "contar": .oToUe, "mover": .oToUe, "servir": .eToI, "nacer": .zc,
      "lucir": .zc, "conducir": .zc, "huir": .uir, "sacar": .spelling, "pagar": .spelling, "rozar": .spelling,
      "coger": .spelling, "vencer": .spelling, "tener": .yoGo, "poner": .irregularParticiple, "abrir": .irregularParticiple,
      "escribir": .irregularParticiple,
    ]
    var checked = 0
    for entry in conjugator.catalog.entries where entry.choices.count == 1 && !entry.choices[0].hasModifiers {
      guard let group = byModel[entry.model] else { continue }
      #expect(conjugator.groups(of: entry).contains(group), "\(entry.infinitive) (\(entry.model))")
      checked += 1
    }
    #expect(checked > 300)
    // And the plain regular verbs are in no group.
    var regular = 0
    for entry in conjugator.catalog.entries.prefix(3_000) where entry.choices.count == 1 && entry.isRegular && !entry.choices[0].hasModifiers {
      #expect(conjugator.groups(of: entry).isEmpty, "\(entry.infinitive)")
      regular += 1
    }
    #expect(regular > 100)
  }

  @Test func theNamesAreTheIssues() {
    #expect(IrregularityGroup.allCases.map(\.rawValue) == [
      "e-ie", "o-ue", "e-i", "u-ue", "i-ie", "yo-go", "zc", "uir", "spelling", "strong-preterite", "irregular-future",
      "irregular-participle",
    ])
  }
}
