/// The moods of the Spanish verb, as the grammar groups its tenses.
public enum Mood: String, CaseIterable, Sendable {
  case indicativo, subjuntivo, imperativo
}

/// Every finite tense a learner meets. The raw value is the name used on the command line and in JSON.
public enum Tense: String, CaseIterable, Sendable, Codable {
  // Indicative, simple
  case presente
  case preterito
  case imperfecto
  case futuro
  case condicional
  // Subjunctive, simple
  case presenteSubjuntivo = "presente-subjuntivo"
  case imperfectoSubjuntivoRa = "imperfecto-subjuntivo-ra"
  case imperfectoSubjuntivoSe = "imperfecto-subjuntivo-se"
  case futuroSubjuntivo = "futuro-subjuntivo"
  // Imperative
  case imperativoAfirmativo = "imperativo-afirmativo"
  case imperativoNegativo = "imperativo-negativo"
  // Indicative, compound
  case perfecto
  case pluscuamperfecto
  case preteritoAnterior = "preterito-anterior"
  case futuroPerfecto = "futuro-perfecto"
  case condicionalPerfecto = "condicional-perfecto"
  // Subjunctive, compound
  case perfectoSubjuntivo = "perfecto-subjuntivo"
  case pluscuamperfectoSubjuntivoRa = "pluscuamperfecto-subjuntivo-ra"
  case pluscuamperfectoSubjuntivoSe = "pluscuamperfecto-subjuntivo-se"
  case futuroPerfectoSubjuntivo = "futuro-perfecto-subjuntivo"

  public var mood: Mood {
    switch self {
    case .presente, .preterito, .imperfecto, .futuro, .condicional,
      .perfecto, .pluscuamperfecto, .preteritoAnterior, .futuroPerfecto, .condicionalPerfecto:
      .indicativo
    case .presenteSubjuntivo, .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo,
      .perfectoSubjuntivo, .pluscuamperfectoSubjuntivoRa, .pluscuamperfectoSubjuntivoSe,
      .futuroPerfectoSubjuntivo:
      .subjuntivo
    case .imperativoAfirmativo, .imperativoNegativo:
      .imperativo
    }
  }

  /// A compound tense is a form of *haber* followed by the participle: he tenido.
  /// `auxiliaryTense` is the simple tense *haber* takes.
  public var auxiliaryTense: Tense? {
    switch self {
    case .perfecto: .presente
    case .pluscuamperfecto: .imperfecto
    case .preteritoAnterior: .preterito
    case .futuroPerfecto: .futuro
    case .condicionalPerfecto: .condicional
    case .perfectoSubjuntivo: .presenteSubjuntivo
    case .pluscuamperfectoSubjuntivoRa: .imperfectoSubjuntivoRa
    case .pluscuamperfectoSubjuntivoSe: .imperfectoSubjuntivoSe
    case .futuroPerfectoSubjuntivo: .futuroSubjuntivo
    default: nil
    }
  }

  public var isCompound: Bool { auxiliaryTense != nil }

  /// The tenses built on their own stem, in the order a grammar lists them.
  public static let simple: [Tense] = allCases.filter { !$0.isCompound }
  public static let compound: [Tense] = allCases.filter(\.isCompound)

  /// The name a grammar book gives the tense, in Spanish.
  public var spanishName: String {
    switch self {
    case .presente: "presente"
    case .preterito: "pretérito perfecto simple"
    case .imperfecto: "pretérito imperfecto"
    case .futuro: "futuro simple"
    case .condicional: "condicional simple"
    case .presenteSubjuntivo: "presente de subjuntivo"
    case .imperfectoSubjuntivoRa: "pretérito imperfecto de subjuntivo (-ra)"
    case .imperfectoSubjuntivoSe: "pretérito imperfecto de subjuntivo (-se)"
    case .futuroSubjuntivo: "futuro de subjuntivo"
    case .imperativoAfirmativo: "imperativo afirmativo"
    case .imperativoNegativo: "imperativo negativo"
    case .perfecto: "pretérito perfecto compuesto"
    case .pluscuamperfecto: "pretérito pluscuamperfecto"
    case .preteritoAnterior: "pretérito anterior"
    case .futuroPerfecto: "futuro compuesto"
    case .condicionalPerfecto: "condicional compuesto"
    case .perfectoSubjuntivo: "pretérito perfecto de subjuntivo"
    case .pluscuamperfectoSubjuntivoRa: "pluscuamperfecto de subjuntivo (-ra)"
    case .pluscuamperfectoSubjuntivoSe: "pluscuamperfecto de subjuntivo (-se)"
    case .futuroPerfectoSubjuntivo: "futuro compuesto de subjuntivo"
    }
  }

  /// A short label for a column under its mood's heading ("Subjuntivo": "imperfecto -ra").
  public var shortName: String {
    switch self {
    case .presente, .presenteSubjuntivo: "presente"
    case .preterito: "pretérito"
    case .imperfecto: "imperfecto"
    case .futuro, .futuroSubjuntivo: "futuro"
    case .condicional: "condicional"
    case .imperfectoSubjuntivoRa: "imperfecto -ra"
    case .imperfectoSubjuntivoSe: "imperfecto -se"
    case .imperativoAfirmativo: "afirmativo"
    case .imperativoNegativo: "negativo"
    case .perfecto, .perfectoSubjuntivo: "perfecto"
    case .pluscuamperfecto: "pluscuamperfecto"
    case .preteritoAnterior: "pretérito anterior"
    case .futuroPerfecto, .futuroPerfectoSubjuntivo: "futuro perfecto"
    case .condicionalPerfecto: "condicional perfecto"
    case .pluscuamperfectoSubjuntivoRa: "pluscuamperfecto -ra"
    case .pluscuamperfectoSubjuntivoSe: "pluscuamperfecto -se"
    }
  }

  /// The usual English name, for learners.
  public var englishName: String {
    switch self {
    case .presente: "present"
    case .preterito: "preterite"
    case .imperfecto: "imperfect"
    case .futuro: "future"
    case .condicional: "conditional"
    case .presenteSubjuntivo: "present subjunctive"
    case .imperfectoSubjuntivoRa: "imperfect subjunctive (-ra)"
    case .imperfectoSubjuntivoSe: "imperfect subjunctive (-se)"
    case .futuroSubjuntivo: "future subjunctive"
    case .imperativoAfirmativo: "imperative"
    case .imperativoNegativo: "negative imperative"
    case .perfecto: "present perfect"
    case .pluscuamperfecto: "pluperfect"
    case .preteritoAnterior: "past anterior"
    case .futuroPerfecto: "future perfect"
    case .condicionalPerfecto: "conditional perfect"
    case .perfectoSubjuntivo: "present perfect subjunctive"
    case .pluscuamperfectoSubjuntivoRa: "pluperfect subjunctive (-ra)"
    case .pluscuamperfectoSubjuntivoSe: "pluperfect subjunctive (-se)"
    case .futuroPerfectoSubjuntivo: "future perfect subjunctive"
    }
  }
}
