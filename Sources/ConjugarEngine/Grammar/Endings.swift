/// The three conjugations, named by the theme vowel of the infinitive.
public enum Conjugation: Character, Sendable, CaseIterable {
  case ar = "a", er = "e", ir = "i"

  /// The models of the regular verbs, one per conjugation: a verb that follows one is regular.
  public static let regularModels: Set<String> = Set(allCases.map(\.regularModel))

  /// The regular model verb of the conjugation.
  var regularModel: String {
    switch self {
    case .ar: "hablar"
    case .er: "temer"
    case .ir: "partir"
    }
  }

  /// The theme vowel as a Latin-1 letter.
  var theme: UInt8 {
    switch self {
    case .ar: Letter.a
    case .er: Letter.e
    case .ir: Letter.i
    }
  }
}

/// Regular endings, by conjugation, in the order of `Person.classical` (yo, tú, él, nosotros,
/// vosotros, ellos). *Vos* has its own endings only in the present indicative.
/// In Latin-1 letters (see `Letter`), spelled once.
enum Endings {
  private static func spelled(_ endings: [String]) -> [[UInt8]] { endings.map(\.latin1) }

  private static let presenteAr = spelled(["o", "as", "a", "amos", "áis", "an"])
  private static let presenteEr = spelled(["o", "es", "e", "emos", "éis", "en"])
  private static let presenteIr = spelled(["o", "es", "e", "imos", "ís", "en"])

  static func presente(_ c: Conjugation) -> [[UInt8]] {
    switch c {
    case .ar: presenteAr
    case .er: presenteEr
    case .ir: presenteIr
    }
  }

  private static let presenteVosAr = "ás".latin1, presenteVosEr = "és".latin1, presenteVosIr = "ís".latin1

  /// hablás, tenés, vivís.
  static func presenteVos(_ c: Conjugation) -> [UInt8] {
    switch c {
    case .ar: presenteVosAr
    case .er: presenteVosEr
    case .ir: presenteVosIr
    }
  }

  private static let preteritoAr = spelled(["é", "aste", "ó", "amos", "asteis", "aron"])
  private static let preteritoErIr = spelled(["í", "iste", "ió", "imos", "isteis", "ieron"])

  static func preterito(_ c: Conjugation) -> [[UInt8]] { c == .ar ? preteritoAr : preteritoErIr }

  /// The "strong" preterite of tuve, hice, dije: unstressed -e and -o.
  static let preteritoFuerte = spelled(["e", "iste", "o", "imos", "isteis", "ieron"])
  /// dijeron, trajeron: the strong preterite's third person plural after j.
  static let eron = "eron".latin1

  private static let imperfectoAr = spelled(["aba", "abas", "aba", "ábamos", "abais", "aban"])
  private static let imperfectoErIr = spelled(["ía", "ías", "ía", "íamos", "íais", "ían"])

  static func imperfecto(_ c: Conjugation) -> [[UInt8]] { c == .ar ? imperfectoAr : imperfectoErIr }

  /// Added to the infinitive, or to an irregular future stem (tendr-).
  static let futuro = spelled(["é", "ás", "á", "emos", "éis", "án"])
  static let condicional = spelled(["ía", "ías", "ía", "íamos", "íais", "ían"])

  private static let presenteSubjuntivoAr = spelled(["e", "es", "e", "emos", "éis", "en"])
  private static let presenteSubjuntivoErIr = spelled(["a", "as", "a", "amos", "áis", "an"])

  static func presenteSubjuntivo(_ c: Conjugation) -> [[UInt8]] {
    c == .ar ? presenteSubjuntivoAr : presenteSubjuntivoErIr
  }

  /// Added to the stem of the third person plural of the preterite (tuvie-ron): tuviera, tuviese, tuviere.
  /// The first person plural takes an accent on the stem's last vowel: tuviéramos.
  static let imperfectoSubjuntivoRa = spelled(["ra", "ras", "ra", "ramos", "rais", "ran"])
  static let imperfectoSubjuntivoSe = spelled(["se", "ses", "se", "semos", "seis", "sen"])
  static let futuroSubjuntivo = spelled(["re", "res", "re", "remos", "reis", "ren"])

  private static let ando = "ando".latin1, iendo = "iendo".latin1, ado = "ado".latin1, ido = "ido".latin1
  /// The present of the first person, after an irregular stem (tengo, conozco).
  static let o = "o".latin1

  static func gerundio(_ c: Conjugation) -> [UInt8] { c == .ar ? ando : iendo }
  static func participio(_ c: Conjugation) -> [UInt8] { c == .ar ? ado : ido }

  /// The first letter of what follows the stem in a regular verb's form, for the defective verbs
  /// that keep only some endings (abolir keeps those that start with i); nil where nothing follows.
  /// Compound tenses are *haber* + participle.
  static func regularInitial(_ tense: Tense, _ person: Person, _ c: Conjugation) -> UInt8? {
    let i = person.classicalIndex
    switch tense {
    case .presente: return person == .vos ? presenteVos(c).first : presente(c)[i].first
    case .preterito: return preterito(c)[i].first
    case .imperfecto: return imperfecto(c)[i].first
    case .futuro, .condicional: return c.theme  // the infinitive's, then the ending
    case .presenteSubjuntivo, .imperativoNegativo: return presenteSubjuntivo(c)[i].first
    case .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo:
      return c == .ar ? Letter.a : Letter.i  // -ara, -iera
    case .imperativoAfirmativo:
      switch person {
      case .yo: return nil
      case .tu: return presente(c)[2].first
      case .vos: return Orthography.withAccent(c.theme)
      case .vosotros: return c.theme
      default: return presenteSubjuntivo(c)[i].first
      }
    default: return nil
    }
  }
}
