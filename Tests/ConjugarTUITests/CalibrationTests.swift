import BackgroundClient
import ClockClient
import ConjugarCore
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Progress's calibration chart (issue 22 §4) and the memory model's line on the Settings screen.
@Suite struct CalibrationTests {
  /// Two bins: 70–80 % (predicted 75.4 % on average, 76 % recalled, 1,234 answers) and 90–100 %.
  static let before = Calibration(bins: [
    .init(index: 7, answers: 1_234, predicted: 0.754, recalled: 0.76),
    .init(index: 9, answers: 56, predicted: 0.93, recalled: 1),
  ])

  @Test func oneLinePerBinWithItsBarMarkShareAndAnswers() {
    let lines = CalibrationChart.lines(before: Self.before, after: nil, inUse: "defaults", width: 80).map(\.text)
    // 40 cells of bar: 76 % is 30.4 cells (30 and 3 eighths, ▍), the mark in cell ⌊0.754 · 40⌋ = 30.
    #expect(lines == [
      "",
      " Calibration: predicted recall against the share recalled",
      "  70–80 %   " + String(repeating: "█", count: 30) + "┃" + String(repeating: " ", count: 9) + "  76 %   1,234",
      "  90–100 %  " + String(repeating: "█", count: 37) + "┃" + "██" + " 100 %      56",
      "  █ recalled · ┃ mean predicted · answers at the right",
    ])
    for width in [40, 60, 80] {
      for line in CalibrationChart.lines(before: Self.before, after: nil, inUse: "defaults", width: width) {
        #expect(line.width < width, "\(width) columns: \(line.text)")
      }
    }
  }

  @Test func afterAFitTheFittedWeightsBesideOrUnder() {
    let after = Calibration(bins: [
      .init(index: 6, answers: 10, predicted: 0.65, recalled: 0.6),
      .init(index: 7, answers: 1_280, predicted: 0.77, recalled: 0.78),
    ])
    let wide = CalibrationChart.lines(before: Self.before, after: after, inUse: "defaults", width: 80).map(\.text)
    // The bins of either, in order; a bin one model left empty is blank on its side.
    #expect(wide[2].hasPrefix("  predicted defaults") && wide[2].hasSuffix("fitted"))
    #expect(wide[3].hasPrefix("  60–70 %   " + String(repeating: " ", count: 18 + 14 + 2)) && wide[3].hasSuffix("  60 %      10"))
    #expect(wide[4].hasPrefix("  70–80 %   ") && wide[4].contains("  76 %   1,234  ") && wide[4].hasSuffix("  78 %   1,280"))
    #expect(wide[5].hasPrefix("  90–100 %  ") && wide[5].contains(" 100 %      56"))
    #expect(wide.count == 7 && wide.allSatisfy { $0.count < 80 })
    // At 40 columns: one under the other, each named.
    let narrow = CalibrationChart.lines(before: Self.before, after: after, inUse: "defaults", width: 40).map(\.text)
    #expect(narrow.map { $0.prefix(7) } == ["", " Calibr", "  defau", " 70–80 ", " 90–100", "  fitte", " 60–70 ", " 70–80 ", "  █ rec"])
    #expect(narrow[3].hasSuffix(" 76%  1,234") && narrow[7].hasSuffix(" 78%  1,280"))
    #expect(narrow.allSatisfy { $0.count < 40 })
  }

  @Test func noAnswerToScoreSaysSo() {
    let lines = CalibrationChart.lines(before: Calibration(bins: []), after: nil, inUse: "defaults", width: 40)
    #expect(lines.map(\.text).joined(separator: "\n").contains("No answer to score yet"))
  }

  /// Five forms answered again a day or more later (FSRS-6's defaults predict 0.388, 0.766,
  /// 0.785, 0.947, 0.968 for them: see SpacedRepetitionTests' CalibrationTests) and one the same
  /// day, not scored.
  static func history(now: Date) -> Scoreboard {
    let day = 86_400.0
    let start = now.addingTimeInterval(-200 * day)
    func answer(_ verb: String, _ after: Double, _ right: Bool, _ rating: Rating) -> AnsweredQuestion {
      AnsweredQuestion(
        verb: verb, tense: "presente", person: "yo", expected: "x", given: right ? "x" : "y",
        result: right ? .correct : .wrong, date: start.addingTimeInterval(after), rating: rating)
    }
    let board = Scoreboard.inMemory()
    _ = try? board.answers.importAnswers([
      answer("hablar", 0, true, .good), answer("hablar", day, true, .good),
      answer("comer", 0, true, .easy), answer("comer", 2 * day, false, .again),
      answer("vivir", 0, false, .again), answer("vivir", day, true, .good),
      answer("cantar", 0, true, .hard), answer("cantar", 5 * day, false, .again),
      answer("bailar", 0, false, .again), answer("bailar", 100 * day, false, .again),
      answer("mirar", 0, true, .good), answer("mirar", 3 * 3_600, true, .good),
    ])
    return board
  }

  @Test func progressDrawsTheCalibrationOfTheWeightsInUseWithoutAFit() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    try World.withCurrent(testWorld { $0.scoreboard = board; $0.clock = clock }) { () throws in
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"))
      // Worked out in the background (at once here); once it is, the loop no longer draws often for it.
      let calibration = try #require(app.progress.memoryModel.calibration?.result)
      #expect(!app.awaitsFit)
      #expect(calibration.bins.map(\.index) == [3, 7, 9] && calibration.bins.map(\.answers) == [1, 2, 2])
      app.press(.end)
      let text = app.text
      #expect(text.contains(" Calibration: predicted recall against the share recalled"))
      // 30–40 %: 1 answer, 0 recalled: no bar, the mark at ⌊0.388 · 40⌋ = 15.
      #expect(text.contains("\n  30–40 %   " + String(repeating: " ", count: 15) + "┃" + String(repeating: " ", count: 24) + "   0 %       1"))
      // 70–80 %: 2 answers, 1 recalled: half the bar; the mark at ⌊0.7758 · 40⌋ = 31.
      #expect(text.contains("\n  70–80 %   " + String(repeating: "█", count: 20) + String(repeating: " ", count: 11) + "┃"))
      #expect(text.contains("  50 %       2"))
      #expect(text.contains("\n  90–100 %  "))
    }
  }

  /// The chart comes from the background after the key: an overview scrolled to its end follows
  /// it there; one not scrolled stays at its top.
  @Test func theOverviewAtItsEndScrollsToTheChartWhenItComes() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    let queue = BackgroundQueue()
    let world = testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }
    try World.withCurrent(world) { () throws in
      for scrolled in [true, false] {
        var app = App(size: Size(columns: 40, rows: 12))
        app.press(.character("5"))
        // End comes before the calibration has been worked out, so the chart is not yet in the
        // overview's end it scrolls to.
        if scrolled { app.press(.end) }
        #expect(app.progress.memoryModel.calibration?.result == nil)
        // (The first App also makes today's plan there, for the title's count of forms due; the
        // key reads the memory's figures there too.)
        #expect(queue.names.filter { $0 != "today's plan" } == ["calibration", "memory"], "\(queue.names)")
        queue.runAll()
        _ = try #require(app.progress.memoryModel.calibration?.result)
        app.handle(nil)  // the loop's tick
        let text = app.text
        #expect(text.contains("  █ recalled, ┃ predicted, n") == scrolled, "\(text)")
        #expect(text.contains(" Streak") != scrolled, "\(text)")
      }
    }
  }

  /// The memory's figures (a pass over every form) come from the background after the key's
  /// frame, which says they are being read.
  @Test func theMemorysFiguresComeAfterTheKeysFrame() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    let queue = BackgroundQueue()
    let world = testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }
    try World.withCurrent(world) { () throws in
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"))
      #expect(app.text.contains("\n Memory          Reading…"), "\(app.text)")
      #expect(app.text.contains("\n Recall today    Reading…"), "\(app.text)")
      queue.runAll()
      app.handle(nil)  // the loop's tick
      let memory = try board.standing.memory(StatisticsQuery(now: clock.now(), timeZone: .utc))
      #expect(memory.learning + memory.review + memory.relearning > 0)
      #expect(app.text.contains("\n Memory          learning \(memory.learning) · review \(memory.review)"), "\(app.text)")
      #expect(app.text.contains("\n Recall today    \(ProgressText.percent(memory.recall))"), "\(app.text)")
    }
  }

  @Test func aMemoryThatCannotBeReadSaysSoAndTheRestStays() throws {
    struct Unreadable: Error, CustomStringConvertible { var description: String { "the disk is gone" } }
    let (clock, _) = WallClock.manual()
    var board = Self.history(now: clock.now())
    board.standing.memory = { _ in throw Unreadable() }
    let queue = BackgroundQueue()
    let world = testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }
    World.withCurrent(world) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"))
      #expect(app.progress.error == nil)
      queue.runAll()
      app.handle(nil)  // the loop's tick
      #expect(app.progress.error == "The history could not be read: the disk is gone")
      #expect(app.progress.memory == Statistics.Memory())
      #expect(app.progress.statistics.total.answers > 0)
    }
  }

  @Test func otherWeightsInUseNeverShowTheChartOfTheFormerOnes() throws {
    let (clock, _) = WallClock.manual()
    let board = Self.history(now: clock.now())
    var weights = Parameters.defaultWeights
    for i in 0..<4 { weights[i] *= 10 }  // stabilities ten times the defaults': other bins
    let queue = BackgroundQueue()
    let world = testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }
    try World.withCurrent(world) { () throws in
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"))
      queue.runAll()
      let defaults = try #require(app.progress.memoryModel.calibration?.result)
      _ = try board.memory.applyFittedMemory(
        FittedMemory(weights: weights, date: clock.now(), reviews: 12, logLoss: 0.5, rmseBins: 0.1))
      app.press(.character("1"), .character("5"))
      let fitted = Calibration(weights: weights, log: try board.memory.reviewLog())
      #expect(fitted != defaults)
      // Being worked out: nothing shown meanwhile, never the defaults'.
      #expect(queue.names.filter { $0 != "today's plan" } == ["calibration", "memory"], "\(queue.names)")
      #expect(app.progress.memoryModel.calibrationInUse == nil)
      queue.runAll()
      #expect(app.progress.memoryModel.calibrationInUse == fitted)
    }
  }

  /// Progress's fit (`o`) fits the rule layer with the weights, as `conjugar optimize` does, and
  /// `u` keeps both.
  @Test func theTrainersFitKeepsTheRuleLayerWithTheWeights() throws {
    let (clock, _) = WallClock.manual()
    let start = clock.now().addingTimeInterval(-30 * 86_400)
    let verbs = ["hablar", "comer", "vivir", "cantar", "tener", "ser", "hacer", "poder", "decir", "bailar", "mirar", "beber",
      "escribir", "pensar", "volver", "pedir"]
    var answers: [AnsweredQuestion] = []
    for (n, verb) in verbs.enumerated() {
      for (k, person) in ["yo", "tu", "el", "nosotros", "ellos"].enumerated() {
        let i = n * 5 + k
        for (day, right) in [(0.0, i % 5 != 0), (2.0, i % 4 != 0)] {
          answers.append(
            AnsweredQuestion(
              verb: verb, tense: "presente", person: person, expected: "x", given: right ? "x" : "y",
              result: right ? .correct : .wrong, date: start.addingTimeInterval(day * 86_400 + Double(i) * 60)))
        }
      }
    }
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers(answers)
    let queue = BackgroundQueue()
    let world = testWorld { $0.scoreboard = board; $0.clock = clock; $0.background = queue.background }
    try World.withCurrent(world) { () throws in
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("5"), .character("o"))
      queue.runAll()
      app.handle(nil)
      app.press(.character("u"))
      let inUse = try #require(try board.memory.fittedMemory())
      let rules = try #require(inUse.rules)
      #expect(rules.firstAnswers == 80 && rules.isUsable)
    }
  }

  @Test func settingsNamesTheMemoryModelUnderReviewRetention() throws {
    let board = Scoreboard.inMemory()
    let world = testWorld { $0.scoreboard = board }
    let retention = try #require(SettingsScreen.rows.firstIndex { $0.key == "desired-retention" })
    World.withCurrent(world) {
      var app = App(size: Size(columns: 80, rows: 24))
      app.press(.character("4"))
      for _ in 0..<retention { app.press(.down) }
      var text = app.text
      #expect(text.contains("conjugar optimize --retention"))
      #expect(text.contains("Memory model in use: FSRS-6's defaults (Progress: o fits, u uses, d"))
      // Only under Review retention.
      app.press(.down)
      #expect(!app.text.contains("Memory model in use"))
      let fitted = FittedMemory(
        weights: Parameters.defaultWeights, date: Date(timeIntervalSince1970: 1_795_000_000), reviews: 12_345, logLoss: 0.3,
        rmseBins: 0.02)
      _ = try? board.memory.applyFittedMemory(fitted)
      app.press(.character("1"), .character("4"), .up)
      text = app.text
      #expect(text.contains("Memory model in use: fitted on 2026-11-18 to 12,345 answers"))
    }
  }
}
