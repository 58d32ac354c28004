@testable import ConjugarEngine
import Foundation
import Testing

/// `conjugate --ipa`: each form's IPA wherever the form is, from one transcription of every form.
@Suite struct PronunciationTests {
  /// A stand-in transcription that shows which form it came from.
  static func fake(_ form: String) -> String { "/" + form.uppercased() + "/" }

  @Test func everyFormIsTranscribedOnceInOneCall() throws {
    let verbs = try ["tener", "imprimir", "mantener"].map { try conjugator.conjugate($0) }
    var calls: [[String]] = []
    let ipa = Pronunciation(verbs, progressive: { conjugator.progressive(of: $0) }) { forms in
      calls.append(forms)
      return forms.map(Self.fake)
    }
    #expect(calls.count == 1)
    let asked = try #require(calls.first)
    #expect(Set(asked).count == asked.count, "each form once")
    for verb in verbs {
      let forms = Pronunciation.forms(of: verb, selection: .all, progressive: conjugator.progressive(of: verb))
      #expect(Set(forms).isSubset(of: asked))
      #expect(forms.contains("impreso") == (verb.infinitive == "imprimir"))
      for form in forms { #expect(ipa[form] == Self.fake(form)) }
    }
    #expect(asked.contains("estoy teniendo"), "the progressive's forms too")
  }

  @Test func jsonGainsTheIPAInTheShapeOfTheForms() throws {
    let verb = try conjugator.conjugate("imprimir")
    let progressive = conjugator.progressive(of: verb)
    let ipa = Pronunciation([verb], progressive: { _ in progressive }) { $0.map(Self.fake) }
    let line = JSONFormat.line(verb, progressive: progressive, ipa: ipa)
    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let transcribed = try #require(object["ipa"] as? [String: Any])
    #expect(transcribed.keys.sorted() == ["gerundio", "infinitive", "participio", "progresivo", "tenses"])
    #expect(transcribed["infinitive"] as? String == Self.fake("imprimir"))
    for key in ["gerundio", "participio"] {
      #expect((transcribed[key] as? [String]) == (object[key] as? [String])?.map(Self.fake))
    }
    #expect((transcribed["participio"] as? [String])?.count == 2, "impreso, imprimido: one each, in order")
    for key in ["tenses", "progresivo"] {
      let forms = try #require(object[key] as? [String: [String: [String]]])
      let sounds = try #require(transcribed[key] as? [String: [String: [String]]])
      #expect(sounds == forms.mapValues { $0.mapValues { $0.map(Self.fake) } })
    }
    // Without IPA, the line it was.
    #expect(JSONFormat.line(verb, progressive: progressive, ipa: nil) == JSONFormat.line(verb, progressive: progressive))
    #expect(line.hasPrefix(String(JSONFormat.line(verb, progressive: progressive).dropLast()) + ", \"ipa\": {"))
  }

  @Test func tsvGainsAnIPAColumn() throws {
    let verbs = try ["imprimir", "googlear"].map { try conjugator.conjugate($0) }
    let selection = FormSelection(tenses: [.presente, .perfecto], persons: [.yo])
    let ipa = Pronunciation(verbs, selection: selection) { $0.map(Self.fake) }
    #expect(TSVFormat.header(ipa: true) == "infinitive\ttense\tperson\tforms\tipa")
    #expect(TSVFormat.header(ipa: false) == TSVFormat.header)
    for verb in verbs {
      let plain = TSVFormat.lines(verb, selection: selection).split(separator: "\n")
      let lines = TSVFormat.lines(verb, selection: selection, ipa: ipa).split(separator: "\n")
      #expect(lines.count == plain.count)
      for (line, before) in zip(lines, plain) {
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(columns.count == 5)
        #expect(columns[0..<4].joined(separator: "\t") == before)
        let expected = columns[1] == "not-in-catalog" ? "" : columns[3].split(separator: "/").map { Self.fake(String($0)) }.joined(separator: "/")
        #expect(columns[4] == expected, "\(line)")
      }
    }
  }

  @Test func theTableShowsTheIPAUnderEachForm() throws {
    let verb = try conjugator.conjugate("tener")
    let ipa = Pronunciation([verb]) { $0.map(Self.fake) }
    let table = TableFormat.render(
      verb, irregularities: conjugator.irregularities(of: verb), style: .plain,
      selection: FormSelection(tenses: [.presente, .perfecto], persons: [.yo, .nosotros]), ipa: ipa)
    #expect(table.hasPrefix("tener — to have\n/TENER/\nmodel: tener\ngerundio: teniendo\n          /TENIENDO/\n"))
    #expect(table.contains("\nyo        tengo\n          /TENGO/\nnosotros  tenemos\n          /TENEMOS/\n"))
    // A column as wide as its longest line, form or IPA.
    #expect(table.contains("\nyo        he tenido\n          /HE TENIDO/\n"))
  }
}
