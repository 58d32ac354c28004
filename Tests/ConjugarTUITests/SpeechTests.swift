import ConjugarCore
import Foundation
import BackgroundClient
import ConjugarEngine
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpeechClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// What the trainer says, through `App` with a speech recorder.
@Suite struct TrainerSpeechTests {
  let size = Size(columns: 80, rows: 24)

  /// Opens `verb` from the verb list.
  func open(_ verb: String, in app: inout App) {
    app.press(.character("/"))
    app.type(verb)
    app.press(.enter)
  }

  @Test func sOnTheVerbScreenSaysTheTenseChosenInThePersonsShown() {
    let recorder = SpeechRecorder()
    World.withCurrent(testWorld { $0.speech = recorder.speech }) {
      var app = App(size: size)
      open("hablar", in: &app)
      #expect(app.verb?.paradigm.infinitive == "hablar")
      #expect(app.text.contains("s say"), "the bottom line shows the key")
      app.press(.character("s"))
      app.press(.tab, .character("s"))
      #expect(
        recorder.lines == [
          "es-419\tyo hablo, tú hablas, vos hablás, él habla, nosotros hablamos, ellos hablan",
          "es-419\tyo hablé, tú hablaste, vos hablaste, él habló, nosotros hablamos, ellos hablaron",
        ])
    }
    let spain = SpeechRecorder()
    World.withCurrent(
      testWorld {
        $0.speech = spain.speech
        $0.settings = Settings(store: InMemorySettingsStore(["region": "spain", "table-second-person": "tu"]))
      }
    ) {
      var app = App(size: size)
      open("hacer", in: &app)
      for _ in 0..<Tense.allCases.firstIndex(of: .imperativoAfirmativo)! { app.press(.tab) }
      app.press(.character("s"))
      #expect(spain.lines.first == "es\thaz tú, haga usted, hagamos nosotros, haced vosotros, hagan ustedes")
    }
  }

  @Test func speakAnswersSaysTheRightFormAfterEachAnswerAndCtrlRSaysItAgain() {
    let question = Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"])
    let second = Question(verb: "ir", translation: "to go", form: .gerundio, accepted: ["yendo"])
    let recorder = SpeechRecorder()
    World.withCurrent(
      testWorld {
        $0.speech = recorder.speech
        $0.settings = Settings(store: InMemorySettingsStore(["speak-answers": "on"]))
      }
    ) {
      var app = App(size: size)
      app.quiz.start(
        Session(
          source: .given([question, second]), scoring: Scoring(difficulty: .easy, region: .spain), clock: Current.clock),
        speaks: true)
      app.press(.character("2"))
      app.press(.control("r"))
      #expect(recorder.lines.isEmpty, "nothing answered, nothing to say again")
      app.type("tuvo")
      app.press(.enter)
      #expect(recorder.lines == ["es-419\tyo tuve"])
      #expect(app.text.contains("^R say again"), "\(app.text)")
      app.press(.control("r"))
      #expect(recorder.lines == ["es-419\tyo tuve", "es-419\tyo tuve"])
      app.type("yendo")
      app.press(.enter)
      #expect(recorder.lines.last == "es-419\tyendo")
    }
    // Off (the default): nothing is said.
    let silent = SpeechRecorder()
    World.withCurrent(testWorld { $0.speech = silent.speech }) {
      var app = App(size: size)
      app.press(.character("2"), .enter)
      app.type("xyz")
      app.press(.enter)
      #expect(silent.lines.isEmpty)
      #expect(!app.text.contains("^R"))
    }
  }

  /// The IPA the verb screen waits for is made in the background, off the key path: the job
  /// waiting is run, then the loop's tick shows it.
  func makePronunciation(_ queue: BackgroundQueue, _ app: inout App, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(app.awaitsPronunciation, "nothing shown before the job has run", sourceLocation: sourceLocation)
    // (Today's plan too, made at the start for the title's count of forms due.)
    #expect(
      queue.names.filter { $0 != "today's plan" } == ["pronunciation of \(app.verb?.paradigm.infinitive ?? "?")"],
      sourceLocation: sourceLocation)
    queue.runAll()
    app.handle(nil)
  }

  @Test func pShowsEachFormsIPAUnderItMadeOncePerVerbAndVoiceOffTheKeyPath() throws {
    let recorder = SpeechRecorder(transcription: { form, voice in "/\(voice.rawValue):\(form)/" })
    let settings = Settings(store: InMemorySettingsStore(["table-second-person": "tu"]))
    let queue = BackgroundQueue()
    try World.withCurrent(testWorld {
      $0.speech = recorder.speech
      $0.settings = settings
      $0.background = queue.background
    }) {
      var app = App(size: size)
      open("hacer", in: &app)
      #expect(app.text.contains("p IPA"), "the bottom line shows the key")
      app.press(.character("p"))
      makePronunciation(queue, &app)
      #expect(!app.awaitsPronunciation, "the IPA came")
      let text = app.text
      #expect(text.contains("\n hacer — to do, to make\n /es-419:hacer/\n"), "\(text)")
      /// Each form's IPA starts in its column, on the line under it.
      func expectUnder(_ line: String, _ forms: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = text.split(separator: "\n").map { Array($0) }
        let index = try #require(lines.firstIndex { String($0).hasPrefix(line) }, sourceLocation: sourceLocation)
        for form in forms {
          func column(_ text: String, in line: [Character]) -> Int? {
            (0...max(0, line.count - text.count)).first { Array(line[$0..<min(line.count, $0 + text.count)]) == Array(text) }
          }
          let above = column(" " + form + " ", in: lines[index] + [" "]).map { $0 + 1 }
          #expect(above != nil && above == column("/es-419:\(form)/", in: lines[index + 1]), "\(form)\n\(text)", sourceLocation: sourceLocation)
        }
      }
      try expectUnder(" gerundio:", ["haciendo", "hecho"])
      try expectUnder(" yo ", ["hago", "hice", "hacía"])
      try expectUnder(" ellos ", ["hacen", "hicieron"])
      #expect(text.contains("p hide IPA"))
      // Hidden, shown again: not asked again.
      app.press(.character("p"))
      #expect(!app.text.contains("/es-419:hago/"))
      app.press(.character("p"))
      #expect(app.text.contains("/es-419:hago/"))
      #expect(recorder.ipaRequests.count == 1)
      #expect(recorder.ipaRequests.first?.hasPrefix("es-419\t") == true)
      // Another region, another voice: asked once more, in Spain's.
      app.press(.character("4"), .right, .character("1"))
      try #require(settings.region == .spain, "Settings' first row is the region")
      makePronunciation(queue, &app)
      #expect(app.text.contains("/es:hago/"), "\(app.text)")
      #expect(recorder.ipaRequests.count == 2)
      // g shows the progressive, with its IPA.
      app.press(.character("g"), .end)
      #expect(app.text.contains("/es:estuvieres haciendo/"), "\(app.text)")
    }
  }

  @Test func withoutEspeakNGPSaysTheIPANeedsIt() {
    let recorder = SpeechRecorder(isAvailable: false)
    World.withCurrent(testWorld { $0.speech = recorder.speech }) {
      var app = App(size: size)
      open("hacer", in: &app)
      app.press(.character("p"))
      #expect(app.text.contains("IPA needs espeak-ng, which Scripts/setup installs"), "\(app.text)")
      #expect(app.verb?.showsIPA == false)
      #expect(!app.awaitsPronunciation)
      #expect(recorder.ipaRequests.isEmpty)
    }
  }

  @Test func withoutEspeakNGTheFirstRequestSaysOnceWhySpeechIsMissing() {
    let recorder = SpeechRecorder(isAvailable: false)
    World.withCurrent(testWorld { $0.speech = recorder.speech }) {
      var app = App(size: size)
      open("hablar", in: &app)
      app.press(.character("s"))
      #expect(app.text.contains("Speech needs espeak-ng, which Scripts/setup installs"), "\(app.text)")
      // Esc goes back to the list, and the message goes with the verb screen.
      app.press(.escape)
      #expect(!app.text.contains("espeak-ng"))
      app.press(.enter, .character("s"))
      #expect(!app.text.contains("espeak-ng"), "said once")
      #expect(app.verb != nil, "the verb screen is still there")
      #expect(recorder.lines.isEmpty)
      app.press(.escape, .character("4"))
      for _ in 0..<SettingsScreen.rows.firstIndex(where: { $0.key == "speak-answers" })! { app.press(.down) }
      #expect(app.text.contains("Speak answers        ‹ unavailable (needs espeak-ng) ›"), "\(app.text)")
      app.press(.right)
      #expect(Current.settings.speakAnswers == .off)
    }
  }
}

