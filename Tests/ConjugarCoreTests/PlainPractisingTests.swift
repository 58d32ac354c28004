import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarEngine
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpeechClient
import Testing

/// What the full screen offers while practising, in plain mode (issue 40, 9): `:table`, `:suspend`,
/// `:save NAME` and the menu's settings; and what is read as words (issue 40, 8): glosses, the
/// persons of Most missed; recognition's `:undo` and `:help`, and a leech's lines.
@Suite struct PlainPractisingTests {
  /// The plain menu's test World (its file system the unit-test World's failing double).
  static func world(_ settings: [String: String] = [:]) -> World { PlainMenuTests.world(settings) }

  static func conversation(_ questions: [Question], in world: World, drillOptions: [String]? = nil) -> PlainConversation {
    let session = Session(
      source: .given(questions), scoring: Scoring(difficulty: .easy, region: .latinAmerica), clock: world.clock,
      check: Session.diagnosing(with: sharedConjugator))
    return PlainConversation(
      session: session, in: world, drill: drillOptions.map { SaveableDrill(options: $0, parser: .commandLine) })
  }

  static let tengo = Question(verb: "tener", translation: "to have", form: .finite(.presente, .yo), accepted: ["tengo"])
  static let va = Question(verb: "ir", translation: "to go", form: .finite(.presente, .el), accepted: ["va"])
  static let aprobe = Question(
    verb: "aprobar", translation: "to pass (an exam), to approve", form: .finite(.preterito, .yo), accepted: ["aprobé"])

  @Test func aGlossIsSaidWithoutParenthesesInsideParentheses() {
    let conversation = Self.conversation([Self.aprobe], in: Self.world())
    #expect(conversation.prompt() == ["Question 1 of 1. aprobar (to pass an exam, to approve), pretérito perfecto simple, yo:"])
  }

