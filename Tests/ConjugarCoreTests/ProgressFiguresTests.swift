import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SpacedRepetition
import Testing

/// Progress's figures from the statistics: regular and irregular verbs and the irregularity
/// groups tallied from the answers by verb; the forms missed, the leeches first.
@Suite struct ProgressFiguresTests {
  static let cache = IrregularityGroupCache()

  static func figures(_ statistics: Statistics, leeches: [ItemState] = []) -> ProgressFigures {
    ProgressFigures(statistics, leeches: leeches, kind: { cache.kind(of: $0, sharedConjugator) })
  }

  /// Without the groups (the warm-up still working them out), the figures say they are pending
  /// and have none; regular and irregular are counted all the same.
  @Test func withoutTheGroupsTheyArePending() {
    var statistics = Statistics()
    statistics.verbs = ["hablar": Tally(answers: 4, correct: 3, wrong: 1), "tener": Tally(answers: 5, correct: 4, wrong: 1)]
    let figures = ProgressFigures(statistics, leeches: []) { VerbKind($0, sharedConjugator, withGroups: false) }
    #expect(figures.groupsPending && figures.groups.isEmpty)
    #expect(figures.regular == Tally(answers: 4, correct: 3, wrong: 1) && figures.irregular == Tally(answers: 5, correct: 4, wrong: 1))
    #expect(!Self.figures(statistics).groupsPending)
  }

  /// The cache is warming from the call until its job has run.
  @Test func theCacheIsWarmingUntilItsJobHasRun() {
    let cache = IrregularityGroupCache(), queue = BackgroundQueue()
    cache.warm({ ["tener"] }, sharedConjugator, background: queue.background)
    #expect(cache.isWarming)
    queue.runAll()
    #expect(!cache.isWarming)
  }

  static func item(_ verb: String) -> Item { Item(verb: verb, tense: "presente", person: "yo") }

  static func leech(_ verb: String, lapses: Int) -> ItemState {
    ItemState(item: item(verb), card: Card(due: .distantFuture), reps: 20, lapses: lapses, firstReview: .distantPast)
  }

  @Test func verbsAreTalliedAsRegularIrregularAndByGroup() throws {
    var statistics = Statistics()
    statistics.verbs = [
      "hablar": Tally(answers: 4, correct: 3, wrong: 1),
      "comer": Tally(answers: 2, correct: 2),
      "pensar": Tally(answers: 3, correct: 1, wrong: 2),
      "tener": Tally(answers: 5, correct: 4, wrong: 1),
      "no-such-verb": Tally(answers: 9, wrong: 9),
    ]
    let figures = Self.figures(statistics)
    #expect(figures.regular == Tally(answers: 6, correct: 5, wrong: 1))
    #expect(figures.irregular == Tally(answers: 8, correct: 5, wrong: 3))
    let groups = Dictionary(uniqueKeysWithValues: figures.groups.map { ($0.group, $0.tally) })
    // pensar: e to ie; tener: e to ie too (tienes), yo-go (tengo), a strong preterite (tuve), an
    // irregular future (tendré).
    #expect(groups[.eToIe] == Tally(answers: 8, correct: 5, wrong: 3))
    #expect(groups[.yoGo] == Tally(answers: 5, correct: 4, wrong: 1))
    #expect(groups[.strongPreterite] == Tally(answers: 5, correct: 4, wrong: 1))
    #expect(groups[.oToUe] == nil, "no verb answered of the group: not listed")
    // In the groups' own order.
    let order = IrregularityGroup.allCases
    #expect(figures.groups.map(\.group) == order.filter { groups[$0] != nil })
  }

  @Test func theLeechesComeFirstInMissedThenTheMostMissed() {
    var statistics = Statistics()
    statistics.mostMissed = [
      .init(item: Self.item("ser"), wrong: 10), .init(item: Self.item("hablar"), wrong: 8),
      .init(item: Self.item("ir"), wrong: 3),
    ]
    let figures = Self.figures(statistics, leeches: [Self.leech("hablar", lapses: 8), Self.leech("caber", lapses: 6)])
    #expect(figures.missed == [
      .init(item: Self.item("hablar"), wrong: 8, lapses: 8),
      // A leech not among the most missed of the period: its wrong answers unknown.
      .init(item: Self.item("caber"), wrong: nil, lapses: 6),
      .init(item: Self.item("ser"), wrong: 10, lapses: nil),
      .init(item: Self.item("ir"), wrong: 3, lapses: nil),
    ])
    #expect(Self.figures(Statistics()) == ProgressFigures())
  }
}
