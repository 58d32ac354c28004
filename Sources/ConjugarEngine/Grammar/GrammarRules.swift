/// A rule a form rests on, as a learner learns it across verbs: an ending (the -ar preterite's yo,
/// -é), the form of *haber* in a compound, a spelling rule (c → qu before e), a stem change (e → ie
/// when stressed), a written accent (envío), a stem shared by a model or by several (tuv-, estuv-,
/// anduv-: the strong preterite in -uv-), or a verb's own forms (ser's own presente).
///
/// Every rule is read from the engine's data, never listed by verb: the endings from the regular
/// models, the changes from `Change` (the classification the diagnosis and the groups read), the
/// stems from the models. `id` is stable, kept in files and the history's fit; `name` is for the
/// learner.
public struct GrammarRule: Hashable, Sendable, Codable, Comparable {
  public enum Kind: String, Sendable, Codable, CaseIterable {
    /// The regular ending of a cell, shared by every verb of the conjugations that write it alike.
    case ending
    /// The form of *haber* of a compound tense.
    case auxiliary
    /// A spelling rule every verb obeys, regular ones too (busqué, cojo, leyó).
    case spelling
    /// A change of the stem's vowel, or letters a stem adds (pienso, pido, conozco, tengo, construyo).
    case stemChange = "stem-change"
    /// A written accent on the stressed i or u of the stem (envío, actúo).
    case accent
    /// An irregular stem, or endings, shared by a family of verbs (tuve, haré, hecho, ten).
    case stem
    /// Forms a model writes whole: they are the verb's own (soy, fui, voy).
    case own
    /// The reflexive pronoun of a pronominal verb (me lavo, lávate).
    case pronoun
  }

  /// Stable: `ending.preterito.yo.er-ir`, `stem.e-ie`, `preterite-stem.uv`, `own.ser.presente`.
  public let id: String
  /// For the learner: "preterite, yo: -í (-er and -ir verbs)".
  public let name: String
  public let kind: Kind

  public init(id: String, name: String, kind: Kind) {
    self.id = id
    self.name = name
    self.kind = kind
  }

  /// A verb's own forms are learnt verb by verb; every other rule is shared by the verbs that follow it.
  public var isOwn: Bool { kind == .own }

  public static func < (a: GrammarRule, b: GrammarRule) -> Bool { a.id < b.id }
}

/// The rules of every cell of one paradigm, read when a cell is asked for (the changes are
/// classified once per paradigm, shared by its cells).
public struct FormRules: Sendable {
  let paradigm: Paradigm
  let changes: Changes
  let model: ConjugationModel?
  let conjugation: Conjugation

  /// The rules of a cell; empty where the verb has no form (a defective cell, the imperative's yo).
  public subscript(tense: Tense, person: Person) -> [GrammarRule] {
    if tense.isCompound { return compound(tense, person) }
    return rules(FormTable.index(tense, person))
  }

  public var gerundio: [GrammarRule] { rules(FormTable.gerundioCell) }
  public var participio: [GrammarRule] { rules(FormTable.participioCell) }

  private func compound(_ tense: Tense, _ person: Person) -> [GrammarRule] {
    guard paradigm.table.hasCompound(tense, person), let auxiliaryTense = tense.auxiliaryTense else { return [] }
    let haber = paradigm.auxiliary.strings(FormTable.index(auxiliaryTense, person)).first ?? ""
    var rules = [
      GrammarRule(
        id: "auxiliary.\(auxiliaryTense.rawValue).\(person.rawValue)",
        name: "haber in the \(tense.englishName), \(person.shortPronoun): \(haber)", kind: .auxiliary)
    ]
    for rule in self.rules(FormTable.participioCell) where !rules.contains(rule) { rules.append(rule) }
    return rules
  }

