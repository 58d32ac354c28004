/// The three conjugations, named by the theme vowel of the infinitive.
public enum Conjugation: Character, Sendable {
  case ar = "a", er = "e", ir = "i"

  /// The regular model verb of the conjugation.
  var regularModel: String {
    switch self {
    case .ar: "hablar"
    case .er: "temer"
    case .ir: "partir"
    }
  }
}

/// Regular endings, by conjugation, in the order of `Person.classical` (yo, tú, él, nosotros,
/// vosotros, ellos). *Vos* has its own endings only in the present indicative.
enum Endings {
  static func presente(_ c: Conjugation) -> [String] {
    switch c {
    case .ar: ["o", "as", "a", "amos", "áis", "an"]
    case .er: ["o", "es", "e", "emos", "éis", "en"]
    case .ir: ["o", "es", "e", "imos", "ís", "en"]
    }
  }

  /// hablás, tenés, vivís.
  static func presenteVos(_ c: Conjugation) -> String {
    switch c {
    case .ar: "ás"
    case .er: "és"
    case .ir: "ís"
    }
  }

  static func preterito(_ c: Conjugation) -> [String] {
    switch c {
    case .ar: ["é", "aste", "ó", "amos", "asteis", "aron"]
    case .er, .ir: ["í", "iste", "ió", "imos", "isteis", "ieron"]
    }
  }

  /// The "strong" preterite of tuve, hice, dije: unstressed -e and -o.
  static let preteritoFuerte = ["e", "iste", "o", "imos", "isteis", "ieron"]

  static func imperfecto(_ c: Conjugation) -> [String] {
    switch c {
    case .ar: ["aba", "abas", "aba", "ábamos", "abais", "aban"]
    case .er, .ir: ["ía", "ías", "ía", "íamos", "íais", "ían"]
    }
  }

  /// Added to the infinitive, or to an irregular future stem (tendr-).
  static let futuro = ["é", "ás", "á", "emos", "éis", "án"]
  static let condicional = ["ía", "ías", "ía", "íamos", "íais", "ían"]

  static func presenteSubjuntivo(_ c: Conjugation) -> [String] {
    switch c {
    case .ar: ["e", "es", "e", "emos", "éis", "en"]
    case .er, .ir: ["a", "as", "a", "amos", "áis", "an"]
    }
  }

  /// Added to the stem of the third person plural of the preterite (tuvie-ron): tuviera, tuviese, tuviere.
  /// The first person plural takes an accent on the stem's last vowel: tuviéramos.
  static let imperfectoSubjuntivoRa = ["ra", "ras", "ra", "ramos", "rais", "ran"]
  static let imperfectoSubjuntivoSe = ["se", "ses", "se", "semos", "seis", "sen"]
  static let futuroSubjuntivo = ["re", "res", "re", "remos", "reis", "ren"]

  static func gerundio(_ c: Conjugation) -> String { c == .ar ? "ando" : "iendo" }
  static func participio(_ c: Conjugation) -> String { c == .ar ? "ado" : "ido" }

  /// What follows the stem in a regular verb's form, for the defective verbs that keep only some
  /// endings (abolir keeps those that start with i). Compound tenses are *haber* + participle.
  static func regular(_ tense: Tense, _ person: Person, _ c: Conjugation) -> String {
    let vosLikeTu = person == .vos ? Person.tu : person
    func pick(_ list: [String]) -> String {
      list[Person.classical.firstIndex(of: vosLikeTu)!]
    }
    let infinitiveEnding = "\(c.rawValue)r"
    switch tense {
    case .presente: return person == .vos ? presenteVos(c) : pick(presente(c))
    case .preterito: return pick(preterito(c))
    case .imperfecto: return pick(imperfecto(c))
    case .futuro: return infinitiveEnding + pick(futuro)
    case .condicional: return infinitiveEnding + pick(condicional)
    case .presenteSubjuntivo, .imperativoNegativo: return pick(presenteSubjuntivo(c))
    case .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo:
      return c == .ar ? "a" : "ie"
    case .imperativoAfirmativo:
      switch person {
      case .yo: return ""
      case .tu: return presente(c)[2]
      case .vos: return String(Orthography.withAccent(c.rawValue))
      case .vosotros: return "\(c.rawValue)d"
      default: return pick(presenteSubjuntivo(c))
      }
    default: return ""
    }
  }
}
