import ScoreboardClient
import SpacedRepetition

/// Which new forms come first (issue 42). By the verbs' frequency: the most frequent verb's forms
/// in the order of the quiz's tenses and persons, then the next verb's. But while the fitted rule
/// layer says the learner learns rules more than words (``RuleLayer/ordersNewForms``), a new form
/// resting on a rule the learner has not met yet comes first, looked for among the next
/// ``window`` verbs with new forms, so that each rule is met early and what is known of it carries
/// to the verbs that share it. In `conjugar-bench rule-practice` a learner of rules reaches 90 %
/// recall in 0.81 of the minutes, and every other kind of learner stays within 1 % of the plain
/// order (docs/learning-memory.md). Only which form is asked changes, never a schedule: machines
/// that sync still agree on every due date.
public enum NewFormOrder {
  /// How many verbs with new forms are looked through for a rule not yet met: as many as the
  /// simulation's learners practise.
  public static let window = 100

  /// How many of the latest answers tell the rules met since the layer was fitted.
  public static let recentAnswers = 1_000

  /// The rules the learner has met: those the layer in use was fitted on (each has an easiness:
  /// some answer rested on it), and those of the forms of the latest answers (``recentAnswers``,
  /// `recent`), met since. Not every form practised: at 100,000 forms reading each one's rules
  /// took 6 s; a rule met only in answers older than those and newer than the fit is taken for
  /// one not met, and a form of it asked a little early, until the next fit.
  public static func met(layer: RuleLayer, recent: Set<Item>, rules: (Item) -> [String]) -> Set<String> {
    var met = Set(layer.easiness.keys.filter { !$0.hasPrefix(RuleLayer.traitPrefix) })
    for item in recent { met.formUnion(rules(item)) }
    return met
  }

  /// A new form and the ids of the rules it rests on.
  public struct Candidate: Equatable, Sendable {
    public var item: Item
    public var rules: [String]

    public init(item: Item, rules: [String]) {
      self.item = item
      self.rules = rules
    }
  }

  /// The first `count` of `candidates` (new forms in order of frequency) to ask. `byRules`: each
  /// time, the first form resting on a rule not in `met` (the rules of the forms practised), else
  /// the first form; a form chosen meets its rules. Otherwise the first `count` in order.
  public static func choose(_ count: Int, from candidates: [Candidate], byRules: Bool, met: Set<String>) -> [Item] {
    guard byRules else { return candidates.prefix(count).map(\.item) }
    var met = met
    var left = candidates
    var chosen: [Item] = []
    while chosen.count < count, !left.isEmpty {
      let next = left.firstIndex { $0.rules.contains { !met.contains($0) } } ?? left.startIndex
      let candidate = left.remove(at: next)
      met.formUnion(candidate.rules)
      chosen.append(candidate.item)
    }
    return chosen
  }
}
