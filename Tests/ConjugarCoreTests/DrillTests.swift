import ConjugarCore
import ConjugarEngine
import RandomClient
import Testing

/// Drills composed from the learner's filters (issue 11).
@Suite struct DrillTests {
  static let composer = DrillComposer(conjugator: sharedConjugator)

  func drill(_ spec: DrillSpec, seed: UInt64 = 1) throws -> [Question] {
    try Self.composer.questions(spec, using: .seeded(seed))
  }

  @Test func theSameSeedGivesTheSameDrill() throws {
    let spec = DrillSpec(tenses: [.presente, .preterito], top: 100, count: 30)
    #expect(try drill(spec, seed: 5) == drill(spec, seed: 5))
    #expect(try drill(spec, seed: 5) != drill(spec, seed: 6))
  }

  @Test func noCellTwiceAndNoVerbAgainUntilEveryVerbHasBeenAsked() throws {
    let verbs = ["tener", "ir", "hablar", "ser"]
    let questions = try drill(DrillSpec(tenses: [.presente, .futuro], persons: [.yo, .nosotros], verbList: verbs, count: nil))
    #expect(questions.count == 4 * 2 * 2)  // every cell, once
    #expect(Set(questions.map { "\($0.verb) \($0.form)" }).count == questions.count)
    for round in stride(from: 0, to: questions.count, by: verbs.count) {
      #expect(Set(questions[round..<round + verbs.count].map(\.verb)) == Set(verbs), "round at \(round)")
    }
  }

  @Test func theFiltersChooseTheVerbsTensesAndPersons() throws {
    let questions = try drill(DrillSpec(tenses: [.imperfecto], persons: [.vos, .vosotros], verbs: .regular, top: 300, count: 40))
    #expect(questions.count == 40)
    for question in questions {
      guard case .finite(let tense, let person) = question.form else { Issue.record("non-finite"); continue }
      #expect(tense == .imperfecto)
      #expect([.vos, .vosotros].contains(person))
      #expect(try #require(sharedConjugator.catalog.entry(question.verb)?.rank) <= 300)
    }
    let irregular = Set(try drill(DrillSpec(verbs: .irregular, top: 50, count: 50)).map(\.verb))
    #expect(irregular.contains("tener") || irregular.contains("ser") || irregular.contains("ir"))
    #expect(!irregular.contains("hablar"))
  }

  @Test func theImperativeNeverAsksYo() throws {
    let questions = try drill(DrillSpec(tenses: [.imperativoAfirmativo], persons: Person.allCases, verbList: ["tener"], count: nil))
    #expect(questions.count == 6)
    #expect(!questions.contains { $0.form == .finite(.imperativoAfirmativo, .yo) })
  }

  @Test func aBadDrillSaysWhy() {
    #expect(throws: DrillError.unknownVerbs(["xx"])) { try drill(DrillSpec(verbList: ["tener", "xx"])) }
    #expect(throws: DrillError.noVerbs) { try drill(DrillSpec(verbs: .regular, verbList: ["tener"])) }
    #expect(throws: DrillError.nothingToAsk) {
      try drill(DrillSpec(tenses: [.presente], persons: [.yo], verbList: ["llover"]))
    }
  }

  @Test func untilStoppedHasABound() throws {
    let questions = try drill(DrillSpec(top: 1_000, count: nil))
    #expect(questions.count == DrillSpec.untilStopped)
  }
}
