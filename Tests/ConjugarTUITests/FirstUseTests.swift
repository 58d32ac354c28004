import ClockClient
import ConjugarCore
import ConjugarEngine
import ReviewPrompterClient
import ScoreboardClient
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// What new users tripped over (issue 13), one test each.
@Suite struct FirstUseTests {
  @Test func aLongTenseIsAbbreviatedNeverCutWhereItDiffers() {
    let ra = Tense.imperfectoSubjuntivoRa.spanishName  // pretérito imperfecto de subjuntivo (-ra)
    #expect(abbreviatedTense(ra, width: 60) == ra)
    // Only as much as it takes: one word, then the next.
    #expect(abbreviatedTense(ra, width: 30) == "pret. imperfecto subj. (-ra)")
    #expect(abbreviatedTense(ra, width: 25) == "pret. imperf. subj. (-ra)")
    #expect(abbreviatedTense(Tense.pluscuamperfectoSubjuntivoSe.spanishName, width: 20) == "plusc. subj. (-se)")
    // Narrower than any abbreviation: the end that tells -ra from -se still shows.
    #expect(abbreviatedTense(ra, width: 12).hasSuffix("(-ra)"))
    #expect(abbreviatedTense(ra, width: 12).terminalWidth <= 12)
    for tense in Tense.allCases {
      #expect(abbreviatedTense(tense.spanishName, width: 30).terminalWidth <= 30, "\(tense)")
    }
  }

  @Test func theQuizAt40ColumnsShowsWhichImperfectIsAsked() {
    let question = Question(
      verb: "tener", translation: "to have", form: .finite(.imperfectoSubjuntivoSe, .yo), accepted: ["tuviese"])
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 40, rows: 12))
      app.quiz.start(Session(source: .given([question]), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock))
      app.press(.character("2"))
      #expect(app.text.contains("Tense:  pret. imperfecto subj. (-se)"), "\(app.text)")
    }
  }

  @Test func theReviewInvitationShowsItsWholeAddressAt80Columns() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.say(ReviewPrompter.invitation)
      #expect(app.text.contains("https://github.com/conjugar/conjugar/issues"), "\(app.text)")
    }
  }

  @Test func qOnATooSmallScreenAsksBeforeEndingAQuiz() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"), .enter)
      app.size = Size(columns: 30, rows: 8)
      app.press(.character("q"))
      #expect(app.exitStatus == nil)
      #expect(app.text.contains("Quit conjugar?"))
      app.press(.character("n"))
      #expect(app.exitStatus == nil)
      #expect(app.quiz.isAsking)
      app.press(.character("q"), .character("y"))
      #expect(app.exitStatus == 0)
    }
  }

  @Test func theTimerStopsWhileTheHelpIsOpen() {
    let (clock, time) = WallClock.manual()
    World.withCurrent(testWorld { $0.clock = clock }) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("2"), .enter)
      time.advance(by: 5)
      app.press(.character("?"))
      time.advance(by: 60)
      app.handle(nil)
      app.press(.escape)
      time.advance(by: 2)
      app.handle(nil)
      #expect(app.text.contains("Time 00:07"), "\(app.text)")
    }
  }

  /// The verdict replaces the question until a key: the letters that differ marked in the answer
  /// and in the right form, the mistake named, the timer stopped; the next question shows alone.
  @Test func theVerdictStaysUntilAKeyAndNeverShowsUnderTheNextQuestion() {
    let (clock, time) = WallClock.manual()
    let questions = [
      Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"]),
      Question(verb: "hablar", translation: "to speak", form: .finite(.presente, .yo), accepted: ["hablo"]),
    ]
    World.withCurrent(testWorld { $0.clock = clock }) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.quiz.start(
        Session(
          source: .given(questions), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock,
          check: Session.diagnosing(with: Current.conjugator)))
      app.press(.character("2"))
      time.advance(by: 3)
      app.type("tenía")
      app.press(.enter)
      let marked = app.frame().text(marking: [.difference])
      #expect(marked.contains("yours: te«nía»"), "\(marked)")
      #expect(marked.contains("right: t«uv»e"), "\(marked)")
      #expect(app.text.contains("✗ Wrong"))
      #expect(app.text.contains("imperfecto"), "the mistake is named: \(app.text)")
      #expect(!app.text.contains("hablar"), "the next question waits")
      time.advance(by: 60)
      app.handle(nil)
      #expect(app.text.contains("Time 00:03"), "the timer stops on the verdict: \(app.text)")
      app.press(.character("x"))
      #expect(app.text.contains("Verb:   hablar"))
      #expect(!app.text.contains("tenía") && !app.text.contains("Wrong"), "no verdict under the question: \(app.text)")
      #expect(app.quiz.asking?.answer.text.isEmpty == true, "the key that went on is not typed")
      app.type("hablo")
      app.press(.enter)
      #expect(app.text.contains("Press any key for the results."))
      app.press(.enter)
      #expect(app.text.contains("Quiz finished"))
    }
  }

  /// The negative imperative's prompt shows its no; the form typed after it, with or without
  /// the no, is right.
  @Test func theNegativeImperativeIsAskedAfterItsNo() {
    let question = Question(
      verb: "tener", translation: "to have", form: .finite(.imperativoNegativo, .tu), accepted: ["no tengas"])
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.quiz.start(
        Session(
          source: .given([question, question]), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock,
          check: Session.diagnosing(with: Current.conjugator)))
      app.press(.character("2"))
      #expect(app.text.contains(" Answer: no\n"), "\(app.text)")
      app.type("tengas")
      #expect(app.text.contains(" Answer: no tengas"), "\(app.text)")
      app.press(.enter)
      #expect(app.text.contains("✓ Right\n   no tengas\n"), "\(app.text)")
      app.press(.enter)
      app.type("no tengas")
      app.press(.enter)
      #expect(app.text.contains("✓ Right\n   no tengas\n"), "\(app.text)")
    }
  }

  @Test func resultsShowTheAnswerAsTheCheckerReadIt() {
    let question = Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"])
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.quiz.start(Session(source: .given([question]), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock))
      app.press(.character("2"))
      app.type("  TUVE ")
      app.press(.enter)
      #expect(app.text.contains("✓ Right\n   tuve\n"), "the verdict: \(app.text)")
      app.press(.enter)
      #expect(app.text.contains("✓ tuve"), "\(app.text)")
      #expect(!app.text.contains("TUVE"))
    }
  }

  @Test func theIrregularFilterListsOnlyVerbsWithIrregularLetters() {
    World.withCurrent(testWorld()) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("f"), .character("f"), .character("f"))  // all → common → regular → irregular
      #expect(!app.verbs.shownInfinitives.contains("abalanzar"))  // only spelling changes: abalancé
      #expect(!app.verbs.shownInfinitives.contains("buscar"))
      #expect(app.verbs.shownInfinitives.contains("tener"))
      app.press(.character("f"), .character("f"), .character("f"))  // → all → common → regular
      #expect(app.verbs.shownInfinitives.contains("buscar"))
    }
  }

  @Test func theRegularLabelIsOnlyForVerbsWithNothingIrregular() {
    func label(_ verb: String) -> String {
      let table = VerbTable(infinitive: verb)!
      return table.layout(width: 80, persons: Person.allCases).lines[1].text
    }
    World.withCurrent(testWorld()) {
      #expect(label("hablar") == " model: hablar (regular)")
      #expect(label("buscar") == " model: sacar (regular)")
      #expect(label("imprimir") == " model: partir")  // impreso
      #expect(label("soler") == " model: mover")
    }
  }

  @Test func aDefectiveVerbSaysWhyCellsAreEmpty() {
    World.withCurrent(testWorld()) {
      let soler = VerbTable(infinitive: "soler")!
      #expect(soler.defectiveNote(persons: Person.allCases).hasPrefix("soler is defective: it has no futuro simple"))
      let llover = VerbTable(infinitive: "llover")!
      #expect(llover.defectiveNote(persons: Person.allCases).contains("no forms for yo"))
      #expect(VerbTable(infinitive: "tener")!.defectiveNote(persons: Person.allCases) == "")
    }
  }

  @Test func theSettingsSayWhatTheyDoInPlainWords() {
    let settings = SettingDeclarations.shared
    #expect(settings.tableSecondPerson.help == "Which second persons singular the verb tables show: tú, vos, or both.")
    #expect(settings.analytics.defaultValue == .off)
    for recorded in ["analytics.jsonl", "each screen you open", "each quiz", "Nothing else is recorded", "nothing leaves"] {
      #expect(settings.analytics.help.contains(recorded), "\(recorded)")
    }
  }
}

