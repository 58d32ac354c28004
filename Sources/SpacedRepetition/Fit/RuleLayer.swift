import Foundation

/// What the rule layer reads of a history: every answer in time order, and for each form the
/// rules it rests on and its word (the verb), as indices. The rules' names are the caller's (the
/// engine's `GrammarRule.id`): this module only counts.
public struct RuleHistory: Sendable {
  public struct Answer: Sendable, Equatable {
    public var item: Int
    public var seconds: Int64
    public var rating: Rating

    public init(item: Int, seconds: Int64, rating: Rating) {
      self.item = item
      self.seconds = seconds
      self.rating = rating
    }

    public var recalled: Bool { rating != .again }
  }

  /// One form: the indices of its rules in `rules`, of its word, and of its traits in `traits`.
  public struct Form: Sendable, Equatable {
    public var rules: [Int]
    public var word: Int
    /// What a base rate knows of the form without its rules — its tense, its person, its cell,
    /// whether it is irregular (``RuleHistory/traits``' names): each has an easiness, but nothing
    /// shown on one counts as evidence (every form of a tense shares its tense).
    public var traits: [Int]

    public init(rules: [Int], word: Int, traits: [Int] = []) {
      self.rules = rules
      self.word = word
      self.traits = traits
    }
  }

  /// In time order (sorted here, stably).
  public private(set) var answers: [Answer]
  public var forms: [Form]
  /// Each rule's stable name (its `id`).
  public var rules: [String]
  /// Each trait's stable name, none of them a rule's (``RuleLayer/traitPrefix``).
  public var traits: [String]
  public var words: Int

  public init(answers: [Answer], forms: [Form], rules: [String], traits: [String] = [], words: Int) {
    self.answers = answers.enumerated().sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }.map(\.element)
    self.forms = forms
    self.rules = rules
    self.traits = traits
    self.words = words
  }

  /// The answers before `seconds`.
  public func before(_ seconds: Int64) -> RuleHistory {
    var copy = self
    copy.answers = answers.filter { $0.seconds < seconds }
    return copy
  }
}

/// What a learner has shown on each rule and word: their wins and misses, each kept with its
/// time, so that they can be counted in windows of time (DAS3H's): the last day, week, month and
/// all time. Counting a window looks its start up by bisection.
public struct RuleEvidence: Sendable {
  /// The windows, in seconds; `Int64.max` is all time.
  public static let windows: [Int64] = [86_400, 7 * 86_400, 30 * 86_400, .max]
  /// The dense features: for rules and for the word, wins and misses, in each window.
  public static let featureCount = 2 * 2 * windows.count

  private var ruleWins: [[Int64]]
  private var ruleMisses: [[Int64]]
  private var wordWins: [[Int64]]
  private var wordMisses: [[Int64]]

  public init(rules: Int, words: Int) {
    ruleWins = Array(repeating: [], count: rules)
    ruleMisses = Array(repeating: [], count: rules)
    wordWins = Array(repeating: [], count: words)
    wordMisses = Array(repeating: [], count: words)
  }

  public mutating func record(_ form: RuleHistory.Form, seconds: Int64, recalled: Bool) {
    for rule in form.rules {
      if recalled { ruleWins[rule].append(seconds) } else { ruleMisses[rule].append(seconds) }
    }
    if recalled { wordWins[form.word].append(seconds) } else { wordMisses[form.word].append(seconds) }
  }

  /// How many of `times` (sorted) fall in [now − window, now).
  private static func count(_ times: [Int64], _ now: Int64, _ window: Int64) -> Int {
    func firstIndex(notBefore t: Int64) -> Int {
      var (low, high) = (0, times.count)
      while low < high {
        let mid = (low + high) / 2
        if times[mid] < t { low = mid + 1 } else { high = mid }
      }
      return low
    }
    let end = firstIndex(notBefore: now)
    let start = window == .max ? 0 : firstIndex(notBefore: now - window)
    return end - start
  }

