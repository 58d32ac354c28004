import ConjugarCore
import Foundation
import ScoreboardClient
import SpacedRepetition
import Testing

/// `conjugar forecast` (issue 41, item 4): the forms due each day, in local days, the overdue on
/// today, the suspended on none, and the minutes from the learner's own answer times with their
/// fallbacks; the JSON lines, the table and the plain sentences (a golden transcript).
@Suite struct ForecastTests {
  /// Friday 2026-11-27, 09:00 UTC (10:00 in Madrid).
  static let now = Date(timeIntervalSince1970: 1_795_770_000)
  static let madrid = Zone(identifier: "Europe/Madrid")!
  static let hour: TimeInterval = 3600, day: TimeInterval = 86_400

  static func state(_ verb: String, _ tense: String, _ person: String, due: Date) -> ItemState {
    ItemState(
      item: Item(verb: verb, tense: tense, person: person),
      card: Card(state: .review, step: nil, stability: 3, difficulty: 5, due: due, lastReview: now - 3 * day), reps: 2,
      lapses: 0, firstReview: now - 10 * day)
  }

  /// Each fallback distinct: tener/preterito/yo's own median 6 s; tener's 4 s (2, 4, 8); presente's
  /// 2 s; every answer's 8 s (2, 4, 8, 20, 30). A time of none, 0 or not a number is left out.
  static let times = AnswerTimes(seconds: [
    Item(verb: "tener", tense: "preterito", person: "yo"): [4, 8, 0, .nan],
    Item(verb: "tener", tense: "presente", person: "yo"): [2],
    Item(verb: "ser", tense: "imperfecto", person: "yo"): [20, 30, -1],
  ])

  static let items = [
    // Overdue since yesterday: today, 6 s (the form's own).
    state("tener", "preterito", "yo", due: now - day),
    // Later today: 4 s (its verb's).
    state("tener", "presente", "tu", due: now + 3 * hour),
    // 23:30 UTC is 00:30 tomorrow in Madrid: tomorrow, 2 s (its tense's).
    state("hablar", "presente", "nosotros", due: now + 14.5 * hour),
    // In three days: 8 s (the learner's).
    state("vivir", "futuro", "el", due: now + 3 * day),
    // Suspended: on no day.
    state("poner", "presente", "yo", due: now + hour),
    // Past the days asked.
    state("comer", "futuro", "yo", due: now + 10 * day),
  ]
  static let suspended: Set<Item> = [Item(verb: "poner", tense: "presente", person: "yo")]

  static func forecast(days: Int = 5, times: AnswerTimes = times) -> Forecast {
    Forecast(items: items, suspended: suspended, times: times, now: now, timeZone: madrid, days: days)
  }

  @Test func eachFallbackOfTheExpectedTime() {
    let times = Self.times
    #expect(times.expected(Item(verb: "tener", tense: "preterito", person: "yo")) == (6, .form))
    #expect(times.expected(Item(verb: "tener", tense: "futuro", person: "ellos")) == (4, .verb))
    #expect(times.expected(Item(verb: "hablar", tense: "presente", person: "tu")) == (2, .tense))
    #expect(times.expected(Item(verb: "vivir", tense: "futuro", person: "el")) == (8, .learner))
    #expect(AnswerTimes(seconds: [:]).expected(Item(verb: "vivir", tense: "futuro", person: "el")) == (10, .stated))
    #expect(AnswerTimes(answers: []).expected(Item(verb: "ir", tense: "presente", person: "yo")).from == .stated)
  }

  @Test func theTimesOfAnswers() {
    let answer = AnsweredQuestion(
      verb: "ir", tense: "presente", person: "yo", expected: "voy", given: "voy", result: .correct, date: Self.now,
      seconds: 3)
    var untimed = answer
    untimed.seconds = nil
    let times = AnswerTimes(answers: [answer, answer, untimed])
    #expect(times.expected(answer.item) == (3, .form))
  }

