import TerminalClient
import ScoreboardClient
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

  /// Issue 39, §3: the field is a door an answer comes in by (``AnswerBounds/admit(_:)``). A
  /// control character — C0, DEL, C1 (a CSI, U+009B), or an escape sequence's bytes arriving as
  /// characters — is not taken; nor an accent that would carry the answer past its bytes.
  @Test func controlCharactersAreNotTaken() {
    var field = TextField()
    let controls: [Swift.Character] = ["\u{0}", "\u{7}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9B}", "\r\n"]
    for control in controls {
      let taken = field.handle(.character(control))
      #expect(!taken, "U+\(control.unicodeScalars.first!.value)")
    }
    #expect(field.text.isEmpty && field.cursor == 0)
    #expect(self.field(typing("ten") + [.character("\u{9B}")] + typing("go")).text == "tengo")
    // Accents joined to one letter make no more characters, but more bytes: taken up to the bound.
    var accented = TextField(String(repeating: "a", count: 199))
    let taken = (0..<400).map { _ in accented.handle(.character("\u{301}")) }
    #expect(taken.filter { $0 }.count == 300)
    #expect(accented.text.count == 199 && accented.text.utf8.count == 799)
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
