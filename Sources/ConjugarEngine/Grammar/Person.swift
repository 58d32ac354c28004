/// The grammatical persons, with *vos* beside *tú*. The raw value is the name used in JSON.
/// In the imperative, `el` stands for *usted* and `ellos` for *ustedes*.
public enum Person: String, CaseIterable, Sendable, Codable {
  case yo, tu, vos, el, nosotros, vosotros, ellos

  public var pronoun: String {
    switch self {
    case .yo: "yo"
    case .tu: "tú"
    case .vos: "vos"
    case .el: "él/ella/usted"
    case .nosotros: "nosotros"
    case .vosotros: "vosotros"
    case .ellos: "ellos/ellas/ustedes"
    }
  }

  /// A short label for tables: yo, tú, vos, él, nosotros, vosotros, ellos.
  public var shortPronoun: String {
    switch self {
    case .tu: "tú"
    case .el: "él"
    default: rawValue
    }
  }

  /// The pronoun addressed in the imperative.
  public var imperativePronoun: String {
    switch self {
    case .el: "usted"
    case .ellos: "ustedes"
    default: pronoun
    }
  }

  /// The row label of a table in `tense`: the imperative addresses usted and ustedes where the
  /// other tenses have él and ellos.
  public func label(in tense: Tense) -> String {
    guard tense.mood == .imperativo, isThird else { return shortPronoun }
    return imperativePronoun
  }

  /// The reflexive clitic of pronominal verbs: me lavo, te lavás, os laváis.
  public var reflexiveClitic: String {
    switch self {
    case .yo: "me"
    case .tu, .vos: "te"
    case .el, .ellos: "se"
    case .nosotros: "nos"
    case .vosotros: "os"
    }
  }

  public var isThird: Bool { self == .el || self == .ellos }

  /// The six persons of the classical paradigm; *vos* is derived from them or from its own endings.
  static let classical: [Person] = [.yo, .tu, .el, .nosotros, .vosotros, .ellos]
}
