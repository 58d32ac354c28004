import Foundation

extension RuleSimulation {
  /// How the practice simulation schedules: as FSRS alone, or with the rule layer.
  public enum Policy: String, Sendable, CaseIterable {
    /// New forms drawn by verb frequency; each form starts as FSRS starts it.
    case fsrs
    /// New forms chosen as `rules` chooses them; each form starts as FSRS starts it (what the
    /// choice alone is worth).
    case ruleOrder = "rule-order"
    /// Rule order only while the layer, fitted again each week, weighs what was shown on rules
    /// above what was shown on words; else as FSRS alone. Each form starts as FSRS starts it.
    case adaptiveOrder = "adaptive-order"
    /// New forms chosen so that each rule not yet met is met early (a form resting on one, of the
    /// most frequent verb); a right first answer on a form whose rules the layer finds known
    /// starts further out (``RuleLayer/firstStability(rating:chance:retention:weights:)``); the
    /// layer fitted again each week, on the answers so far.
    case rules
  }

  /// What it took a simulated learner to reach 90 % recall on every form of the deck.
  public struct Practice: Sendable {
    public var kind: Kind
    public var policy: Policy
    /// The days of practice until the learner's true chance, averaged over every form of the deck,
    /// was 90 % at the end of a day; nil if it never was within ``practiceDays``.
    public var days: Int?
    /// The answers given until then (or in all, if never), and their minutes at 12 s each.
    public var answers: Int
    public var minutes: Double { Double(answers) * Self.secondsPerAnswer / 60 }
    /// The average true chance at the end.
    public var recall: Double

    public static let secondsPerAnswer = 12.0
  }

  /// The deck of the practice simulation: the 100 most frequent verbs in six tenses.
  public static let practiceVerbs = 100
  public static let practiceTenses = 6
  static let practiceDays = 365
  /// A day's session: the forms due (at most so many), then so many new ones.
  static let reviewsPerDay = 200
  static let newPerDay = 20
  static let target = 0.9

  /// A learner of `kind` practising the deck under `policy` each day until it knows 90 % of it:
  /// the same deck and learner for both policies of a seed. FSRS at its default weights, the
  /// retention 90 %; a miss asked again 10 minutes later.
  public static func practice(
    _ kind: Kind, seed: UInt64, policy: Policy, verbs: Int = practiceVerbs, tenses: Int = practiceTenses
  ) -> Practice {
    var random = SplitMix64(seed: seed)
    let grammar = Grammar(verbs: verbs, tenses: tenses, random: &random)
    var mind = Mind(kind, grammar)
    let count = grammar.forms.count
    let weights = Parameters.defaultWeights
    let model = MemoryModel<Double>(weights: weights)
    var memory = [(s: Double, d: Double, day: Int)?](repeating: nil, count: count)
    var due = [Int](repeating: .max, count: count)
    var answers: [RuleHistory.Answer] = []
    // What the layer in use says of a form, from the answers so far: `conjugar recall`'s walk.
    var stream = RecallStream(
      layer: nil, weights: weights, forms: grammar.forms, rules: grammar.ruleNames, traits: grammar.traitNames,
      words: grammar.verbs)
    var layer: RuleLayer?
    var met = [Bool](repeating: false, count: grammar.ruleNames.count)
    var unseen = Set(0..<count)
    let verbWeights = (0..<verbs).map { 1 / (Double($0) + 10) }

    func answer(_ item: Int, at now: Double) -> Bool {
      let seconds = Int64(now * 86_400)
      let day = Int(now)
      // What the layer made of the form just before, for its first stability.
      let before = stream.recall(item, at: seconds)
      let fromRules = before.from == .rules ? before.chance : nil
      let right = random.unit() < mind.chance(item, now)
      let rating: Rating = right ? .good : .again
      mind.learn(item, now, right: right, random: &random)
      let answered = RuleHistory.Answer(item: item, seconds: seconds, rating: rating)
      answers.append(answered)
      stream.record(answered)
      for rule in grammar.forms[item].rules { met[rule] = true }
      if let state = memory[item] {
        let next = model.next(stability: state.s, difficulty: state.d, rating: rating, days: day - state.day)
        memory[item] = (next.stability, next.difficulty, day)
      } else {
        let start = model.first(rating)
        let s =
          policy == .rules && fromRules != nil
          ? RuleLayer.firstStability(rating: rating, chance: fromRules!, retention: target, weights: weights)
          : start.stability
        memory[item] = (s, start.difficulty, day)
      }
      // Due when FSRS's R falls to the retention: at its stability, for FSRS-6's curve and 90 %.
      due[item] = day + max(1, Int(memory[item]!.s.rounded()))
      return right
    }

    /// A new form: by verb frequency, or one resting on a rule not yet met.
    func newForm() -> Int? {
      guard !unseen.isEmpty else { return nil }
      let byRule =
        switch policy {
        case .fsrs: false
        case .ruleOrder, .rules: true
        case .adaptiveOrder: layer?.ordersNewForms ?? false
        }
      if byRule {
        for v in 0..<verbs {
          if let item = grammar.formOf[v].first(where: { unseen.contains($0) && grammar.forms[$0].rules.contains { !met[$0] } }) {
            return item
          }
        }
      }
      for _ in 0..<1_000 {
        let candidates = grammar.formOf[random.pick(verbWeights)].filter { unseen.contains($0) }
        if !candidates.isEmpty { return candidates[Int(random.next() % UInt64(candidates.count))] }
      }
      return unseen.min()
    }

    for day in 0..<practiceDays {
      if policy == .rules || policy == .adaptiveOrder, day % 7 == 0, !answers.isEmpty {
        layer = RuleLayer.fit(grammar.history(answers), weights: weights)
        stream.layer = layer
      }
      var now = Double(day) + 0.75
      let dueToday = (0..<count).filter { due[$0] <= day }.sorted { (due[$0], $0) < (due[$1], $1) }.prefix(reviewsPerDay)
      var missed: [Int] = []
      for item in dueToday {
        now += Practice.secondsPerAnswer / 86_400
        if !answer(item, at: now) { missed.append(item) }
      }
      for _ in 0..<newPerDay {
        guard let item = newForm() else { break }
        unseen.remove(item)
        // Met as it is asked: the next new form looks for another rule.
        for rule in grammar.forms[item].rules { met[rule] = true }
        now += Practice.secondsPerAnswer / 86_400
        if !answer(item, at: now) { missed.append(item) }
      }
      now += 600 / 86_400
      for item in missed {
        now += Practice.secondsPerAnswer / 86_400
        _ = answer(item, at: now)
      }
      let end = Double(day) + 0.99
      let recall = (0..<count).reduce(0) { $0 + mind.chance($1, end) } / Double(count)
      if recall >= target {
        return Practice(kind: kind, policy: policy, days: day + 1, answers: answers.count, recall: recall)
      }
    }
    let recall = (0..<count).reduce(0) { $0 + mind.chance($1, Double(practiceDays)) } / Double(count)
    return Practice(kind: kind, policy: policy, days: nil, answers: answers.count, recall: recall)
  }
}
