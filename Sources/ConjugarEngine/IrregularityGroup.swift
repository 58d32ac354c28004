/// The irregularity groups a learner practises by (`conjugar drill --group e-ie`), read from the
/// classification of the verb's forms (`Change`), never listed by hand. The raw value is the name
/// used on the command line.
public enum IrregularityGroup: String, Sendable, CaseIterable, Codable {
  /// pienso, quiero; yerro.
  case eToIe = "e-ie"
  /// vuelvo, puedo; huelo.
  case oToUe = "o-ue"
  /// pido, sigo, digo; río.
  case eToI = "e-i"
  /// juego.
  case uToUe = "u-ue"
  /// adquiero.
  case iToIe = "i-ie"
  /// tengo, pongo, salgo, hago, digo, oigo.
  case yoGo = "yo-go"
  /// conozco, conduzco.
  case zc
  /// construyo, huyo.
  case uir
  /// busqué, llegué, empecé, sigo, cojo, creyó: a spelling rule that changes letters.
  case spelling
  /// tuve, pude, dije.
  case strongPreterite = "strong-preterite"
  /// tendré, haré.
  case irregularFuture = "irregular-future"
  /// hecho, visto, impreso.
  case irregularParticiple = "irregular-participle"

  /// The group a change of a verb's preferred form puts it in. The stem-vowel groups are named by
  /// the present, where the stressed stem changes (pienso, pido): sentir's sintió, an e → i of the
  /// unstressed -ir stem, is part of its e → ie pattern, not of pedir's. The -y- of the -uir verbs
  /// (construyo) is the group uir; oír's oyes is not one of them.
  init?(_ pattern: Change.Pattern, tense: Tense?, bare: String) {
    switch pattern {
    case .eToIe, .oToUe, .eToI, .uToUe, .iToIe:
      guard tense == .presente else { return nil }
      switch pattern {
      case .eToIe: self = .eToIe
      case .oToUe: self = .oToUe
      case .eToI: self = .eToI
      case .uToUe: self = .uToUe
      default: self = .iToIe
      }
    case .g: self = .yoGo
    case .zc: self = .zc
    case .y:
      guard bare.hasSuffix("uir") || bare.hasSuffix("üir") else { return nil }
      self = .uir
    case .strongPreterite: self = .strongPreterite
    case .irregularFuture: self = .irregularFuture
    case .irregularParticiple: self = .irregularParticiple
    default:
      guard pattern.changesLetters else { return nil }
      self = .spelling
    }
  }
}

extension Conjugator {
  /// The irregularity groups of a verb: those of the changes of its preferred forms, simple tenses,
  /// gerund and participle (a form the catalog also accepts, as yazgo beside yazco, adds none).
  public func groups(of paradigm: Paradigm) -> Set<IrregularityGroup> {
    // Most verbs follow a regular model with a stem no spelling rule touches (habl-, com-): then
    // nothing differs from the regular paradigm, which need not be built to be compared.
    let choices = modelChoices(of: paradigm)
    if choices.allSatisfy({ !$0.hasModifiers && Conjugation.regularModels.contains($0.model) }),
      let model = Models.all[choices[0].model],
      Inflector(infinitive: Infinitive(paradigm.infinitive).bare, model: model, choice: choices[0]).plainJoin
    {
      return []
    }
    let changes = changes(of: paradigm)
    let bare = Infinitive(paradigm.infinitive).bare
    var groups: Set<IrregularityGroup> = []
    for tense in Tense.simple {
      for person in Person.allCases {
        for change in changes.firstFormChanges(FormTable.index(tense, person)) {
          if let group = IrregularityGroup(change.pattern, tense: tense, bare: bare) { groups.insert(group) }
        }
      }
    }
    for cell in [FormTable.gerundioCell, FormTable.participioCell] {
      for change in changes.firstFormChanges(cell) {
        if let group = IrregularityGroup(change.pattern, tense: nil, bare: bare) { groups.insert(group) }
      }
    }
    return groups
  }

  /// The irregularity groups of a catalog verb.
  public func groups(of entry: Catalog.Entry) -> Set<IrregularityGroup> { groups(of: paradigm(of: entry)) }

  /// The groups whose change shows in one cell of `paradigm`: e-ie in tengo? no, yo-go; in
  /// tienes, e-ie. A drill of a group asks only these cells (convengo shows no e-ie).
  public func groups(of paradigm: Paradigm, at tense: Tense, _ person: Person) -> Set<IrregularityGroup> {
    let bare = Infinitive(paradigm.infinitive).bare
    let changes = changes(of: paradigm).firstFormChanges(FormTable.index(tense, person))
    return Set(changes.compactMap { IrregularityGroup($0.pattern, tense: tense, bare: bare) })
  }
}