/// The listening drill, started from the Quiz screen.
@Suite struct ListeningDrillScreenTests {
  let size = Size(columns: 80, rows: 24)

  @Test func lStartsAListeningDrillThatSaysEachFormWithoutShowingIt() throws {
    let recorder = SpeechRecorder()
    let scores = Scoreboard.inMemory()
    try World.withCurrent(
      testWorld {
        $0.speech = recorder.speech
        $0.scoreboard = scores
      }
    ) { () throws in
      var app = App(size: size)
      app.press(.character("2"))
      #expect(app.text.contains("l listen"), "\(app.text)")
      app.press(.character("l"))
      guard let session = app.quiz.asking?.session, let first = session.current else {
        Issue.record("no drill: \(app.text)")
        return
      }
      #expect(session.questions.count == 20)
      #expect(app.quiz.asking?.kind == .listening)
      #expect(recorder.lines == ["es-419\t\(first.spoken)"])
      #expect(app.text.contains("Listening 1 of 20"))
      #expect(app.text.contains("Write the form you hear"))
      #expect(!app.text.contains(first.verb + " "), "the verb is not shown: \(app.text)")
      #expect(app.text.contains("^R hear again"))
      app.press(.control("r"))
      #expect(recorder.lines.count == 2 && recorder.lines[1] == recorder.lines[0], "Ctrl-R says it again")
      app.type(first.accepted[0])
      app.press(.enter)
      #expect(app.text.contains("✓ Right\n   \(first.accepted[0])\n"), "\(app.text)")
      #expect(recorder.lines.count == 2, "nothing more is said while the verdict shows")
      #expect(try scores.answers.allAnswers().map(\.mode) == [.listening], "kept at once, as listening")
      app.press(.character(" "))
      let second = session.questions[1]
      #expect(recorder.lines.last == "es-419\t\(second.spoken)", "the next form is said when it shows")
      for question in session.questions.dropFirst() {
        app.type(question.accepted[0])
        app.press(.enter, .enter)
      }
      #expect(app.text.contains("Listening drill finished: 20 of 20 right"), "\(app.text)")
      #expect(try scores.answers.allAnswers().count == 20)
      #expect(try scores.answers.allAnswers().allSatisfy { $0.mode == .listening })
      #expect(try scores.answers.bestScores(.max).isEmpty, "a drill is not a scored quiz")
    }
  }