  /// The dense features of `form` at `seconds`, from the answers recorded before it: log(1 + n) of
  /// the wins and misses on its rules (summed over them), then on its word, window by window.
  public func features(_ form: RuleHistory.Form, at seconds: Int64) -> [Double] {
    var x = [Double](repeating: 0, count: Self.featureCount)
    let n = Self.windows.count
    for (w, window) in Self.windows.enumerated() {
      for rule in form.rules {
        x[w] += Foundation.log(1 + Double(Self.count(ruleWins[rule], seconds, window)))
        x[n + w] += Foundation.log(1 + Double(Self.count(ruleMisses[rule], seconds, window)))
      }
      x[2 * n + w] = Foundation.log(1 + Double(Self.count(wordWins[form.word], seconds, window)))
      x[3 * n + w] = Foundation.log(1 + Double(Self.count(wordMisses[form.word], seconds, window)))
    }
    return x
  }

  /// Whether anything was recorded on the form's rules or word before `seconds`.
  public func hasEvidence(_ form: RuleHistory.Form, at seconds: Int64) -> Bool {
    func any(_ times: [Int64]) -> Bool { times.first.map { $0 < seconds } ?? false }
    return form.rules.contains { any(ruleWins[$0]) || any(ruleMisses[$0]) } || any(wordWins[form.word])
      || any(wordMisses[form.word])
  }
}

/// The rule layer fitted to one learner (issue 42): the chance of a right answer on a form never
/// practised, from what the learner showed on its rules and its word, and what it lends to FSRS
/// on a form already practised.
///
/// On a form never practised: logit p = a + Σ_traits βₜ + Σ_rules βᵣ + θ · x, where x are
/// ``RuleEvidence``'s counts in windows (so that what was shown fades), θ a few global weights, βₜ
/// the easiness of the form's tense, person, cell and regularity (a base rate), and βᵣ each rule's
/// easiness, all shrunk toward 0 (a ridge: β is a normal of variance 1/λ a priori), so that a rule
/// seen twice hardly moves the chance. λ is chosen on the last quarter of the first answers in
/// time, fitted on the rest, among a few values; the rules are used only if they beat the base
/// rate (the traits alone) there, and the traits only if they beat the prior (the first answers'
/// rate alone).
///
/// On a form practised: logit p = logit R + b · z + c, R FSRS's retrievability, z the layer's logit
/// for the form; b and c are fitted on the answers a day or more after the form's previous one,
/// and kept only if they beat FSRS alone on the last quarter of those, else 0: FSRS stays the core.
public struct RuleLayer: Sendable, Equatable, Codable {
  /// a: the logit of the first answers' rate when the rules say nothing.
  public var intercept: Double
  /// θ, in ``RuleEvidence``'s order.
  public var weights: [Double]
  /// βᵣ by rule id, and βₜ by trait id; one not named has 0.
  public var easiness: [String: Double]
  public var lambda: Double
  /// Whether the rules beat the base rate on held-out first answers; if not, a form never
  /// practised gets the base rate (`intercept` and its traits) alone.
  public var usesRules: Bool
  /// b and c; both 0 when the layer does not help FSRS.
  public var blend: Double
  public var blendShift: Double
  /// The first answers and the later reviews it was fitted on.
  public var firstAnswers: Int
  public var reviews: Int

  public init(
    intercept: Double, weights: [Double], easiness: [String: Double], lambda: Double, usesRules: Bool, blend: Double,
    blendShift: Double, firstAnswers: Int, reviews: Int
  ) {
    self.intercept = intercept
    self.weights = weights
    self.easiness = easiness
    self.lambda = lambda
    self.usesRules = usesRules
    self.blend = blend
    self.blendShift = blendShift
    self.firstAnswers = firstAnswers
    self.reviews = reviews
  }

  /// Fewer first answers than this, and nothing is fitted.
  public static let minimumFirstAnswers = 40

  /// Usable: finite numbers, as many weights as features.
  public var isUsable: Bool {
    weights.count == RuleEvidence.featureCount && ([intercept, lambda, blend, blendShift] + weights + easiness.values)
      .allSatisfy(\.isFinite)
  }

