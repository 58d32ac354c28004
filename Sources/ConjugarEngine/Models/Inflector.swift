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

/// Conjugates one infinitive (without its clitic) by one model choice, simple tenses (the negative
/// imperative with its "no") and non-finite forms only. Compound tenses, clitics and merging are the
/// `Conjugator`'s.
/// Works on Latin-1 letters (see `Letter`): each form is built in one reused buffer and written
/// into the table.
struct Inflector {
  let model: ConjugationModel.Compiled
  let choice: ModelChoice
  let infinitive: [UInt8]
  let conjugation: Conjugation
  /// The part of the infinitive before `model.base`: "man" in mantener.
  let prefix: [UInt8]
  /// The infinitive without -ar, -er, -ir, or the model's own stem after the prefix: "manten".
  let regularStem: [UInt8]
  let stressedStem: [UInt8]
  let closedStem: [UInt8]
  /// Whether these three stems meet every ending as they are (`Orthography.joinsPlainly`: habl-,
  /// pase-, cambi-, com-, viv-, not sac-, le-, fi-) and the model adds nothing of its own at the join
  /// (y, another stem before i). Then a form is the stem and the ending, written straight into the
  /// table. Most verbs are so.
  let plainJoin: Bool
  /// Whether the spelling rules of `Orthography.attach` and the monosyllables' lost accent apply:
  /// false spells every form as its stem and ending meet (*buscé*, *cogo*, *siguo*, *leió*), the
  /// reference that shows which letters of a form those rules wrote (`Changes`).
  let spelling: Bool

  init(infinitive: String, model: ConjugationModel, choice: ModelChoice, spelling: Bool = true) {
    let infinitive = infinitive.latin1
    let model = model.compiled
    self.infinitive = infinitive
    self.model = model
    self.choice = choice
    let conjugation = Conjugation(
      rawValue: Character(Unicode.Scalar(Orthography.withoutAccent(infinitive[infinitive.count - 2]))))!
    self.conjugation = conjugation
    let prefix = Array(infinitive.dropLast(model.baseCount))
    self.prefix = prefix
    let regularStem = model.stem.map { prefix + $0 } ?? Array(infinitive.dropLast(2))
    self.regularStem = regularStem
    stressedStem = model.stressed?.apply(to: regularStem) ?? regularStem
    closedStem = model.closed?.apply(to: regularStem) ?? regularStem
    self.spelling = spelling
    plainJoin =
      model.stem == nil && model.stemBeforeI == nil && !model.insertsY
      && (!spelling || [regularStem, stressedStem, closedStem].allSatisfy { Orthography.joinsPlainly($0, conjugation) })
  }

  var theme: UInt8 { conjugation.theme }

  /// A stem given by the model as a replacement of its base: tener's "tendr" → mantener's "mantendr".
  /// Written into `word`, which it replaces.
  func fromBase(_ replacement: [UInt8], into word: inout [UInt8]) {
    word.removeAll(keepingCapacity: true)
    word += prefix
    // -scer verbs: the s of the stem gives way to the z of -zco (pubescer: pubezco, not *pubeszco).
    if prefix.last == Letter.s && replacement.starts(with: [Letter.z, Letter.c]) { word.removeLast() }
    word += replacement
  }

  func fromBase(_ replacement: [UInt8]) -> [UInt8] {
    var word: [UInt8] = []
    fromBase(replacement, into: &word)
    return word
  }

  /// Joins the stem in `word` and an ending with the spelling rules, and the model's y (huyo).
  /// `indicative`: whether the model's stem before i may replace the regular one (podrimos, but
  /// pudriendo, pudriera).
  func join(_ word: inout [UInt8], _ ending: [UInt8], reference: UInt8? = nil, indicative: Bool = true) {
    if indicative, let before = model.stemBeforeI, ending.first == Letter.i || ending.first == Letter.í,
      word == regularStem
    {
      fromBase(before, into: &word)
    }
    if model.insertsY, let first = ending.first, first != Letter.i, first != Letter.í, Orthography.endsInVowel(word) {
      if word.last == Letter.ü { word[word.count - 1] = Letter.u }
      word.append(Letter.y)
      word += ending
      return
    }
    guard spelling else {
      word += ending
      return
    }
    Orthography.attach(ending, to: &word, reference: reference ?? theme)
  }