  @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    let times = AnswerTimes(seconds: [Item(verb: "ir", tense: "presente", person: "yo"): [9, 1, 3, 100]])
    #expect(times.expected(Item(verb: "ir", tense: "presente", person: "yo")).seconds == 6)
  }

  @Test func eachDayItsFormsAndMinutes() {
    let forecast = Self.forecast()
    #expect(forecast.days.map(\.day.description) == ["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"])
    #expect(forecast.days.map(\.due) == [2, 1, 0, 1, 0], "overdue on today, nothing days 0, the suspended and later left out")
    #expect(forecast.days.map(\.overdue) == [1, 0, 0, 0, 0])
    #expect(forecast.days.map(\.seconds) == [10, 2, 0, 8, 0])
    #expect(forecast.totalDue == 4)
    #expect(abs(forecast.totalMinutes - 20.0 / 60) < 1e-9)
  }

  @Test func theStatedTimeWhenNoAnswerWasTimed() {
    let forecast = Self.forecast(times: AnswerTimes(seconds: [:]))
    #expect(forecast.days.map(\.seconds) == [20, 10, 0, 10, 0])
  }

  @Test func daysAreClampedToTheirRange() {
    #expect(Self.forecast(days: 0).days.count == 1)
    #expect(Self.forecast(days: 1000).days.count == 365)
  }

  @Test func theJSONLines() {
    #expect(Self.forecast().json() == """
      {"date":"2026-11-27","due":2,"minutes":0.2}
      {"date":"2026-11-28","due":1,"minutes":0.0}
      {"date":"2026-11-29","due":0,"minutes":0.0}
      {"date":"2026-11-30","due":1,"minutes":0.1}
      {"date":"2026-12-01","due":0,"minutes":0.0}

      """)
  }

  @Test func theTableFitsEightyColumnsWithABarScaledToTheLargestDay() {
    let table = Self.forecast().table()
    #expect(table == """
      date        day  forms  minutes
      2026-11-27  Fri      2      0.2  ████████████████████████████████████████
      2026-11-28  Sat      1      0.0  ████████
      2026-11-29  Sun      0      0.0
      2026-11-30  Mon      1      0.1  ████████████████████████████████
      2026-12-01  Tue      0      0.0
      total                4      0.3

      """)
    let wide = Forecast(
      items: (0..<123_456).map { Self.state("ir", "presente", "yo\($0)", due: Self.now) }, suspended: [],
      times: AnswerTimes(seconds: [:]), now: Self.now, timeZone: Self.madrid, days: 365)
    #expect(wide.table().split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func thePlainSentences() {
    #expect(Self.forecast().plain() == """
      Today, Friday 27 November: 2 forms (1 of them overdue), less than a minute.
      Tomorrow, Saturday 28 November: 1 form, less than a minute.
      Sunday 29 November: no forms due.
      Monday 30 November: 1 form, less than a minute.
      Tuesday 1 December: no forms due.
      In all, 4 forms in the next 5 days, less than a minute.

      """)
    let empty = Forecast(items: [], suspended: [], times: Self.times, now: Self.now, timeZone: Self.madrid, days: 1)
    #expect(empty.plain() == "Today, Friday 27 November: no forms due.\nIn all, no forms due today.\n")
  }

  /// A plan's easy days and break mark the days: after the bar in the table (narrower to leave
  /// them room), in the day's sentence.
  @Test func easyDaysAndABreakAreSaid() throws {
    let options = DayPlan.Options(
      balance: false, easyDays: try #require(EasyDays(rawValue: "sat:reduced,sun:minimum")),
      breakDays: try #require(Break(rawValue: "2026-11-30..2026-11-30")))
    let plan = DayPlan(
      items: Self.items, suspended: Self.suspended, times: Self.times, scheduler: Scheduler(), today: Day(Self.now, in: Self.madrid),
      timeZone: Self.madrid, options: options)
    let forecast = Forecast(plan: plan, items: Self.items, times: Self.times, now: Self.now, timeZone: Self.madrid, days: 5)
    let table = forecast.table()
    #expect(table.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(table.split(separator: "\n")[2].hasSuffix("  a reduced day"), "\(table)")
    #expect(table.split(separator: "\n")[3].hasSuffix("  a minimum day"), "\(table)")
    #expect(table.split(separator: "\n")[4].hasSuffix("  away"), "\(table)")
    #expect(forecast.sentence(3) == "Monday 30 November, away: no forms due.")
    #expect(forecast.plain().contains("Tomorrow, Saturday 28 November, a reduced day: "))
  }

  /// A history of forms due over six weeks, into the new year: the plain forecast as its golden
  /// transcript has it (Transcripts/forecast.txt; `RECORD_TRANSCRIPTS=1` writes it again, and fails).
  @Test func thePlainForecastIsAsRecorded() throws {
    let verbs = ["tener", "ser", "ir", "hacer", "decir", "poder", "poner", "venir", "saber", "querer"]
    let persons = ["yo", "tu", "el", "nosotros", "ellos"]
    var items: [ItemState] = [], seconds: [Item: [Double]] = [:]
    for (v, verb) in verbs.enumerated() {
      for (t, tense) in ["presente", "preterito", "futuro", "imperfecto"].enumerated() {
        for (p, person) in persons.enumerated() {
          let offset = Double((v * 7 + p * 3 + t * 11) % 45 - 2) + Double(t) / 5
          let state = Self.state(verb, tense, person, due: Self.now + offset * Self.day)
          items.append(state)
          // A verb's first three persons timed (the others take their verb's median), ser's none.
          if p < 3 && verb != "ser" { seconds[state.item] = [Double(6 + v * 2), Double(10 + p * 4 + t * 5)] }
        }
      }
    }
    let forecast = Forecast(
      items: items, suspended: [], times: AnswerTimes(seconds: seconds), now: Self.now, timeZone: Self.madrid, days: 40)
    let text = forecast.plain()
    #expect(text.split(separator: "\n").allSatisfy { $0.hasSuffix(".") && $0.count <= 200 })

    if ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Transcripts/forecast.txt")
      try text.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(url.path); run again without RECORD_TRANSCRIPTS to compare")
      return
    }
    guard let url = Bundle.module.url(forResource: "forecast", withExtension: "txt", subdirectory: "Transcripts") else {
      Issue.record("no transcript of forecast: RECORD_TRANSCRIPTS=1 writes it")
      return
    }
    #expect(text == (try String(contentsOf: url, encoding: .utf8)))
  }
}