  /// Whether the layer weighs wins shown on a form's rules above wins shown on its verb, window
  /// for window summed: the learner seems to learn rules more than words. While it does, new forms
  /// are best chosen so that each rule not yet met comes early (`conjugar-bench rule-practice`'s
  /// adaptive order; the trainer's new forms, ``RuleLayer/ordersNewForms``).
  public var rulesOutweighWords: Bool {
    let n = RuleEvidence.windows.count
    let rules: Double = weights[0..<n].reduce(0, +), words: Double = weights[(2 * n)..<(3 * n)].reduce(0, +)
    return rules > words
  }

  /// Whether new forms are chosen by their rules: a usable layer that uses rules and weighs them
  /// above words (``rulesOutweighWords``). Otherwise by the verbs' frequency alone.
  public var ordersNewForms: Bool { isUsable && usesRules && rulesOutweighWords }

  /// The start of every trait's id, which no rule's id has.
  public static let traitPrefix = "trait."

  /// The base rate's logit for a form whose traits are `traits` (ids): what the layer says of a
  /// form when nothing was shown on its rules.
  public func baseLogit(traits: [String]) -> Double {
    traits.reduce(intercept) { $0 + (easiness[$1] ?? 0) }
  }

  /// The layer's logit for a form whose rules are `rules` (ids), traits `traits` and features `x`.
  public func logit(rules: [String], traits: [String] = [], features x: [Double]) -> Double {
    var z = baseLogit(traits: traits)
    guard usesRules else { return z }
    for rule in rules { z += easiness[rule] ?? 0 }
    for (w, v) in zip(weights, x) { z += w * v }
    return z
  }

  /// The chance on a form practised, FSRS's `r` lent the layer's `z`.
  public func blended(_ r: Double, _ z: Double) -> Double {
    guard blend != 0 || blendShift != 0 else { return r }
    return sigmoid(logOdds(r) + blend * z + blendShift)
  }
}

func sigmoid(_ z: Double) -> Double { 1 / (1 + exp(-z)) }
func logOdds(_ p: Double) -> Double {
  let q = min(max(p, 1e-4), 1 - 1e-4)
  return log(q / (1 - q))
}

extension RuleLayer {
  /// Rows to fit, made by walking the history: the first answer of each form, and each answer a
  /// day or more after its form's previous one, with FSRS's R from `weights`.
  struct Rows {
    /// `rules`: the indices of the easinesses the form adds up: its rules' (0..<rules), then its
    /// traits' (offset by the number of rules).
    struct First {
      var x: [Double]
      var rules: [Int]
      var y: Double
    }
    struct Practised {
      var r: Double
      var x: [Double]
      var rules: [Int]
      var y: Double
    }
    var first: [First] = []
    var practised: [Practised] = []

    init(_ history: RuleHistory, weights: [Double]) {
      let model = MemoryModel<Double>(weights: weights)
      var evidence = RuleEvidence(rules: history.rules.count, words: history.words)
      var memory = [(s: Double, d: Double, last: Int64)?](repeating: nil, count: history.forms.count)
      let ruleCount = history.rules.count
      for answer in history.answers {
        let form = history.forms[answer.item]
        let terms = form.rules + form.traits.map { ruleCount + $0 }
        let y = answer.recalled ? 1.0 : 0.0
        if let state = memory[answer.item] {
          let days = Int((answer.seconds - state.last) / 86_400)
          if days > 0 {
            // As `RecallStream` reads it: the time elapsed, to the second.
            let r = model.retrievability(elapsed: Double(answer.seconds - state.last) / 86_400, stability: state.s)
            practised.append(Practised(r: r, x: evidence.features(form, at: answer.seconds), rules: terms, y: y))
          }
          let next = model.next(stability: state.s, difficulty: state.d, rating: answer.rating, days: days)
          memory[answer.item] = (next.stability, next.difficulty, answer.seconds)
        } else {
          first.append(First(x: evidence.features(form, at: answer.seconds), rules: terms, y: y))
          let start = model.first(answer.rating)
          memory[answer.item] = (start.stability, start.difficulty, answer.seconds)
        }
        evidence.record(form, seconds: answer.seconds, recalled: answer.recalled)
      }
    }
  }

