import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import Testing

/// The order of new forms (issue 42): by the verbs' frequency, or, while the rule layer in use says
/// the learner learns rules more than words, a form on a rule not yet met first.
@Suite struct NewFormOrderTests {
  static func candidate(_ verb: String, _ person: String, _ rules: [String]) -> NewFormOrder.Candidate {
    NewFormOrder.Candidate(item: Item(verb: verb, tense: "presente", person: person), rules: rules)
  }

  static let candidates = [
    candidate("ser", "yo", ["own.ser"]),
    candidate("ser", "tu", ["own.ser"]),
    candidate("hablar", "yo", ["ending.yo.ar"]),
    candidate("hablar", "tu", ["ending.tu.ar"]),
    candidate("cantar", "yo", ["ending.yo.ar"]),
    candidate("pensar", "yo", ["ending.yo.ar", "stem.e-ie"]),
  ]

  struct Case: Sendable, CustomTestStringConvertible {
    var byRules: Bool
    var met: Set<String>
    var count: Int
    var expected: [String]
    var testDescription: String { "\(byRules ? "by rules" : "by frequency"), \(count) of them" }
  }

  @Test(arguments: [
    // By frequency: the first in order, whatever their rules.
    Case(byRules: false, met: [], count: 4, expected: ["ser/yo", "ser/tu", "hablar/yo", "hablar/tu"]),
    // By rules: ser's own rule once, then each ending, then pensar's stem change; only then the
    // forms that meet nothing new, in order.
    Case(byRules: true, met: [], count: 4, expected: ["ser/yo", "hablar/yo", "hablar/tu", "pensar/yo"]),
    Case(
      byRules: true, met: [], count: 6, expected: ["ser/yo", "hablar/yo", "hablar/tu", "pensar/yo", "ser/tu", "cantar/yo"]),
    // Rules met by the forms practised count as met.
    Case(byRules: true, met: ["own.ser", "ending.yo.ar"], count: 2, expected: ["hablar/tu", "pensar/yo"]),
    // Every rule met: the order of frequency.
    Case(
      byRules: true, met: ["own.ser", "ending.yo.ar", "ending.tu.ar", "stem.e-ie"], count: 3,
      expected: ["ser/yo", "ser/tu", "hablar/yo"]),
    // More asked for than there are: all of them.
    Case(
      byRules: true, met: [], count: 9, expected: ["ser/yo", "hablar/yo", "hablar/tu", "pensar/yo", "ser/tu", "cantar/yo"]),
  ])
  func choosing(_ test: Case) {
    let chosen = NewFormOrder.choose(test.count, from: Self.candidates, byRules: test.byRules, met: test.met)
    #expect(chosen.map { "\($0.verb)/\($0.person)" } == test.expected)
  }

  @Test func theRulesMetAreTheLayersAndThoseOfTheLatestAnswers() {
    var layer = Self.layer(rules: 0.5, words: 0.1)
    layer.easiness = ["stem.e-ie": 0.4, "\(RuleLayer.traitPrefix)tense.presente": -0.2]
    let met = NewFormOrder.met(layer: layer, recent: [Item(verb: "hablar", tense: "presente", person: "yo")]) { item in
      ["ending.presente.yo.\(item.verb)"]
    }
    #expect(met == ["stem.e-ie", "ending.presente.yo.hablar"])
  }

  /// A layer that uses rules, weighing wins on rules (the first four weights) above wins on words
  /// (the third four), or below.
  static func layer(rules: Double, words: Double) -> RuleLayer {
    var weights = [Double](repeating: 0, count: RuleEvidence.featureCount)
    let n = RuleEvidence.windows.count
    for w in 0..<n {
      weights[w] = rules
      weights[2 * n + w] = words
    }
    return RuleLayer(
      intercept: 0, weights: weights, easiness: [:], lambda: 1, usesRules: true, blend: 0, blendShift: 0,
      firstAnswers: 100, reviews: 100)
  }

  static func fitted(_ layer: RuleLayer?) -> FittedMemory {
    FittedMemory(
      weights: Parameters.defaultWeights, date: Date(timeIntervalSince1970: 1_800_000_000), reviews: 500, logLoss: 0.3,
      rmseBins: 0.05, rules: layer)
  }

  @Test func theReviewsNewFormsFollowTheLayerInUse() throws {
    let board = Scoreboard.inMemory()
    // hablar's presente practised: its -ar presente endings are met.
    _ = try board.answers.importAnswers(
      ["yo", "tu", "el", "nosotros", "ellos"].map { person in
        AnsweredQuestion(
          verb: "hablar", tense: "presente", person: person, expected: "", given: "", result: .correct,
          date: Date(timeIntervalSince1970: 1_700_000_000), rating: .good)
      })
    let settings = SettingValues()
    let conjugator = Conjugator()
    func newItems(_ layer: RuleLayer?) throws -> [Item] {
      _ = try board.memory.applyFittedMemory(Self.fitted(layer))
      return ReviewComposer(conjugator: conjugator, scoreboard: board, settings: settings, timeZone: .utc).newItems(count: 30)
    }
    let plain = try newItems(nil)
    #expect(plain.count == 30)
    // By frequency: the first verb's cells, then the next verb's, none of hablar's presente.
    #expect(plain.first?.verb == QuizComposer.frequentEntries(of: conjugator.catalog).first?.infinitive)
    #expect(!plain.contains { $0.verb == "hablar" && $0.tense == "presente" })
    // A layer that weighs words above rules, or that does not use rules: the same order.
    #expect(try newItems(Self.layer(rules: 0.1, words: 0.5)) == plain)
    var unused = Self.layer(rules: 0.5, words: 0.1)
    unused.usesRules = false
    #expect(try newItems(unused) == plain)

    // Rules above words: each form asked meets a rule not met before, while one is left among the
    // next verbs; hablar's presente endings count as met.
    let byRules = try newItems(Self.layer(rules: 0.5, words: 0.1))
    #expect(byRules.count == 30 && byRules != plain && Set(byRules).count == 30)
    var forms = RuleForms(conjugator: conjugator)
    var met = Set(["yo", "tu", "el", "nosotros", "ellos"].flatMap {
      forms.ruleIDs(of: Item(verb: "hablar", tense: "presente", person: $0))
    })
    for item in byRules {
      let rules = forms.ruleIDs(of: item)
      #expect(!met.isSuperset(of: rules), "\(item.key) meets no rule not met before")
      met.formUnion(rules)
    }
  }
}
