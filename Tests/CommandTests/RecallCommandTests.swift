import ClockClient
import ConjugarCore
import ConjugarWorlds
import ConsoleClient
import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SpacedRepetition
import Synchronization
import Testing

@testable import conjugar

/// `conjugar recall FILE`, run in the unit-test World on a history in memory.
@Suite struct RecallCommandTests {
  static let now = CommandFixtures.now
  static func date(_ offset: TimeInterval) -> String { ISODate.string(now.addingTimeInterval(offset)) }
  static func four(_ value: Double) -> String { String(format: "%.4f", value) }

  /// A world with `answers` kept and FILE at /home/ana/q.csv.
  static func world(_ answers: [AnsweredQuestion], file: String) throws -> World {
    try historyWorld(answers, files: InMemoryFiles(["/home/ana/q.csv": file]))
  }

  @Test func eachLineGetsItsChanceFromTheAnswersBeforeIt() throws {
    // CommandFixtures' answers, a day before now: tener preterito yo right, tener presente yo wrong
    // 10 s later, hablar presente nosotros right 10 s after that. No weights fitted, no rule layer.
    let file = """
      date,verb,tense,person
      \(Self.date(-2 * 86_400)),tener,preterito,yo
      \(Self.date(0)),tener,preterito,yo
      \(Self.date(0)),tener,presente,yo
      \(Self.date(-86_400)),tener,presente,yo
      \(Self.date(-86_395)),tener,preterito,yo
      \(Self.date(0)),comer,presente,nosotros
      \(Self.date(0)),tener,gerundio,

      """
    let world = try Self.world(CommandFixtures.answers, file: file)
    let result = run(["recall", "/home/ana/q.csv"], in: world)
    #expect(result.status == 0)
    #expect(result.error == "")
    let scheduler = Scheduler(parameters: Parameters())
    let w = Parameters.defaultWeights
    func r(_ seconds: Double, _ stability: Double) -> Double { pow(1 + scheduler.factor * seconds / 86_400 / stability, -w[20]) }
    #expect(
      result.output == """
        date,verb,tense,person,recall,from
        \(Self.date(-2 * 86_400)),tener,preterito,yo,0.5000,prior
        \(Self.date(0)),tener,preterito,yo,\(Self.four(r(86_400, w[2]))),form
        \(Self.date(0)),tener,presente,yo,\(Self.four(r(86_390, w[0]))),form
        \(Self.date(-86_400)),tener,presente,yo,0.5000,prior
        \(Self.date(-86_395)),tener,preterito,yo,\(Self.four(min(r(5, w[2]), 0.9999))),form
        \(Self.date(0)),comer,presente,nosotros,0.6000,prior
        \(Self.date(0)),tener,gerundio,,0.6000,prior

        """)
    // A whole day after a right answer, by FSRS-6's defaults.
    #expect(Self.four(r(86_400, w[2])) == Self.four(scheduler.retrievability(days: 1, stability: w[2])))
    // The answer at a line's own second is not before it: tener presente yo's line at its second
    // reads the first answer alone (1 of 1 right: (1 + 1) / (1 + 2)).
    let same = try Self.world(CommandFixtures.answers, file: "date,verb,tense,person\n\(Self.date(-86_390)),tener,presente,yo\n")
    #expect(run(["recall", "/home/ana/q.csv"], in: same).output.hasSuffix(",tener,presente,yo,0.6667,prior\n"))

