@testable import ConjugarEngine
import Testing

/// The words of a search among forms, folded as every search folds: tenses by the beginning of a
/// name, persons by a name, the rest text.
@Suite struct FormTermTests {
  static let presente = FormTerm.tenseCode("presente")

  @Test func personsAreNamedByKeyOrPronounAccentsAndCaseAside() {
    for (word, person) in [("yo", Person.yo), ("tú", .tu), ("TU", .tu), ("él", .el), ("ella", .el), ("usted", .el),
      ("vosotras", .vosotros), ("ellas", .ellos), ("Ustedes", .ellos), ("vos", .vos)]
    {
      #expect(FormTerm.of(word) == [.person(FormTerm.personCode(person))], "\(word)")
    }
  }

  @Test func tensesByTheBeginningOfANameOfThreeLettersOrMore() {
    guard case .tenses(let codes) = FormTerm.of("pres")[0] else { Issue.record("pres names no tense"); return }
    #expect(codes & (1 << Self.presente) != 0)
    #expect(FormTerm.of("-ra").allSatisfy { if case .tenses = $0 { true } else { false } })
    #expect(FormTerm.of("de") == [.text(folded("de"))], "two letters: text")
    #expect(FormTerm.of("gerundio") == [.tenses(1 << FormTerm.tenseCode("gerundio"))])
    #expect(FormTerm.tenseCode("gerundio") == UInt8(Tense.allCases.count))
  }

  @Test func otherWordsAreTextFoundAtTheBeginningOfAWordOfAForm() {
    #expect(FormTerm.of("Tuve") == [.text(folded("tuve"))])
    #expect(FormTerm.beginsAWord(folded("teni"), of: folded("he tenido")))
    #expect(!FormTerm.beginsAWord(folded("nido"), of: folded("he tenido")), "text inside a word of the form")
  }

  /// Folded as the search folds, the word keeps what is no letter: "yo-" is no person (the
  /// command line's names, which turn dashes into spaces, took it for yo).
  @Test func aWordIsFoldedOnceAsEverySearchFolds() {
    #expect(FormTerm.of("yo-") == [.text(folded("yo-"))])
    #expect(FormTerm.of("yo") == [.person(FormTerm.personCode(.yo))])
  }
}
