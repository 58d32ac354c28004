import ConjugarCore
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

/// `conjugar history export` and `import`'s files: the contract's columns, every answer back as it
/// was, the same bytes after a round trip through an empty home, every bad row named by its line.
@Suite struct HistoryFileTests {
  /// The last with its identity (the first two as a file of 0.6.0 gives them: none).
  static let answers: [AnsweredQuestion] = {
    var answers = [
    AnsweredQuestion(
      verb: "tener", tense: "preterito", person: "yo", expected: "tuve", given: "tuve", result: .correct,
      date: Date(timeIntervalSince1970: 1_795_342_500), rating: .easy, seconds: 1.25),
    AnsweredQuestion(
      verb: "ir", tense: "gerundio", person: "", expected: "yendo", given: "iendo, \"no\"\nsí", result: .wrong,
      date: Date(timeIntervalSince1970: 1_795_342_509)),
    AnsweredQuestion(
      verb: "ser", tense: "presente", person: "vos", expected: "sos", given: "sós\u{0}\t🇦🇷", result: .accentsOnly,
      date: Date(timeIntervalSince1970: 1_795_428_900), seconds: 3),
    ]
    answers[2].id = AnswerIdentity.make(0x0123_4567_89ab, for: answers[2])
    return answers
  }()

  static func file(_ answers: [AnsweredQuestion], _ format: HistoryFile.Format) -> String {
    HistoryFile.header(format) + answers.map { HistoryFile.line($0, format) }.joined()
  }

