import ConjugarEngine
import Foundation
import SpacedRepetition
import Synchronization

/// Where the learner's Spanish comes from: Spain uses vosotros, Latin America ustedes.
public enum Region: String, SettingValue, CaseIterable, Codable {
  case spain
  case latinAmerica = "latin-america"

  public var name: String { self == .spain ? "Spain" : "Latin America" }

  /// Scores count more where the quiz asks one person more (vosotros).
  public var scoreMultiplier: Double { self == .spain ? 1.2 : 1.0 }
}

/// How much a quiz asks: its tenses and non-finite forms, and how much its scores count.
public enum Difficulty: String, SettingValue, CaseIterable, Codable {
  case easy, moderate, difficult

  public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The tenses a quiz of this level asks.
  public var tenses: [Tense] {
    let easy: [Tense] = [.presente, .preterito, .futuro]
    switch self {
    case .easy: return easy
    case .moderate:
      return easy + [.imperfecto, .condicional, .perfecto, .presenteSubjuntivo, .imperativoAfirmativo, .imperativoNegativo]
    case .difficult: return Tense.allCases
    }
  }

  /// The non-finite forms it asks.
  public var nonFiniteForms: [NonFiniteForm] {
    switch self {
    case .easy: []
    case .moderate: [.gerundio]
    case .difficult: [.gerundio, .participio]
    }
  }

  /// Scores count ×1, ×2, ×3.
  public var scoreMultiplier: Int {
    switch self {
    case .easy: 1
    case .moderate: 2
    case .difficult: 3
    }
  }
}

/// The forms of a verb outside tense and person.
public enum NonFiniteForm: String, Sendable, CaseIterable {
  case gerundio, participio
}

/// The second person singular a quiz asks for.
public enum SecondPerson: String, SettingValue, CaseIterable, Codable {
  case tu, vos

  public var name: String { self == .tu ? "tú" : "vos" }
}

/// The second persons singular shown in verb tables.
public enum TableSecondPerson: String, SettingValue, CaseIterable, Codable {
  case tu, vos, both

  public var name: String {
    switch self {
    case .tu: "tú"
    case .vos: "vos"
    case .both: "tú and vos"
    }
  }
}

/// The chance of recalling an item when it comes back for review: the review schedule aims for
/// it. Higher means more reviews, closer together.
public enum DesiredRetention: String, SettingValue, CaseIterable, Codable {
  case r80 = "0.80", r85 = "0.85", r90 = "0.90", r93 = "0.93", r95 = "0.95", r97 = "0.97"

  /// 0.9.
  public var value: Double { Double(rawValue)! }
  /// "90 %".
  public var name: String { "\(Int((value * 100).rounded())) %" }
}

/// How many due items a review session asks at most.
public enum ReviewSessionSize: String, SettingValue, CaseIterable, Codable {
  case twenty = "20", fifty = "50", hundred = "100"

  public var count: Int { Int(rawValue)! }
  public var name: String { rawValue }
}

/// How many items never practised a review brings in a day.
public enum NewItemsPerDay: String, SettingValue, CaseIterable, Codable {
  case none = "0", five = "5", ten = "10", twenty = "20", fifty = "50"

  public var count: Int { Int(rawValue)! }
  public var name: String { rawValue }
}

/// How many reviews a day at most (Anki's maximum reviews/day): answers given today, in any
/// mode, to forms first practised before today.
public enum MaxReviewsPerDay: String, SettingValue, CaseIterable, Codable {
  case fifty = "50", hundred = "100", twoHundred = "200", fiveHundred = "500", unlimited = "no-limit"

  /// The limit; nil: none.
  public var count: Int? { Int(rawValue) }
  public var name: String { self == .unlimited ? "no limit" : rawValue }
}

/// After how many lapses a form is a leech (Anki's leech threshold): forgotten that many times
/// after it was learned, it needs more than another review.
public enum LeechThreshold: String, SettingValue, CaseIterable, Codable {
  case off = "0", four = "4", six = "6", eight = "8", twelve = "12"

