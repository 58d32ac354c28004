import AnalyticsClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ReviewPrompterClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SoundClient
import SpacedRepetition
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The update logic: keys, search, settings, the quiz, through `App` in a unit-test World.
@Suite struct AppTests {
  let size = Size(columns: 80, rows: 24)

  // MARK: Moving around

  @Test func digitsSwitchTabsAndRecordEachScreenViewed() {
    let analytics = AnalyticsRecorder()
    World.withCurrent(testWorld { $0.analytics = analytics.analytics }) {
      var app = App(size: size)
      app.press(.character("2"), .character("3"), .character("4"), .character("5"), .character("5"), .character("1"))
      #expect(app.tab == .verbs)
      #expect(
        analytics.events == ["verbs", "quiz", "info", "settings", "progress-overview", "verbs"].map { .screenViewed($0) })
    }
  }

  @Test func qQuitsWithStatusZeroAndCtrlCWith130() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("q"))
      #expect(app.exitStatus == 0)
      var interrupted = App(size: size)
      interrupted.press(.interrupt)
      #expect(interrupted.exitStatus == 130)
    }
  }

  @Test func helpOpensWithQuestionMarkAndClosesWithEsc() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("?"))
      #expect(app.text.contains("Help: the verb list"))
      #expect(Help.lines(for: app.screen, width: 80).contains { $0.text.contains("n~              ñ") })
      app.press(.escape)
      #expect(!app.text.contains("Help"))
      #expect(app.exitStatus == nil)
    }
  }

  @Test func theTitleNamesTheWorldUnlessItIsTheDevice() {
    World.withCurrent(testWorld()) {
      #expect(App(size: size).text.hasPrefix(" conjugar — unit-test"))
    }
    World.withCurrent(testWorld { $0.name = .device }) {
      let title = App(size: size).text.split(separator: "\n")[0]
      #expect(title.hasPrefix(" conjugar ") && !title.contains("—"))
    }
  }

  @Test func noticesShowOneAtATimeUntilDismissed() {
    World.withCurrent(testWorld { $0.notices = ["Scores are kept in memory.", "Settings were reset."] }) {
      var app = App(size: size)
      #expect(app.text.contains(" Scores are kept in memory."))
      #expect(app.text.contains(" (1 of 2)  Esc: dismiss"))
      app.press(.escape)
      #expect(app.text.contains(" Settings were reset."))
      #expect(!app.text.contains("Scores are kept"))
      app.press(.escape)
      #expect(!app.text.contains("dismiss"))
    }
  }

  @Test func belowFortyByTwelveOnlyTheSizeShowsAndComesBack() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 30, rows: 10))
      #expect(app.text.contains("Terminal too small: 30x10."))
      #expect(app.text.contains("conjugar needs at least 40x12."))
      app.press(.character("2"))  // ignored while too small
      app.size = Size(columns: 40, rows: 12)
      app.press(.resize)
      #expect(app.tab == .verbs)
      #expect(app.text.contains("1Verbs 2Quiz"))
      app.size = Size(columns: 39, rows: 30)
      #expect(app.text.contains("Terminal too small: 39x30."))
      app.press(.character("q"))
      #expect(app.exitStatus == 0)
    }
  }

  // MARK: Verbs

  @Test func searchIsAccentInsensitiveAndShowsPrefixesFirst() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("/"))
      app.type("esta")
      let plain = app.verbs.shownInfinitives
      #expect(plain.first == "estar")
      #expect(plain.contains("estacionar"))
      #expect(plain.contains("contestar"))
      #expect(plain.firstIndex(of: "estacionar")! < plain.firstIndex(of: "contestar")!)
      app.press(.control("u"))
      app.type("está")
      #expect(app.verbs.shownInfinitives == plain)
      // While the field has the keys, digits and q are typed, not obeyed.
      app.type("q1")
      #expect(app.verbs.query == "estáq1")
      #expect(app.tab == .verbs && app.exitStatus == nil)
    }
  }

  @Test func enterInTheSearchOpensTheFirstMatchAndEscGoesBack() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      #expect(app.verb?.paradigm.infinitive == "tener")
      app.press(.escape)
      #expect(app.verb == nil)
      #expect(app.verbs.query == "tener")  // the list is still filtered
      app.press(.escape)
      #expect(app.verbs.query == "")
    }
  }

  @Test func theFilterCyclesThroughAllCommonRegularAndIrregular() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      let all = app.verbs.shown.count
      app.press(.character("f"))
      #expect(app.verbs.shown.count == 1_000)
      #expect(app.verbs.shownInfinitives.prefix(3) == ["ser", "hacer", "ver"])
      app.press(.character("f"))
      let regular = app.verbs.shownInfinitives
      #expect(regular.contains("hablar") && !regular.contains("tener"))
      app.press(.character("f"))
      let irregular = app.verbs.shownInfinitives
      #expect(irregular.contains("tener") && !irregular.contains("hablar"))
      #expect(regular.count + irregular.count == all)
      app.press(.character("f"))
      #expect(app.verbs.shown.count == all)
    }
  }

  @Test func theListScrollsWithTheSelection() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.pageDown, .pageDown, .down, .character("j"), .up)
      #expect(app.verbs.selection == 2 * 19 + 1)
      app.press(.end)
      #expect(app.verbs.selection == app.verbs.shown.count - 1)
      #expect(app.text.contains(app.verbs.shownInfinitives.last!))
      app.press(.home)
      #expect(app.verbs.selection == 0)
    }
  }

  // MARK: A verb

  @Test func aVerbHighlightsItsIrregularLetters() throws {
    try World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      let marked = try #require(app.frame().text(marking: [.irregular, .stemChange, .spellingChange]) as String?)
      #expect(marked.contains("ten«g»o"))
      #expect(marked.contains("t«uve»"))
      #expect(marked.contains("ten«d»ré"))
      #expect(!marked.contains("«tenía»"))
    }
  }

  /// Each kind of change in its own style, under a legend that names the kinds the verb has:
  /// tuve wholly irregular, ten-g-o a stem change, bus-qu-é a spelling rule.
  @Test func theMarksTellTheKindsOfChangeApart() {
    World.withCurrent(testWorld()) {
      func table(_ verb: String) -> Frame {
        var app = App(size: size)
        app.press(.character("/"))
        app.type(verb)
        app.press(.enter)
        return app.frame()
      }
      let tener = table("tener")
      #expect(tener.text(marking: [.irregular]).contains("t«uve»"))
      #expect(tener.text(marking: [.stemChange]).contains("ten«g»o"))
      #expect(!tener.text(marking: [.irregular]).contains("ten«g»o"))
      #expect(tener.text.contains("Marked: irregular · stem change\n"))
      let buscar = table("buscar")
      #expect(buscar.text(marking: [.spellingChange]).contains("bus«qu»é"))
      #expect(buscar.text.contains("Marked: spelling rule\n"))
      #expect(!table("hablar").text.contains("Marked:"))
    }
  }

  @Test func personsFollowTheRegionAndTheSecondPersonSetting() {
    func persons(_ settings: [String: String]) -> [Person] {
      VerbTable.persons(SettingValues(settings))
    }
    #expect(persons([:]) == [.yo, .tu, .vos, .el, .nosotros, .ellos])
    #expect(persons(["region": "spain"]) == [.yo, .tu, .vos, .el, .nosotros, .vosotros, .ellos])
    #expect(persons(["table-second-person": "tu"]) == [.yo, .tu, .el, .nosotros, .ellos])
    #expect(persons(["table-second-person": "vos", "region": "spain"]) == [.yo, .vos, .el, .nosotros, .vosotros, .ellos])
  }

  @Test func iOpensTheArticleOnTheChosenTenseAndEscComesBackToTheVerb() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter, .tab, .character("i"))
      #expect(app.tab == .info)
      #expect(app.info.article?.tense == .preterito)
      #expect(app.text.contains("pretérito perfecto simple"))
      app.press(.escape)
      #expect(app.tab == .verbs)
      #expect(app.verb?.paradigm.infinitive == "tener")
    }
  }

  @Test func tabScrollsToTheChosenTense() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("/"))
      app.type("tener")
      app.press(.enter)
      for _ in 0..<11 { app.press(.tab) }  // to the perfecto
      #expect(app.verb?.selected == .perfecto)
      #expect(app.text.contains("he tenido"))
      app.press(.backTab)
      #expect(app.verb?.selected == .imperativoNegativo)
      #expect(app.text.contains("no tengas"))
      #expect(app.text.contains(" usted     tenga       no tenga"))
    }
  }

  // MARK: Settings

  @Test func settingsAreSavedAtOnceAndShapeTheOtherScreens() {
    let store = InMemorySettingsStore()
    World.withCurrent(testWorld { $0.settings = Settings(store: store) }) {
      var app = App(size: size)
      app.press(.character("4"), .right)
      #expect(store.saved["region"] == "spain")
      #expect(Current.settings.region == .spain)
      app.press(.down, .enter, .enter)
      #expect(store.saved["difficulty"] == "difficult")
      app.press(.left)
      #expect(Current.settings.difficulty == .moderate)
      app.press(.down, .down, .down, .down, .down, .character(" "))  // past the quiz's length, tenses, persons
      #expect(Current.settings.sound == .off)
      #expect(app.text.contains("Spain · Moderate"))
      app.press(.character("2"))
      #expect(app.text.contains("Moderate: presente"))
      #expect(app.text.contains("Spain (with vosotros)"))
    }
  }

  @Test func aSettingThatCannotBeSavedSaysSo() {
    World.withCurrent(testWorld { $0.settings = Settings(store: UnwritableSettingsStore()) }) {
      var app = App(size: size)
      app.press(.character("4"), .right)
      #expect(app.messages == ["The settings could not be saved: the disk is read-only"])
      #expect(Current.settings.region == .spain)  // it holds while the program runs
    }
  }

  // MARK: The quiz

  @Test func aWholeQuizScoresReportsAndEndsOnTheResults() throws {
    let scores = Scoreboard.inMemory()
    let prompter = ReviewPrompterRecorder()
    let questions = firstQuiz()
    try World.withCurrent(testWorld { $0.scoreboard = scores; $0.reviewPrompter = prompter.reviewPrompter }) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .enter)
      #expect(app.quiz.isTyping)
      for key in answers(questions) { app.press(key) }
      guard let quiz = app.quiz.results?.session, let outcome = app.quiz.results?.outcome else {
        Issue.record("the quiz did not finish")
        return
      }
      let accents = questions[1].accepted[0] != withoutAccents(questions[1].accepted[0])
      let points = 18 * 10 + (accents ? 5 : 0)
      #expect(quiz.answers.map(\.result)[0..<3] == [.correct, accents ? .accentsOnly : .wrong, .wrong])
      #expect(outcome.score == Scoring(difficulty: .easy, region: .latinAmerica).score(points))
      #expect(try scores.answers.bestScores(.max).map(\.score) == [outcome.score])
      #expect(try scores.answers.allAnswers().count == 20)
      #expect(app.text.contains("Quiz finished: \(outcome.score) points"))
      #expect(app.text.contains("rank 1 on the score board"))
      #expect(app.messages == [ReviewPrompter.invitation])
      // Enter opens the verb of the answer selected (the first), in the Verbs tab.
      app.press(.enter)
      #expect(app.text.contains(" \(quiz.questions[0].verb) — "))
      app.press(.character("2"), .escape)
      #expect(app.text.contains("Press Enter to start"))
      // 5 Progress: the quiz's answers count toward today's goal; its last part, the scores.
      app.press(.character("5"))
      #expect(app.text.contains("20 of 20 ✓"))
      app.press(.backTab)
      #expect(app.text.contains("   1    \(outcome.score)  "))
    }
  }

  @Test func accentShortcutsWorkInTheAnswer() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      app.type("tendre'")
      #expect(app.quiz.asking?.answer.text == "tendré")
      app.press(.control("u"))
      app.type("nin~o u:a'")
      #expect(app.quiz.asking?.answer.text == "niño üá")
    }
  }

  @Test func anEmptyAnswerRingsTheBellInsteadOfCounting() {
    let sound = SoundRecorder()
    World.withCurrent(testWorld { $0.sound = sound.sound }) {
      var app = App(size: size)
      app.press(.character("2"), .enter, .enter)
      #expect(sound.rings == 1)
      guard let quiz = app.quiz.asking?.session else { return }
      #expect(quiz.answers.isEmpty)
    }
  }

  @Test func escAsksBeforeLeavingAQuiz() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      app.type("x")
      app.press(.escape)
      #expect(app.text.contains("Leave this quiz?"))
      app.press(.character("n"))
      #expect(app.quiz.isTyping)
      #expect(app.quiz.asking?.answer.text == "x")
      app.press(.escape, .character("y"))
      #expect(!app.quiz.isAsking)
      #expect(app.exitStatus == nil)
    }
  }

  @Test func qDuringAQuizAsksBeforeQuitting() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      app.type("q")  // typed: answers may have a q (quiero)
      #expect(app.quiz.asking?.answer.text == "q")
      app.press(.character("?"), .character("q"))
      #expect(app.text.contains("Quit conjugar?"))
      #expect(app.exitStatus == nil)
      app.press(.character("y"))
      #expect(app.exitStatus == 0)
    }
  }

  @Test func theTimerTicksFromTheWorldsClock() {
    let (clock, time) = WallClock.manual()
    World.withCurrent(testWorld { $0.clock = clock }) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      #expect(app.text.contains("Time 00:00"))
      time.advance(by: 75)
      app.handle(nil)  // a second passes with no key
      #expect(app.text.contains("Time 01:15"))
    }
  }
}

