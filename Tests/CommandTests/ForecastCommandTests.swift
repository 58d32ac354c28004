import ConjugarCore
import Foundation
import ScoreboardClient
import Testing

@testable import conjugar

/// `conjugar forecast` (issue 41, item 4), run in the unit-test World with a score board in
/// memory: three forms missed a day ago (overdue: today), one suspended, one answered easy (due
/// in some days); the JSON lines exactly, the table, the sentences and a usage error.
@Suite struct ForecastCommandTests {
  static let now = CommandFixtures.now
  static func answer(_ verb: String, _ tense: String, _ person: String, _ form: String, seconds: Double, right: Bool = false)
    -> AnsweredQuestion
  {
    AnsweredQuestion(
      verb: verb, tense: tense, person: person, expected: form, given: right ? form : "x", result: right ? .correct : .wrong,
      date: now.addingTimeInterval(-86_400), rating: right ? .easy : nil, seconds: seconds)
  }

  /// Missed a day ago, due a minute later: 6, 12 and 18 s, overdue today (0.6 minutes); ir's
  /// suspended; hablar's answered easy, due in some days at 8 s.
  static func world() throws -> World {
    let world = try historyWorld([
      answer("tener", "preterito", "yo", "tuve", seconds: 6), answer("tener", "presente", "yo", "tengo", seconds: 12),
      answer("ser", "presente", "yo", "soy", seconds: 18), answer("ir", "presente", "yo", "voy", seconds: 5),
      answer("hablar", "presente", "yo", "hablo", seconds: 8, right: true),
    ])
    _ = try world.scoreboard.items.markItems([
      ItemEvent(item: Item(verb: "ir", tense: "presente", person: "yo"), action: .suspend, date: now)
    ])
    return world
  }

  @Test func theJSONLinesExactly() throws {
    let result = run(["forecast", "--format", "json"], in: try Self.world())
    #expect(result.status == 0)
    #expect(result.error == "")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(result.output.hasSuffix("\n"))
    #expect(lines.count == 30, "a line a day, the days with nothing too")
    #expect(lines.first == #"{"date":"2026-11-24","due":3,"minutes":0.6}"#)
    #expect(lines.last?.hasPrefix(#"{"date":"2026-12-23","#) == true)
    let shape = /\{"date":"(\d{4}-\d{2}-\d{2})","due":(\d+),"minutes":(\d+\.\d)\}/
    var due = 0
    for line in lines {
      let match = try #require(line.wholeMatch(of: shape), "\(line)")
      due += Int(match.output.2)!
    }
    #expect(due == 4, "the suspended form on no day; hablar's once")
    #expect(lines.contains(where: { $0.hasSuffix(#""due":1,"minutes":0.1}"#) }), "hablar's 8 s, some day")
    #expect(lines.filter { $0.hasSuffix(#""due":0,"minutes":0.0}"#) }.count == 28)
  }

  @Test func theTableByDefault() throws {
    let result = run(["forecast", "--days", "3"], in: try Self.world())
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == "date        day  forms  minutes")
    #expect(lines[1] == "2026-11-24  Tue      3      0.6  " + String(repeating: "█", count: 40))
    #expect(lines[2] == "2026-11-25  Wed      0      0.0")
    #expect(lines[4] == "total                3      0.6")
  }

  @Test func thePlainSentences() throws {
    let result = run(["forecast", "--days", "2", "--format", "plain"], in: try Self.world())
    #expect(result.status == 0)
    #expect(result.output == """
      Today, Tuesday 24 November: 3 forms (all overdue), about 1 minute.
      Tomorrow, Wednesday 25 November: no forms due.
      In all, 3 forms in the next 2 days, about 1 minute.

      """)
  }

  @Test func anEmptyHistory() throws {
    let result = run(["forecast", "--days", "1", "--format", "json"], in: try historyWorld())
    #expect(result.status == 0)
    #expect(result.output == #"{"date":"2026-11-24","due":0,"minutes":0.0}"# + "\n")
  }

  @Test(arguments: ["0", "366", "-3", "many"]) func daysOutsideTheirRangeAreAUsageError(_ days: String) throws {
    let result = run(["forecast", "--days=\(days)"], in: try historyWorld())
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.error.contains("--days"))
    if Int(days) != nil { #expect(result.error.contains("from 1 to 365, not \(days)")) }
  }
}
