import ConjugarEngine
import Testing

/// The diagnosis on real learners' mistakes (issue 11).
@Suite struct DiagnosisTests {
  func diagnose(_ verb: String, _ tense: Tense, _ person: Person, _ answer: String) -> Diagnosis {
    do { return try conjugator.diagnose(answer: answer, verb: verb, tense: tense, person: person) } catch {
      Issue.record("\(error)")
      return Diagnosis.unavailable
    }
  }

  @Test(arguments: [
    // answer, verb, tense, person, verdict, codes, rule, reading
    ("teno", "tener", Tense.presente, Person.yo, Diagnosis.Verdict.wrong, [Diagnosis.Code.regularized], nil as Change.Pattern?),
    ("conoco", "conocer", .presente, .yo, .wrong, [.regularized], nil),
    ("haceré", "hacer", .futuro, .yo, .wrong, [.regularized], nil),
    ("cabo", "caber", .presente, .yo, .wrong, [.regularized], nil),
    ("andé", "andar", .preterito, .yo, .wrong, [.regularized], nil),
    ("huo", "huir", .presente, .yo, .wrong, [.regularized], nil),
    ("penso", "pensar", .presente, .yo, .wrong, [.stemChangeMissed], .eToIe),
    ("dormió", "dormir", .preterito, .el, .wrong, [.stemChangeMissed], .oToU),
    ("cerran", "cerrar", .presente, .ellos, .wrong, [.stemChangeMissed], .eToIe),
    ("podo", "poder", .presente, .yo, .wrong, [.stemChangeMissed], .oToUe),
    ("pedo", "pedir", .presente, .yo, .wrong, [.stemChangeMissed], .eToI),
    ("jugo", "jugar", .presente, .yo, .wrong, [.stemChangeMissed], .uToUe),
    ("piensamos", "pensar", .presente, .nosotros, .wrong, [.stemChangeNotHere], .eToIe),
    ("puedemos", "poder", .presente, .nosotros, .wrong, [.stemChangeNotHere], .oToUe),
    ("durmimos", "dormir", .presente, .nosotros, .wrong, [.stemChangeNotHere], .oToU),
    ("buscé", "buscar", .preterito, .yo, .wrong, [.spellingRule], .cToQu),
    ("llegé", "llegar", .preterito, .yo, .wrong, [.spellingRule], .gToGu),
    ("empezé", "empezar", .preterito, .yo, .wrong, [.spellingRule], .zToC),
    ("siguo", "seguir", .presente, .yo, .wrong, [.spellingRule], .guToG),
    ("cogo", "coger", .presente, .yo, .wrong, [.spellingRule], .gToJ),
    ("venco", "vencer", .presente, .yo, .wrong, [.spellingRule], .cToZ),
    ("averigué", "averiguar", .preterito, .yo, .accentsOnly, [.accents], nil),  // ü counts as an accent
    ("creió", "creer", .preterito, .el, .wrong, [.spellingRule], .iToY),
    ("tengp", "tener", .presente, .yo, .wrong, [.typo], nil),
    ("hablsmos", "hablar", .presente, .nosotros, .wrong, [.typo], nil),
    ("tendre", "tener", .futuro, .yo, .accentsOnly, [.accents], nil),
    ("averigue", "averiguar", .preterito, .yo, .accentsOnly, [.accents], nil),
    ("hablo", "hablar", .preterito, .el, .wrong, [.otherForm], nil),
    ("busque", "buscar", .preterito, .yo, .wrong, [.otherForm], nil),
    ("tenga", "tener", .imperativoNegativo, .tu, .wrong, [.otherForm], nil),
    ("hablas", "hablar", .presente, .yo, .wrong, [.otherForm], nil),
    ("tú hablas", "hablar", .presente, .yo, .wrong, [.otherForm], nil),
    ("él tiene", "tener", .presente, .el, .correct, [], nil),
    ("Usted tiene", "tener", .presente, .el, .correct, [], nil),
    ("yo me lavo", "lavarse", .presente, .yo, .correct, [], nil),
    ("tengas", "tener", .imperativoNegativo, .tu, .correct, [], nil),
    ("no tengas", "tener", .imperativoNegativo, .tu, .correct, [], nil),
    ("guió", "guiar", .preterito, .el, .correct, [], nil),
    ("he hablado", "hablar", .perfecto, .yo, .correct, [], nil),
    ("xyz", "hablar", .presente, .yo, .wrong, [], nil),
    ("", "hablar", .presente, .yo, .wrong, [], nil),
  ])
  func realLearnersMistakes(
    _ answer: String, _ verb: String, _ tense: Tense, _ person: Person, _ verdict: Diagnosis.Verdict,
    _ codes: [Diagnosis.Code], _ rule: Change.Pattern?
  ) {
    let d = diagnose(verb, tense, person, answer)
    #expect(d.verdict == verdict, "\(answer): \(d.message)")
    #expect(d.codes == codes, "\(answer): \(d.message)")
    if let rule { #expect(d.rule == rule, "\(answer): \(d.message)") }
    #expect(!d.message.isEmpty && d.message.hasSuffix("."))
    #expect(d.expected == (try? conjugator.conjugate(verb).accepted(tense, person)))
  }

  @Test func anotherFormSaysWhich() {
    let hablo = diagnose("hablar", .preterito, .el, "hablo")
    #expect(hablo.reading?.tense == .presente && hablo.reading?.person == .yo)
    #expect(hablo.message == "hablo is the presente (yo) of hablar; the pretérito perfecto simple (él/ella/usted) is habló.")
    let tenga = diagnose("tener", .imperativoNegativo, .tu, "tenga")
    #expect(tenga.reading?.tense == .imperativoNegativo && tenga.reading?.person == .el)
    #expect(diagnose("hablar", .preterito, .el, "hablo").verdict == .wrong)  // not an accent slip
  }

  @Test func messagesNameTheMistake() {
    #expect(diagnose("pensar", .presente, .yo, "penso").message == "pensar changes e to ie here: pienso, not penso.")
    #expect(diagnose("buscar", .preterito, .yo, "buscé").message == "busqué, not buscé: c is written qu before e, to keep its sound.")
    #expect(diagnose("tener", .presente, .yo, "teno").message == "teno is what a regular verb would give; tener is irregular here: tengo.")
    #expect(diagnose("tener", .futuro, .yo, "tendre").message == "Only the accents differ: tendré.")
  }

  @Test func theVerdictWithoutTheVerb() {
    #expect(Diagnosis.verdict(of: "hables", accepted: ["no hables"]) == .correct)
    #expect(Diagnosis.verdict(of: "tendre", accepted: ["tendré"]) == .accentsOnly)
    #expect(Diagnosis.verdict(of: "ano", accepted: ["año"]) == .wrong)
  }
}

extension Diagnosis {
  static var unavailable: Diagnosis { (try? conjugator.diagnose(answer: "", verb: "hablar", tense: .presente, person: .yo))! }
}
