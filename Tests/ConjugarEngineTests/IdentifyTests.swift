@testable import ConjugarEngine
import Testing

/// Every reading of a form (issue 11).
@Suite struct IdentifyTests {
  func readings(_ form: String) -> Set<String> {
    Set(
      conjugator.identify(form).map {
        "\($0.verb) \($0.cell.tenseName) \($0.cell.personName ?? "-")\($0.accentsIgnored ? " ~\($0.form)" : "")"
      })
  }

  @Test func theIssuesExamples() {
    #expect(readings("fuimos") == ["ir preterito nosotros", "ser preterito nosotros"])
    #expect(
      readings("cante")
        == ["cantar presente-subjuntivo yo", "cantar presente-subjuntivo el", "cantar imperativo-afirmativo el"])
    #expect(readings("me lavo") == ["lavarse presente yo"])
    #expect(readings("he hablado") == ["hablar perfecto yo"])
    #expect(readings("Me he lavado") == ["lavarse perfecto yo"])
    #expect(readings("no hables") == ["hablar imperativo-negativo tu", "hablar imperativo-negativo vos"])
    #expect(readings("habría hablado") == ["hablar condicional-perfecto yo", "hablar condicional-perfecto el"])
  }

  @Test func nonFiniteForms() {
    #expect(readings("hablando") == ["hablar gerundio -"])
    #expect(readings("lavándose") == ["lavarse gerundio -"])
    #expect(readings("impreso") == ["imprimir participio -"])
    #expect(readings("hecho").contains("hacer participio -"))
  }

  @Test func exactMatchesFirstThenAccentsIgnored() {
    #expect(readings("tuvé") == ["tener preterito yo ~tuve"])
    #expect(readings("TUVE") == ["tener preterito yo"])
    #expect(readings("  tuve  ") == ["tener preterito yo"])
    #expect(readings("tenian") == ["tener imperfecto ellos ~tenían", "teñir imperfecto ellos ~teñían"])
    #expect(readings("anadimos") == ["añadir presente nosotros ~añadimos", "añadir preterito nosotros ~añadimos"])
    // hablo is a form as written: the preterite, habló, is not offered.
    #expect(readings("hablo") == ["hablar presente yo"])
    #expect(readings("hablo").count == 1)
    let loose = conjugator.identify("hablé")
    #expect(loose.allSatisfy { !$0.accentsIgnored })
  }

  @Test func olderSpellingsAreExact() {
    #expect(readings("guió") == ["guiar preterito el"])
    #expect(readings("guio") == ["guiar preterito el"])
  }

  @Test func nothingForWhatIsNoForm() {
    #expect(conjugator.identify("zzzq").isEmpty)
    #expect(conjugator.identify("").isEmpty)
    #expect(conjugator.identify("tengo 💃").isEmpty)
    #expect(conjugator.identify("the").isEmpty)
  }

  @Test func aBatchGivesEachItsOwn() {
    let batch = conjugator.identify(["tengo", "fuimos", "zzz", "tengo"])
    #expect(batch.count == 4)
    #expect(batch[0].map(\.verb) == ["tener"])
    #expect(Set(batch[1].map(\.verb)) == ["ir", "ser"])
    #expect(batch[2].isEmpty)
    #expect(batch[3] == batch[0])
  }

  /// Every form of every catalog verb — simple, compound, gerund, participle, older spellings — is
  /// found with the reading it comes from; and every reading found is a form of its cell. In
  /// eight parts, by position in the catalog.
  @Test(arguments: 0..<8) func everyFormOfTheCatalogFindsAllItsReadings(_ part: Int) {
    let entries = conjugator.catalog.entries
    var forms: [String] = []
    var number: [String: Int] = [:]
    var expected: [(form: Int, verb: String, cell: Reading.Cell)] = []
    var paradigms: [String: Paradigm] = [:]
    func add(_ form: String, _ verb: String, _ cell: Reading.Cell) {
      let n = number[form] ?? forms.count
      if n == forms.count {
        forms.append(form)
        number[form] = n
      }
      expected.append((n, verb, cell))
    }
    for entry in stride(from: part, to: entries.count, by: 8).map({ entries[$0] }) {
      let paradigm = conjugator.paradigm(of: entry)
      paradigms[entry.infinitive] = paradigm
      for tense in Tense.allCases {
        for person in Person.allCases {
          for form in paradigm.accepted(tense, person) { add(form, entry.infinitive, .finite(tense, person)) }
        }
      }
      for form in paradigm.gerundio { add(form, entry.infinitive, .gerundio) }
      for form in paradigm.participio { add(form, entry.infinitive, .participio) }
    }
    let found = conjugator.identify(forms)
    var missing: [String] = []
    for (form, verb, cell) in expected
    where !found[form].contains(where: { $0.verb == verb && $0.cell == cell && !$0.accentsIgnored }) {
      missing.append("\(forms[form]): \(verb) \(cell)")
    }
    #expect(missing.isEmpty, "\(missing.count) readings not found, such as \(missing.prefix(10))")
    var wrong: [String] = []
    for (n, readings) in found.enumerated() {
      for reading in readings {
        #expect(!reading.accentsIgnored, "\(forms[n])")
        guard let paradigm = paradigms[reading.verb] else { continue }  // another part's verb
        let accepted: [String] =
          switch reading.cell {
          case .finite(let tense, let person): paradigm.accepted(tense, person)
          case .gerundio: paradigm.gerundio
          case .participio: paradigm.participio
          }
        if !accepted.contains(forms[n]) || reading.form != forms[n] { wrong.append("\(forms[n]): \(reading)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) readings wrong, such as \(wrong.prefix(10))")
    #expect(expected.count > 200_000)
  }
}
