import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

/// An import refuses the rows that would break the history, each with its line and reason, and
/// keeps nothing of a file that has one.
@Suite struct HistoryCheckTests {
  static let conjugator = Conjugator()
  static let now = ISODate.date("2026-11-25T12:00:00Z")!

  /// 1,000 answers the trainer could have given: the first cells of the most frequent verbs, right
  /// (the preferred form), wrong or right but for the accents, a minute apart.
  static let good: [AnsweredQuestion] = {
    let composer = QuizComposer(conjugator: conjugator, difficulty: .difficult, region: .spain, secondPerson: .vos)
    var answers: [AnsweredQuestion] = []
    for entry in QuizComposer.frequentEntries(of: conjugator.catalog) where answers.count < 1000 {
      let paradigm = conjugator.paradigm(of: entry)
      for tense in [Tense.presente, .preterito] {
        for person in composer.persons(for: tense) where answers.count < 1000 {
          let form = paradigm[tense, person][0]
          let n = answers.count
          let (given, result): (String, AnswerResult) =
            n % 3 == 0 ? (form, .correct) : n % 3 == 1 ? ("zz", .wrong) : (form, .accentsOnly)
          answers.append(
            AnsweredQuestion(
              verb: entry.infinitive, tense: tense.rawValue, person: person.rawValue, expected: form, given: given,
              result: result, date: ISODate.date("2026-01-01T00:00:00Z")! + Double(60 * n), seconds: 4))
        }
      }
    }
    return answers
  }()

  static func check() -> HistoryCheck { HistoryCheck(conjugator: conjugator, now: now) }

  @Test func theGoodRowsPass() {
    #expect(Self.good.count == 1000)
    let text = HistoryFile.header(.csv) + Self.good.map { HistoryFile.line($0, .csv) }.joined()
    let read = HistoryFile.read(text, .csv, checking: Self.check())
    #expect(read.bad == [])
    #expect(read.answers == Self.good)
  }

  /// Each bad row, alone among the 1,000 good ones at line 500 of the file (or 501 of the CSV,
  /// after its header): refused with its line and reason.
  @Test(arguments: [
    ("verb,xyzzy", "verb \"xyzzy\" is not in the catalog"),
    ("verb,Tener", "verb \"Tener\" is not in the catalog"),
    ("date,2099-01-01T00:00:00Z", "date 2099-01-01T00:00:00Z is in the future"),
    ("date,1999-12-31T23:59:59Z", "date 1999-12-31T23:59:59Z is before 2000"),
    ("given,xyz", "marked correct, but \"xyz\" is not"),
    ("rating,again", "rating again does not go with the result correct"),
    ("result,wrong", "rating good does not go with the result wrong"),
    ("tense,gerundio", "the gerundio has no person"),
    ("tense,pret", "tense \"pret\""),
    // AnswerBounds: an answer longer than the trainer's field, more than a day to answer.
    ("given," + String(repeating: "a", count: 201), "the answer has 201 characters, more than the 200 the trainer takes"),
    ("seconds,86400.5", "86400.5 seconds to answer is not between 0 and a day"),
    // Issue 39, §3: what no door takes — a control character, an escape sequence, past 800 bytes.
    ("given,ten\u{1B}[31mgo", "the answer is none the trainer takes: it holds a control character (U+001B)"),
    ("given,ten\u{9B}go", "the answer is none the trainer takes: it holds a control character (U+009B)"),
    ("given,t\u{7F}engo", "the answer is none the trainer takes: it holds a control character (U+007F)"),
    ("expected,te\u{0}ngo", "the expected form is none the trainer takes: it holds a control character (U+0000)"),
    ("given,e" + String(repeating: "\u{301}", count: 400), "the answer is none the trainer takes: it has 801 bytes"),
  ])
  func aBadRowIsRefusedWithItsLineAndReason(change: String, reason: String) throws {
    let (field, value) = (String(change.split(separator: ",")[0]), String(change.split(separator: ",")[1]))
    var bad = Self.good[499]
    bad.result = .correct
    bad.given = bad.expected
    bad.rating = .good
    switch field {
    case "verb": bad.verb = value
    case "date": bad.date = ISODate.date(value)!
    case "given": bad.given = value
    case "expected": bad.expected = value
    case "rating": bad.rating = Rating(name: value)!
    case "result": bad.result = AnswerResult(rawValue: value)!
    case "seconds": bad.seconds = Double(value)!
    default: bad.tense = value
    }
    var answers = Self.good
    answers[499] = bad
    for format in HistoryFile.Format.allCases {
      let text = HistoryFile.header(format) + answers.map { HistoryFile.line($0, format) }.joined()
      let read = HistoryFile.read(text, format, checking: Self.check())
      #expect(read.bad.count == 1)
      #expect(read.bad.first?.line == (format == .csv ? 501 : 500))
      #expect(read.bad.first?.reason.contains(reason) == true, "\(read.bad)")
    }
  }

  /// A line longer than ``AnswerBounds/longestLine`` is refused with its line, whatever it holds.
  @Test func aLineTooLongIsRefused() {
    var answers = Array(Self.good.prefix(3))
    answers[1].expected = String(repeating: "\"", count: 3000)  // 6,002 bytes once quoted
    for format in HistoryFile.Format.allCases {
      let text = HistoryFile.header(format) + answers.map { HistoryFile.line($0, format) }.joined()
      let read = HistoryFile.read(text, format, checking: Self.check())
      #expect(read.answers.count == 2)
      #expect(read.bad.map(\.line) == [format == .csv ? 3 : 2])
      #expect(read.bad.first?.reason.contains("more than the 4096 a line may have") == true, "\(read.bad)")
    }
  }

  /// Right in the ways the trainer's checker allows: the pronoun before the form, the spelling
  /// before 2010, the negative imperative's no; a recognition's named reading (fuimos: ir or ser).
  @Test func rightAnswersAsTheTrainerAcceptsThem() {
    func row(_ verb: String, _ tense: String, _ person: String, expected: String, given: String) -> AnsweredQuestion {
      AnsweredQuestion(
        verb: verb, tense: tense, person: person, expected: expected, given: given, result: .correct,
        date: Self.now - 3600)
    }
    let check = Self.check()
    for answer in [
      row("tener", "presente", "yo", expected: "tengo", given: "yo tengo"),
      row("guiar", "preterito", "el", expected: "guio", given: "guió"),
      row("ser", "preterito", "nosotros", expected: "fuimos", given: "ir/preterito/nosotros"),
      row("lavarse", "presente", "yo", expected: "me lavo", given: "me lavo"),
    ] {
      #expect(check.problem(with: answer) == nil, "\(answer.given)")
    }
    #expect(check.problem(with: row("ser", "preterito", "nosotros", expected: "fuimos", given: "ir/presente/nosotros")) != nil)
  }
}
