/// The forms of a verb in one cell each, flat: `cells[tense.index * 7 + person.index]`.
struct FormTable: Sendable {
  static let width = Person.allCases.count
  var cells = [[String]](repeating: [], count: Tense.allCases.count * Person.allCases.count)
  var gerundio: [String] = []
  var participio: [String] = []
  /// Which cells of the compound tenses exist, one bit each: they are *haber* + participle, built on demand.
  private(set) var compoundCells: UInt64 = 0

  private static func compoundBit(_ tense: Tense, _ person: Person) -> UInt64 {
    1 << UInt64((tense.index - Tense.perfecto.index) * width + person.index)
  }

  mutating func allowCompound(_ tense: Tense, _ person: Person) { compoundCells |= Self.compoundBit(tense, person) }

  func hasCompound(_ tense: Tense, _ person: Person) -> Bool { compoundCells & Self.compoundBit(tense, person) != 0 }

  static func index(_ tense: Tense, _ person: Person) -> Int { tense.index * width + person.index }

  subscript(tense: Tense, person: Person) -> [String] {
    get { cells[Self.index(tense, person)] }
    set { cells[Self.index(tense, person)] = newValue }
  }

  /// Adds the forms of `other` that are not here yet, after the ones that are.
  mutating func merge(_ other: FormTable) {
    for i in cells.indices { Self.append(other.cells[i], to: &cells[i]) }
    Self.append(other.gerundio, to: &gerundio)
    Self.append(other.participio, to: &participio)
    compoundCells |= other.compoundCells
  }

  private static func append(_ forms: [String], to list: inout [String]) {
    for form in forms where !list.contains(form) { list.append(form) }
  }
}

extension Tense {
  /// The position in `allCases`, without a lookup: this is on the hottest path of the engine.
  var index: Int {
    switch self {
    case .presente: 0
    case .preterito: 1
    case .imperfecto: 2
    case .futuro: 3
    case .condicional: 4
    case .presenteSubjuntivo: 5
    case .imperfectoSubjuntivoRa: 6
    case .imperfectoSubjuntivoSe: 7
    case .futuroSubjuntivo: 8
    case .imperativoAfirmativo: 9
    case .imperativoNegativo: 10
    case .perfecto: 11
    case .pluscuamperfecto: 12
    case .preteritoAnterior: 13
    case .futuroPerfecto: 14
    case .condicionalPerfecto: 15
    case .perfectoSubjuntivo: 16
    case .pluscuamperfectoSubjuntivoRa: 17
    case .pluscuamperfectoSubjuntivoSe: 18
    case .futuroPerfectoSubjuntivo: 19
    }
  }
}

extension Person {
  var index: Int {
    switch self {
    case .yo: 0
    case .tu: 1
    case .vos: 2
    case .el: 3
    case .nosotros: 4
    case .vosotros: 5
    case .ellos: 6
    }
  }

  /// The index into the six classical endings; vos takes tú's.
  var classicalIndex: Int {
    switch self {
    case .yo: 0
    case .tu, .vos: 1
    case .el: 2
    case .nosotros: 3
    case .vosotros: 4
    case .ellos: 5
    }
  }

  /// The persons whose present is stressed on the stem: yo, tú, él, ellos (not vos: tenés).
  var stressesStem: Bool { self == .yo || self == .tu || self == .el || self == .ellos }
}

/// Conjugates one infinitive (without its clitic) by one model choice, simple tenses and non-finite
/// forms only. Compound tenses, clitics and merging are the `Conjugator`'s.
struct Inflector {
  let model: ConjugationModel
  let choice: ModelChoice
  let infinitive: String
  let conjugation: Conjugation
  /// The part of the infinitive before `model.base`: "man" in mantener.
  let prefix: String
  /// The infinitive without -ar, -er, -ir: "manten".
  let stem: String
  let regularStem: String
  let stressedStem: String
  let closedStem: String

  init(infinitive: String, model: ConjugationModel, choice: ModelChoice) {
    let conjugation = Conjugation(rawValue: Orthography.withoutAccent(infinitive.dropLast().last!))!
    self.infinitive = infinitive
    self.model = model
    self.choice = choice
    self.conjugation = conjugation
    let prefix = String(infinitive.dropLast(model.base.count))
    self.prefix = prefix
    self.stem = String(infinitive.dropLast(2))
    let regularStem = model.stem.map { prefix + $0 } ?? stem
    self.regularStem = regularStem
    self.stressedStem = model.stressed?.apply(to: regularStem) ?? regularStem
    self.closedStem = model.closed?.apply(to: regularStem) ?? regularStem
  }

  var theme: Character { conjugation.rawValue }

  /// A stem given by the model as a replacement of its base: tener's "tendr" → mantener's "mantendr".
  func fromBase(_ replacement: String) -> String {
    // -scer verbs: the s of the stem gives way to the z of -zco (pubescer: pubezco, not *pubeszco).
    if prefix.hasSuffix("s") && replacement.hasPrefix("zc") { return prefix.dropLast() + replacement }
    return prefix + replacement
  }

  /// Joins stem and ending with the spelling rules, and the model's y (huyo).
  func join(_ stem: String, _ ending: String, reference: Character? = nil) -> String {
    var stem = stem
    if let before = model.stemBeforeI, stem == regularStem, ending.first == "i" || ending.first == "í" {
      stem = fromBase(before)
    }
    if model.insertsY, let first = ending.first, first != "i", first != "í", Orthography.endsInVowel(stem) {
      if stem.last == "ü" { stem.removeLast(); stem += "u" }
      return stem + "y" + ending
    }
    return Orthography.attach(stem, ending, reference: reference ?? theme)
  }