  /// The lapses that make a leech; nil when off.
  public var count: Int? { self == .off ? nil : Int(rawValue)! }
  public var name: String { self == .off ? "off" : "\(rawValue) lapses" }
}

/// What a leech's miss does besides its notice: nothing more, or suspend the form (Anki's leech
/// action: tag only, or suspend).
public enum LeechAction: String, SettingValue, CaseIterable, Codable {
  case notice, suspend

  public var name: String { self == .notice ? "notice only" : "suspend it" }
}

/// How many answers a day the learner aims for: a bar on the title line fills toward it.
public enum DailyGoal: String, SettingValue, CaseIterable, Codable {
  case off = "0", ten = "10", twenty = "20", fifty = "50", hundred = "100", twoHundred = "200"

  public var count: Int { Int(rawValue)! }
  public var name: String { self == .off ? "off" : "\(rawValue) answers" }
}

/// Every setting, each declared once: its key, default, values (its type), label and help. The
/// settings file, the ui-test launch options, the settings screen and `SettingValues` all come
/// from here, in this order. Adding a setting is adding a property.
public struct SettingDeclarations: Sendable {
  public let region = Setting<Region>(
    "region", default: .latinAmerica, label: "Region",
    help: "Spain uses vosotros: quizzes ask it and tables show it, and scores count "
      + "\(Region.spain.scoreMultiplier) times. Latin America uses ustedes alone.")
  public let difficulty = Setting<Difficulty>(
    "difficulty", default: .easy, label: "Quiz difficulty", help: Difficulty.explanation)
  public let quizLength = Setting<QuizLength>(
    "quiz-length", default: .twenty, label: "Quiz length", help: "How many questions a quiz asks.")
  public let quizTenses = Setting<QuizTenses>(
    "quiz-tenses", default: .difficulty, label: "Quiz tenses",
    help: "The tenses quizzes ask, and new forms in reviews come from: the quiz difficulty's (with its gerundio and "
      + "participio), or the ones you pick (tenses alone). Scores count by the difficulty either way.")
  public let quizSecondPerson = Setting<SecondPerson>(
    "quiz-second-person", default: .tu, label: "Quiz second person",
    help: "The second person singular quizzes ask for: tú, or vos (Argentina, Uruguay, Central America).",
    launchOption: "second-person")
  public let tableSecondPerson = Setting<TableSecondPerson>(
    "table-second-person", default: .both, label: "Tables show",
    help: "Which second persons singular the verb tables show: tú, vos, or both.")
  public let sound = Setting<Switch>(
    "sound", default: .on, label: "Sound", help: "A chime (the terminal bell) for each right answer.")
  public let speakAnswers = Setting<Switch>(
    "speak-answers", default: .off, label: "Speak answers",
    help: "After each answer of a quiz, review or drill, the right form is said with its pronoun (yo tuve), in "
      + "the region's pronunciation; Ctrl-R says it again. Speech needs espeak-ng, which Scripts/setup installs.")
  public let desiredRetention = Setting<DesiredRetention>(
    "desired-retention", default: .r90, label: "Review retention",
    help: "The chance of still knowing a form when it comes back for review. Higher: more reviews, "
      + "closer together. The command conjugar optimize --retention finds the one that costs least time per form "
      + "remembered, by the memory model in use.")
  public let loadBalance = Setting<Switch>(
    "load-balance", default: .on, label: "Load balance",
    help: "Spreads reviews so that each day asks about the same minutes, by the time your answers take: a form due "
      + "on a busy day comes back on a quieter one nearby, while the chance of knowing it stays within a point of the "
      + "review retention. Off: each form on the day it falls due.")
  public let easyDays = Setting<EasyDays>(
    "easy-days", default: .none, label: "Easy days",
    help: "Days of the week that ask less: reduced (about half a day's minutes) or minimum (about none), written "
      + "sat:minimum,sun:reduced; the work moves to the nearest normal days. Holds with load balance off too.")
  public let breakDays = Setting<Break>(
    "break", default: .none, label: "Break",
    help: "Days you are away, first to last: nothing is asked then, and what would have fallen due is asked in "
      + "the week before or spread over the week after, and no new form comes in. This row offers breaks starting "
      + "tomorrow; conjugar break FROM TO sets any dates, conjugar break --clear ends it.")
  public let reviewSize = Setting<ReviewSessionSize>(
    "review-size", default: .twenty, label: "Review session",
    help: "How many due forms a review asks at most, the most forgotten first.")
  public let newItemsPerDay = Setting<NewItemsPerDay>(
    "new-per-day", default: .twenty, label: "New forms a day",
    help: "How many forms never practised reviews bring in each day, from the most frequent verbs "
      + "and the quiz's tenses.")
  public let maxReviewsPerDay = Setting<MaxReviewsPerDay>(
    "max-reviews-per-day", default: .twoHundred, label: "Reviews a day",
    help: "How many reviews a day at most: answers given today, in any mode, to forms first practised before "
      + "today. Reviews ask no more than are left, and the title's due count shows no more.")
  public let leechThreshold = Setting<LeechThreshold>(
    "leech-threshold", default: .eight, label: "Leeches",
    help: "A form forgotten this many times after it was learned (lapses, as Anki counts them) is a leech: "
      + "when you miss it again, its verdict says so, and t opens its verb's table to look at it afresh.")
  public let leechAction = Setting<LeechAction>(
    "leech-action", default: .notice, label: "Leech action",
    help: "What a leech's miss does: notice only (its verdict says so), or suspend it too: never due again "
      + "until you take it back (Progress, f: the forms, s).")
  public let cueShowsForm = Setting<Switch>(
    "cue-shows-form", default: .off, label: "Cues name the form",
    help: "Whether a sentence cue shows the tense and person asked above its sentence. Off: the sentence "
      + "is the cue, and the verb alone is named.")
  public let dailyGoal = Setting<DailyGoal>(
    "daily-goal", default: .twenty, label: "Daily goal",
    help: "How many answers a day you aim for (quizzes, reviews and practice alike): a bar on the title line "
      + "fills toward it, and the Progress screen counts the days in a row you practised.")
  public let plain = Setting<Switch>(
    "plain", default: .off, label: "Plain mode",
    help: "On: conjugar and conjugar practice run as lines instead of the full screen (as --plain does), for a "
      + "screen reader or a plain terminal: each question a line, your answer a line, the verdict in words. Chosen "
      + "by itself without a terminal. conjugar settings set plain off turns it off.",
    launchOption: "plain-mode")
  public let analytics = Setting<Switch>(
    "analytics", default: .off, label: "Analytics",
    help: "Off unless you turn it on. When on, conjugar adds a line to analytics.jsonl in "
      + "$XDG_STATE_HOME/conjugar (~/.local/state/conjugar) for each screen you open (its name) and each quiz "
      + "you finish (score, difficulty, region, number of questions, seconds), with the date and time. "
      + "Nothing else is recorded, and nothing leaves this computer.")