  private func rules(_ cell: Int) -> [GrammarRule] {
    var scratch: [UInt8] = []
    var first: [UInt8]?
    paradigm.forEachForm(cell, scratch: &scratch) { form in first = first ?? Array(form) }
    guard let form = first else { return [] }
    let tense = cell < FormTable.finiteCells ? Tense.allCases[cell / FormTable.width] : nil
    let person = cell < FormTable.finiteCells ? Person.allCases[cell % FormTable.width] : nil
    let found = changes.firstFormChanges(cell)
    var rules: [GrammarRule] = []
    func add(_ rule: GrammarRule) { if !rules.contains(rule) { rules.append(rule) } }

    // Whole forms the model writes (soy, fui, estoy): the verb's own; they take no ending.
    let writtenWhole: Bool = {
      guard let model, let tense, let person else { return false }
      return model.compiled.form(tense, person) != nil && found.contains { $0.pattern == .irregular }
    }()
    let enclitic = paradigm.isPronominal && tense == .imperativoAfirmativo
    if paradigm.isPronominal && cell < FormTable.finiteCells {
      add(enclitic ? RuleNames.enclitic : RuleNames.pronoun)
    }
    let strong = found.contains { $0.pattern == .strongPreterite }
    if !writtenWhole && !enclitic {
      let unspelled = changes.unspelledFirstForm(cell) ?? form
      let word = Self.lastWord(unspelled)
      if let ending = RegularEndings.shared.rule(cell, conjugation), word.count >= ending.letters.count, word.suffix(ending.letters.count).elementsEqual(ending.letters) {
        add(ending.rule)
      } else if strong, let tense, let person {
        add(RuleNames.strongEnding(tense, person, afterJ: model?.compiled.preteriteStem?.last == Letter.j))
      } else if let ending = RegularEndings.shared.rule(cell, conjugation), word.count >= ending.letters.count,
        Changes.folded(Array(word.suffix(ending.letters.count))) == Changes.folded(ending.letters)
      {
        // The ending without its accent, as a monosyllable writes it (dais, dio).
        add(ending.rule)
      }
    }
    for change in found {
      add(rule(for: change.pattern, form: form, cell: cell, tense: tense, person: person, writtenWhole: writtenWhole))
    }
    return rules
  }

  private static func lastWord(_ letters: [UInt8]) -> ArraySlice<UInt8> {
    guard let space = letters.lastIndex(of: Letter.space) else { return letters[...] }
    return letters[(space + 1)...]
  }

  private var modelName: String { model?.name ?? paradigm.model }

  private func rule(
    for pattern: Change.Pattern, form: [UInt8], cell: Int, tense: Tense?, person: Person?, writtenWhole: Bool
  ) -> GrammarRule {
    switch pattern {
    case .cToQu, .gToGu, .zToC, .cToZ, .gToJ, .guToG, .quToC, .guToGü, .iToY, .iAbsorbed, .accent, .otherSpelling:
      return RuleNames.spelling(pattern)
    case .eToIe, .oToUe, .uToUe, .iToIe, .g, .zc, .y:
      return RuleNames.stemChange(pattern)
    case .eToI, .oToU:
      // -ir verbs close the vowel where no stressed i follows (sintió, pidamos, durmiendo);
      // pido's e → i is the stressed stem's.
      return RuleNames.stemChange(pattern, unstressed: !RuleNames.stressedStem(tense, person))
    case .iToÍ, .uToÚ:
      return RuleNames.accent(pattern)
    case .strongPreterite:
      return RuleNames.preteriteStem(model?.compiled.preteriteStem, model: modelName)
    case .irregularFuture:
      return RuleNames.futureStem(model, model: modelName)
    case .irregularParticiple:
      return RuleNames.participle(form)
    case .irregular:
      if writtenWhole, let tense, let person {
        if tense == .imperativoAfirmativo && (person == .tu || person == .vos) { return RuleNames.shortImperative }
        return RuleNames.own(modelName, tense)
      }
      if let stem = model?.compiled.presentStem, let tense, tense == .presente || tense == .presenteSubjuntivo
        || tense == .imperativoNegativo || tense == .imperativoAfirmativo
      {
        return RuleNames.presentStem(modelName, stem: stem)
      }
      return RuleNames.own(modelName, nil)
    }
  }
}

extension Conjugator {
  /// The rules of every form of `paradigm` (see `GrammarRule`).
  public func rules(of paradigm: Paradigm) -> FormRules {
    var model: ConjugationModel?
    if let choice = modelChoices(of: paradigm).first, var found = Models.all[choice.model] {
      if let n = choice.variant, let alternative = found.variants[n] { found = alternative }
      model = found
    }
    return FormRules(
      paradigm: paradigm, changes: changes(of: paradigm), model: model,
      conjugation: Infinitive(paradigm.infinitive).conjugation)
  }