  /// The first-answer model's parameters, by rule index.
  struct Fit {
    var intercept: Double
    var weights: [Double]
    var easiness: [Double]

    /// `x` empty: no evidence counted (the prior, the base rate).
    func logit(_ x: [Double], _ rules: [Int]) -> Double {
      var z = intercept
      for rule in rules { z += easiness[rule] }
      for (w, v) in zip(weights, x) { z += w * v }
      return z
    }
  }

  /// Ridge-penalised logistic regression: Newton's steps on the intercept and θ together, each
  /// easiness by its own Newton step, alternately. `lambda` weighs the easinesses' penalty; θ has a
  /// light one (1), the intercept none. `use`: the terms fitted (the rest stay 0): the prior's
  /// intercept alone, the base rate's traits, or the rules and their evidence too.
  static func fitFirst(_ rows: [Rows.First], rules: Int, traits: Int = 0, lambda: Double, use: Use = .rules) -> Fit {
    let k = RuleEvidence.featureCount
    var fit = Fit(intercept: 0, weights: Array(repeating: 0, count: k), easiness: Array(repeating: 0, count: rules + traits))
    let mean = rows.reduce(0) { $0 + $1.y } / Double(max(rows.count, 1))
    fit.intercept = logOdds(min(max(mean, 0.02), 0.98))
    guard use != .prior else { return fit }
    let rows =
      use == .rules
      ? rows : rows.map { Rows.First(x: Array(repeating: 0, count: k), rules: $0.rules.filter { $0 >= rules }, y: $0.y) }
    let dense = use == .rules ? k + 1 : 1
    let thetaPenalty = 1.0
    // What is minimised: the log loss summed, and the penalties.
    func objective(_ fit: Fit) -> Double {
      var total = 0.0
      for row in rows {
        let z = fit.logit(row.x, row.rules)
        total += (z > 0 ? z + log1p(exp(-z)) : log1p(exp(z))) - row.y * z
      }
      total += 0.5 * thetaPenalty * fit.weights.reduce(0) { $0 + $1 * $1 }
      return total + 0.5 * lambda * fit.easiness.reduce(0) { $0 + $1 * $1 }
    }
    // A step is taken whole if it lowers the objective, else halved until it does: the traits
    // (every form has a tense, a person and a cell) move together with the intercept, and whole
    // steps on all of them at once would overshoot, and diverge.
    func descend(_ fit: inout Fit, _ current: inout Double, _ move: (inout Fit, Double) -> Void) -> Bool {
      var scale = 1.0
      for _ in 0..<30 {
        var trial = fit
        move(&trial, scale)
        let value = objective(trial)
        if value <= current {
          fit = trial
          current = value
          return true
        }
        scale /= 2
      }
      return false
    }
    var current = objective(fit)
    for _ in 0..<100 {
      let before = current
      // The dense block: [intercept, θ] (the intercept alone for the base rate), by Newton's step.
      let n = dense
      var gradient = [Double](repeating: 0, count: n)
      var hessian = [Double](repeating: 0, count: n * n)
      for row in rows {
        let p = sigmoid(fit.logit(row.x, row.rules))
        let g = p - row.y
        let h = max(p * (1 - p), 1e-9)
        let v = [1.0] + row.x.prefix(n - 1)
        for i in 0..<n {
          gradient[i] += g * v[i]
          for j in 0...i { hessian[i * n + j] += h * v[i] * v[j] }
        }
      }
      for i in 1..<n {
        gradient[i] += thetaPenalty * fit.weights[i - 1]
        hessian[i * n + i] += thetaPenalty
      }
      for i in 0..<n { for j in 0..<i { hessian[j * n + i] = hessian[i * n + j] } }
      hessian[0] += 1e-6
      let step = solve(hessian, gradient, n)
      _ = descend(&fit, &current) { fit, scale in
        fit.intercept -= scale * step[0]
        for i in 1..<n { fit.weights[i - 1] -= scale * step[i] }
      }
      // Each easiness, by its own Newton step, all together.
      var g = [Double](repeating: 0, count: rules + traits)
      var h = [Double](repeating: 0, count: rules + traits)
      for row in rows where !row.rules.isEmpty {
        let p = sigmoid(fit.logit(row.x, row.rules))
        for rule in row.rules {
          g[rule] += p - row.y
          h[rule] += p * (1 - p)
        }
      }
      let delta = (0..<(rules + traits)).map { (g[$0] + lambda * fit.easiness[$0]) / (h[$0] + lambda) }
      _ = descend(&fit, &current) { fit, scale in
        for rule in delta.indices { fit.easiness[rule] -= scale * delta[rule] }
      }
      if before - current < 1e-9 * max(1, abs(current)) { break }
    }
    return fit
  }