    let json = run(["recall", "/home/ana/q.csv", "--format", "json"], in: world)
    #expect(json.status == 0)
    let lines = json.output.split(separator: "\n")
    #expect(lines.count == 9 && lines.first == "[" && lines.last == "]")
    #expect(lines[1] == "{\"date\":\"\(Self.date(-2 * 86_400))\",\"verb\":\"tener\",\"tense\":\"preterito\",\"person\":\"yo\",\"recall\":0.5000,\"from\":\"prior\"},")
    #expect(lines[7] == "{\"date\":\"\(Self.date(0))\",\"verb\":\"tener\",\"tense\":\"gerundio\",\"person\":\"\",\"recall\":0.6000,\"from\":\"prior\"}")
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(parsed.count == 7)
    #expect(parsed.map { $0["from"] as? String } == ["prior", "form", "form", "prior", "form", "prior", "prior"])
    #expect(run(["recall", "/home/ana/q.csv", "--format", "json"], in: try Self.world([], file: "date,verb,tense,person\n")).output == "[]\n")
  }

  @Test func aLineThatCannotBeReadIsNamedAndTheOthersAnswered() throws {
    let file = """
      date,verb,tense,person
      \(Self.date(0)),tener,preterito,yo
      2026-13-01T00:00:00Z,tener,preterito,yo
      \(Self.date(0)),xyzzy,preterito,yo
      \(Self.date(0)),tener,pret,yo
      \(Self.date(0)),tener,preterito,ella
      \(Self.date(0)),tener,participio,yo
      \(Self.date(0)),tener,preterito
      \(Self.date(0)),llover,imperativo-afirmativo,yo
      \(Self.date(0)),Tener,preterito,yo
      \(Self.date(0)),hablar,presente,nosotros

      """
    let result = run(["recall", "/home/ana/q.csv"], in: try Self.world(CommandFixtures.answers, file: file))
    #expect(result.status == 1)
    // (The columns apart: in the expectation, this took the type checker over a second.)
    let columns: [String] = result.output.split(separator: "\n").map { $0.split(separator: ",").prefix(4).joined(separator: ",") }
    #expect(columns == [
      "date,verb,tense,person", "\(Self.date(0)),tener,preterito,yo", "\(Self.date(0)),hablar,presente,nosotros",
    ])
    #expect(
      result.error == """
        conjugar: /home/ana/q.csv, line 3: date "2026-13-01T00:00:00Z" is not ISO 8601 in UTC with seconds (2026-11-22T10:15:00Z)
        conjugar: /home/ana/q.csv, line 4: verb "xyzzy" is not in the catalog
        conjugar: /home/ana/q.csv, line 5: tense "pret" is none of \((Tense.allCases.map(\.rawValue) + ["gerundio", "participio"]).joined(separator: ", "))
        conjugar: /home/ana/q.csv, line 6: person "ella" is none of \(Person.allCases.map(\.rawValue).joined(separator: ", "))
        conjugar: /home/ana/q.csv, line 7: the participio has no person, not "yo"
        conjugar: /home/ana/q.csv, line 8: 3 fields, not 4
        conjugar: /home/ana/q.csv, line 9: llover has no form for imperativo-afirmativo yo
        conjugar: /home/ana/q.csv, line 10: verb "Tener" is not in the catalog
        conjugar: 8 lines of /home/ana/q.csv left out, they could not be read; the other 2 answered.

        """)
  }

  @Test func aFileThatIsNoneIsRefusedWholeAndNothingAnswered() throws {
    let cases: [(file: String?, error: String)] = [
      (nil, "conjugar: /home/ana/q.csv does not exist; nothing answered.\n"),
      ("", "conjugar: /home/ana/q.csv, line 1: the file is empty: no header (date,verb,tense,person); nothing answered.\n"),
      ("verb,tense,person,date\nx,y,z,w\n",
       "conjugar: /home/ana/q.csv, line 1: the header must be date,verb,tense,person (other columns may follow); nothing answered.\n"),
    ]
    for (file, error) in cases {
      let files = file.map { InMemoryFiles(["/home/ana/q.csv": $0]) } ?? InMemoryFiles()
      let result = run(["recall", "/home/ana/q.csv"], in: try historyWorld(CommandFixtures.answers, files: files))
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(result.error == error)
    }
    // A history CSV is a file of questions: its other columns are read and left alone.
    let export = HistoryFile.header(.csv) + CommandFixtures.answers.map { HistoryFile.line($0, .csv) }.joined()
    let result = run(["recall", "/home/ana/q.csv"], in: try Self.world(CommandFixtures.answers, file: export))
    #expect(result.status == 0)
    #expect(result.output.split(separator: "\n").map { String($0.split(separator: ",").last!) } == ["from", "prior", "prior", "prior"])
  }

  /// On a terminal, a walk that takes over a second draws its bar on standard error, and erases it.
  @Test func aLongWalkShowsItsProgressOnATerminal() throws {
    var world = try Self.world(CommandFixtures.answers, file: "date,verb,tense,person\n\(Self.date(0)),tener,preterito,yo\n")
    let seconds = Mutex(0.0)  // a clock two seconds later at each reading
    world.clock = WallClock(now: { seconds.withLock { $0 += 2; return Self.now.addingTimeInterval($0) } })
    for interactive in [true, false] {
      let console = RecordingConsole(interactive: interactive)
      world.console = console.console
      let given = world
      #expect(Conjugar.run(["recall", "/home/ana/q.csv"], worlds: Worlds(commandLine: { given }, trainer: { _ in given })) == 0)
      #expect(console.output.hasSuffix(",tener,preterito,yo,\(Self.four(pow(1 + Scheduler(parameters: Parameters()).factor / Parameters.defaultWeights[2], -Parameters.defaultWeights[20]))),form\n"))
      #expect(console.error == (interactive ? "\rRecalling [##############################] 100%\r\u{1B}[K" : ""))
    }
  }

  /// A rule layer in use, by hand: the -ar presente's nosotros ending easy, every other rule 0; a
  /// win on a form's rules in the last day raises its chance, each miss on them ever lowers it.
  static let layer = RuleLayer(
    intercept: 0, weights: (0..<RuleEvidence.featureCount).map { $0 == 0 ? 0.3 : $0 == 7 ? -0.3 : 0 },
    easiness: ["ending.presente.nosotros.ar": 2], lambda: 4, usesRules: true, blend: 0.5, blendShift: 0,
    firstAnswers: 140, reviews: 70)

  /// Queries at many moments over a month of answers; more answers kept afterwards, from a moment
  /// on, change no line before it (recall fits nothing), and do change some after it.
  @Test func laterAnswersChangeNoEarlierLine() throws {
    let answers = OptimizeCommandTests.twiceAnswered(70)
    let start = Self.now.addingTimeInterval(-30 * 86_400)
    let cut = start.addingTimeInterval(5 * 86_400)
    let verbs = ["hablar", "tener", "comer", "cantar", "vivir", "ser"]
    var lines = ["date,verb,tense,person"]
    for (n, hours) in stride(from: -24, through: 30 * 24, by: 7).enumerated() {
      let verb = verbs[n % verbs.count]
      let tense = ["presente", "preterito", "futuro", "presente-subjuntivo"][n % 4]
      let person = ["yo", "tu", "el", "nosotros", "ellos"][n % 5]
      lines.append("\(ISODate.string(start.addingTimeInterval(Double(hours) * 3_600))),\(verb),\(tense),\(person)")
    }
    lines.append("\(ISODate.string(cut)),cantar,presente,nosotros")  // at the cut's own second
    let file = lines.joined(separator: "\n") + "\n"
    let world = try Self.world(answers, file: file)
    var fitted = FittedMemory(
      weights: Parameters.defaultWeights, date: start, reviews: 140, logLoss: 0.3, rmseBins: 0.05, rules: Self.layer)
    _ = try world.scoreboard.memory.applyFittedMemory(fitted)
    let before = run(["recall", "/home/ana/q.csv"], in: world)
    #expect(before.status == 0)
    #expect(Set(before.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last! }) == ["form", "rules", "prior"])

    // Later answers, from the cut's own second on, on forms the file asks about.
    let later = (0..<60).map { k in
      AnsweredQuestion(
        verb: verbs[k % verbs.count], tense: "presente", person: ["yo", "tu", "el", "nosotros", "ellos"][k % 5],
        expected: "x", given: "y", result: .wrong, date: cut.addingTimeInterval(Double(k) * 5_000), seconds: 3)
    }
    let summary = try world.scoreboard.answers.importAnswers(later.filter { HistoryCheck(conjugator: CommandFixtures.conjugator, now: Self.now).problem(with: fixed($0)) == nil }.map(fixed))
    #expect(summary.added > 20)
    let after = run(["recall", "/home/ana/q.csv"], in: world)
    #expect(after.status == 0)
    let pairs = Array(zip(before.output.split(separator: "\n").dropFirst(), after.output.split(separator: "\n").dropFirst()))
    #expect(pairs.count == lines.count - 1)
    var changed = 0
    for (old, new) in pairs {
      let date = try #require(ISODate.date(String(old.prefix(20))))
      if date <= cut {
        #expect(old == new, "a line at or before the later answers changed")
      } else if old != new {
        changed += 1
      }
    }
    #expect(changed > 10, "the later answers count for the lines after them")

    // Weights without a layer (from another machine): nothing is "rules"; new forms get the prior so far.
    fitted.rules = nil
    _ = try world.scoreboard.memory.applyFittedMemory(fitted)
    let plain = run(["recall", "/home/ana/q.csv"], in: world)
    #expect(!plain.output.contains(",rules\n"))
  }

  /// `answer` made right for its form: the expected form, the given form a miss.
  func fixed(_ answer: AnsweredQuestion) -> AnsweredQuestion {
    var answer = answer
    if let paradigm = try? CommandFixtures.conjugator.conjugate(answer.verb), let tense = Tense(rawValue: answer.tense),
      let person = Person(rawValue: answer.person), let form = paradigm.forms(tense, person).first
    {
      answer.expected = form
    }
    return answer
  }
}