  /// The rules of one cell of `paradigm`.
  public func rules(of paradigm: Paradigm, tense: Tense, person: Person) -> [GrammarRule] {
    rules(of: paradigm)[tense, person]
  }

  /// The rules of one cell of `verb`, an infinitive.
  public func rules(of verb: String, tense: Tense, person: Person) throws(InfinitiveError) -> [GrammarRule] {
    rules(of: try conjugate(verb), tense: tense, person: person)
  }
}

extension Changes {
  /// The first form of a cell as the verb's models write it before the spelling rules (buscé).
  func unspelledFirstForm(_ cell: Int) -> [UInt8]? {
    var scratch: [UInt8] = []
    var found: [UInt8]?
    unspelled.forEachForm(cell, scratch: &scratch) { found = found ?? Array($0) }
    return found
  }
}

/// The regular endings, read from the regular models (hablar, temer, partir): a cell's form less
/// the stem (the infinitive in the future and conditional, where the ending is added to it). The
/// conjugations that write a cell's ending alike share its rule (comí, viví: -í); vos shares tú's
/// where its endings are tú's in every conjugation.
struct RegularEndings: Sendable {
  struct Ending: Sendable {
    let letters: [UInt8]
    let rule: GrammarRule
  }

  static let shared = RegularEndings()

  /// By cell (simple tenses, then gerund and participle), by conjugation.
  private let endings: [[Ending?]]

  func rule(_ cell: Int, _ conjugation: Conjugation) -> Ending? {
    guard cell < endings.count else { return nil }
    return endings[cell][Conjugation.allCases.firstIndex(of: conjugation)!]
  }

  private init() {
    let conjugations = Conjugation.allCases
    // The letters of each cell's ending, per conjugation.
    var letters = [[[UInt8]?]](repeating: Array(repeating: nil, count: conjugations.count), count: FormTable.cellCount)
    for (c, conjugation) in conjugations.enumerated() {
      let name = conjugation.regularModel
      let inflector = Inflector(infinitive: name, model: Models.all[name]!, choice: ModelChoice(model: name))
      let table = inflector.simpleTenses()
      for tense in Tense.simple {
        let stem = tense == .futuro || tense == .condicional ? name.count : name.count - 2
        for person in Person.allCases {
          let cell = FormTable.index(tense, person)
          guard let n = table.forms(cell).first else { continue }
          let form = Array(table.form(n))
          let word = form.split(separator: Letter.space).last.map(Array.init) ?? form
          letters[cell][c] = Array(word.dropFirst(stem))
        }
      }
      letters[FormTable.gerundioCell][c] = Array(inflector.gerundio.dropFirst(name.count - 2))
      letters[FormTable.participioCell][c] = inflector.participio.first.map { Array($0.dropFirst(name.count - 2)) }
    }
    var endings = [[Ending?]](repeating: Array(repeating: nil, count: conjugations.count), count: FormTable.cellCount)
    for cell in 0..<FormTable.cellCount where cell < FormTable.index(.perfecto, .yo) || cell >= FormTable.finiteCells {
      var tense: Tense?
      var person: Person?
        if cell < FormTable.finiteCells {
        tense = Tense.allCases[cell / FormTable.width]
        person = Person.allCases[cell % FormTable.width]
        // vos is named with tú where it ends as tú in every conjugation.
        if person == .vos, letters[cell] == letters[FormTable.index(tense!, .tu)] {
          person = .tu
        }
      }
      for c in conjugations.indices {
        guard let mine = letters[cell][c] else { continue }
        let alike = conjugations.indices.filter { letters[cell][$0] == mine }.map { conjugations[$0] }
        let joined = alike.map { "\($0.regularModel.suffix(2))" }.joined(separator: "-")
        let what: String
        let where_: String
        if let tense, let person {
          what = "\(tense.rawValue).\(person.rawValue)"
          let vosAlike = person == .tu && letters[FormTable.index(tense, .vos)] == letters[FormTable.index(tense, .tu)]
          let pronoun = vosAlike ? "tú/vos" : person.label(in: tense)
          where_ = "\(tense.englishName), \(pronoun)"
        } else {
          what = cell == FormTable.gerundioCell ? "gerundio" : "participio"
          where_ = cell == FormTable.gerundioCell ? "gerund" : "participle"
        }
        let verbs =
          alike.count == conjugations.count
          ? "every verb" : alike.map { "-\($0.regularModel.suffix(2))" }.joined(separator: " and ") + " verbs"
        let added = tense == .futuro || tense == .condicional ? " on the infinitive" : ""
        endings[cell][c] = Ending(
          letters: mine,
          rule: GrammarRule(
            id: "ending.\(what).\(joined)",
            name: "\(where_): -\(RuleNames.text(mine))\(added) (\(verbs))",
            kind: .ending))
      }
    }
    self.endings = endings
  }
}