  public static let shared = SettingDeclarations()

  /// Every setting, in the order declared.
  public static let all: [any AnySetting] = Mirror(reflecting: shared).children.compactMap { $0.value as? any AnySetting }

  /// The setting of `key`, if there is one.
  public static func setting(_ key: String) -> (any AnySetting)? { all.first { $0.key == key } }
}

extension Double {
  /// 1.2 as "1.2", 2.0 as "2".
  fileprivate func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}

extension Difficulty {
  /// The levels as the settings screen explains them, from their tenses and multipliers:
  /// "Easy: presente, pretérito, futuro. Moderate adds …. Difficult: every tense. Scores ×1, ×2, ×3."
  static var explanation: String {
    var sentences: [String] = []
    var previous: [String] = []
    for level in allCases {
      let forms = level.formNames
      if Set(level.tenses) == Set(Tense.allCases) {
        sentences.append("\(level.name): every tense.")
      } else if previous.isEmpty {
        sentences.append("\(level.name): \(forms.joined(separator: ", ")).")
      } else {
        let added = forms.filter { !previous.contains($0) }
        sentences.append("\(level.name) adds the \(listed(added)).")
      }
      previous = forms
    }
    let multipliers = allCases.map { "×\($0.scoreMultiplier)" }.joined(separator: ", ")
    return sentences.joined(separator: " ") + " Scores \(multipliers)."
  }