/// The Verbs screen: by frequency, `s` for alphabetical, and the one search (issue 13).
@Suite struct VerbsScreenTests {
  let size = Size(columns: 80, rows: 24)

  @Test func theListOpensByFrequencyAndSTogglesAlphabetical() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      #expect(app.verbs.shownInfinitives.prefix(4) == ["ser", "hacer", "ver", "tener"])
      app.press(.character("s"))
      #expect(app.verbs.shownInfinitives.first!.hasPrefix("ab"))
      #expect(app.verbs.shownInfinitives == app.verbs.shownInfinitives.sorted())
      app.press(.character("s"))
      #expect(app.verbs.shownInfinitives.first == "ser")
    }
  }

  @Test func theSearchFindsEnglishFormsMisspellingsAndUnknownVerbs() {
    World.withCurrent(testWorld()) {
      var app = App(size: size)
      for (query, first) in [("look for", "buscar"), ("tengo", "tener"), ("hablr", "hablar"), ("esta", "estar")] {
        app.press(.character("/"))
        app.type(query)
        #expect(app.verbs.shownInfinitives.first == first, "\(query)")
        app.press(.escape)
      }
      app.press(.character("/"))
      app.type("become")
      #expect(app.verbs.shownInfinitives.prefix(5).contains("volverse"))
      app.press(.escape, .character("/"))
      app.type("googlear")
      #expect(app.text.contains("not in the catalog"))
      app.press(.enter)
      #expect(app.text.contains("googlear"))
      #expect(app.text.contains("model: hablar (not in the catalog: conjugated as a regular verb)"))
      #expect(app.text.contains("googleé"))
    }
  }
}