  @Test func tableReadsTheLastAnswersVerbAsSentences() {
    var conversation = Self.conversation([Self.va, Self.tengo], in: Self.world())
    #expect(conversation.take(":table").lines.first == "Nothing answered yet: :table reads the table of the last answer's verb.")
    _ = conversation.take("va")
    let lines = conversation.take(":table").lines
    #expect(lines == [
      "ir (to go), model ir.",
      "ir, presente, yo: voy, wholly irregular.",
      "ir, presente, tú: vas, irregular in the letters v and a.",
      "ir, presente, vos: vas, irregular in the letters v and a.",
      "ir, presente, él, ella o usted: va, wholly irregular.",
      "ir, presente, nosotros: vamos, irregular in the letters v and a.",
      "ir, presente, ellos, ellas o ustedes: van, irregular in the letters v and a.",
      "Question 2 of 2. tener (to have), presente, yo:",
    ], "\(lines)")
    let all = conversation.take(":table all").lines
    #expect(all.contains("ir, gerundio: yendo, irregular in the letter y.") || all.contains { $0.hasPrefix("ir, gerundio: yendo") })
    #expect(all.contains { $0.hasPrefix("ir, futuro simple, nosotros: iremos") })
    #expect(all.allSatisfy { $0.count <= 200 && !$0.contains("/") })
  }

  @Test func suspendSuspendsTheLastAnswersFormAndItDoesNotComeBack() throws {
    let world = Self.world()
    var conversation = Self.conversation([Self.tengo, Self.va], in: world)
    #expect(conversation.take(":suspend").lines.first == "Nothing answered yet: :suspend suspends the form of the last answer.")
    _ = conversation.take("tenio")  // a miss, which would come back
    let lines = conversation.take(":suspend").lines
    #expect(lines == [
      "Suspended tener, presente, yo: never asked again until taken back (conjugar items unsuspend tener --tense presente --person yo, or the forms browser).",
      "Question 2 of 2. ir (to go), presente, él, ella o usted:",
    ], "\(lines)")
    #expect(try world.scoreboard.items.itemMarks().suspended == [Item(verb: "tener", tense: "presente", person: "yo")])
    #expect(conversation.take(":suspend").lines.first == "tener, presente, yo is suspended already.")
    _ = conversation.take("va")
    #expect(conversation.session.isFinished, "the miss suspended does not come back")
  }

  @Test func saveKeepsTheDrillByName() {
    let world = Self.world()
    var drill = Self.conversation([Self.tengo], in: world, drillOptions: ["--verb", "tener", "--tenses", "presente", "--count", "1"])
    #expect(drill.take(":save").lines.first == "Type :save and a name for the drill, as :save pret (letters, digits, - and _).")
    #expect(drill.take(":save my drill").lines.first == "Type :save and a name for the drill, as :save pret (letters, digits, - and _).")
    #expect(drill.take(":save a/b").lines.first == "Not saved: a drill's name is 1 to 30 letters, digits, - or _, not \"a/b\".")
    #expect(drill.take(":save Tener1").lines.first == "Saved as Tener1: from the menu, 3 a saved drill starts it again.")
    #expect(world.settings.values.drills.map(\.options) == ["--tenses presente --verb tener --count 1"])
    // After the last answer too, as the full screen's results offer it.
    _ = drill.take("tengo")
    #expect(drill.take(":save Tener1").lines.first == "Saved as Tener1, in place of the drill of that name: from the menu, 3 a saved drill starts it again.")
    var review = Self.conversation([Self.tengo], in: world)
    #expect(review.take(":save x").lines.first == "Only a drill can be saved, and this is no drill.")
  }

  /// A saved drill started from the menu is a drill `:save` saves again under another name.
  @Test func aSavedDrillFromTheMenuCanBeSavedAgain() {
    let world = Self.world(["drill.one": "--verb tener --tenses presente --count 1"])
    var menu = PlainMenu(in: world, drills: .commandLine)
    _ = menu.take("3")
    _ = menu.take("1")
    #expect(menu.take(":save two").lines.first == "Saved as two: from the menu, 3 a saved drill starts it again.")
    #expect(world.settings.values.drills.map(\.name) == ["one", "two"])
  }

  @Test func theMenusSettingsAreListedAndChangedByNumber() {
    let world = Self.world()
    var menu = PlainMenu(in: world, drills: .commandLine)
    #expect(menu.opening().last?.hasSuffix("6 where you stand, 7 settings, 8 quit.") == true)
    let listed = menu.take("7").lines
    let all = SettingDeclarations.all
    #expect(listed.count == all.count + 1)
    #expect(listed[0] == "1 Region: Latin America.")
    #expect(listed.last == "Type a setting's number to change it, or Enter to go back.")
    #expect(listed.allSatisfy { $0.count <= 200 })
    let region = menu.take("1").lines
    #expect(region.last == "Its values: 1 Spain, 2 Latin America. Type a value's number, or Enter to leave it as it is.", "\(region)")
    #expect(menu.take("3").lines.first == "\"3\" is none of its values.")
    let changed = menu.take("1").lines
    #expect(changed.first == "Region: Spain, saved (it was Latin America).")
    #expect(world.settings.values.region == .spain)
    // A set of tenses, typed as --tenses takes it; a tense named twice is refused, saying so.
    let tensesIndex = all.firstIndex { $0.key == "quiz-tenses" }! + 1
    _ = menu.take(String(tensesIndex))
    #expect(menu.take("pretérito, preterito").lines.first == "\"pretérito, preterito\" names the tense pretérito perfecto simple twice.")
    #expect(menu.take("pretérito, futuro").lines.first?.hasPrefix("Quiz tenses: pretérito, futuro, saved") == true)
    #expect(world.settings.values.raw["quiz-tenses"] == "preterito,futuro")
    // Speak answers without speech does not change.
    let speak = all.firstIndex { $0.key == "speak-answers" }! + 1
    #expect(menu.take(String(speak)).lines.first?.hasPrefix("Speak answers does not change: ") == true)
    #expect(menu.take("").lines.first?.hasSuffix("8 quit.") == true)
  }

  /// Issue 40, 8: the persons of Most missed as the questions say them.
  @Test func mostMissedSaysThePersonAsTheQuestionsDo() {
    let world = Self.world(["drill.el": "--verb tener --tenses presente --persons el --count 1"])
    var menu = PlainMenu(in: world, drills: .commandLine)
    _ = menu.take("3")
    _ = menu.take("1")
    _ = menu.take("nada")
    _ = menu.take("tiene")  // the miss, asked again
    _ = menu.take("")
    let standing = menu.take("6").lines
    #expect(standing.contains("Most missed 1: tener, presente, él, ella o usted, wrong 1 time."), "\(standing)")
  }

  /// Issue 40, 7: recognition's `:undo` asks the whole question again, whatever was named of the
  /// next; `:help` names the tenses and persons it takes.
  @Test func recognitionsUndoAsksTheWholeQuestionAndHelpNamesTheChoices() {
    let shown = [
      Question(verb: "tener", translation: "to have", form: .finite(.futuro, .yo), accepted: ["tendré"], mode: .recognition),
      Question(verb: "ir", translation: "to go", form: .finite(.presente, .el), accepted: ["va"], mode: .recognition),
    ]
    var conversation = Self.conversation(shown, in: Self.world())
    let help = conversation.take(":help").lines
    #expect(help.contains { $0.hasPrefix("The tenses you may name: presente, pretérito perfecto simple, ") }, "\(help)")
    #expect(help.contains { $0.hasPrefix("The persons you may name: yo; tú; él, ella o usted; nosotros; ") }, "\(help)")
    _ = conversation.take("tener")
    _ = conversation.take("futuro")
    _ = conversation.take("yo")
    _ = conversation.take("ir")  // the next question's verb named
    let undone = conversation.take(":undo").lines
    #expect(undone == [
      "Answer taken back.", "Question 1 of 2. Name the verb, tense and person of tendré. The verb (its infinitive):",
    ], "\(undone)")
  }

  /// A leech's miss in plain mode: said in words, suspended when the setting says so.
  @Test(arguments: ["suspend", "notice"])
  func aLeechsMissIsSaid(_ action: String) throws {
    let world = Self.world(["leech-threshold": "off"])
    let learned = [0, 1, 10].map { day in
      AnsweredQuestion(
        verb: "tener", tense: "presente", person: "yo", expected: "tengo", given: "tengo", result: .correct,
        date: world.clock.now() - Double(70 - day) * 86_400)
    }
    _ = try world.scoreboard.answers.importAnswers(learned)
    var session = Session(source: .given([Self.tengo]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock)
    session.leeches = LeechRule(lapses: 1, suspends: action == "suspend")
    var conversation = PlainConversation(session: session, in: world)
    let lines = conversation.take("tenio").lines
    if action == "suspend" {
      #expect(lines.contains("Rated again, and suspended: a leech, you have forgotten this once since you learned it."), "\(lines)")
    } else {
      #expect(lines.contains("A leech: you have forgotten this once since you learned it."), "\(lines)")
    }
  }
}