  /// `stem` joined to `ending`, into `word`.
  func join(
    _ stem: [UInt8], _ ending: [UInt8], reference: UInt8? = nil, indicative: Bool = true, into word: inout [UInt8]
  ) {
    word.removeAll(keepingCapacity: true)
    word += stem
    join(&word, ending, reference: reference, indicative: indicative)
  }

  /// A form made from one of the verb's own stems (`regularStem`, `stressedStem`, `closedStem`).
  private func own(_ stem: [UInt8], _ ending: [UInt8], into table: inout FormTable, _ word: inout [UInt8]) {
    if plainJoin {
      table.write(stem)
      table.append(ending)
    } else {
      join(stem, ending, into: &word)
      finish(&word, into: &table)
    }
  }

  /// Generated forms lose the accent of a monosyllable (dio, fue, rio), unless the catalog asks for
  /// the spelling before 2010 (rió); then the form is written into the table.
  func finish(_ word: inout [UInt8], into table: inout FormTable) {
    if spelling && !choice.oldMonosyllableAccents { Orthography.removeMonosyllableAccent(&word) }
    table.append(word)
  }

  /// The forms the model writes out whole, if it does for this cell.
  func given(_ tense: Tense, _ person: Person) -> [[UInt8]]? {
    if !prefix.isEmpty, tense == .imperativoAfirmativo, person == .tu, let compound = model.compoundImperative {
      return [prefix + compound]
    }
    guard let forms = model.form(tense, person) else { return nil }
    return prefix.isEmpty ? forms : forms.map { Orthography.prefixed(prefix, $0) }
  }

  /// Every simple tense, in the order of `Tense.simple`, so that the tenses built on others
  /// (the imperfect subjunctive on the preterite, the imperative on the presente) read them from
  /// the table instead of building them again. The table ends after the simple tenses.
  func simpleTenses() -> FormTable {
    var table = FormTable()
    var word: [UInt8] = []
    word.reserveCapacity(64)
    for tense in Tense.simple {
      for person in Person.allCases {
        if model.givesForms, let given = given(tense, person) {
          for form in given {
            if tense == .imperativoNegativo { table.write(Self.no) }
            table.append(form)
          }
        } else {
          generate(tense, person, into: &table, &word)
        }
        table.endCell()
      }
    }
    return table
  }