  /// Generated forms lose the accent of a monosyllable (dio, fue, rio), unless the catalog asks for
  /// the spelling before 2010 (rió).
  func finish(_ form: String) -> String {
    choice.oldMonosyllableAccents ? form : Orthography.monosyllableWithoutAccent(form)
  }

  /// The forms the model writes out whole, if it does for this cell.
  func given(_ tense: Tense, _ person: Person) -> [String]? {
    if !prefix.isEmpty, tense == .imperativoAfirmativo, person == .tu, let compound = model.compoundImperative {
      return [prefix + compound]
    }
    return model.form(tense, person).map { $0.map { Orthography.prefixed(prefix, $0) } }
  }

  /// Every simple tense, in the order of `Tense.simple`, so that the tenses built on others
  /// (the imperfect subjunctive on the preterite, the imperative on the presente) read them from
  /// the table instead of building them again.
  func simpleTenses() -> FormTable {
    var table = FormTable()
    for tense in Tense.simple {
      for person in Person.allCases {
        if let given = given(tense, person) {
          table[tense, person] = given
        } else if Self.isCopied(tense, person) {
          table[tense, person] = generated(tense, person, table)  // already finished: keeps dé's accent
        } else {
          table[tense, person] = generated(tense, person, table).map(finish)
        }
      }
    }
    return table
  }

  /// Imperative cells that repeat another cell as it stands (habla, hable, no hables).
  private static func isCopied(_ tense: Tense, _ person: Person) -> Bool {
    tense == .imperativoNegativo || (tense == .imperativoAfirmativo && person != .vos && person != .vosotros)
  }

  /// One cell, for tests and the occasional question; `simpleTenses` is the fast way to all of them.
  func forms(_ tense: Tense, _ person: Person) -> [String] { simpleTenses()[tense, person] }

  private func generated(_ tense: Tense, _ person: Person, _ earlier: FormTable) -> [String] {
    let i = person.classicalIndex
    switch tense {
    case .presente:
      if person == .vos { return [join(regularStem, Endings.presenteVos(conjugation))] }
      if person == .yo, let present = model.presentStem { return [join(fromBase(present), "o", reference: "o")] }
      let stem = person.stressesStem ? stressedStem : regularStem
      return [join(stem, Endings.presente(conjugation)[i])]

    case .preterito:
      if let strong = model.preteriteStem {
        let stem = fromBase(strong)
        var ending = Endings.preteritoFuerte[i]
        if person == .ellos && stem.hasSuffix("j") { ending = "eron" }  // dijeron, trajeron
        return [join(stem, ending, reference: "e")]
      }
      let stem = conjugation == .ir && person.isThird ? closedStem : regularStem
      return [join(stem, Endings.preterito(conjugation)[i])]

    case .imperfecto:
      return [join(regularStem, Endings.imperfecto(conjugation)[i])]

    case .futuro, .condicional:
      let stem = model.futureStem.map(fromBase) ?? Orthography.withoutAccents(infinitive)
      return [stem + (tense == .futuro ? Endings.futuro : Endings.condicional)[i]]

    case .presenteSubjuntivo:
      let ending = Endings.presenteSubjuntivo(conjugation)[i]
      if let present = model.presentStem { return [join(fromBase(present), ending, reference: "o")] }
      let stem = person.stressesStem || person == .vos ? stressedStem : closedStem
      return [join(stem, ending)]

    case .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo:
      let endings =
        switch tense {
        case .imperfectoSubjuntivoRa: Endings.imperfectoSubjuntivoRa
        case .imperfectoSubjuntivoSe: Endings.imperfectoSubjuntivoSe
        default: Endings.futuroSubjuntivo
        }
      // Built on the third person plural of the preterite: tuvie-ron → tuviera, tuviéramos.
      return earlier[.preterito, .ellos].map { preterite in
        var stem = String(preterite.dropLast(3))
        if person == .nosotros, let last = stem.popLast() { stem.append(Orthography.withAccent(last)) }
        return stem + endings[i]
      }

    case .imperativoAfirmativo:
      switch person {
      case .yo: return []
      case .tu: return earlier[.presente, .el]
      case .vos:  // the infinitive without r, stressed on its last vowel: tené, decí
        return [join(regularStem, String(Orthography.withAccent(theme)))]
      case .vosotros: return [join(regularStem, "\(theme)d")]
      default: return earlier[.presenteSubjuntivo, person]
      }

    case .imperativoNegativo:
      if person == .yo { return [] }
      return earlier[.presenteSubjuntivo, person == .vos ? .tu : person]  // "no" is the Conjugator's

    default:
      return []  // compound tenses are built by the Conjugator
    }
  }

  var gerundio: String {
    if let gerund = model.gerund { return fromBase(gerund) }
    return join(conjugation == .ir ? closedStem : regularStem, Endings.gerundio(conjugation))
  }

  /// The participles, the irregular one first where the catalog gives two (impreso, imprimido).
  var participio: [String] {
    var participle = model.participle.map(fromBase) ?? join(regularStem, Endings.participio(conjugation))
    if let r = choice.participle, let replaced = participle.replacingLast(r.from, with: r.to) {
      participle = replaced
    }
    if let r = choice.participleSpelling, let respelled = participle.replacingLast(r.from, with: r.to) {
      return [participle, respelled]
    }
    return [participle]
  }
}
