import TerminalClient
import Testing

@testable import ConjugarTUI

@Suite struct TextFieldTests {
  func field(_ keys: [Key]) -> TextField {
    var field = TextField()
    for key in keys { _ = field.handle(key) }
    return field
  }

  @Test func everyAccentShortcut() {
    #expect(field(typing("a'e'i'o'u'n~u:A'N~U:")).text == "áéíóúñüÁÑÜ")
    // After any other letter the key is itself; twice, it stays (no toggling back).
    #expect(field(typing("l'x~s:á'")).text == "l'x~s:á'")
  }

  @Test func editingInTheMiddle() {
    let edited = field(typing("tngo") + [.home, .right] + typing("e") + [.end, .backspace, .left, .delete])
    #expect(edited.text == "ten")
    #expect(edited.cursor == 3)
    #expect(field(typing("abc") + [.control("a"), .backspace, .delete]).text == "bc")
    #expect(field(typing("abc") + [.control("u")]).text.isEmpty)
  }

  @Test func aShortcutAppliesToTheLetterBeforeTheCursor() {
    #expect(field(typing("hablo") + [.left, .left, .left] + typing("'")).text == "háblo")
    #expect(field(typing("tendre") + [.left] + typing("'")).text == "tendr'e")  // after an r, a plain '
  }

  @Test func aCombiningAccentJoinsItsLetter() {
    let edited = field([.character("e"), .character("\u{301}")])
    #expect(edited.text == "é")
    #expect(edited.cursor == 1)
  }

  @Test func keysItDoesNotUseAreLeftToTheScreen() {
    var field = TextField()
    #expect(!field.handle(.enter) && !field.handle(.escape) && !field.handle(.up))
  }

  @Test func theFieldScrollsToShowTheCursor() {
    var frame = Frame(size: Size(columns: 12, rows: 1))
    field(typing("abcdefghij")).draw(in: &frame, row: 0, column: 2, width: 5, focused: true)
    #expect(frame.text == "  ghij")
    #expect(frame.cursor == Position(row: 0, column: 6))
  }
}
