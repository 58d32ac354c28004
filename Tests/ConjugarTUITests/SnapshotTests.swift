import ClockClient
import ConjugarCore
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SnapshotTesting
import SpacedRepetition
import ConjugarEngine
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Every screen drawn by the real loop into an in-memory terminal, at 80x24 and at the smallest
/// size the trainer supports, 40x12, compared with the text in __Snapshots__/SnapshotTests.
/// A new snapshot is recorded on the first run (and that run fails); review it, then commit it.
@Suite struct SnapshotTests {
  static let sizes = [(80, 24), (40, 12)]

  /// `world` is made afresh for each size: a World's random source moves on as a quiz uses it.
  func assertScreens(in world: @autoclosure () -> World = testWorld(), _ keys: [Key], testName: String = #function) {
    for (columns, rows) in Self.sizes {
      let (terminal, _) = run(in: world(), columns: columns, rows: rows, keys)
      assertSnapshot(of: terminal.text, as: .lines, named: "\(columns)x\(rows)", testName: testName)
    }
  }

  @Test func verbList() { assertScreens([]) }

  @Test func verbSearch() { assertScreens([.character("/")] + typing("esta")) }

  @Test func verbSearchWithoutMatch() { assertScreens([.character("/")] + typing("xyz")) }

  @Test func irregularVerbsFilter() { assertScreens([.character("f"), .character("f"), .character("f")]) }

  @Test func drillBuilder() { assertScreens([.character("2"), .character("d")]) }

  @Test func verbTable() { assertScreens([.character("/")] + typing("tener") + [.enter]) }

  @Test func verbTableInSpainWithVos() {
    assertScreens(
      in: testWorld(settings: ["region": "spain", "table-second-person": "vos"]),
      [.character("/")] + typing("tener") + [.enter, .tab, .tab, .tab, .tab, .tab, .tab])
  }

  @Test func quizStart() { assertScreens([.character("2")]) }

  @Test func quizQuestion() {
    let questions = firstQuiz()
    let keys: [Key] = [.character("2"), .enter] + typing(questions[0].accepted[0]) + [.enter, .enter]
    assertScreens(keys + typing("ha"))
  }

  @Test func quizVerdict() {
    let questions = firstQuiz()
    let wrong = String(questions[0].accepted[0].dropLast()) + "x"
    assertScreens([.character("2"), .enter] + typing(wrong) + [.enter])
  }

  @Test func quizLeaving() {
    assertScreens([.character("2"), .enter, .escape])
  }

  @Test func quizResults() {
    let questions = firstQuiz()
    let keys: [Key] = [.character("2"), .enter] + answers(questions)
    assertScreens(keys)
  }

  @Test func infoList() { assertScreens([.character("3")]) }

  @Test func infoArticle() { assertScreens([.character("3"), .enter]) }

  @Test func settings() { assertScreens([.character("4"), .down]) }

  /// The last setting selected: on a short screen the list scrolls to it.
  @Test func settingsScrolledToTheLast() {
    assertScreens([.character("4")] + Array(repeating: Key.down, count: SettingDeclarations.all.count - 1))
  }

  /// The list of the quiz's tenses to pick from, the easy level's picked (issue 21 §5).
  @Test func settingsQuizTensesPicker() {
    assertScreens([.character("4"), .down, .down, .down, .enter, .down, .down, .character(" ")])
  }

  @Test func scores() {
    let board = Scoreboard.inMemory()
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    _ = try? board.answers.reportQuiz(
      ScoreRecord(score: 180, date: date, difficulty: .moderate, region: .latinAmerica, seconds: 312), [])
    _ = try? board.answers.reportQuiz(
      ScoreRecord(score: 216, date: date.addingTimeInterval(86_400), difficulty: .easy, region: .spain, seconds: 95), [])
    World.withCurrent(testWorld { $0.scoreboard = board }) {
      for (columns, rows) in Self.sizes {
        var app = App(size: Size(columns: columns, rows: rows))
        // The dates show in the learner's time zone; the snapshot needs one fixed.
        app.press(.character("5"), .backTab)
        assertSnapshot(of: app.text, as: .lines, named: "\(columns)x\(rows)")
      }
    }
  }

  @Test func noProgress() { assertScreens([.character("5")]) }

  /// A hand-made history of 60 days up to `now`.
  static func progressHistory(now: Date) -> Scoreboard {
    let board = Scoreboard.inMemory()
    let cells: [(String, String, String, String)] = [
      ("tener", "presente", "yo", "tengo"), ("ser", "preterito", "tu", "fuiste"), ("ir", "futuro", "el", "irá"),
      ("hablar", "imperfecto", "nosotros", "hablábamos"), ("decir", "presente-subjuntivo", "ellos", "digan"),
      ("venir", "imperativo-afirmativo", "tu", "ven"),
    ]
    var answers: [AnsweredQuestion] = []
    for day in 0..<60 where day % 9 != 4 {
      for k in 0..<(3 + day % 7) {
        let (verb, tense, person, form) = cells[(day + k) % cells.count]
        let result: AnswerResult = (day * 7 + k * 3) % 10 < (verb == "ser" || verb == "decir" ? 5 : 8) ? .correct
          : (k % 3 == 0 ? .accentsOnly : .wrong)
        answers.append(AnsweredQuestion(
          verb: verb, tense: tense, person: person, expected: form, given: result == .correct ? form : "x",
          result: result, date: now.addingTimeInterval(Double(-day * 86_400 - 3_600 + k * 20)),
          seconds: 2 + Double((day + k) % 5)))
      }
    }
    _ = try? board.answers.importAnswers(answers)
    return board
  }

