import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import Testing

@Suite struct AnswerCheckerTests {
  @Test func exactMatchIgnoringCaseAndSurroundingSpaces() {
    #expect(AnswerChecker.check("tuve", accepted: ["tuve"]) == .correct)
    #expect(AnswerChecker.check("  Tuve ", accepted: ["tuve"]) == .correct)
    #expect(AnswerChecker.check("HE  TENIDO", accepted: ["he tenido"]) == .correct)
  }

  @Test func everyAcceptedFormCounts() {
    #expect(AnswerChecker.check("imprimido", accepted: ["impreso", "imprimido"]) == .correct)
    #expect(AnswerChecker.check("guié", accepted: ["guie", "guié"]) == .correct)
  }

  /// The tables show guio (orthography of 2010); guió, the older spelling, loses no points.
  @Test func theSpellingBefore2010IsRight() throws {
    let accepted = try sharedConjugator.conjugate("guiar").accepted(.preterito, .el)
    #expect(accepted.first == "guio")
    #expect(AnswerChecker.check("guió", accepted: accepted) == .correct)
    #expect(AnswerChecker.check("guio", accepted: accepted) == .correct)
  }

  @Test func onlyTheAccentsWrongScoresPartially() {
    #expect(AnswerChecker.check("tendre", accepted: ["tendré"]) == .accentsOnly)
    #expect(AnswerChecker.check("téngo", accepted: ["tengo"]) == .accentsOnly)
    #expect(AnswerChecker.check("averigue", accepted: ["averigüé"]) == .accentsOnly)
  }

  @Test func anythingElseIsWrong() {
    #expect(AnswerChecker.check("teno", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("   ", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("ano", accepted: ["año"]) == .wrong)  // ñ is a letter, not an accent
    #expect(AnswerChecker.check("tengo tengo", accepted: ["tengo"]) == .wrong)
  }
}

/// The checker's verdicts are the engine's diagnosis (issue 11).
@Suite struct AnswerCheckerDiagnosisTests {
  @Test func anotherFormOfTheVerbIsNoAccentSlip() throws {
    let paradigm = try sharedConjugator.conjugate("hablar")
    #expect(AnswerChecker.check("hablo", accepted: ["habló"]) == .accentsOnly)  // the verb unknown
    #expect(AnswerChecker.check("hablo", paradigm: paradigm, tense: .preterito, person: .el, conjugator: sharedConjugator) == .wrong)
    #expect(AnswerChecker.check("hablo", paradigm: paradigm, tense: .presente, person: .yo, conjugator: sharedConjugator) == .correct)
    #expect(AnswerChecker.check("yo hablo", paradigm: paradigm, tense: .presente, person: .yo, conjugator: sharedConjugator) == .correct)
    #expect(AnswerChecker.check("hables", accepted: ["no hables"]) == .correct)
  }
}