  /// Writes the forms of one cell, built from the stems and endings or from earlier cells.
  private func generate(_ tense: Tense, _ person: Person, into table: inout FormTable, _ word: inout [UInt8]) {
    let i = person.classicalIndex
    switch tense {
    case .presente:
      if person == .vos {
        own(regularStem, Endings.presenteVos(conjugation), into: &table, &word)
      } else if person == .yo, let present = model.presentStem {
        fromBase(present, into: &word)
        join(&word, Endings.o, reference: Letter.o)
        finish(&word, into: &table)
      } else {
        own(person.stressesStem ? stressedStem : regularStem, Endings.presente(conjugation)[i], into: &table, &word)
      }

    case .preterito:
      if let strong = model.preteriteStem {
        fromBase(strong, into: &word)
        let ending = person == .ellos && word.last == Letter.j ? Endings.eron : Endings.preteritoFuerte[i]  // dijeron
        join(&word, ending, reference: Letter.e)
        finish(&word, into: &table)
      } else {
        own(conjugation == .ir && person.isThird ? closedStem : regularStem, Endings.preterito(conjugation)[i], into: &table, &word)
      }

    case .imperfecto:
      own(regularStem, Endings.imperfecto(conjugation)[i], into: &table, &word)

    case .futuro, .condicional:
      let ending = (tense == .futuro ? Endings.futuro : Endings.condicional)[i]
      if let future = model.futureStem {
        fromBase(future, into: &word)
      } else if plainJoin {  // the infinitive's syllables, then the ending's: no monosyllable
        for letter in infinitive { table.write(Orthography.withoutAccent(letter)) }
        table.append(ending)
        return
      } else {
        word.removeAll(keepingCapacity: true)
        for letter in infinitive { word.append(Orthography.withoutAccent(letter)) }
      }
      word += ending
      finish(&word, into: &table)

    case .presenteSubjuntivo:
      let ending = Endings.presenteSubjuntivo(conjugation)[i]
      if let present = model.presentStem {
        fromBase(present, into: &word)
        join(&word, ending, reference: Letter.o)
        finish(&word, into: &table)
      } else {
        own(person.stressesStem || person == .vos ? stressedStem : closedStem, ending, into: &table, &word)
      }

    case .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo:
      let endings =
        switch tense {
        case .imperfectoSubjuntivoRa: Endings.imperfectoSubjuntivoRa
        case .imperfectoSubjuntivoSe: Endings.imperfectoSubjuntivoSe
        default: Endings.futuroSubjuntivo
        }
      // Built on the third person plural of the preterite: tuvie-ron → tuviera, tuviéramos; on
      // the regular stem where the model has another before i (pudrieron, not podrieron: pudriera).
      for n in table.forms(FormTable.index(.preterito, .ellos)) {
        if model.stemBeforeI != nil {
          join(closedStem, Endings.preterito(conjugation)[5], indicative: false, into: &word)
        } else {
          word.removeAll(keepingCapacity: true)
          word += table.form(n)
        }
        word.removeLast(min(3, word.count))
        if person == .nosotros, let last = word.popLast() { word.append(Orthography.withAccent(last)) }
        word += endings[i]
        finish(&word, into: &table)
      }

    // The imperative's cells that repeat another cell repeat it as it stands (habla, hable,
    // no hables): already finished, they keep dé's accent.
    case .imperativoAfirmativo:
      switch person {
      case .yo: break
      case .tu: table.repeatCell(FormTable.index(.presente, .el))
      case .vos:  // the infinitive without r, stressed on its last vowel: tené, decí
        own(regularStem, [Orthography.withAccent(theme)], into: &table, &word)
      case .vosotros:
        own(regularStem, [theme, Letter.d], into: &table, &word)
      default: table.repeatCell(FormTable.index(.presenteSubjuntivo, person))
      }

    case .imperativoNegativo:  // no hables
      if person != .yo {
        table.repeatCell(FormTable.index(.presenteSubjuntivo, person == .vos ? .tu : person), prefix: Self.no)
      }

    default:
      break  // compound tenses are built by the Conjugator
    }
  }

  static let no = "no ".latin1

  var gerundio: [UInt8] {
    if let gerund = model.gerund { return fromBase(gerund) }
    var word: [UInt8] = []
    join(conjugation == .ir ? closedStem : regularStem, Endings.gerundio(conjugation), indicative: false, into: &word)
    return word
  }

  /// The participles, the irregular one first where the catalog gives two (impreso, imprimido).
  var participio: [[UInt8]] {
    var participle: [UInt8] = []
    if let irregular = model.participle {
      participle = fromBase(irregular)
    } else {
      join(regularStem, Endings.participio(conjugation), into: &participle)
    }
    if let r = choice.participle, let replaced = participle.replacingLast(r.from.latin1, with: r.to.latin1) {
      participle = replaced
    }
    if let r = choice.participleSpelling, let respelled = participle.replacingLast(r.from.latin1, with: r.to.latin1) {
      return [participle, respelled]
    }
    return [participle]
  }
}