  @Test func theCSVHasTheContractsColumns() {
    let text = Self.file(Self.answers, .csv)
    #expect(text.hasPrefix("date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden,id\n"))
    #expect(text.contains("\n2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,easy,1.25,written,false,\n"))
    #expect(text.contains("\n2026-11-22T10:15:09Z,ir,gerundio,,yendo,\"iendo, \"\"no\"\"\nsí\",wrong,again,,written,false,\n"))
    #expect(text.hasSuffix(",accents-only,hard,3,written,false,\(Self.answers[2].id!)\n"))
    #expect(Self.answers[2].id!.hasPrefix("0123456789ab"))
    #expect(
      HistoryFile.line(Self.answers[2], .json)
        == #"{"date":"2026-11-23T10:15:00Z","verb":"ser","tense":"presente","person":"vos","expected":"sos","given":"sós\u0000\t🇦🇷","result":"accents-only","rating":"hard","seconds":3,"mode":"written","overridden":false,"id":"\#(Self.answers[2].id!)"}"#
        + "\n")
  }

  @Test(arguments: HistoryFile.Format.allCases)
  func answersComeBackAsTheyWere(_ format: HistoryFile.Format) {
    let read = HistoryFile.read(Self.file(Self.answers, format), format)
    #expect(read.bad == [])
    #expect(read.answers == Self.answers)
  }

  /// Export, import into an empty home, export: the same bytes, and the same schedule.
  @Test(arguments: HistoryFile.Format.allCases)
  func exportImportExportGivesTheSameBytes(_ format: HistoryFile.Format) throws {
    let home = Scoreboard.inMemory()
    try home.answers.reportQuiz(
      ScoreRecord(score: 10, date: Self.answers[0].date, difficulty: .easy, region: .spain, seconds: 9),
      [Self.answers[0]])
    for answer in Self.answers.dropFirst() { _ = try home.answers.recordAnswer(answer, .review) }
    func export(_ board: Scoreboard) throws -> String {
      var text = HistoryFile.header(format)
      try board.answers.eachAnswer { text += HistoryFile.line($0, format) }
      return text
    }
    let first = try export(home)
    let empty = Scoreboard.inMemory()
    #expect(try empty.answers.importAnswers(HistoryFile.read(first, format).answers) == ImportSummary(added: 3, alreadyKept: 0))
    #expect(try export(empty) == first)
    #expect(try empty.items.items(nil) == home.items.items(nil))
    #expect(try empty.answers.importAnswers(HistoryFile.read(first, format).answers) == ImportSummary(added: 0, alreadyKept: 3))
  }

  @Test func everyBadRowIsNamedByItsLine() {
    let text = """
      date,verb,tense,person,expected,given,result,rating,seconds
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,2.5
      2026-02-30T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,
      2026-11-22T10:15:00Z,tener,pretérito,yo,tuve,tuve,correct,,
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,"two
      lines",correct,,
      2026-11-22T10:15:00Z,tener,preterito,usted,tuve,tuve,right,,
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,great,-1
      2026-11-22T10:15:00Z,ir,gerundio,yo,yendo,yendo,correct,,
      just one field

      """
    let read = HistoryFile.read(text, .csv)
    #expect(read.bad.map(\.line) == [3, 4, 7, 8, 9, 10])
    #expect(read.bad[0].reason.hasPrefix("date \"2026-02-30T10:15:00Z\" is not ISO 8601"))
    #expect(read.bad[1].reason.hasPrefix("tense \"pretérito\" is none of presente, preterito, imperfecto,"))
    #expect(read.bad[1].reason.hasSuffix(", gerundio, participio") && !read.bad[1].reason.contains("JSON"))
    #expect(read.bad[2].reason == "person \"usted\" is none of yo, tu, vos, el, nosotros, vosotros, ellos")
    #expect(read.bad[3].reason == "rating \"great\" is not again, hard, good or easy")
    #expect(read.bad[4].reason == "the gerundio has no person, not \"yo\"")
    #expect(read.bad[5].reason == "1 fields, not 9")
    #expect(read.answers.count == 2)
    #expect(read.answers[1].given == "two\nlines")
    #expect(read.answers[0].rating == .good)  // empty: the result's

    let json = """
      {"date":"2026-11-22T10:15:00Z","verb":"tener","tense":"preterito","person":"yo","expected":"tuve","given":"tuve","result":"correct"}
      not json
      {"date":"2026-11-22T10:15:00Z","verb":"tener","tense":"preterito","person":"yo","expected":"tuve","given":"tuve","result":"correct","colour":"red"}
      {"date":"2026-11-22T10:15:00Z","verb":"tener","tense":"preterito","person":"yo","expected":"tuve","given":3,"result":"correct"}
      """
    let readJSON = HistoryFile.read(json, .json)
    #expect(readJSON.bad.map(\.line) == [2, 3, 4])
    #expect(readJSON.bad.map(\.reason) == ["not a JSON object", "unknown key \"colour\"", "given is not a string"])
    #expect(readJSON.answers.map(\.rating) == [.good])
  }

  /// The mode and "I was right" travel in the two last columns; a file without them (earlier
  /// versions') reads as written, not overridden.
  @Test(arguments: HistoryFile.Format.allCases)
  func modeAndOverrideComeBack(_ format: HistoryFile.Format) {
    var heard = Self.answers[0]
    heard.mode = .listening
    var overridden = Self.answers[1]
    overridden.result = .correct
    overridden.rating = .good
    overridden.overridden = true
    let read = HistoryFile.read(Self.file([heard, overridden], format), format)
    #expect(read.bad == [])
    #expect(read.answers == [heard, overridden])
    let bad = HistoryFile.read(
      """
      date,verb,tense,person,expected,given,result,rating,seconds,mode,overridden
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuv,wrong,again,,written,true
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,,sung,false
      2026-11-22T10:15:00Z,tener,preterito,yo,tuve,tuve,correct,,,written,yes
      """, .csv)
    #expect(bad.bad.map(\.reason) == [
      "an overridden answer counts as correct, not wrong", "mode \"sung\" is none of written, listening, recognition",
      "overridden \"yes\" is not true or false",
    ])
  }

  @Test func theHeaderIsChecked() {
    let read = HistoryFile.read("date,verb\n", .csv)
    #expect(read.bad == [HistoryFile.BadRow(line: 1, reason: "the header must be \(HistoryFile.csvHeader)")])
  }

  /// An empty CSV file is no export (which always has its header): refused, not an empty history
  /// (issue 33, item 19). An empty JSON file is an export of no answer.
  @Test func anEmptyCSVFileHasNoHeader() {
    #expect(HistoryFile.read("", .csv).bad == [HistoryFile.BadRow(line: 1, reason: "the file is empty: no header (\(HistoryFile.csvHeader))")])
    #expect(HistoryFile.read(bytes: [], .csv).bad.count == 1)
    #expect(HistoryFile.read("", .json).bad.isEmpty)
  }

  /// Every day of the months of leap and common years, and the days no month has: a date as the
  /// Gregorian calendar says (in UTC), or none.
  @Test func datesAreTheCalendars() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    for year in [1900, 1970, 1999, 2000, 2024, 2100, 9999] {  // (Foundation's calendar is Julian before 1582)
      for month in 1...12 {
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        let days = calendar.range(of: .day, in: .month, for: first)!.count
        for day in 1...31 {
          let text = String(format: "%04d-%02d-%02dT23:59:58Z", year, month, day)
          let expected = day <= days ? first + Double(day - 1) * 86400 + 86398 : nil
          #expect(ISODate.date(text) == expected, "\(text)")
          if day <= days { #expect(ISODate.string(expected!) == text) }
        }
      }
    }
    #expect(ISODate.date("2024-00-10T00:00:00Z") == nil && ISODate.date("2024-13-10T00:00:00Z") == nil)
    #expect(ISODate.date("2024-01-00T00:00:00Z") == nil && ISODate.date("2024-01-01T00:60:00Z") == nil)
  }

  @Test func datesAreISO8601InUTCToTheSecond() {
    #expect(ISODate.string(Date(timeIntervalSince1970: 1_795_342_500.9)) == "2026-11-22T10:15:00Z")
    #expect(ISODate.date("2026-11-22T10:15:00Z") == Date(timeIntervalSince1970: 1_795_342_500))
    for bad in ["2026-11-22T10:15:00", "2026-11-22 10:15:00Z", "2026-11-22T10:15:00.5Z", "2026-11-22T24:00:00Z",
      "2026-02-29T10:15:00Z", "２026-11-22T10:15:00Z"]
    {
      #expect(ISODate.date(bad) == nil, "\(bad)")
    }
    #expect(ISODate.date("2028-02-29T10:15:00Z") != nil)
  }
}
