import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import SpeechClient
import Testing

/// Whole plain sessions, a quiz, a review, a drill and a recognition drill, in the unit-test World
/// with its manual clock and seeded randomness (issue 34, §3): every line written read, and the
/// whole conversation compared with its golden transcript (Transcripts/, the learner's lines
/// marked "> "). A transcript changes only when asked: `RECORD_TRANSCRIPTS=1 swift test --filter
/// PlainTranscriptTests` writes them again, and fails, so that a recording never passes silently.
@Suite struct PlainTranscriptTests {
  /// The World a transcript is made in: an in-memory board holding `history`, a manual clock,
  /// seeded randomness, no speech.
  static func world(history: [AnsweredQuestion] = []) -> World {
    var world = World.unitTest(conjugator: sharedConjugator)
    world.scoreboard = .inMemory()
    _ = try! world.scoreboard.answers.importAnswers(history)
    world.clock = WallClock.manual().0
    world.random = .seeded(11)
    world.settings = Settings(store: InMemorySettingsStore(["quiz-length": "10", "new-per-day": "0", "region": "spain"]))
    world.analytics = .noop
    world.reviewPrompter = .noop
    world.speech = .unavailable
    return world
  }

  /// The learner's lines for the question asked at the `turn`th: right, right but for the
  /// accents, a wrong form, "I don't know", and the answer line's words on the way (at the fourth
  /// turn an answer taken back, its question asked again at the next; at the sixth, its verb's
  /// table read).
  static func answers(to question: Question, turn: Int) -> [String] {
    let before: [String] = [0: [":help"], 2: [":say"], 3: [""], 6: [":skip"]][turn] ?? []
    let after: [String] =
      turn == 4 ? [":undo"] : turn == 2 && question.mode == .written ? [":say"] : turn == 5 && question.mode == .written ? [":table"] : []
    if question.mode == .recognition {
      guard case .finite(let tense, let person) = question.form else { return before + [":idk"] + after }
      return before + (turn % 3 == 1 ? ["ser", "presente", "yo"] : [question.verb, tense.rawValue, person.rawValue]) + after
    }
    let form = question.accepted[0]
    let unaccented = String(form.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }.map(Character.init))
    let answer = switch turn % 4 {
    case 1: unaccented
    case 2: "nada"
    case 3: ":idk"
    default: form
    }
    return before + [answer] + after
  }

  /// Runs `conversation` to its end, answering each question asked (`asked` reads it); the
  /// transcript, the learner's lines marked "> ".
  static func transcript<C: LineConversation>(
    _ conversation: inout C, first: [String] = [], last: [String] = [], asked: (C) -> Question?
  ) -> [String] {
    var lines = conversation.opening()
    func say(_ line: String) -> Bool {
      let (written, done) = conversation.take(line)
      lines += ["> " + line] + written
      return done
    }
    for line in first where say(line) { return lines }
    var turn = 0
    while let question = asked(conversation), turn < 100 {
      for line in answers(to: question, turn: turn) where say(line) { return lines }
      turn += 1
    }
    for line in last where say(line) { return lines }
    return lines
  }

  static let history: [AnsweredQuestion] = {
    let long = Date(timeIntervalSince1970: 1_800_000_000 - 40 * 86_400)
    return [("tener", "preterito", "yo", "tuve"), ("ir", "presente", "nosotros", "vamos"), ("hacer", "futuro", "tu", "harás"),
      ("decir", "preterito", "ellos", "dijeron"), ("poner", "presente", "yo", "pongo"), ("ser", "imperfecto", "el", "era")]
      .map { verb, tense, person, form in
        AnsweredQuestion(
          verb: verb, tense: tense, person: person, expected: form, given: form, result: .correct, date: long, rating: .good)
      }
  }()

  /// Each mode's whole conversation.
  static func run(_ mode: String) throws -> [String] {
    switch mode {
    case "quiz":
      var menu = PlainMenu(in: world(), drills: .commandLine)
      // The last answer (right but for the accents) counted right after its verdict, then the results.
      return transcript(&menu, first: ["2"], last: [":right", "", "8"]) { $0.current }
    case "review":
      var menu = PlainMenu(in: world(history: history), drills: .commandLine)
      return transcript(&menu, first: ["1"], last: ["8"]) { $0.current }
    case "drill", "recognition":
      let world = world()
      let spec = DrillSpec(verbs: .all, top: nil, verbList: ["tener", "ir", "hacer"], count: 8)
      let session = try Session.drill(spec, mode: mode == "drill" ? .type : .recognition, settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
      var conversation = PlainConversation(session: session, in: world)
      return transcript(&conversation, last: [""]) { $0.session.current }
    case "standing":
      // Where you stand, with a rule layer in use: the rules of the history's forms, tener's,
      // poner's and hacer's known, decir's and ser's not yet (issue 42, part 4).
      let world = world(history: history)
      var easiness: [String: Double] = [:]
      let cells: [(String, Tense, Person, Bool)] = [
        ("tener", .preterito, .yo, true), ("poner", .presente, .yo, true), ("hacer", .futuro, .tu, true),
        ("decir", .preterito, .ellos, false), ("ser", .imperfecto, .el, false),
      ]
      for (verb, tense, person, known) in cells {
        for (index, rule) in try sharedConjugator.rules(of: verb, tense: tense, person: person).enumerated() {
          easiness[rule.id] = (known ? 1 : -1) * (1 - Double(index) * 0.1)
        }
      }
      let layer = RuleLayer(
        intercept: 0.2, weights: Array(repeating: 0, count: RuleEvidence.featureCount), easiness: easiness, lambda: 4,
        usesRules: true, blend: 0, blendShift: 0, firstAnswers: 100, reviews: 50)
      _ = try world.scoreboard.memory.applyFittedMemory(
        FittedMemory(weights: Parameters.defaultWeights, date: world.clock.now(), reviews: 6, logLoss: 0.3, rmseBins: 0.1, rules: layer))
      var menu = PlainMenu(in: world, drills: .commandLine)
      return transcript(&menu, first: ["6", "8"]) { $0.current }
    default: fatalError(mode)
    }
  }

  static let modes = ["quiz", "review", "drill", "recognition"]

  /// Every line the plain mode writes: no escape sequence, no carriage return, no line longer
  /// than 200 characters, none empty, each a sentence or a question that stands alone.
  @Test(arguments: modes) func everyLineIsPlain(_ mode: String) throws {
    let lines = try Self.run(mode).filter { !$0.hasPrefix("> ") }
    #expect(lines.count > 20, "a whole session: \(lines.count) lines")
    for line in lines {
      #expect(!line.contains("\u{1B}") && !line.contains("\r") && !line.contains("\n"), "\(line.debugDescription)")
      #expect(line.count <= 200 && !line.isEmpty, "\(line.count) characters: \(line)")
      #expect([".", ":", "?"].contains(line.last.map(String.init) ?? ""), "a sentence or a question: \(line)")
    }
  }

  /// The whole conversation, line by line, as its golden transcript has it.
  @Test(arguments: modes + ["standing"]) func theTranscriptIsAsRecorded(_ mode: String) throws {
    let text = try Self.run(mode).joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Transcripts/\(mode).txt")
      try text.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(url.path); run again without RECORD_TRANSCRIPTS to compare")
      return
    }
    guard let url = Bundle.module.url(forResource: mode, withExtension: "txt", subdirectory: "Transcripts") else {
      Issue.record("no transcript of \(mode): RECORD_TRANSCRIPTS=1 writes it")
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    let (got, want) = (text.split(separator: "\n", omittingEmptySubsequences: false), golden.split(separator: "\n", omittingEmptySubsequences: false))
    for (index, (a, b)) in zip(got, want).enumerated() where a != b {
      Issue.record("line \(index + 1) of \(mode).txt: \(a.debugDescription), recorded \(b.debugDescription)")
      return
    }
    #expect(got.count == want.count, "\(got.count) lines, \(want.count) recorded")
  }
}
