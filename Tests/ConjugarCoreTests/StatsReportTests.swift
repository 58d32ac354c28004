import ConjugarCore
import Foundation
import ScoreboardClient
import SpacedRepetition
import Testing

/// `conjugar stats`: the JSON of the contract, key for key, and the table.
@Suite struct StatsReportTests {
  static var statistics: Statistics {
    var statistics = Statistics()
    statistics.total = Tally(answers: 4, correct: 2, accentsOnly: 1, wrong: 1, seconds: 10.1234)
    statistics.cells = [
      .init(tense: "preterito", person: "yo"): Tally(answers: 1, correct: 0, accentsOnly: 1),
      .init(tense: "presente", person: "tu"): Tally(answers: 2, correct: 2),
      .init(tense: "gerundio", person: ""): Tally(answers: 1, correct: 0, wrong: 1),
    ]
    statistics.days = [
      .init(day: Day("2026-03-01")!, tally: Tally(answers: 1, correct: 1)),
      .init(day: Day("2026-03-02")!, tally: Tally(answers: 3, correct: 1)),
    ]
    statistics.streak = 2
    statistics.mostMissed = [.init(item: Item(verb: "reír", tense: "gerundio", person: ""), wrong: 1)]
    statistics.memory = .init(new: 1, learning: 2, review: 1, relearning: 0, mastered: 1, dueNow: 3, dueWeek: 1)
    return statistics
  }

  /// Three answers scored: two predicted 75 % and 76 % (one recalled), one 95 % (recalled).
  static let calibration = Calibration(predictions: [(predicted: 0.75, recalled: true), (0.76, false), (0.95, true)])
  static let none = Calibration(predictions: [(predicted: Double, recalled: Bool)]())

  @Test func theJSONObject() {
    #expect(StatsReport.json(Self.statistics, since: nil, calibration: Self.calibration) == """
      {"answers":4,"correct":2,"accents_only":1,"wrong":1,"accuracy":0.5,\
      "by_tense":{"presente":{"answers":2,"correct":2},"preterito":{"answers":1,"correct":0},\
      "gerundio":{"answers":1,"correct":0}},\
      "by_person":{"yo":{"answers":1,"correct":0},"tu":{"answers":2,"correct":2}},\
      "by_tense_person":{"presente/tu":{"answers":2,"correct":2},"preterito/yo":{"answers":1,"correct":0},\
      "gerundio/":{"answers":1,"correct":0}},\
      "by_day":[{"date":"2026-03-01","answers":1,"correct":1},{"date":"2026-03-02","answers":3,"correct":1}],\
      "streak_days":2,"most_missed":[{"verb":"reír","tense":"gerundio","person":"","wrong":1}],\
      "items":{"new":1,"learning":2,"review":1,"relearning":0,"mastered":1},"due_now":3,"seconds":10.123,\
      "calibration":[{"from":0.7,"to":0.8,"answers":2,"predicted":0.755,"recalled":0.5},\
      {"from":0.9,"to":1.0,"answers":1,"predicted":0.95,"recalled":1.0}]}

      """)
    // Days before --since are left out; no answers: accuracy null.
    let json = StatsReport.json(Statistics(), since: Day("2026-03-02"), calibration: Self.none)
    #expect(json.contains("\"accuracy\":null"))
    #expect(json.hasSuffix(",\"seconds\":0.0,\"calibration\":[]}\n"))
    #expect(StatsReport.json(Self.statistics, since: Day("2026-03-02"), calibration: Self.none).contains(
      "\"by_day\":[{\"date\":\"2026-03-02\",\"answers\":3,\"correct\":1}]"))
    // Without --calibration: seconds last, as before the key was added.
    #expect(StatsReport.json(Self.statistics, since: nil).hasSuffix(",\"seconds\":10.123}\n"))
    #expect(!StatsReport.table(Self.statistics, since: nil).contains("Calibration"))
  }

  @Test func theTable() {
    let table = StatsReport.table(Self.statistics, since: nil, calibration: Self.calibration)
    #expect(table.hasPrefix("Answers: 4 — 2 correct, 1 accents only, 1 wrong (50.0 % correct)\nTime spent: 10 s\n"))
    // The names the trainer shows, not the JSON's keys.
    #expect(table.contains("\nBy tense (answers, correct, accuracy)\n  presente                   2  2  100.0 %\n"))
    #expect(table.contains("\n  pretérito perfecto simple  1  0    0.0 %\n"))
    #expect(table.contains("\nBy person\n  yo  1  0    0.0 %\n  tú  2  2  100.0 %\n"))
    #expect(!table.contains("preterito"))
    #expect(table.contains("\nMost missed (times wrong)\n  reír  gerundio  1\n"))
    #expect(table.hasSuffix("""

      Calibration of the memory model in use (predicted recall, answers, mean predicted, recalled)
         70–80 %  2  75.5 %   50.0 %
        90–100 %  1  95.0 %  100.0 %

      """))
    #expect(StatsReport.table(Statistics(), since: nil, calibration: Self.none).hasSuffix("recalled)\n  none\n"))
    #expect(StatsReport.duration(7_530) == "2 h 05 min")
    #expect(StatsReport.duration(252) == "4 min 12 s")
  }
}