/// 5 Progress: its parts, the period, the most missed opened and practised.
@Suite struct ProgressScreenTests {
  static func world(_ board: Scoreboard) -> World {
    let (clock, _) = WallClock.manual()
    let now = clock.now()
    var answers: [AnsweredQuestion] = []
    for k in 0..<12 {
      let even = k % 2 == 0
      let result: AnswerResult = k < 8 ? .wrong : .correct
      let date = now.addingTimeInterval(Double(-k * 86_400 * 10 - 60))
      answers.append(AnsweredQuestion(
        verb: even ? "tener" : "ser", tense: "preterito", person: even ? "yo" : "tu",
        expected: even ? "tuve" : "fuiste", given: "x", result: result, date: date, seconds: 3))
    }
    _ = try? board.answers.importAnswers(answers)
    return testWorld { $0.scoreboard = board; $0.clock = clock }
  }

  @Test func theMostMissedOpenAndArePractisedNow() {
    let board = Scoreboard.inMemory()
    World.withCurrent(Self.world(board)) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"), .tab, .tab, .tab)
      // Ties: by verb.
      #expect(app.text.contains("  1  ser               pretérito perfecto simple, tú"))
      #expect(app.text.contains("  4 wrong"))
      // The last 30 days: answers 0, 10 and 20 days ago.
      app.press(.character("a"))
      #expect(app.text.contains("last 30 days"))
      #expect(app.text.contains("  2 wrong"))
      app.press(.character("a"), .down, .enter)
      #expect(app.text.contains(" tener — to have"))
      app.press(.character("5"), .character("p"))
      #expect(app.text.contains("Question 1 of 2"))
    }
  }

  /// The gerundio and the participio have no persons: they count among the answers, not on the
  /// heatmap of tense × person.
  @Test func theNonFiniteFormsAreNotOnTheHeatmap() {
    let board = Scoreboard.inMemory()
    let world = Self.world(board)
    let now = world.clock.now()
    _ = try? board.answers.importAnswers(
      [("gerundio", "yendo"), ("participio", "ido")].map { tense, form in
        AnsweredQuestion(
          verb: "ir", tense: tense, person: "", expected: form, given: form, result: .correct,
          date: now.addingTimeInterval(-120), seconds: 2)
      })
    World.withCurrent(world) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"))
      #expect(app.text.contains("14 answers"))
      app.press(.tab)
      #expect(app.text.contains("pret. perfecto simple"))
      #expect(!app.text.contains("gerundio") && !app.text.contains("participio"))
      #expect(app.text.split(separator: "\n").filter { $0.hasPrefix(" ") && $0.contains("yo") && $0.contains("tú") }
        .allSatisfy { $0.split(separator: " ").count == 2 })
    }
  }

  @Test func theHeatmapShowsTheSelectedCellsFigures() {
    World.withCurrent(Self.world(Scoreboard.inMemory())) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.press(.character("5"), .tab)
      #expect(app.text.contains("pretérito, yo: 2 of 6 right (33 %)"))
      app.press(.right)
      #expect(app.text.contains("pretérito, tú: 2 of 6 right (33 %)"))
      app.press(.character("?"))
      #expect(app.text.contains("Help: your progress"))
    }
  }
}
