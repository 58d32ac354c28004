import ConjugarEngine
import Foundation
import PlainText
import SpacedRepetition

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
/// commas, in any order, each once: their keys (`preterito,imperfecto`) or as the trainer names
/// them, accents optional (`pretérito, imperfecto`), read as `--tenses` reads them
/// (``Tense/init(named:)``). It is written with their keys.
public enum QuizTenses: SettingValue {
  case difficulty
  /// At least one tense.
  case chosen(Set<Tense>)

  public init?(rawValue: String) {
    let trimmed = rawValue.trimmingSpaces()
    if trimmed == "difficulty" {
      self = .difficulty
      return
    }
    guard case .success(let tenses) = Self.tenses(trimmed), let value = Self.picking(tenses.map(\.rawValue)) else { return nil }
    self = value
  }

  /// The tenses `text` names, separated by commas, or why it names none: a name no tense has, or a
  /// tense named twice.
  static func tenses(_ text: String) -> Result<[Tense], Refusal> {
    var picked: [Tense] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingSpaces()
      guard let tense = Tense(named: name) else { return .failure(Refusal(reason: nil)) }
      guard !picked.contains(tense) else { return .failure(Refusal(reason: "names the tense \(tense.spanishName) twice")) }
      picked.append(tense)
    }
    return .success(picked)
  }

  struct Refusal: Error { var reason: String? }

  /// A tense named twice: "names the tense pretérito perfecto simple twice".
  public static func refusal(_ rawValue: String) -> String? {
    guard case .failure(let refusal) = tenses(rawValue.trimmingSpaces()) else { return nil }
    return refusal.reason
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

extension SettingValues {
  /// The persons a verb's table shows, per these settings: vosotros in Spain only; tú, vos or both
  /// (Tables show). The full screen's tables and the plain mode's `:table` alike.
  public var tablePersons: [Person] {
    let second: [Person] = switch self.tableSecondPerson {
    case .tu: [.tu]
    case .vos: [.vos]
    case .both: [.tu, .vos]
    }
    return [.yo] + second + [.el, .nosotros] + (self.region == .spain ? [.vosotros] : []) + [.ellos]
  }
}

extension SettingDeclarations {
  /// Whether `setting` can only be heard with speech (Speak answers): unavailable, it does not
  /// change, on the Settings screen as in the plain mode.
  public static func needsSpeech(_ setting: any AnySetting) -> Bool { setting.key == shared.speakAnswers.key }
}

extension EasyDays: SettingValue {
  /// "none", "Sunday reduced", "Saturday minimum, Sunday reduced".
  public var name: String {
    let order = [1, 2, 3, 4, 5, 6, 0]
    let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    let parts = order.filter { kinds[$0] != .normal }.map { "\(days[$0]) \(kinds[$0].rawValue)" }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }

  /// The settings screen steps through these; the file and `conjugar settings set` take any day.
  public static var choices: [EasyDays] {
    ["none", "sun:reduced", "sun:minimum", "sat:reduced,sun:reduced", "sat:reduced,sun:minimum", "sat:minimum,sun:minimum"]
      .compactMap(EasyDays.init(rawValue:))
  }

  public static func valuesDescription(separator: String) -> String {
    "none\(separator)days separated by commas, each day:kind, the days sun mon tue wed thu fri sat, "
      + "the kinds normal reduced minimum"
  }
}

extension Break: SettingValue {
  /// "none", "20 Dec to 27 Dec 2026, 8 days", "28 Dec 2026 to 3 Jan 2027, 7 days", "20 Dec 2026,
  /// 1 day": short enough for the Settings screen's row at 40 columns to tell breaks apart.
  public var name: String {
    guard let days else { return "none" }
    let (first, last) = (days.lowerBound, days.upperBound)
    let count = last.number - first.number + 1
    let lastYear = last.components.year
    let span = count == 1 ? last.short(besideYear: 0) : "\(first.short(besideYear: lastYear)) to \(last.short(besideYear: 0))"
    return span + ", \(count) day\(count == 1 ? "" : "s")"
  }

  /// Why a break of two days is none: its last day before its first.
  public static func refusal(_ rawValue: String) -> String? {
    let ends = rawValue.trimmingSpaces().components(separatedBy: "..")
    guard ends.count == 2, let first = Day(ends[0]), let last = Day(ends[1]), last < first else { return nil }
    return "ends before it begins: the last day, \(last), comes before the first, \(first)"
  }

  /// Without a day to count from, none alone: the settings screen and plain mode offer breaks from
  /// tomorrow (``choices(from:)``), the file and `conjugar break` take any dates.
  public static var choices: [Break] { [.none] }

  /// None, then three days, a week or two weeks from the day after `today`.
  public static func choices(from today: Day) -> [Break] {
    [.none] + [3, 7, 14].map { Break(days: (today + 1)...(today + $0)) }
  }

  public static func valuesDescription(separator: String) -> String {
    "none\(separator)the first and the last day away as YYYY-MM-DD..YYYY-MM-DD"
  }
}