  /// Esc or q on a verdict asks first; staying, the next form is said (it was not while the dialog
  /// showed).
  @Test func theNextFormIsSaidOnceTheLearnerStays() {
    let recorder = SpeechRecorder()
    World.withCurrent(testWorld { $0.speech = recorder.speech }) {
      var app = App(size: size)
      app.press(.character("2"), .character("l"))
      guard let session = app.quiz.asking?.session else {
        Issue.record("no drill: \(app.text)")
        return
      }
      for (n, key) in [Key.escape, .character("q")].enumerated() {
        app.type("zz")
        app.press(.enter, key)
        #expect(app.text.contains(key == .escape ? "Leave this" : "Quit conjugar?"), "\(app.text)")
        #expect(recorder.lines.last == "es-419\t\(session.questions[n].spoken)", "nothing said under the dialog")
        app.press(.character("n"))
        #expect(recorder.lines.last == "es-419\t\(session.questions[n + 1].spoken)", "said once back")
      }
    }
  }

  @Test func withoutEspeakNGTheListeningDrillIsNotOfferedAndSaysWhy() {
    World.withCurrent(testWorld { $0.speech = .unavailable }) {
      var app = App(size: size)
      app.press(.character("2"))
      #expect(!app.text.contains("l listen"))
      #expect(app.text.contains("Listening drill: needs espeak-ng, which Scripts/setup installs."), "\(app.text)")
      app.press(.character("l"))
      #expect(!app.quiz.isAsking)
      #expect(app.text.contains("The listening drill needs espeak-ng, which Scripts/setup"), "\(app.text)")
    }
  }
}
