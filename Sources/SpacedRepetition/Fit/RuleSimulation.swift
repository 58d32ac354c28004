import Foundation

/// Simulated learners of conjugation, to measure the rule layer (issue 42) against the prior and
/// FSRS alone: not fsrs-rs's simulator (``Simulator``), which knows nothing of rules, but our own.
///
/// A deck like a trainer's: 150 verbs by frequency, each of one conjugation (half -ar), 30 cells
/// each (5 tenses × 6 persons). A cell's rules: its conjugation's ending for the cell; for a verb in
/// an irregular family (10 families, a tense's few persons each: a stem change, a strong
/// preterite…), the family's rule where it shows; for 4 verbs, a tense of their own instead. The
/// learner studies once a day for 150 days: the forms due (up to 150), then 15 new ones, drawn by
/// verb frequency; a miss is asked again 10 minutes later. Each answer is right with the learner's
/// true chance: 1 − (1 − T)(1 − M), M the form's own memory (0.9^(days/S), S growing with each
/// right answer), T what transfers to it, logit T = bias + the form's class (its tense's, its
/// person's and, if irregular, irregularity's difficulty: what a base rate can know) + Σ knowledge.
/// The kinds differ in what transfers:
///
/// - `rules`: each rule's knowledge grows with the right answers on any form with the rule (a miss
///   teaches less) and fades over 40 days; rules differ in how hard they are.
/// - `words`: the same, per verb, with no transfer across verbs; the rules are not harder or easier.
/// - `mixed`: half of each.
/// - `forgetful`: `rules`, with rule knowledge fading over 4 days and forms' memory growing slowly.
/// - `none`: nothing transfers: each form has its own difficulty, nothing else.
public enum RuleSimulation {
  public enum Kind: String, Sendable, CaseIterable {
    case rules, words, mixed, forgetful, none
  }

  /// A simulated history, with each answer's true chance.
  public struct Learner: Sendable {
    public var kind: Kind
    public var history: RuleHistory
    /// The true chance of each answer of `history.answers`, in the same order.
    public var truth: [Double]
    /// The day the fit stops: answers before it train, answers from it are predicted.
    public var split: Int64
    /// Each form's tense, person and regularity (regular: its conjugation's ending alone), as one
    /// key: what a base rate knows of a form without the rules.
    public var classes: [Int]
  }

  static let verbs = 150
  static let cells = 30
  static let days = 150

  public static func learner(_ kind: Kind, seed: UInt64) -> Learner {
    var random = SplitMix64(seed: seed)
    let grammar = Grammar(verbs: verbs, tenses: cells / 6, random: &random)
    var mind = Mind(kind, grammar)
    var interval = [Double](repeating: 0, count: grammar.forms.count)
    var due = [Double](repeating: .infinity, count: grammar.forms.count)
    var answers: [RuleHistory.Answer] = []
    var truth: [Double] = []
    var seen = Set<Int>()

    func answer(_ item: Int, _ day: Double) -> Bool {
      let p = mind.chance(item, day)
      let right = random.unit() < p
      answers.append(RuleHistory.Answer(item: item, seconds: Int64(day * 86_400), rating: right ? .good : .again))
      truth.append(p)
      mind.learn(item, day, right: right, random: &random)
      return right
    }

    let verbWeights = (0..<verbs).map { 1 / (Double($0) + 10) }
    for d in 0..<days {
      var now = Double(d) + 0.75 + random.unit() * 0.05
      var again: [Int] = []
      let dueToday = (0..<grammar.forms.count).filter { due[$0] <= Double(d) + 1 }.sorted { due[$0] < due[$1] }.prefix(150)
      var asked: [Int] = Array(dueToday)
      var fresh = 0
      var tries = 0
      while fresh < 15 && tries < 1_000 && seen.count < grammar.forms.count {
        tries += 1
        let v = random.pick(verbWeights)
        let unseen = grammar.formOf[v].filter { !seen.contains($0) }
        guard !unseen.isEmpty else { continue }
        let item = unseen[Int(random.next() % UInt64(unseen.count))]
        seen.insert(item)
        asked.append(item)
        fresh += 1
      }
      for item in asked {
        now += 12 / 86_400
        let right = answer(item, now)
        interval[item] = right ? max(1, interval[item] * 2.5) : 1
        due[item] = floor(now) + interval[item]
        if !right { again.append(item) }
      }
      now += 600 / 86_400
      for item in again {
        now += 12 / 86_400
        _ = answer(item, now)
      }
    }
    // RuleHistory keeps the answers in time order; they were made in it.
    return Learner(
      kind: kind, history: grammar.history(answers), truth: truth, split: Int64(days * 7 / 10) * 86_400,
      classes: grammar.classes)
  }

