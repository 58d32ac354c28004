import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The Practice screen and drills in the trainer (issue 11).
@Suite struct PracticeTests {
  let size = Size(columns: 80, rows: 24)

  func world() -> World { testWorld { $0.scoreboard = Scoreboard.inMemory() } }

  @Test func dOnTheQuizScreenComposesADrillAndEnterStartsIt() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"))
      #expect(app.text.contains("Compose a drill"))
      // Tenses: the second preset (present and past indicative); length: 10.
      app.press(.right, .down, .down, .down, .down, .left)
      #expect(app.text.contains("‹ 10 questions ›"))
      app.press(.enter)
      #expect(app.drillBuilder == nil)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started") }
      #expect(session.questions.count == 10)
      for question in session.questions {
        guard case .finite(let tense, _) = question.form else { throw Failure("non-finite") }
        #expect([.presente, .preterito, .imperfecto, .perfecto].contains(tense))
      }
      #expect(app.text.contains("Question 1 of 10"))
    }
  }

  @Test func onlyTheseVerbsAreTyped() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .down, .down, .enter)
      #expect(app.screen.isTyping)
      app.type("tener, ir")
      app.press(.enter, .down, .down, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started") }
      #expect(Set(session.questions.map(\.verb)) == ["tener", "ir"])
    }
  }

  /// A recognition round: a form shown, the learner types its infinitive, picks the tense and
  /// the person; every reading counts, and the verdict gives them all.
  @Test func aRecognitionRoundNamesVerbTenseAndPerson() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      // Only ser and ir, length 10, mode recognition.
      app.press(.character("2"), .character("d"), .down, .down, .down, .enter)
      app.type("ser ir")
      app.press(.enter, .down, .left, .down, .right, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started: \(app.text)") }
      #expect(session.questions.allSatisfy { $0.mode == .recognition })
      #expect(app.text.contains("Recognition 1 of 10"))
      let (tenses, persons) = try #require((app.quiz.asking?.offered).map { ($0.tenses, $0.persons) })
      // The tenth answered wrong comes back at once (nothing else is left to ask, and its
      // 1-minute step is within the learn-ahead limit): the eleventh question, answered right.
      var number = -1
      while let asking = app.quiz.asking?.session, let question = asking.current, number < 12 {
        number += 1
        guard case .finite(let tense, let person) = question.form else { throw Failure("non-finite") }
        #expect(app.text.contains("Form:   \(question.accepted[0])"))
        #expect(!app.text.contains("Verb:   \(question.verb)"), "the verb is not shown")
        // The other verb, where the form is both (fuimos), is as right as the one asked.
        let shared = ["fui", "fuiste", "fue", "fuimos", "fuisteis", "fueron"].contains(question.accepted[0])
          && tense == .preterito
        app.type(shared && number.isMultiple(of: 2) ? (question.verb == "ir" ? "ser" : "ir") : question.verb)
        app.press(.enter)
        for _ in 0..<tenses.firstIndex(of: tense)! { app.press(.down) }
        app.press(.enter)
        for _ in 0..<persons.firstIndex(of: person)! { app.press(.down) }
        // The last one answered wrong: the person before (or after) the right one.
        if number == 9 { app.press(person == persons[0] ? .down : .up) }
        app.press(.enter)
        #expect(app.text.contains(number == 9 ? "✗ Wrong" : "✓ Right"), "\(app.text)")
        if number == 9 || shared {
          #expect(app.text.contains("\(question.accepted[0]) is "), "the readings: \(app.text)")
        }
        app.press(.enter)
      }
      #expect(number == 10 && session.questions.count == 10)
      #expect(app.text.contains("Practice finished: 10 of 11 right"), "\(app.text)")
      #expect(app.text.contains("1 asked again after a miss"), "\(app.text)")
    }
  }

  /// Save as: the drill composed is kept by name in the settings, as `conjugar practice`'s
  /// options; Saved drills starts it again, x forgets it.
  @Test func aDrillIsSavedByNameAndStartedAgainFromTheList() throws {
    let store = InMemorySettingsStore()
    try World.withCurrent(testWorld { $0.settings = Settings(store: store); $0.scoreboard = Scoreboard.inMemory() }) {
      var app = App(size: size)
      // Only tener, 10 questions, recognition; saved as "tener10".
      app.press(.character("2"), .character("d"), .down, .down, .down, .enter)
      app.type("tener")
      app.press(.enter, .down, .left, .down, .right, .down, .down, .enter)
      app.type("tener10")
      app.press(.enter)
      #expect(store.saved["drill.tener10"] == "--tenses presente,preterito,futuro --verb tener --count 10 --mode recognition")
      #expect(app.messages.first?.hasPrefix("Saved as tener10") == true)
      #expect(app.text.contains("Saved drills         tener10"), "\(app.text)")
      // A name with a space is refused, and nothing is saved.
      app.press(.enter)
      app.type("my drill")
      app.press(.enter)
      #expect(app.text.contains("A drill's name is 1 to 30 letters"), "\(app.text)")
      #expect(store.saved.keys.filter { $0.hasPrefix("drill.") } == ["drill.tener10"])
      // A new Practice screen lists it; Enter starts it.
      app.press(.escape, .escape, .character("d"))
      for _ in 0..<8 { app.press(.down) }
      #expect(app.text.contains("‹ tener10 ›"), "\(app.text)")
      app.press(.enter)
      guard let session = app.quiz.asking?.session else { throw Failure("the saved drill did not start: \(app.text)") }
      #expect(session.questions.count == 10)
      #expect(session.questions.allSatisfy { $0.verb == "tener" && $0.mode == .recognition })
      // x forgets it, once asked.
      app.press(.escape, .character("y"), .character("d"))
      for _ in 0..<8 { app.press(.down) }
      app.press(.character("x"), .character("y"))
      #expect(store.saved.keys.filter { $0.hasPrefix("drill.") }.isEmpty)
      #expect(app.text.contains("(none yet)"), "\(app.text)")
    }
  }

  /// Enter on Persons picks any persons: Space chooses or drops the one under the cursor.
  @Test func anySubsetOfPersonsCanBePicked() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .enter)
      #expect(app.screen.isTyping, "digits and q are not tabs and quit while picking")
      // From the settings' yo, tú, él, nosotros, ellos: drop tú, él and ellos, take vosotros.
      app.press(.right, .character(" "), .right, .right, .character(" "), .right, .right, .character(" "), .right, .character(" "))
      app.press(.enter)
      #expect(app.drillBuilder?.persons(SettingValues()) == [.yo, .nosotros, .vosotros])
      #expect(app.text.contains("3 tenses × yo, nosotros, vosotros."), "\(app.text)")
      app.press(.down, .down, .down, .down, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started: \(app.text)") }
      for question in session.questions {
        guard case .finite(_, let person) = question.form else { throw Failure("non-finite") }
        #expect([.yo, .nosotros, .vosotros].contains(person))
      }
    }
  }

  /// Issue 26, item 10: the person under the picker's cursor stands out of the selected row (the
  /// field's style, underlined with colour and without) and has the terminal's cursor, wide and
  /// narrow.
  @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 12)])
  func thePersonUnderThePickersCursorShows(size: Size) throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .enter, .right, .right, .right)
      let frame = app.frame()
      let cursor = try #require(frame.cursor, "the terminal's cursor shows")
      let row = (0..<frame.size.columns).map { frame[cursor.row, $0] }
      let name = String(row[cursor.column..<cursor.column + 3].map(\.character))
      #expect(name == "✓él", "the cursor on él: \(frame.text)")
      #expect(row[cursor.column].style == .field && row[cursor.column + 2].style == .field)
      #expect(row[cursor.column - 1].style == .selected && row[cursor.column + 3].style == .selected)
    }
  }

  /// Issue 26, item 12: x asks before it forgets a saved drill.
  @Test func xAsksBeforeForgettingASavedDrill() {
    let store = InMemorySettingsStore(["drill.mine": "--tenses presente --count 10"])
    World.withCurrent(testWorld { $0.settings = Settings(store: store) }) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("2"), .character("d"))
      for _ in 0..<8 { app.press(.down) }
      app.press(.character("x"))
      #expect(store.saved["drill.mine"] != nil, "not yet")
      #expect(app.text.contains("Forget the drill mine?"), "\(app.text)")
      app.press(.character("n"))
      #expect(store.saved["drill.mine"] != nil)
      #expect(!app.text.contains("Forget the drill"))
      app.press(.character("x"), .character("y"))
      #expect(store.saved["drill.mine"] == nil)
      #expect(app.text.contains("(none yet)"), "\(app.text)")
    }
  }

  /// Issue 26, item 12: a name that cannot be is kept in the field, with the reason, to mend.
  @Test func anInvalidNameStaysInTheFieldWithTheReason() {
    let store = InMemorySettingsStore()
    World.withCurrent(testWorld { $0.settings = Settings(store: store) }) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("2"), .character("d"))
      for _ in 0..<7 { app.press(.down) }
      app.press(.enter)
      app.type("my drill")
      app.press(.enter)
      #expect(app.screen.isTyping, "the field is still open")
      #expect(app.text.contains("my drill"), "\(app.text)")
      #expect(app.text.contains("A drill's name is 1 to 30"), "\(app.text)")
      app.press(.left, .left, .left, .left, .left, .backspace)
      app.type("_")
      app.press(.enter)
      #expect(store.saved["drill.my_drill"] != nil, "\(store.saved)")
      #expect(!app.screen.isTyping)
    }
  }

  /// Issue 26, item 12: persons as the settings say are saved as that, no list: the drill asks the
  /// settings' persons when it starts.
  @Test func personsAsTheSettingsSayAreSavedAsThat() throws {
    let store = InMemorySettingsStore()
    try World.withCurrent(testWorld { $0.settings = Settings(store: store); $0.scoreboard = Scoreboard.inMemory() }) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"))
      for _ in 0..<7 { app.press(.down) }
      app.press(.enter)
      app.type("mine")
      app.press(.enter)
      let options = try #require(store.saved["drill.mine"])
      #expect(!options.contains("--persons"), "\(options)")
      // Spain and vos: the saved drill asks vosotros and vos, as the settings say now.
      app.press(.escape, .character("4"), .right, .down, .down, .down, .down, .right, .character("2"), .character("d"))
      for _ in 0..<8 { app.press(.down) }
      app.press(.enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started: \(app.text)") }
      let persons = Set(session.questions.compactMap { question -> Person? in
        if case .finite(_, let person) = question.form { person } else { nil }
      })
      #expect(persons.isSubset(of: [.yo, .vos, .el, .nosotros, .vosotros, .ellos]) && persons.contains(.vosotros), "\(persons)")
    }
  }

  /// Issue 26, item 12: a drill is saved from its results (s), as it was made.
  @Test func aDrillIsSavedFromItsResults() throws {
    let store = InMemorySettingsStore()
    try World.withCurrent(testWorld { $0.settings = Settings(store: store); $0.scoreboard = Scoreboard.inMemory() }) {
      var app = App(size: size)
      // Only tener, 10 questions.
      app.press(.character("2"), .character("d"), .down, .down, .down, .enter)
      app.type("tener")
      app.press(.enter, .down, .left, .down, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started: \(app.text)") }
      // Each wrong, then right when it comes back after the miss (at the end, the clock standing).
      var missed: [Question] = []
      while let asking = app.quiz.asking?.session, let question = asking.current, missed.count <= 10 {
        app.type(missed.contains(question) ? question.accepted[0] : "x")
        if !missed.contains(question) { missed.append(question) }
        app.press(.enter, .enter)
      }
      #expect(missed.count == session.questions.count)
      #expect(app.text.contains("Practice finished"), "\(app.text)")
      #expect(app.text.contains("s save drill"), "\(app.text)")
      app.press(.character("s"))
      #expect(app.drillBuilder != nil && app.screen.isTyping, "\(app.text)")
      app.type("tener10")
      app.press(.enter)
      #expect(store.saved["drill.tener10"] == "--tenses presente,preterito,futuro --verb tener --count 10", "\(store.saved)")
      app.press(.escape)
      #expect(app.text.contains("Practice finished"), "back to the results: \(app.text)")
    }
  }

  @Test func aSavedDrillThatCannotBeReadSaysWhy() throws {
    let store = InMemorySettingsStore(["drill.broken": "--tenses pasado"])
    World.withCurrent(testWorld { $0.settings = Settings(store: store) }) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"))
      for _ in 0..<8 { app.press(.down) }
      app.press(.enter)
      #expect(app.drillBuilder != nil)
      #expect(app.text.contains("Can't read the drill broken:"), "\(app.text)")
    }
  }

  @Test func aDrillThatCannotBeMadeSaysWhyAndStays() {
    World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .down, .down, .enter)
      app.type("xyzzyar")
      app.press(.enter, .down, .down, .down, .enter)
      #expect(app.drillBuilder != nil)
      #expect(app.text.contains("not in the catalog: xyzzyar"))
      app.press(.escape)
      #expect(app.drillBuilder == nil)
      #expect(app.text.contains("Press Enter to start"))
    }
  }

  @Test func sentenceCuesShowTheSentence() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .down, .down, .down, .down, .right, .right, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started") }
      let sentence = try #require(session.current?.sentence)
      #expect(app.text.contains(String(sentence.prefix(30))))
      // The sentence is the cue: the verb is named, not the tense and person (issue 21 §6) …
      #expect(app.text.contains("Verb:") && !app.text.contains("Tense:") && !app.text.contains("Person:"), "\(app.text)")
      // … unless the setting asks for them.
      Current.settings.cueShowsForm = .on
      var named = App(size: size)
      named.press(.character("2"), .character("d"), .down, .down, .down, .down, .down, .right, .right, .down, .enter)
      #expect(named.text.contains("Tense:") && named.text.contains("Person:"), "\(named.text)")
    }
  }

  @Test func aGroupOfTheEngineCanBeDrilled() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.press(.character("2"), .character("d"), .down, .down)
      // Verbs: past the seven frequency and kind choices, the groups in the engine's order.
      for _ in 0..<6 { app.press(.right) }  // from "the 300 most frequent" to the second group
      #expect(app.text.contains("group o-ue"))
      app.press(.down, .down, .down, .down, .enter)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started") }
      for verb in Set(session.questions.map(\.verb)) {
        #expect(Current.conjugator.groups(of: Current.conjugator.catalog.entry(verb)!).contains(.oToUe), "\(verb)")
      }
    }
  }

    @Test func practiceOpensStraightIntoADrill() throws {
    try World.withCurrent(world()) {
      var app = App(size: size)
      app.practise(DrillSpec(tenses: [.futuro], verbList: ["tener"], count: 3))
      #expect(app.tab == .quiz)
      guard let session = app.quiz.asking?.session else { throw Failure("no drill started") }
      #expect(session.questions.count == 3)
      #expect(session.questions.allSatisfy { $0.verb == "tener" })
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

/// The verb table names the verb's pattern and the verbs that share it (issue 11).
@Suite struct VerbPatternTests {
  @Test func theTableSaysWhichVerbsAreLikeThisOne() {
    World.withCurrent(testWorld()) {
      let mantener = VerbTable(infinitive: "mantener")!.pattern ?? ""
      #expect(mantener.hasPrefix("Like tener: "), "\(mantener)")
      #expect(!mantener.contains("mantener"))
      #expect(mantener.contains("yo-go") && mantener.contains("strong-preterite"), "\(mantener)")
      let hablar = VerbTable(infinitive: "hablar")!.pattern ?? ""
      #expect(hablar.hasPrefix("Verbs like it: "), "\(hablar)")
      #expect(!hablar.contains("·"))  // a regular verb is in no group
      #expect(VerbTable(infinitive: "googlear")!.pattern == nil)
    }
  }
}