  /// `a` x = `b` by Gaussian elimination with partial pivoting (a is n × n, row-major).
  static func solve(_ a: [Double], _ b: [Double], _ n: Int) -> [Double] {
    var a = a
    var b = b
    for column in 0..<n {
      var pivot = column
      for row in (column + 1)..<max(n, column + 1) where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
      if pivot != column {
        for j in 0..<n { a.swapAt(column * n + j, pivot * n + j) }
        b.swapAt(column, pivot)
      }
      let d = a[column * n + column]
      guard abs(d) > 1e-12 else { continue }
      for row in (column + 1)..<max(n, column + 1) {
        let f = a[row * n + column] / d
        guard f != 0 else { continue }
        for j in column..<n { a[row * n + j] -= f * a[column * n + j] }
        b[row] -= f * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var s = b[row]
      for j in (row + 1)..<max(n, row + 1) { s -= a[row * n + j] * x[j] }
      let d = a[row * n + row]
      x[row] = abs(d) > 1e-12 ? s / d : 0
    }
    return x
  }

  static func logLoss(_ pairs: some Sequence<(p: Double, y: Double)>) -> Double {
    var total = 0.0
    var n = 0
    for (p, y) in pairs {
      let q = min(max(p, 1e-6), 1 - 1e-6)
      total -= y * log(q) + (1 - y) * log(1 - q)
      n += 1
    }
    return n == 0 ? 0 : total / Double(n)
  }

  /// The blend's b and c, ridge-penalised toward 0 (λ = 1), by Newton's steps.
  static func fitBlend(_ rows: [(r: Double, z: Double, y: Double)]) -> (b: Double, c: Double) {
    var (b, c) = (0.0, 0.0)
    for _ in 0..<30 {
      var (gb, gc, hbb, hbc, hcc) = (b, c, 1.0, 0.0, 1.0)
      for row in rows {
        let p = sigmoid(logOdds(row.r) + b * row.z + c)
        let h = p * (1 - p)
        gb += (p - row.y) * row.z
        gc += p - row.y
        hbb += h * row.z * row.z
        hbc += h * row.z
        hcc += h
      }
      let det = hbb * hcc - hbc * hbc
      guard det > 1e-12 else { break }
      let db = (hcc * gb - hbc * gc) / det
      let dc = (hbb * gc - hbc * gb) / det
      b -= db
      c -= dc
      if abs(db) + abs(dc) < 1e-8 { break }
    }
    return (b, c)
  }

  /// What the first answers' model is fitted with.
  enum Use: Equatable { case prior, base, rules }

  /// The λs tried for the easinesses' shrinkage.
  static let lambdas: [Double] = [1, 4, 16, 64]

  /// The layer fitted to `history`, FSRS's R from `weights` (those in use); nil when there are
  /// fewer than ``minimumFirstAnswers`` first answers.
  public static func fit(_ history: RuleHistory, weights: [Double]) -> RuleLayer? {
    let rows = Rows(history, weights: weights)
    guard rows.first.count >= minimumFirstAnswers else { return nil }
    let ruleCount = history.rules.count
    let traitCount = history.traits.count

    // λ, and whether the traits and the rules help at all, on the last quarter of the first
    // answers: the rules must beat the base rate, the base rate the prior.
    let cut = rows.first.count * 3 / 4
    let (train, held) = (Array(rows.first[..<cut]), Array(rows.first[cut...]))
    func heldLoss(_ use: Use, _ lambda: Double) -> Double {
      let fit = fitFirst(train, rules: ruleCount, traits: traitCount, lambda: lambda, use: use)
      return logLoss(held.map { (sigmoid(fit.logit(use == .rules ? $0.x : [], $0.rules)), $0.y) })
    }
    var best = (loss: heldLoss(.prior, lambdas[0]), lambda: lambdas[0], use: Use.prior)
    for use in traitCount > 0 ? [Use.base, .rules] : [.rules] {
      for lambda in lambdas {
        let loss = heldLoss(use, lambda)
        // The rules replace the base rate only if they beat it.
        if loss < best.loss { best = (loss, lambda, use) }
      }
    }
    let fit = fitFirst(rows.first, rules: ruleCount, traits: traitCount, lambda: best.lambda, use: best.use)
    let usesRules = best.use == .rules

    // The blend, kept only if it beats FSRS alone on the last quarter of the later reviews.
    let blendRows = rows.practised.map { ($0.r, fit.logit(usesRules ? $0.x : [], $0.rules), $0.y) }
    var blend = (b: 0.0, c: 0.0)
    if usesRules, blendRows.count >= minimumFirstAnswers {
      let cut = blendRows.count * 3 / 4
      let trial = fitBlend(Array(blendRows[..<cut]))
      let held = blendRows[cut...]
      let alone = logLoss(held.map { ($0.0, $0.2) })
      let lent = logLoss(held.map { (sigmoid(logOdds($0.0) + trial.b * $0.1 + trial.c), $0.2) })
      if lent < alone - 1e-3 { blend = fitBlend(blendRows) }
    }
    var easiness: [String: Double] = [:]
    for (id, value) in zip(history.rules + history.traits, fit.easiness) where value != 0 { easiness[id] = value }
    return RuleLayer(
      intercept: fit.intercept, weights: usesRules ? fit.weights : Array(repeating: 0, count: RuleEvidence.featureCount),
      easiness: easiness, lambda: best.lambda, usesRules: usesRules, blend: blend.b, blendShift: blend.c,
      firstAnswers: rows.first.count, reviews: rows.practised.count)
  }
}

/// The chance of a right answer on any form at any moment, from the answers before it: what
/// `conjugar recall` says. Answers are recorded in time order; a question asks about a moment
/// after every answer recorded, and is answered from those alone.
public struct RecallStream: Sendable {
  /// Where a chance comes from.
  public enum Source: String, Sendable, Codable {
    /// The form was answered before: FSRS's retrievability (lent the rule layer's, if it helps).
    case form
    /// Never answered, but the learner showed something on its rules or its word.
    case rules
    /// Nothing known: the rate of the learner's first answers (the fitted one, or else so far).
    case prior
  }