  /// Log loss, AUC and calibration (the mean gap between predicted and seen rates in bins of 10 %).
  public struct Scores: Sendable, Equatable {
    public var count: Int
    public var logLoss: Double
    public var auc: Double
    public var calibration: Double

    init(_ pairs: [(p: Double, y: Double)]) {
      count = pairs.count
      logLoss = RuleLayer.logLoss(pairs)
      let positives = pairs.filter { $0.y == 1 }.map(\.p).sorted()
      let negatives = pairs.filter { $0.y == 0 }.map(\.p).sorted()
      var wins = 0.0
      var j = 0
      var k = 0
      for p in positives {
        while j < negatives.count && negatives[j] < p { j += 1 }
        k = j
        while k < negatives.count && negatives[k] == p { k += 1 }
        wins += Double(j) + Double(k - j) / 2
      }
      auc = positives.isEmpty || negatives.isEmpty ? 0.5 : wins / Double(positives.count * negatives.count)
      var bins = [(p: Double, y: Double, n: Double)](repeating: (0, 0, 0), count: 10)
      for (p, y) in pairs {
        let b = min(9, Int(p * 10))
        bins[b].p += p
        bins[b].y += y
        bins[b].n += 1
      }
      calibration = bins.reduce(0) { $0 + abs($1.p - $1.y) } / Double(max(pairs.count, 1))
    }
  }

  /// One learner's measures after the split: first answers to forms never practised, and answers a
  /// day or more after the form's previous one.
  public struct Report: Sendable {
    public var kind: Kind
    public var layer: RuleLayer?
    /// First answers: the learner's true chances, the prior (the first answers' rate before the
    /// split), the base rate (that rate by tense, person and regularity), the rule layer.
    public var firstTruth: Scores
    public var firstPrior: Scores
    public var firstBase: Scores
    public var firstRules: Scores
    /// Later answers: the true chances, FSRS alone (weights fitted before the split), FSRS and the layer.
    public var laterTruth: Scores
    public var laterFSRS: Scores
    public var laterBlend: Scores
  }

  /// Fits FSRS and the layer on the answers before the split, then predicts each answer after it
  /// from the answers before it.
  public static func report(_ learner: Learner) -> Report {
    let history = learner.history
    let train = history.before(learner.split)
    let log = ReviewLog(
      reviews: train.answers.map { (item: $0.item, seconds: $0.seconds, rating: $0.rating) })
    let weights: [Double] =
      if case .fitted(let result) = Optimizer.fit(log) { result.weights } else { Parameters.defaultWeights }
    let layer = RuleLayer.fit(train, weights: weights)
    let priorRate: Double = {
      var seen = Set<Int>()
      var (wins, n) = (0.0, 0.0)
      for answer in train.answers where seen.insert(answer.item).inserted {
        wins += answer.recalled ? 1 : 0
        n += 1
      }
      return n == 0 ? 0.5 : wins / n
    }()
    // The base rate: the first answers' rate by tense, person and regularity, each shrunk toward
    // the prior by five answers' worth, so that a class met twice does not swing it.
    let baseRate: [Int: Double] = {
      var seen = Set<Int>()
      var counts: [Int: (wins: Double, n: Double)] = [:]
      for answer in train.answers where seen.insert(answer.item).inserted {
        counts[learner.classes[answer.item], default: (0, 0)].wins += answer.recalled ? 1 : 0
        counts[learner.classes[answer.item], default: (0, 0)].n += 1
      }
      return counts.mapValues { ($0.wins + 5 * priorRate) / ($0.n + 5) }
    }()
    var withLayer = RecallStream(
      layer: layer, weights: weights, forms: history.forms, rules: history.rules, traits: history.traits,
      words: history.words)
    var alone = RecallStream(
      layer: nil, weights: weights, forms: history.forms, rules: history.rules, traits: history.traits, words: history.words)
    var first: [(truth: Double, prior: Double, base: Double, rules: Double, y: Double)] = []
    var later: [(truth: Double, fsrs: Double, blend: Double, y: Double)] = []
    var lastSeen = [Int64?](repeating: nil, count: history.forms.count)
    for (answer, p) in zip(history.answers, learner.truth) {
      if answer.seconds >= learner.split {
        let y = answer.recalled ? 1.0 : 0.0
        if let previous = lastSeen[answer.item] {
          if answer.seconds - previous >= 86_400 {
            later.append(
              (p, alone.recall(answer.item, at: answer.seconds).chance, withLayer.recall(answer.item, at: answer.seconds).chance, y))
          }
        } else {
          first.append(
            (p, priorRate, baseRate[learner.classes[answer.item]] ?? priorRate, withLayer.recall(answer.item, at: answer.seconds).chance, y))
        }
      }
      lastSeen[answer.item] = answer.seconds
      withLayer.record(answer)
      alone.record(answer)
    }
    return Report(
      kind: learner.kind, layer: layer,
      firstTruth: Scores(first.map { ($0.truth, $0.y) }), firstPrior: Scores(first.map { ($0.prior, $0.y) }),
      firstBase: Scores(first.map { ($0.base, $0.y) }),
      firstRules: Scores(first.map { ($0.rules, $0.y) }),
      laterTruth: Scores(later.map { ($0.truth, $0.y) }), laterFSRS: Scores(later.map { ($0.fsrs, $0.y) }),
      laterBlend: Scores(later.map { ($0.blend, $0.y) }))
  }
}

