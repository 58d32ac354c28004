import ConjugarEngine
import Foundation

/// How many questions a quiz asks.
public enum QuizLength: String, SettingValue, CaseIterable, Codable {
  case ten = "10", twenty = "20", fifty = "50"

  public var count: Int { Int(rawValue)! }
  public var name: String { "\(rawValue) questions" }
}

/// The tenses a quiz asks: the quiz difficulty's (with its non-finite forms), or a set the learner
/// picks (tenses alone). Either way scores count by the difficulty (``Difficulty/scoreMultiplier``).
///
/// In the settings file and on the command line: `difficulty`, or the tenses' names separated by
/// commas (`preterito,imperfecto`), in any order, each once.
public enum QuizTenses: SettingValue {
  case difficulty
  /// At least one tense.
  case chosen(Set<Tense>)

  public init?(rawValue: String) {
    let trimmed = rawValue.trimmingCharacters(in: .whitespaces)
    if trimmed == "difficulty" {
      self = .difficulty
      return
    }
    var picked: Set<Tense> = []
    for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
      guard let tense = Tense(rawValue: part.trimmingCharacters(in: .whitespaces)),
        picked.insert(tense).inserted
      else { return nil }
    }
    guard let value = Self.picking(picked.map(\.rawValue)) else { return nil }
    self = value
  }

  public var rawValue: String {
    switch self {
    case .difficulty: "difficulty"
    case .chosen(let tenses): Tense.allCases.filter(tenses.contains).map(\.rawValue).joined(separator: ",")
    }
  }

  /// "the difficulty's", or "pretérito, imperfecto".
  public var name: String {
    switch self {
    case .difficulty: "the difficulty's"
    case .chosen(let tenses): Tense.allCases.filter(tenses.contains).map(Self.name(of:)).joined(separator: ", ")
    }
  }

  /// A tense's name, told apart from the others': "pretérito", "presente de subjuntivo".
  static func name(of tense: Tense) -> String {
    tense.mood == .indicativo && !tense.isCompound ? tense.shortName : tense.spanishName
  }

  /// The tenses a quiz at `difficulty` asks, in the order of `Tense.allCases`.
  public func tenses(at difficulty: Difficulty) -> [Tense] {
    switch self {
    case .difficulty: difficulty.tenses
    case .chosen(let tenses): Tense.allCases.filter(tenses.contains)
    }
  }

  /// The non-finite forms it asks: the difficulty's with its tenses, none with tenses picked.
  public func nonFiniteForms(at difficulty: Difficulty) -> [NonFiniteForm] {
    self == .difficulty ? difficulty.nonFiniteForms : []
  }

  /// The settings screen does not step through sets: it opens a picker (``members``).
  public static var choices: [QuizTenses] { [.difficulty] }

  public static func valuesDescription(separator: String) -> String {
    "difficulty\(separator)tenses separated by commas, of: " + Tense.allCases.map(\.rawValue).joined(separator: " ")
  }

  public static var members: [(rawValue: String, name: String)]? {
    Tense.allCases.map { ($0.rawValue, name(of: $0)) }
  }

  public func members(with settings: SettingValues) -> [String] {
    tenses(at: settings.difficulty).map(\.rawValue)
  }

  /// The set of these tenses; nil for none (a quiz must ask something) or a name not a tense's.
  public static func picking(_ members: [String]) -> QuizTenses? {
    let picked = Set(members.compactMap(Tense.init(rawValue:)))
    guard !picked.isEmpty, picked.count == Set(members).count else { return nil }
    return .chosen(picked)
  }
}
