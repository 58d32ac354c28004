import Synchronization

/// Where the learner's Spanish comes from: Spain uses vosotros, Latin America ustedes.
public enum Region: String, CaseIterable, Sendable, Codable {
  case spain
  case latinAmerica = "latin-america"

  public var name: String { self == .spain ? "Spain" : "Latin America" }
}

public enum Difficulty: String, CaseIterable, Sendable, Codable {
  case easy, moderate, difficult

  public var name: String { rawValue.capitalized }
}

/// The second person singular a quiz asks for.
public enum SecondPerson: String, CaseIterable, Sendable, Codable {
  case tu, vos

  public var name: String { self == .tu ? "tú" : "vos" }
}

/// The second persons singular shown in verb tables.
public enum TableSecondPerson: String, CaseIterable, Sendable, Codable {
  case tu, vos, both

  public var name: String {
    switch self {
    case .tu: "tú"
    case .vos: "vos"
    case .both: "tú and vos"
    }
  }
}

/// The learner's choices. Every property saves itself through the store the moment it is set,
/// so `Current.settings.region = .spain` is all a screen has to write.
public final class Settings: Sendable {
  private let store: SettingsStore
  private let values: Mutex<[String: String]>
  private let lastSaveError = Mutex<String?>(nil)

  /// What went wrong while loading, for the screen to say once (a corrupt file set aside).
  public let loadNotice: String?

  public init(store: SettingsStore) {
    self.store = store
    let loaded = store.load()
    self.values = Mutex(loaded.values)
    self.loadNotice = loaded.notice
  }

  public var region: Region {
    get { value("region", default: .latinAmerica) }
    set { set("region", newValue.rawValue) }
  }
  public var difficulty: Difficulty {
    get { value("difficulty", default: .easy) }
    set { set("difficulty", newValue.rawValue) }
  }
  public var quizSecondPerson: SecondPerson {
    get { value("quiz-second-person", default: .tu) }
    set { set("quiz-second-person", newValue.rawValue) }
  }
  public var tableSecondPerson: TableSecondPerson {
    get { value("table-second-person", default: .both) }
    set { set("table-second-person", newValue.rawValue) }
  }
  public var soundOn: Bool {
    get { value("sound", default: true) }
    set { set("sound", newValue ? "on" : "off") }
  }
  public var analyticsOn: Bool {
    get { value("analytics", default: true) }
    set { set("analytics", newValue ? "on" : "off") }
  }

  /// Why the last change could not be saved, if it could not (it still holds while the app runs).
  public var saveError: String? { lastSaveError.withLock { $0 } }

  private func value<T: RawRepresentable<String>>(_ key: String, default fallback: T) -> T {
    values.withLock { $0[key] }.flatMap(T.init(rawValue:)) ?? fallback
  }

  private func value(_ key: String, default fallback: Bool) -> Bool {
    switch values.withLock({ $0[key] }) {
    case "on": true
    case "off": false
    default: fallback
    }
  }

  private func set(_ key: String, _ value: String) {
    let snapshot = values.withLock {
      $0[key] = value
      return $0
    }
    do {
      try store.save(snapshot)
      lastSaveError.withLock { $0 = nil }
    } catch {
      lastSaveError.withLock { $0 = "\(error)" }
    }
  }
}

/// Persistence for settings: a flat map of names to values.
public protocol SettingsStore: Sendable {
  /// The saved values, and a notice for the learner when something was wrong with them.
  func load() -> (values: [String: String], notice: String?)
  func save(_ values: [String: String]) throws
}
