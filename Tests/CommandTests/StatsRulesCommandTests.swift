import ConjugarCore
import ConjugarEngine
import ConjugarWorlds
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

@testable import conjugar

/// `conjugar stats --rules`: the rules known and not yet known, with their evidence, from the rule
/// layer in use (issue 42, part 4).
@Suite struct StatsRulesCommandTests {
  static let day = 86_400.0
  static func answer(_ verb: String, _ tense: Tense, _ right: Bool, at offset: Double) throws -> AnsweredQuestion {
    let form = try #require(try CommandFixtures.conjugator.conjugate(verb).forms(tense, .yo).first)
    return AnsweredQuestion(
      verb: verb, tense: tense.rawValue, person: "yo", expected: form, given: right ? form : "x",
      result: right ? .correct : .wrong, date: CommandFixtures.now.addingTimeInterval(offset), seconds: 3)
  }

  @Test func theRulesKnownAndNotYetKnownWithTheirEvidence() throws {
    let answers = [
      try Self.answer("hablar", .preterito, true, at: -3 * Self.day),
      try Self.answer("cantar", .preterito, true, at: -2 * Self.day),
      try Self.answer("tener", .preterito, false, at: -Self.day),
    ]
    let world = try historyWorld(answers)
    // No layer in use: said so, in both formats.
    let none = run(["stats", "--rules", "--format", "json"], in: world)
    #expect(none.status == 0)
    #expect(none.output.hasSuffix(",\"rules\":{\"fitted\":false,\"known\":[],\"not_known\":[]}}\n"), "\(none.output)")
    #expect(run(["stats", "--rules"], in: world).output.hasSuffix(
      "\nRules: no rule layer in use (conjugar optimize --apply fits one with the weights)\n"))
    // Without --rules, nothing of them.
    #expect(!run(["stats", "--format", "json"], in: world).output.contains("\"rules\""))

    let conjugator = CommandFixtures.conjugator
    let ending = try #require(try conjugator.rules(of: "cantar", tense: .preterito, person: .yo).first { $0.kind == .ending })
    #expect(try conjugator.rules(of: "hablar", tense: .preterito, person: .yo).contains(ending))
    let stem = try #require(try conjugator.rules(of: "tener", tense: .preterito, person: .yo).first { $0.kind != .ending })
    let layer = RuleLayer(
      intercept: 0.2, weights: Array(repeating: 0, count: RuleEvidence.featureCount),
      easiness: [ending.id: 1.5, stem.id: -2, "ending.never.met": 3], lambda: 4, usesRules: true, blend: 0,
      blendShift: 0, firstAnswers: 100, reviews: 50)
    _ = try world.scoreboard.memory.applyFittedMemory(
      FittedMemory(
        weights: Parameters.defaultWeights, date: CommandFixtures.now, reviews: 3, logLoss: 0.3, rmseBins: 0.1, rules: layer))
    func chance(_ easiness: Double) -> String { String(format: "%.3f", 1 / (1 + exp(-(0.2 + easiness)))) }
    let json = run(["stats", "--rules", "--format", "json"], in: world)
    #expect(json.status == 0)
    #expect(
      json.output.hasSuffix(
        ",\"rules\":{\"fitted\":true,\"known\":[{\"rule\":\(JSONFormat.quoted(ending.id)),\"name\":\(JSONFormat.quoted(ending.name)),"
          + "\"wins\":2,\"misses\":0,\"easiness\":1.500,\"chance\":\(chance(1.5))}],"
          + "\"not_known\":[{\"rule\":\(JSONFormat.quoted(stem.id)),\"name\":\(JSONFormat.quoted(stem.name)),"
          + "\"wins\":0,\"misses\":1,\"easiness\":-2.000,\"chance\":\(chance(-2))}]}}\n"),
      "\(json.output)")
    let table = run(["stats", "--rules"], in: world).output
    #expect(table.contains("\nRules known (right, wrong, chance of a first answer)\n  \(ending.name)"), "\(table)")
    #expect(table.contains("\nRules not yet known (right, wrong, chance of a first answer)\n  \(stem.name)"), "\(table)")
  }

  /// The standing counts each rule's evidence from each form's answers counted
  /// (`memory.recallCounts`, on a connection of its own): the same as from every answer in the
  /// history's order (`RuleForms.answers`, what it read before), on a file and in memory.
  @Test func theEvidenceIsEveryAnswersEvidence() throws {
    let conjugator = CommandFixtures.conjugator
    var answers: [AnsweredQuestion] = []
    for (n, verb) in ["hablar", "cantar", "tener", "pedir", "llegar", "ser"].enumerated() {
      for (m, tense) in [Tense.presente, .preterito, .presenteSubjuntivo].enumerated() {
        for k in 0..<(n + m + 1) { answers.append(try Self.answer(verb, tense, (n + m + k) % 3 != 0, at: Double(-n - m - k) * Self.day)) }
      }
    }
    func check(_ board: Scoreboard) throws {
      _ = try board.answers.importAnswers(answers)
      var forms = RuleForms(conjugator: conjugator)
      var wins: [String: Int] = [:]
      var misses: [String: Int] = [:]
      for answer in try forms.answers(of: board) {
        for rule in forms.forms[answer.item].rules.map({ forms.rules[$0] }) {
          if answer.recalled { wins[rule, default: 0] += 1 } else { misses[rule, default: 0] += 1 }
        }
      }
      // Every rule weighed, half of them known.
      let easiness = Dictionary(uniqueKeysWithValues: forms.rules.enumerated().map { ($1, $0 % 2 == 0 ? 1.0 + Double($0) : -1.0 - Double($0)) })
      let layer = RuleLayer(
        intercept: 0.2, weights: Array(repeating: 0, count: RuleEvidence.featureCount), easiness: easiness, lambda: 4,
        usesRules: true, blend: 0, blendShift: 0, firstAnswers: 100, reviews: 50)
      let standing = try RuleStanding.read(board, layer: layer, conjugator: conjugator)
      let rules = standing.known + standing.notKnown
      #expect(rules.count == forms.rules.count && standing.known.count == (forms.rules.count + 1) / 2)
      for rule in rules {
        #expect(rule.wins == wins[rule.id, default: 0] && rule.misses == misses[rule.id, default: 0], "\(rule.id)")
        #expect(rule.easiness == easiness[rule.id] && rule.name == forms.ruleNames[rule.id])
      }
      #expect(rules.reduce(0) { $0 + $1.misses } > 0 && rules.reduce(0) { $0 + $1.wins } > 0)
    }
    let folder = try CommandFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try check(Scoreboard.live(directory: folder))
    try check(Scoreboard.inMemory())
  }
}
