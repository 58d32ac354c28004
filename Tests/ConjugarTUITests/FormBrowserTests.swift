import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The browser of the forms remembered (Progress's f, issue 21 §3): search as you type, sort,
/// filter, suspend and reset, kept in the World's score board.
@Suite struct FormBrowserTests {
  let size = Size(columns: 80, rows: 24)

  static func answer(_ verb: String, _ tense: String, _ person: String, _ given: String, right: Bool, day: Int)
    -> AnsweredQuestion
  {
    AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: given, given: right ? given : "xx",
      result: right ? .correct : .wrong, date: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400))
  }

  /// tener (presente yo, pretérito yo), ser presente yo, hablar presente yo: four forms.
  func world() throws -> (World, Scoreboard) {
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers([
      Self.answer("tener", "presente", "yo", "tengo", right: true, day: 0),
      Self.answer("tener", "preterito", "yo", "tuve", right: false, day: 0),
      Self.answer("ser", "presente", "yo", "soy", right: true, day: 1),
      Self.answer("hablar", "presente", "yo", "hablo", right: true, day: 2),
    ])
    return (testWorld { $0.scoreboard = board }, board)
  }

  /// Esc on a verb opened from the browser comes back to the browser as it was left (issue 33, 3);
  /// one opened from the list goes back to the list.
  @Test func escOnAVerbOpenedFromTheBrowserComesBackToIt() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("/"))
      app.type("ten")
      app.press(.enter, .enter)
      #expect(app.tab == .verbs && app.verb != nil, "Enter opens the verb")
      app.press(.escape)
      #expect(app.tab == .progress, "back where the verb was opened")
      #expect(app.browser?.shown.count == 2, "the browser as it was left, its search kept")
      app.press(.character("1"), .enter)
      #expect(app.tab == .verbs && app.verb != nil)
      app.press(.escape)
      #expect(app.tab == .verbs && app.verb == nil, "from the list, back to the list")
    }
  }

  @Test func searchNarrowsAsYouTypeByVerbTenseOrForm() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"))
      #expect(app.browser?.shown.count == 4)
      #expect(app.text.contains("4 forms"))
      app.press(.character("/"))
      app.type("ten")
      #expect(app.browser?.shown.count == 2)
      app.type(" pret")
      #expect(app.browser?.shown.map { app.browser!.rows[$0].state.item.tense } == ["preterito"])
      // A form itself, and accents or not: "tuve"; "pretérito" matches "pret" typed without.
      app.press(.escape)
      #expect(app.browser?.shown.count == 4)
      app.press(.character("/"))
      app.type("soy")
      #expect(app.browser?.shown.map { app.browser!.rows[$0].state.item.verb } == ["ser"])
      app.press(.backspace, .backspace, .backspace)
      app.type("pretérito")
      #expect(app.browser?.shown.count == 1)
      #expect(app.text.contains("1 of 4"))
    }
  }

  /// Issue 33, item 13: a word that names a tense or a person matches those, not text inside a
  /// form (construyó is no yo); the verb named exactly first, then those it begins, then the rest,
  /// whatever the sort.
  /// The browser's search folds as the engine's (``FormTerm``), not as the command line's names
  /// (`Person(argument:)`, Foundation's folding, dashes as spaces): where they differed, "yo-" was
  /// the person yo; now it is text, and matches no form.
  @Test func theSearchFoldsAsTheEngineNotAsTheCommandLine() throws {
    #expect(Person(argument: "yo-") == .yo, "the command line's folding")
    #expect(FormTerm.of("yo-") == [.text(folded("yo-"))])
    // The forms outside tense and person are named alike in the engine and the settings.
    #expect(FormTerm.nonFinite == NonFiniteForm.allCases.map(\.rawValue))
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers([Self.answer("tener", "preterito", "yo", "tuve", right: true, day: 0)])
    World.withCurrent(testWorld { $0.scoreboard = board }) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("/"))
      app.type("yo")
      #expect(app.browser?.shown.count == 1)
      app.type("-")
      #expect(app.browser?.shown.count == 0)
    }
  }

  @Test func aSearchNamesTensesAndPersonsAndPutsTheVerbNamedFirst() throws {
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers([
      Self.answer("coser", "presente", "yo", "coso", right: true, day: 0),
      Self.answer("servir", "presente", "yo", "sirvo", right: true, day: 0),
      Self.answer("construir", "preterito", "el", "construyó", right: true, day: 0),
      Self.answer("tener", "preterito", "yo", "tuve", right: true, day: 0),
      Self.answer("ser", "presente", "yo", "soy", right: true, day: 3),
      Self.answer("ser", "imperativo-afirmativo", "tu", "sé", right: true, day: 3),
    ])
    World.withCurrent(testWorld { $0.scoreboard = board }) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("/"))
      func shown() -> [String] {
        app.browser!.shown.map { app.browser!.rows[$0].state.item }.map { "\($0.verb) \($0.tense) \($0.person)" }
      }
      app.type("pret yo")
      #expect(shown() == ["tener preterito yo"])
      app.press(.escape, .character("/"))
      app.type("ser")
      #expect(shown().map { $0.split(separator: " ")[0] } == ["ser", "ser", "servir", "coser"])
      app.type(" tú")
      #expect(shown() == ["ser imperativo-afirmativo tu"], "tú is a person")
      app.press(.escape, .character("/"))
      app.type("imperativo ")
      #expect(shown() == ["ser imperativo-afirmativo tu"])
      app.press(.escape, .character("/"))
      app.type("cons")
      #expect(shown() == ["construir preterito el"], "a verb that holds it")
      app.press(.escape, .character("/"))
      app.type("sirv")
      #expect(shown() == ["servir presente yo"], "a form that begins with it")
      app.press(.escape, .character("/"))
      app.type("uve")
      #expect(shown().isEmpty, "no text inside a form")
    }
  }

  @Test func sortAndFilterReorderWhatShows() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"))
      func verbs() -> [String] { app.browser!.shown.map { app.browser!.rows[$0].state.item.verb } }
      // By due: the miss (tener preterito, again: due in minutes) first.
      #expect(app.browser?.rows[app.browser!.shown[0]].state.item.tense == "preterito")
      app.press(.character("o"), .character("o"), .character("o"))  // lapses, difficulty, verb
      #expect(app.browser?.sort == .verb)
      #expect(verbs() == ["hablar", "ser", "tener", "tener"])
      app.press(.character("f"))  // learning
      #expect(app.browser?.filter == .learning)
      #expect(app.browser!.shown.allSatisfy { app.browser!.rows[$0].state.card.state == .learning })
    }
  }

  @Test func suspendAndResetAreKept() throws {
    let (world, board) = try world()
    try World.withCurrent(world) { () throws in
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("o"), .character("o"), .character("o"))  // by verb
      app.press(.character("s"))  // hablar
      #expect(try board.items.itemMarks().suspended == [Item(verb: "hablar", tense: "presente", person: "yo")])
      #expect(app.text.contains("Suspended 1 form"))
      app.press(.character("s"))
      #expect(try board.items.itemMarks().suspended.isEmpty)
      // Every form shown: the search's.
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter, .character("S"))
      #expect(try board.items.itemMarks().suspended.map(\.verb) == ["tener", "tener"])
      // Reset asks first; n keeps it.
      app.press(.character("R"))
      #expect(app.text.contains("Reset 2 forms?"))
      app.press(.character("n"))
      #expect(try board.items.items(nil).count == 4)
      app.press(.character("R"), .character("y"))
      #expect(try board.items.items(nil).map(\.item.verb).sorted() == ["hablar", "ser"])
      #expect(try board.answers.allAnswers().count == 4)
      #expect(app.browser?.rows.count == 2)
    }
  }

  /// What the browser says is what changed (issue 32, part 5): a row suspended meanwhile (another
  /// shell) changes nothing, and writes nothing; of two, only the one not suspended yet.
  @Test func aSuspendSaysWhatItChanged() throws {
    let (world, board) = try world()
    try World.withCurrent(world) { () throws in
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("o"), .character("o"), .character("o"))  // by verb
      let hablar = Item(verb: "hablar", tense: "presente", person: "yo")
      let elsewhere = [ItemEvent(item: hablar, action: .suspend, date: Date(timeIntervalSince1970: 1_000_000_000))]
      #expect(try board.items.markItems(elsewhere) == 1)
      app.press(.character("s"))  // hablar, shown not suspended
      #expect(app.text.contains("Already suspended: nothing changed."))
      #expect(try board.items.itemMarks().events == elsewhere)
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      let tener = try #require(app.browser.map { $0.rows[$0.shown[0]].state.item })
      _ = try board.items.markItems([ItemEvent(item: tener, action: .suspend, date: elsewhere[0].date)])
      app.press(.character("S"))
      #expect(app.messages.last == "Suspended 1 form: never due until taken back (s).")
      #expect(try board.items.itemMarks().suspended.map(\.verb).sorted() == ["hablar", "tener", "tener"])
    }
  }

  /// The bottom line answers the key just pressed (issue 33, item 1): s twice says the take-back,
  /// not the suspension it undid, and one mark's message replaces the last.
  @Test func theMessageShowingIsTheLastKeysAnswer() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("s"), .character("s"))
      #expect(app.messages == ["Took back 1 form: scheduled again."])
      #expect(app.text.contains("Took back 1 form"), "\(app.text)")
      #expect(!app.text.contains("of 2"), "\(app.text)")
      app.press(.character("S"), .character("S"))
      #expect(app.messages == ["Took back 4 forms: scheduled again."])
      app.press(.character("s"), .character("R"), .character("y"))
      #expect(app.messages == ["Reset 4 forms: new again; the answers stay in the history."])
      #expect(!app.text.contains("1 of"), "\(app.text)")
    }
  }

  /// Esc dismisses the message first (issue 33, item 2); the next Esc goes back to Progress.
  @Test func escDismissesTheMessageBeforeLeaving() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("s"))
      #expect(app.text.contains("Suspended 1 form"))
      app.press(.escape)
      #expect(app.messages.isEmpty)
      #expect(app.browser != nil, "the first Esc only dismisses the message")
      app.press(.escape)
      #expect(app.browser == nil)
    }
  }

  /// The reset's question names the form as the trainer does, and a suspended form shows no due
  /// time (issue 33, items 7 and 8).
  @Test func theResetNamesTheFormAndASuspendedOneIsNeverDue() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .character("f"), .character("o"), .character("o"), .character("o"))  // by verb
      app.press(.character("r"))
      #expect(app.text.contains(" Reset hablar, presente, yo? Memory forgotten, answers kept. y/n"), "\(app.text)")
      app.press(.character("n"), .character("s"))
      let line = app.text.split(separator: "\n").first { $0.hasPrefix(" hablar ") }.map(String.init) ?? ""
      #expect(line.contains(" — "), "\(line)")
    }
  }
}