extension RuleSimulation {
  /// The grammar a simulated learner is asked: endings per conjugation × cell, families of
  /// irregular verbs, a few verbs with a tense of their own, and each form's traits.
  struct Grammar {
    let verbs: Int
    let cells: Int
    var ruleNames: [String] = []
    var ruleDifficulty: [Double] = []
    var forms: [RuleHistory.Form] = []
    /// Each verb's forms, cell by cell.
    var formOf: [[Int]] = []
    var wordDifficulty: [Double] = []
    var formDifficulty: [Double] = []
    /// What a base rate can know: each tense and person harder or easier for everyone, and an
    /// irregular form harder.
    var classDifficulty: [Double] = []
    var regular: [Bool] = []
    var traitNames: [String] = []

    init(verbs: Int, tenses: Int, random: inout SplitMix64) {
      self.verbs = verbs
      cells = tenses * 6
      let cells = self.cells
      func normal(_ mean: Double, _ sd: Double) -> Double {
        let u = max(random.unit(), 1e-12)
        let v = random.unit()
        return mean + sd * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
      }
      var ruleNames: [String] = []
      var ruleDifficulty: [Double] = []
      func rule(_ name: String, _ difficulty: Double) -> Int {
        ruleNames.append(name)
        ruleDifficulty.append(difficulty)
        return ruleNames.count - 1
      }
      var ending: [[Int]] = []
      for c in 0..<3 {
        ending.append((0..<cells).map { cell in rule("ending.\(c).\(cell)", normal(0.8, 0.9)) })
      }
      var families: [(rule: Int, cells: Set<Int>)] = []
      for f in 0..<10 {
        let tense = Int(random.next() % UInt64(tenses))
        let persons = (0..<6).filter { _ in random.unit() < 0.6 }
        families.append((rule("family.\(f)", normal(-1.0, 0.8)), Set(persons.map { tense * 6 + $0 })))
      }
      for v in 0..<verbs {
        let conjugation = random.unit() < 0.5 ? 0 : (random.unit() < 0.5 ? 1 : 2)
        var mine: [Int] = []
        let draw = random.unit()
        if draw > 0.55 { mine.append(Int(random.next() % 10)) }
        if draw > 0.85 { mine.append(Int(random.next() % 10)) }
        let own = v % 37 == 3 ? Int(random.next() % UInt64(tenses)) : nil
        let ownRule = own.map { rule("own.\(v).\($0)", normal(-1.5, 0.5)) }
        wordDifficulty.append(normal(0, 0.8))
        var row: [Int] = []
        for cell in 0..<cells {
          var rules: [Int] = []
          if let own, let ownRule, cell / 6 == own { rules.append(ownRule) } else { rules.append(ending[conjugation][cell]) }
          for f in mine where families[f].cells.contains(cell) && !rules.contains(families[f].rule) {
            rules.append(families[f].rule)
          }
          row.append(forms.count)
          forms.append(RuleHistory.Form(rules: rules, word: v))
        }
        formOf.append(row)
      }
      self.ruleNames = ruleNames
      self.ruleDifficulty = ruleDifficulty
      formDifficulty = forms.map { _ in normal(0, 1.2) }
      let tenseDifficulty = (0..<tenses).map { _ in normal(0, 0.8) }
      let personDifficulty = (0..<6).map { _ in normal(0, 0.3) }
      regular = forms.indices.map { item in
        let cell = item % cells
        return (0..<3).contains { forms[item].rules == [ending[$0][cell]] }
      }
      classDifficulty = forms.indices.map { item in
        let cell = item % cells
        return tenseDifficulty[cell / 6] + personDifficulty[cell % 6]
      }
      for item in forms.indices where !regular[item] { classDifficulty[item] -= 0.6 }
      // The traits the layer is told: the tense, the person, the cell and the irregularity.
      traitNames =
        (0..<tenses).map { "\(RuleLayer.traitPrefix)tense.\($0)" } + (0..<6).map { "\(RuleLayer.traitPrefix)person.\($0)" }
        + (0..<cells).map { "\(RuleLayer.traitPrefix)cell.\($0)" } + ["\(RuleLayer.traitPrefix)irregular"]
      for item in forms.indices {
        let cell = item % cells
        forms[item].traits = [cell / 6, tenses + cell % 6, tenses + 6 + cell] + (regular[item] ? [] : [tenses + 6 + cells])
      }
    }

