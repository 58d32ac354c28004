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