  /// Each part of the Progress screen on that history, in UTC, at both sizes.
  @Test(arguments: [0, 1, 2, 3]) func progress(part: Int) {
    let (clock, _) = WallClock.manual()
    let board = Self.progressHistory(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      for (columns, rows) in Self.sizes {
        var app = App(size: Size(columns: columns, rows: rows))
        app.press(.character("5"))
        for _ in 0..<part { app.press(.tab) }
        assertSnapshot(of: app.text, as: .lines, named: "\(columns)x\(rows)", testName: "progress\(part)")
      }
    }
  }

  /// The end of the overview on that history: the calibration chart of the weights in use (FSRS-6's
  /// defaults), once worked out (in the background: at once in the test World).
  @Test func progressCalibration() {
    let (clock, _) = WallClock.manual()
    let board = Self.progressHistory(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      for (columns, rows) in Self.sizes {
        var app = App(size: Size(columns: columns, rows: rows))
        app.press(.character("5"))
        #expect(app.progress.memoryModel.calibration?.result != nil)
        app.press(.end)
        assertSnapshot(of: app.text, as: .lines, named: "\(columns)x\(rows)")
      }
    }
  }

  /// A rule layer in use on that history (issue 42, part 4): the rules of its cells known (hablar's
  /// and tener's) and not yet known (ser's and decir's), as if fitted.
  static func applyRules(to board: Scoreboard, now: Date, conjugator: Conjugator) {
    func rules(_ verb: String, _ tense: Tense, _ person: Person) -> [GrammarRule] {
      (try? conjugator.rules(of: verb, tense: tense, person: person)) ?? []
    }
    var easiness: [String: Double] = [:]
    for (index, rule) in (rules("hablar", .imperfecto, .nosotros) + rules("tener", .presente, .yo)).enumerated() {
      easiness[rule.id] = 1.2 - Double(index) * 0.2
    }
    for (index, rule) in (rules("ser", .preterito, .tu) + rules("decir", .presenteSubjuntivo, .ellos)).enumerated() {
      easiness[rule.id] = -0.5 - Double(index) * 0.3
    }
    let layer = RuleLayer(
      intercept: 0.2, weights: Array(repeating: 0, count: RuleEvidence.featureCount), easiness: easiness, lambda: 4,
      usesRules: true, blend: 0, blendShift: 0, firstAnswers: 100, reviews: 50)
    _ = try? board.memory.applyFittedMemory(
      FittedMemory(weights: Parameters.defaultWeights, date: now, reviews: 3, logLoss: 0.3, rmseBins: 0.1, rules: layer))
  }

  /// Progress's Rules on that history: the rules known and not yet known, with their evidence.
  @Test func progressRules() {
    let (clock, _) = WallClock.manual()
    let board = Self.progressHistory(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      Self.applyRules(to: board, now: clock.now(), conjugator: Current.conjugator)
      for (columns, rows) in Self.sizes {
        var app = App(size: Size(columns: columns, rows: rows))
        app.press(.character("5"), .backTab, .backTab)
        app.press(.down)
        assertSnapshot(of: app.text, as: .lines, named: "\(columns)x\(rows)")
      }
    }
  }

  /// Progress's Forecast (issue 41, item 4) on a history of 120 forms: the next 30 days, the
  /// second selected.
  @Test func progressForecast() {
    let (clock, _) = WallClock.manual()
    let board = ForecastPartTests.history(now: clock.now())
    World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) {
      for (columns, rows) in Self.sizes {
        var app = App(size: Size(columns: columns, rows: rows))
        app.press(.character("5"), .tab, .tab, .tab, .tab, .down)
        assertSnapshot(of: app.text, as: .lines, named: "\(columns)x\(rows)")
      }
    }
  }

  @Test func help() { assertScreens([.character("?")]) }

  @Test func notice() {
    assertScreens(in: testWorld { $0.notices = ["The settings file was unreadable; it was set aside and defaults are used."] }, [])
  }

  @Test func tooSmall() {
    let (terminal, _) = run(columns: 30, rows: 10, [])
    assertSnapshot(of: terminal.text, as: .lines, named: "30x10")
  }
}

/// Keys that answer every question of `questions`: right, except the second without its
/// accents (or wrong, if it has none) and the third wrong.
func answers(_ questions: [Question]) -> [Key] {
  questions.enumerated().flatMap { number, question -> [Key] in
    let answer = switch number {
    case 1: withoutAccents(question.accepted[0])
    case 2: "xx"
    default: question.accepted[0]
    }
    // Enter answers; the verdict stays until a key (Enter again) brings the next question.
    return typing(answer) + [.enter, .enter]
  }
}