    /// Each form's tense, person and regularity as one key (``Learner/classes``).
    var classes: [Int] { forms.indices.map { ($0 % cells) * 2 + (regular[$0] ? 0 : 1) } }

    func history(_ answers: [RuleHistory.Answer]) -> RuleHistory {
      RuleHistory(answers: answers, forms: forms, rules: ruleNames, traits: traitNames, words: verbs)
    }
  }

  /// What a simulated learner knows, and how an answer changes it (see ``RuleSimulation``).
  struct Mind {
    let kind: Kind
    let grammar: Grammar
    /// What transfers: from rules, from words; how fast knowledge fades (days); how a form's own
    /// memory grows with a right answer.
    let gRules, gWords, fade, growth, bias: Double
    var ruleKnowledge: [(level: Double, at: Double)]
    var wordKnowledge: [(level: Double, at: Double)]
    var stability: [Double?]
    var last: [Double]

    init(_ kind: Kind, _ grammar: Grammar) {
      self.kind = kind
      self.grammar = grammar
      (gRules, gWords, fade, growth) =
        switch kind {
        case .rules: (1, 0, 40, 2.5)
        case .words: (0, 1, 40, 2.5)
        case .mixed: (0.5, 0.5, 40, 2.5)
        case .forgetful: (1, 0, 4, 1.6)
        case .none: (0, 0, 40, 2.5)
        }
      bias = kind == .none ? -0.3 : -1.2
      ruleKnowledge = Array(repeating: (0, 0), count: grammar.ruleNames.count)
      wordKnowledge = Array(repeating: (0, 0), count: grammar.verbs)
      stability = Array(repeating: nil, count: grammar.forms.count)
      last = Array(repeating: 0, count: grammar.forms.count)
    }

    func level(_ k: (level: Double, at: Double), _ day: Double) -> Double { k.level * exp(-(day - k.at) / fade) }

    /// The true chance of a right answer on `item` at `day`: 1 − (1 − T)(1 − M).
    func chance(_ item: Int, _ day: Double) -> Double {
      let form = grammar.forms[item]
      var z = bias + grammar.classDifficulty[item]
      if kind == .none {
        z += grammar.formDifficulty[item]
      } else {
        for r in form.rules { z += gRules * (grammar.ruleDifficulty[r] + 1.5 * log(1 + level(ruleKnowledge[r], day))) }
        z += gWords * (grammar.wordDifficulty[form.word] + 1.5 * log(1 + level(wordKnowledge[form.word], day)))
      }
      let t = 1 / (1 + exp(-z))
      let m = stability[item].map { pow(0.9, (day - last[item]) / $0) } ?? 0
      return 1 - (1 - t) * (1 - m)
    }

    /// Learning from an answer: the form's memory, its rules and its word.
    mutating func learn(_ item: Int, _ day: Double, right: Bool, random: inout SplitMix64) {
      if let s = stability[item] {
        stability[item] = right ? s * growth * (0.8 + 0.4 * random.unit()) : max(0.2, s * 0.3)
      } else {
        stability[item] = right ? 2 : 0.4
      }
      last[item] = day
      let gain = right ? 1.0 : 0.5
      for r in grammar.forms[item].rules { ruleKnowledge[r] = (level(ruleKnowledge[r], day) + gain, day) }
      let w = grammar.forms[item].word
      wordKnowledge[w] = (level(wordKnowledge[w], day) + gain, day)
    }
  }
}