/// The names of the rules: what a grammar book would call each, in our words.
enum RuleNames {
  /// Latin-1 letters as a String.
  static func text(_ letters: some Collection<UInt8>) -> String { Array(letters).withUnsafeBufferPointer { String(latin1: $0) } }

  static let pronoun = GrammarRule(
    id: "pronoun.reflexive", name: "the reflexive pronoun before the verb: me lavo, te lavas", kind: .pronoun)
  static let enclitic = GrammarRule(
    id: "pronoun.enclitic", name: "the reflexive pronoun joined to the imperative: lávate, lavaos", kind: .pronoun)
  static let shortImperative = GrammarRule(
    id: "imperative.short", name: "the short tú imperative: ten, pon, haz, di, sal, ven", kind: .stem)

  /// The cells where the stem is stressed (pienso, piense, piensa): the present's singular and
  /// ellos, their subjunctives and imperatives.
  static func stressedStem(_ tense: Tense?, _ person: Person?) -> Bool {
    guard let tense, let person else { return false }
    switch tense {
    case .presente: return [.yo, .tu, .el, .ellos].contains(person)
    case .presenteSubjuntivo, .imperativoNegativo: return ![.nosotros, .vosotros].contains(person)
    case .imperativoAfirmativo: return [.tu, .el, .ellos].contains(person)
    default: return false
    }
  }

  static func slug(_ pattern: Change.Pattern) -> String {
    switch pattern {
    case .cToQu: "c-qu"
    case .gToGu: "g-gu"
    case .zToC: "z-c"
    case .cToZ: "c-z"
    case .gToJ: "g-j"
    case .guToG: "gu-g"
    case .quToC: "qu-c"
    case .guToGü: "gu-gü"
    case .iToY: "i-y"
    case .iAbsorbed: "i-absorbed"
    case .accent: "accent"
    case .otherSpelling: "other"
    case .eToIe: "e-ie"
    case .oToUe: "o-ue"
    case .eToI: "e-i"
    case .uToUe: "u-ue"
    case .iToIe: "i-ie"
    case .oToU: "o-u"
    case .iToÍ: "i-í"
    case .uToÚ: "u-ú"
    case .zc: "zc"
    case .g: "go"
    case .y: "y"
    case .strongPreterite: "strong-preterite"
    case .irregularFuture: "irregular-future"
    case .irregularParticiple: "irregular-participle"
    case .irregular: "irregular"
    }
  }

  static func spelling(_ pattern: Change.Pattern) -> GrammarRule {
    let name: String =
      switch pattern {
      case .cToQu: "c is written qu before e: busqué"
      case .gToGu: "g is written gu before e: llegué"
      case .zToC: "z is written c before e: empecé"
      case .cToZ: "c is written z before a and o: venzo"
      case .gToJ: "g is written j before a and o: cojo"
      case .guToG: "gu is written g before a and o: sigo"
      case .quToC: "qu is written c before a and o: delinco"
      case .guToGü: "gu is written gü before e: averigüé"
      case .iToY: "an unstressed i between vowels is written y: leyó"
      case .iAbsorbed: "an unstressed i is absorbed after ll, ñ, ch: gruñó"
      case .accent: "a written accent the rules of stress put or take away: leíste"
      default: "a spelling rule where stem and ending meet"
      }
    return GrammarRule(id: "spelling.\(slug(pattern))", name: name, kind: .spelling)
  }

