import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The Practice screen and drills in the trainer (issue 11).
@Suite struct PracticeTests {
  let size = Size(columns: 80, rows: 24)

  func world() -> World { testWorld { $0.scoreboard = ScoreRecorder().scoreboard } }

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
      guard case .asking(let session) = app.quiz.phase else { throw Failure("no drill started") }
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
      guard case .asking(let session) = app.quiz.phase else { throw Failure("no drill started") }
      #expect(Set(session.questions.map(\.verb)) == ["tener", "ir"])
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
      app.press(.character("2"), .character("d"), .down, .down, .down, .down, .down, .right, .down, .enter)
      guard case .asking(let session) = app.quiz.phase else { throw Failure("no drill started") }
      let sentence = try #require(session.current?.sentence)
      #expect(app.text.contains(String(sentence.prefix(30))))
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
      guard case .asking(let session) = app.quiz.phase else { throw Failure("no drill started") }
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
      guard case .asking(let session) = app.quiz.phase else { throw Failure("no drill started") }
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
