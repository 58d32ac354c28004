@testable import ConjugarEngine
import Testing

/// `conjugate --tenses --persons --progressive`, and the table's labels (issue 13).
@Suite struct OutputOptionTests {
  @Test func jsonKeepsOnlyTheTensesAndPersonsAsked() throws {
    let tener = try conjugator.conjugate("tener")
    let line = JSONFormat.line(tener, selection: FormSelection(tenses: [.preterito, .presente], persons: [.el, .yo]))
    #expect(line.hasSuffix(#""tenses": {"presente": {"yo": ["tengo"], "el": ["tiene"]}, "preterito": {"yo": ["tuve"], "el": ["tuvo"]}}}"#))
    #expect(JSONFormat.line(tener, selection: .all) == JSONFormat.line(tener))
  }

  /// `--tenses` shows what it names: no gerundio or participio, in any format (issue 33, item 15).
  @Test func withoutTheNonFiniteFormsOnlyTheTensesAreShown() throws {
    let tener = try conjugator.conjugate("tener")
    let selection = FormSelection(tenses: [.presente], persons: [.yo], nonFinite: false)
    #expect(TSVFormat.lines(tener, selection: selection) == "tener\tpresente\tyo\ttengo\n")
    let line = JSONFormat.line(tener, selection: selection)
    #expect(line.hasSuffix(#""known": true, "tenses": {"presente": {"yo": ["tengo"]}}}"#), "\(line)")
    let ipa = Pronunciation([tener], selection: selection) { $0.map { "/\($0)/" } }
    #expect(JSONFormat.line(tener, selection: selection, ipa: ipa).hasSuffix(#""ipa": {"infinitive": "/tener/", "tenses": {"presente": {"yo": ["/tengo/"]}}}}"#))
    let table = TableFormat.render(tener, irregularities: conjugator.irregularities(of: tener), style: .plain, selection: selection)
    #expect(!table.contains("gerundio") && !table.contains("participio") && table.contains("tengo"), "\(table)")
    #expect(TSVFormat.lines(tener, selection: FormSelection(tenses: [.presente], persons: [.yo])).hasPrefix("tener\tgerundio\t\tteniendo\n"))
  }

  @Test func theProgressiveIsEstarAndTheGerund() throws {
    func progressive(_ verb: String, _ tense: Tense, _ person: Person) throws -> [String] {
      conjugator.progressive(of: try conjugator.conjugate(verb))[tense, person]
    }
    #expect(try progressive("hablar", .presente, .yo) == ["estoy hablando"])
    #expect(try progressive("ir", .imperfecto, .nosotros) == ["estábamos yendo"])
    #expect(try progressive("lavarse", .presente, .yo) == ["me estoy lavando"])
    #expect(try progressive("reírse", .preterito, .ellos) == ["se estuvieron riendo"])
    #expect(try progressive("hablar", .perfecto, .yo) == [])  // simple tenses only
    let line = JSONFormat.line(
      try conjugator.conjugate("hablar"), selection: FormSelection(tenses: [.presente], persons: [.yo]),
      progressive: conjugator.progressive(of: try conjugator.conjugate("hablar")))
    #expect(line.hasSuffix(#""tenses": {"presente": {"yo": ["hablo"]}}, "progresivo": {"presente": {"yo": ["estoy hablando"]}}}"#))
  }

  @Test func tsvNamesTheProgressiveTenses() throws {
    let hablar = try conjugator.conjugate("hablar")
    let lines = TSVFormat.lines(
      hablar, selection: FormSelection(tenses: [.futuro], persons: [.tu]), progressive: conjugator.progressive(of: hablar))
    #expect(lines.split(separator: "\n").suffix(2) == ["hablar\tfuturo\ttu\thablarás", "hablar\tprogresivo-futuro\ttu\testarás hablando"])
  }

  @Test func theTableLabelsTheImperativeAsTheTrainerDoes() throws {
    let tener = try conjugator.conjugate("tener")
    let table = TableFormat.render(tener, irregularities: conjugator.irregularities(of: tener), style: .plain)
    #expect(table.contains("\nusted     tenga       no tenga\n"))
    #expect(table.contains("\nustedes   tengan      no tengan\n"))
    // Every block of a group, condicional perfecto too, after a blank line.
    #expect(table.contains("habrán tenido\n\n          condicional perfecto\n"))
  }

  /// dárselo: clitics other than the reflexive se are not conjugated; the message says so (issue 13),
  /// and names dar, whose se there is the indirect object's (issue 33, 16); irme names irse.
  @Test func cliticsOtherThanTheReflexiveSeAreExplained() {
    do {
      _ = try conjugator.conjugate("dárselo")
      Issue.record("dárselo conjugated")
    } catch {
      #expect("\(error)".contains("it is dar with the pronouns \"se\" and \"lo\" after it, which are not conjugated with it: did you mean dar?"))
    }
    do {
      _ = try conjugator.conjugate("irme")
      Issue.record("irme conjugated")
    } catch {
      #expect("\(error)".contains("only the reflexive se of a pronominal verb is conjugated with it: did you mean irse?"))
    }
  }

  /// `--format plain` (issue 34): a sentence per form, the irregular letters named in words, no
  /// escape sequence and no columns.
  @Test func thePlainFormatSaysEachFormAndItsIrregularLetters() {
    let paradigm = try! conjugator.conjugate("tener")
    let text = PlainFormat.render(
      paradigm, irregularities: conjugator.irregularities(of: paradigm),
      selection: FormSelection(tenses: [.presente, .imperativoAfirmativo], persons: [.yo, .tu, .nosotros], nonFinite: false))
    #expect(text == """
      tener (to have), model tener.
      tener, presente, yo: tengo, irregular in the letter g.
      tener, presente, tú: tienes, irregular in the letter i.
      tener, presente, nosotros: tenemos.
      tener, imperativo afirmativo, tú: ten, wholly irregular.
      tener, imperativo afirmativo, nosotros: tengamos, irregular in the letter g.

      """)
    #expect(!text.contains("\u{1B}") && !text.contains("  "))
  }

  /// Issue 40, 8: the irregular letters said as letters ("vas, irregular: va" was heard as a
  /// syllable), and a gloss's own parentheses not heard inside the gloss's.
  @Test func thePlainFormatSaysIrregularLettersAsLettersAndNoParenthesesInParentheses() {
    let ir = try! conjugator.conjugate("ir")
    let text = PlainFormat.render(
      ir, irregularities: conjugator.irregularities(of: ir),
      selection: FormSelection(tenses: [.presente], persons: [.tu], nonFinite: false))
    #expect(text.hasSuffix("ir, presente, tú: vas, irregular in the letters v and a.\n"))
    let aprobar = try! conjugator.conjugate("aprobar")
    let first = PlainFormat.lines(aprobar, irregularities: conjugator.irregularities(of: aprobar), selection: .all)[0]
    #expect(first == "aprobar (to pass an exam, to approve), model contar.", "\(first)")
    #expect(PlainFormat.aside("to give (someone) a cold") == "to give someone a cold")
  }
}