  public struct Recall: Sendable, Equatable {
    /// Within ``range``.
    public var chance: Double
    public var from: Source

    public init(chance: Double, from: Source) {
      self.chance = min(max(chance, Self.range.lowerBound), Self.range.upperBound)
      self.from = from
    }

    /// No chance is certain: 0.0001 to 0.9999, what four decimals can say short of 0 and 1 (a
    /// form answered a second ago, even wrong, has a retrievability a hair under 1).
    public static let range = 0.0001...0.9999
  }

  /// The rule layer in use; one not usable is none. Replaced as a new one is fitted: what was
  /// recorded stays.
  public var layer: RuleLayer? {
    didSet { if let layer, !layer.isUsable { self.layer = nil } }
  }
  private let model: MemoryModel<Double>
  private let forms: [RuleHistory.Form]
  private let rules: [String]
  private let traits: [String]
  private var evidence: RuleEvidence
  private var memory: [(s: Double, d: Double, last: Int64)?]
  private var firstAnswers = (wins: 0, count: 0)

  /// `weights`: FSRS's in use; `layer`: the rule layer in use, if one was fitted.
  public init(
    layer: RuleLayer?, weights: [Double], forms: [RuleHistory.Form], rules: [String], traits: [String] = [], words: Int
  ) {
    self.layer = layer.flatMap { $0.isUsable ? $0 : nil }
    model = MemoryModel(weights: weights)
    self.forms = forms
    self.rules = rules
    self.traits = traits
    evidence = RuleEvidence(rules: rules.count, words: words)
    memory = Array(repeating: nil, count: forms.count)
  }