  static func stemChange(_ pattern: Change.Pattern, unstressed: Bool = false) -> GrammarRule {
    if unstressed {
      let example = pattern == .eToI ? "sintió, pidamos" : "durmió, durmiendo"
      return GrammarRule(
        id: "stem.\(slug(pattern)).unstressed",
        name: "\(pattern.rawValue) in -ir stems where no stressed i follows: \(example)", kind: .stemChange)
    }
    let name: String =
      switch pattern {
      case .eToIe: "e → ie in the stressed stem: pienso"
      case .oToUe: "o → ue in the stressed stem: vuelvo"
      case .eToI: "e → i in the stressed stem: pido"
      case .uToUe: "u → ue in the stressed stem: juego"
      case .iToIe: "i → ie in the stressed stem: adquiero"
      case .oToU: "o → u in the stem: pudrir"
      case .zc: "-zc- before a and o: conozco, conozca"
      case .g: "yo in -go, and the present subjunctive on its stem: tengo, tenga"
      default: "y before an ending that does not begin with i: construyo"
      }
    return GrammarRule(id: "stem.\(slug(pattern))", name: name, kind: .stemChange)
  }

  static func accent(_ pattern: Change.Pattern) -> GrammarRule {
    GrammarRule(
      id: "accent.\(slug(pattern))",
      name: pattern == .iToÍ ? "a written í on the stressed stem: envío, aíslo" : "a written ú on the stressed stem: actúo, reúno",
      kind: .accent)
  }

  static func strongEnding(_ tense: Tense, _ person: Person, afterJ: Bool) -> GrammarRule {
    let person = person == .vos ? Person.tu : person
    return GrammarRule(
      id: "ending.strong\(afterJ ? "-j" : "").\(tense.rawValue).\(person.rawValue)",
      name: "a strong preterite's \(tense.englishName), \(person == .tu ? "tú/vos" : person.shortPronoun)"
        + (afterJ ? ", the i dropped after j: dijeron, trajera" : ": tuve, tuvo"),
      kind: .stem)
  }

  /// The strong preterites by the last letters of their stem: tuv-, estuv-, anduv- share -uv-;
  /// conduj-, produj- -uj-.
  static func preteriteStem(_ stem: [UInt8]?, model: String) -> GrammarRule {
    guard let stem, stem.count >= 2 else {
      return GrammarRule(id: "preterite-stem.\(model)", name: "\(model)'s strong preterite", kind: .stem)
    }
    let key = text(stem.suffix(2))
    return GrammarRule(id: "preterite-stem.\(key)", name: "a strong preterite in -\(key)-: tuve, puse, dije…", kind: .stem)
  }

  /// The irregular futures: a stem that drops the infinitive's vowel (sabr-, podr-), that puts d in
  /// its place (tendr-, saldr-), or the model's own (har-, dir-).
  static func futureStem(_ model: ConjugationModel?, model name: String) -> GrammarRule {
    if let model, let stem = model.compiled.futureStem, model.base.count > 2 {
      let root = Array(model.base.latin1.dropLast(2))
      if stem == root + [Letter.r] {
        return GrammarRule(
          id: "future-stem.drop-vowel", name: "a future stem without the infinitive's vowel: sabré, podré, querré",
          kind: .stem)
      }
      if stem == root + [Letter.d, Letter.r] {
        return GrammarRule(
          id: "future-stem.dr", name: "a future stem with d for the infinitive's vowel: tendré, saldré, pondré",
          kind: .stem)
      }
    }
    return GrammarRule(id: "future-stem.\(name)", name: "\(name)'s own future stem", kind: .stem)
  }

  /// The irregular participles by their ending: -to (puesto, escrito, roto), -cho (hecho, dicho), -so (impreso).
  static func participle(_ form: [UInt8]) -> GrammarRule {
    let word = form.split(separator: Letter.space).last.map(Array.init) ?? form
    let key = word.suffix(3).elementsEqual("cho".latin1) ? "cho" : text(word.suffix(2))
    return GrammarRule(id: "participle.\(key)", name: "an irregular participle in -\(key): puesto, hecho, impreso…", kind: .stem)
  }

  static func presentStem(_ model: String, stem: [UInt8]) -> GrammarRule {
    GrammarRule(id: "present-stem.\(model)", name: "\(model)'s own present stem", kind: .stem)
  }

  static func own(_ model: String, _ tense: Tense?) -> GrammarRule {
    guard let tense else { return GrammarRule(id: "own.\(model)", name: "\(model)'s own forms", kind: .own) }
    return GrammarRule(id: "own.\(model).\(tense.rawValue)", name: "\(model)'s own \(tense.englishName)", kind: .own)
  }
}