  /// "presente", "presente de subjuntivo", "the imperative", "the gerundio".
  private var formNames: [String] {
    var names: [String] = []
    for tense in tenses {
      let name = switch tense.mood {
      case .indicativo: tense.shortName
      case .subjuntivo: tense.spanishName
      case .imperativo: "the imperative"
      }
      if !names.contains(name) { names.append(name) }
    }
    return names + nonFiniteForms.map { "the \($0.rawValue)" }
  }

  private static func listed(_ items: [String]) -> String {
    items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}

/// The learner's choices, saved through the store the moment one is set:
/// `Current.settings.region = .spain` is all a screen has to write.
@dynamicMemberLookup
public final class Settings: Sendable {
  private let store: SettingsStore
  /// Loaded from the store on first use, with the notice the load gave.
  private let current = Mutex<(values: SettingValues, notice: String?)?>(nil)
  private let lastSaveError = Mutex<String?>(nil)

  public init(store: SettingsStore) { self.store = store }

  private func loaded<R>(_ body: (inout (values: SettingValues, notice: String?)) -> R) -> R {
    current.withLock { state in
      if state == nil {
        let (values, notice) = store.load()
        state = (SettingValues(values), notice)
      }
      return body(&state!)
    }
  }

  /// What went wrong while loading, for the screen to say once (a corrupt file set aside).
  public var loadNotice: String? { loaded { $0.notice } }

  /// Every setting as it is now.
  public var values: SettingValues { loaded { $0.values } }

  public subscript<Value>(dynamicMember keyPath: KeyPath<SettingDeclarations, Setting<Value>>) -> Value {
    get { values[dynamicMember: keyPath] }
    set { set(SettingDeclarations.shared[keyPath: keyPath].key, newValue.rawValue) }
  }

  /// Sets a setting by key and raw value, as the settings screen does; the value must be one of
  /// the setting's.
  public func set(_ key: String, _ value: String?) {
    let snapshot = loaded {
      $0.values.raw[key] = value
      return $0.values.raw
    }
    do {
      try store.save(snapshot)
      lastSaveError.withLock { $0 = nil }
    } catch {
      lastSaveError.withLock { $0 = "\(error)" }
    }
  }

  /// Replaces every value at once (an import of a whole home): saved whole, or the store's error
  /// and nothing changed.
  public func replaceAll(with raw: [String: String]) throws {
    try store.save(raw)
    loaded { $0.values = SettingValues(raw) }
  }

  /// Saves a drill by name (its `conjugar practice` options), replacing one of the same name.
  public func saveDrill(_ name: String, options: String) { set(SavedDrills.key(name), options) }

  /// Forgets a saved drill.
  public func removeDrill(_ name: String) { set(SavedDrills.key(name), nil) }

  /// Why the last change could not be saved, if it could not (it still holds while the app runs).
  public var saveError: String? { lastSaveError.withLock { $0 } }
}

/// Persistence for settings: a flat map of names to values.
public protocol SettingsStore: Sendable {
  /// The saved values, and a notice for the learner when something was wrong with them.
  func load() -> (values: [String: String], notice: String?)
  func save(_ values: [String: String]) throws
}