  public mutating func record(_ answer: RuleHistory.Answer) {
    let form = forms[answer.item]
    if let state = memory[answer.item] {
      let days = Int((answer.seconds - state.last) / 86_400)
      let next = model.next(stability: state.s, difficulty: state.d, rating: answer.rating, days: max(days, 0))
      memory[answer.item] = (next.stability, next.difficulty, answer.seconds)
    } else {
      let start = model.first(answer.rating)
      memory[answer.item] = (start.stability, start.difficulty, answer.seconds)
      firstAnswers.count += 1
      firstAnswers.wins += answer.recalled ? 1 : 0
    }
    evidence.record(form, seconds: answer.seconds, recalled: answer.recalled)
  }

  /// The chance of a right answer on form `item` at `seconds`.
  public func recall(_ item: Int, at seconds: Int64) -> Recall {
    let form = forms[item]
    let formTraits = form.traits.map { traits[$0] }
    let z = layer.map {
      $0.logit(rules: form.rules.map { rules[$0] }, traits: formTraits, features: evidence.features(form, at: seconds))
    }
    if let state = memory[item] {
      // The time elapsed to the second, not in whole days: a form answered earlier the same day
      // (wrong, perhaps) is not certain to be recalled now. Its stability after a same-day answer
      // is FSRS-6's short-term one, as the scheduler keeps it.
      let r = model.retrievability(elapsed: Double(seconds - state.last) / 86_400, stability: state.s)
      guard let layer, let z else { return Recall(chance: r, from: .form) }
      return Recall(chance: layer.blended(r, z), from: .form)
    }
    if let layer, let z {
      if layer.usesRules && evidence.hasEvidence(form, at: seconds) { return Recall(chance: sigmoid(z), from: .rules) }
      return Recall(chance: sigmoid(layer.baseLogit(traits: formTraits)), from: .prior)
    }
    return Recall(
      chance: (Double(firstAnswers.wins) + 1) / (Double(firstAnswers.count) + 2), from: .prior)
  }
}

extension RuleLayer {
  /// The stability a form never practised starts with after its first answer, when the layer gave
  /// it `chance` from its rules (``RecallStream/Source/rules``) just before: a right answer on a
  /// form whose rules the learner knows starts further out, so that time goes to what is not known.
  ///
  /// The chance from the rules is read as a floor under the form's own memory: recalled if either
  /// holds, 1 − (1 − T)(1 − R). The form's own memory then needs to stay above only
  /// R′ = 1 − (1 − r)/(1 − T) for the total to stay above the retention r, and FSRS's curve
  /// reaches R′ later than r by a factor that the stability takes: S = S₀ · (R′^(1/decay) − 1) /
  /// (r^(1/decay) − 1). It is at most the stability after one more right answer on time (the
  /// rules can spare the learner one review, no more: what they know of the rules fades), and a
  /// miss, or a chance not from the rules, starts as FSRS starts it.
  public static func firstStability(rating: Rating, chance: Double, retention: Double, weights: [Double]) -> Double {
    let model = MemoryModel<Double>(weights: weights)
    let start = model.first(rating)
    guard rating != .again, chance > 0 else { return start.stability }
    let onTime = max(1, Int(start.stability.rounded()))
    let cap = model.next(stability: start.stability, difficulty: start.difficulty, rating: rating, days: onTime).stability
    guard chance < retention else { return max(start.stability, cap) }
    let own = 1 - (1 - retention) / (1 - chance)
    let ratio = (pow(own, 1 / model.decay) - 1) / (pow(retention, 1 / model.decay) - 1)
    return max(start.stability, min(cap, start.stability * ratio))
  }
}
