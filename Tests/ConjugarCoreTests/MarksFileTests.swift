import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import Testing

/// The forms `conjugar items` acts on, and the marks file a suspend that changes nothing leaves as
/// it was (issue 32, part 5).
@Suite struct MarksFileTests {
  let conjugator = Conjugator()

  @Test func aSelectionOfNoFormIsRefusedWithItsName() throws {
    #expect(try MarksFile.forms(of: "tener", tense: "presente", person: nil, conjugator: conjugator).count == 7)
    #expect(try MarksFile.forms(of: "ser", tense: "gerundio", person: nil, conjugator: conjugator).count == 1)
    #expect {
      try MarksFile.forms(of: "ser", tense: "gerundio", person: "yo", conjugator: conjugator)
    } throws: { "\($0)" == "ser has no gerundio for yo" }
    #expect {
      try MarksFile.forms(of: "ser", tense: "imperativo-afirmativo", person: "yo", conjugator: conjugator)
    } throws: { "\($0)" == "ser has no imperativo-afirmativo for yo" }
  }

  /// The names `conjugate` takes (issue 33, 14): the trainer's, accents optional, and the pronouns.
  @Test func theTrainersNamesOfTensesAndPersonsAreTaken() throws {
    let named = try MarksFile.forms(of: "tener", tense: "pretérito perfecto simple", person: "tú", conjugator: conjugator)
    #expect(named == [Item(verb: "tener", tense: "preterito", person: "tu")])
    #expect(try MarksFile.forms(of: "tener", tense: "Presente", person: "usted", conjugator: conjugator)
      == [Item(verb: "tener", tense: "presente", person: "el")])
    #expect(try MarksFile.forms(of: "tener", tense: "participio", person: nil, conjugator: conjugator).count == 1)
    #expect {
      try MarksFile.forms(of: "tener", tense: "pasado", person: nil, conjugator: conjugator)
    } throws: { "\($0)".hasPrefix("tense \"pasado\" is none of presente, preterito") }
  }

  /// A misspelt verb is answered with the catalog verbs meant, as `conjugate` answers it.
  @Test func aMisspeltVerbSaysWhichWasMeant() throws {
    #expect {
      try MarksFile.forms(of: "tenerr", tense: nil, person: nil, conjugator: conjugator)
    } throws: { "\($0)".hasPrefix("\"tenerr\" is not a verb of the catalog: did you mean tener") }
  }

  @Test func suspendingTwiceLeavesTheFileAsItWas() throws {
    let board = Scoreboard.inMemory()
    let forms = try MarksFile.forms(of: "tener", tense: "presente", person: nil, conjugator: conjugator)
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    #expect(try board.items.markItems(forms.map { ItemEvent(item: $0, action: .suspend, date: start) }) == 7)
    let text = MarksFile.text(try board.items.itemMarks())
    #expect(try board.items.markItems(forms.map { ItemEvent(item: $0, action: .suspend, date: start + 60) }) == 0)
    #expect(MarksFile.text(try board.items.itemMarks()) == text)
    #expect(try board.items.markItems(forms.map { ItemEvent(item: $0, action: .unsuspend, date: start + 120) }) == 7)
    // A verb never suspended: no event to carry.
    let caber = try MarksFile.forms(of: "caber", tense: nil, person: nil, conjugator: conjugator)
    let before = MarksFile.text(try board.items.itemMarks())
    #expect(try board.items.markItems(caber.map { ItemEvent(item: $0, action: .unsuspend, date: start + 180) }) == 0)
    #expect(MarksFile.text(try board.items.itemMarks()) == before)
  }
}
