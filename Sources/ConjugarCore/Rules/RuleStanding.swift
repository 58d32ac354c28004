import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SpacedRepetition

/// The rules a learner knows and does not know yet (issue 42, part 4, as `conjugar stats --rules`
/// says it): every rule of the forms answered, with the evidence for it — the answers right and
/// wrong on the forms that rest on it — and what the fitted rule layer makes of it: its easiness
/// (βᵣ, shrunk toward 0 where the evidence is thin). A rule is known when its easiness is above 0
/// (a form never practised that rests on it is likelier right than the first answers' rate says),
/// not yet known when below; a rule the layer does not weigh (0: too little evidence to move it,
/// or no layer that uses rules) is in neither list.
public struct RuleStanding: Sendable, Equatable {
  public struct Rule: Sendable, Equatable {
    public var id: String
    public var name: String
    public var wins: Int
    public var misses: Int
    public var easiness: Double
    /// The layer's chance of a right first answer on a form resting on this rule alone (its
    /// easiness over the rate of first answers, no evidence counted).
    public var chance: Double

    public init(id: String, name: String, wins: Int, misses: Int, easiness: Double, chance: Double) {
      self.id = id
      self.name = name
      self.wins = wins
      self.misses = misses
      self.easiness = easiness
      self.chance = chance
    }
  }

  public init(fitted: Bool, known: [Rule], notKnown: [Rule]) {
    self.fitted = fitted
    self.known = known
    self.notKnown = notKnown
  }

  /// No rule layer in use: neither list.
  public static let unfitted = RuleStanding(fitted: false, known: [], notKnown: [])

  /// Whether a rule layer is in use (fitted here by `optimize --apply` or the trainer's fit);
  /// without one both lists are empty.
  public var fitted: Bool
  /// Known: easiness above 0, the easiest first.
  public var known: [Rule]
  /// Not yet known: easiness below 0, the hardest first.
  public var notKnown: [Rule]

  /// The standing from every answer `board` keeps — each form's answers recalled and missed
  /// (``Scoreboard/Memory/recallCounts``: read on a connection of its own, never holding up the
  /// trainer's reads) — and the rule layer in use (nil: none fitted, or weights from elsewhere
  /// without one).
  public static func read(_ board: Scoreboard, layer: RuleLayer?, conjugator: Conjugator) throws -> RuleStanding {
    guard let layer, layer.isUsable else { return RuleStanding(fitted: false, known: [], notKnown: []) }
    var forms = RuleForms(conjugator: conjugator)
    let counts = try board.memory.recallCounts().map { (form: forms.index(of: $0.key), count: $0.value) }
    var wins = [Int](repeating: 0, count: forms.rules.count)
    var misses = wins
    for (form, count) in counts {
      for rule in forms.forms[form].rules {
        wins[rule] += count.recalled
        misses[rule] += count.missed
      }
    }
    var known: [Rule] = []
    var notKnown: [Rule] = []
    for (index, id) in forms.rules.enumerated() {
      let easiness = layer.usesRules ? layer.easiness[id] ?? 0 : 0
      guard easiness != 0 else { continue }
      let rule = Rule(
        id: id, name: forms.ruleNames[id] ?? id, wins: wins[index], misses: misses[index], easiness: easiness,
        chance: 1 / (1 + exp(-(layer.intercept + easiness))))
      if easiness > 0 { known.append(rule) } else { notKnown.append(rule) }
    }
    known.sort { ($0.easiness, $1.id) > ($1.easiness, $0.id) }
    notKnown.sort { ($0.easiness, $0.id) < ($1.easiness, $1.id) }
    return RuleStanding(fitted: true, known: known, notKnown: notKnown)
  }

  /// `"rules"`'s value in `stats --format json`: `{"fitted": true, "known": [...], "not_known": [...]}`, each rule
  /// `{"rule", "name", "wins", "misses", "easiness", "chance"}`.
  public var json: String {
    func list(_ rules: [Rule]) -> String {
      "[" + rules.map {
        "{\"rule\":\(JSONFormat.quoted($0.id)),\"name\":\(JSONFormat.quoted($0.name)),\"wins\":\($0.wins),"
          + "\"misses\":\($0.misses),\"easiness\":\($0.easiness.fixed(3)),"
          + "\"chance\":\($0.chance.fixed(3))}"
      }.joined(separator: ",") + "]"
    }
    return "{\"fitted\":\(fitted),\"known\":\(list(known)),\"not_known\":\(list(notKnown))}"
  }

  /// The lines of `stats`' table: the rules known, then those not yet known, each with its
  /// evidence and the layer's chance of a first answer on a form resting on it.
  public var table: [[String]] {
    func row(_ rule: Rule) -> [String] {
      [rule.name, "\(rule.wins)", "\(rule.misses)", (rule.chance * 100).fixed(1) + " %"]
    }
    return known.map(row) + notKnown.map(row)
  }
}
