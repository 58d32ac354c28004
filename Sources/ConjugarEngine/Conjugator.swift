import Synchronization

/// Conjugates Spanish verbs: those of the catalog by their models (and their pronominal uses,
/// quererse by querer), any other well-formed infinitive like the catalog verb or the family it
/// is plainly a relative of (`Relatives`), or else as a regular verb of its conjugation.
public struct Conjugator: Sendable {
  public let catalog: Catalog
  /// The forms of *haber* that make the compound tenses.
  let haber: FormTable
  /// What `identify` looks forms up in, built as it is needed (shared by the copies of this value).
  let formIndex = FormIndex()
  /// `regularLookingModels()`, worked out once (shared by the copies of this value).
  private let regularLooking = KeptValue<Set<String>>()

  /// Verbs the catalog lists both fully and as defective that the grammar teaches as defective:
  /// for these the defective reading is the verb. For the others (aclarar, parecer, estar) the
  /// defective reading is one use among several and the full paradigm stands; so for abolir, whose
  /// whole paradigm (abolo, abola) the DPD and the DLE accept.
  static let defectiveInUse: Set<String> = ["llover", "nevar", "atañer"]

  public init(catalog: Catalog = Catalog()) {
    self.catalog = catalog
    let model = Models.all["haber"]!
    let haber = Inflector(infinitive: "haber", model: model, choice: ModelChoice(model: "haber"))
    self.haber = haber.simpleTenses()
  }

  /// The whole paradigm of `input`, an infinitive such as "tener", "lavarse" or "googlear".
  /// An input conjugated as another spelling (dár as dar, reir as reír) carries a `note` saying so.
  public func conjugate(_ input: String) throws(InfinitiveError) -> Paradigm {
    let infinitive = try Infinitive.normalize(input)
    var paradigm = resolve(infinitive)
    if !paradigm.known && !Infinitive(infinitive).stemHasVowel { throw InfinitiveError(input: input, reason: .noVowel) }
    let typed = Infinitive.typed(input)
    if paradigm.infinitive != typed {
      func accents(_ text: String) -> Int { text.count { "áéíóú".contains($0) } }  // é or e + ́
      let stray = accents(typed) > accents(paradigm.infinitive)
      paradigm.note =
        "\"\(InfinitiveError.shown(input))\" is conjugated as \(paradigm.infinitive)"
        + (stray ? ": an infinitive has no written accent but on the í of -aír, -eír, -oír (reír, oír)" : "")
    }
    return paradigm
  }

  /// The paradigm of a normalized infinitive: the catalog's, or the best the grammar can say.
  private func resolve(_ infinitive: String) -> Paradigm {
    if let entry = lookUp(infinitive) { return paradigm(of: entry) }
    let verb = Infinitive(infinitive)
    // A catalog verb used pronominally is that verb with the clitics: quererse is querer's
    // quiero, quise with me, te, se; pedirse, pídete.
    if verb.isPronominal, let entry = lookUp(verb.bare) {
      return paradigm(of: entry, as: entry.infinitive + "se")  // oirse: oírse
    }
    // Not in the catalog: a relative of a catalog verb (precalentar: calentar), or of a family
    // (transducir: -ducir), or else a regular verb of its conjugation.
    if let (entry, follows) = relative(of: verb.bare) {
      return Paradigm(
        infinitive: infinitive, translation: nil, model: entry.model, known: false, rank: nil,
        table: forms(of: verb, choices: choices(of: entry).current), auxiliary: haber, follows: follows)
    }
    let family = family(of: verb.bare)
    let model = family?.model ?? verb.conjugation.regularModel
    let table = forms(of: verb, choices: [ModelChoice(model: model)])
    return Paradigm(
      infinitive: infinitive, translation: nil, model: model, known: false, rank: nil, table: table,
      auxiliary: haber, follows: family.map { "-" + $0.ending })
  }

  /// The paradigm of a catalog entry.
  public func paradigm(of entry: Catalog.Entry) -> Paradigm { paradigm(of: entry, as: entry.infinitive) }

  /// `infinitive` conjugated as the catalog conjugates `entry`: the entry itself, or its
  /// pronominal use (quererse by querer), which has the entry's gloss but not its frequency rank.
  func paradigm(of entry: Catalog.Entry, as infinitive: String) -> Paradigm {
    let (current, older) = choices(of: entry)
    let verb = Infinitive(infinitive)
    let table = forms(of: verb, choices: current)
    return Paradigm(
      infinitive: infinitive, translation: entry.gloss, model: entry.model, known: true,
      rank: infinitive == entry.infinitive ? entry.rank : nil, table: table, auxiliary: haber,
      older: older.isEmpty ? nil : forms(of: verb, choices: older))
  }

  /// The ways an entry is conjugated: those shown, and those in the spelling before 2010 (guió,
  /// crié, huí), accepted but not shown (see `Paradigm.olderSpellings`).
  private func choices(of entry: Catalog.Entry) -> (current: [ModelChoice], older: [ModelChoice]) {
    var choices = entry.choices
    if Self.defectiveInUse.contains(entry.infinitive) { choices = choices.filter { $0.defective != nil } }
    let current = choices.filter { !$0.oldMonosyllableAccents }
    return current.isEmpty ? (choices, []) : (current, choices.filter(\.oldMonosyllableAccents))
  }

  /// The same verb conjugated as a regular verb of its conjugation, for comparison.
  public func regularParadigm(of paradigm: Paradigm) -> Paradigm {
    let verb = Infinitive(paradigm.infinitive)
    let model = verb.conjugation.regularModel
    let table = forms(of: verb, choices: [ModelChoice(model: model)])
    return Paradigm(
      infinitive: paradigm.infinitive, translation: nil, model: model, known: false, rank: nil, table: table,
      auxiliary: haber)
  }

  /// `paradigm` as its models make it before the spelling rules (`Inflector.spelling`): busc-é,
  /// cog-o, sigu-o. Not Spanish: the reference that shows which letters those rules wrote.
  func unspelledParadigm(of paradigm: Paradigm) -> Paradigm {
    Paradigm(
      infinitive: paradigm.infinitive, translation: nil, model: paradigm.model, known: false, rank: nil,
      table: forms(of: Infinitive(paradigm.infinitive), choices: modelChoices(of: paradigm), spelling: false),
      auxiliary: haber)
  }

  /// The model choices `paradigm` was conjugated by.
  func modelChoices(of paradigm: Paradigm) -> [ModelChoice] {
    let verb = Infinitive(paradigm.infinitive)
    // A verb conjugated regularly or like a family (`regularParadigm`, googlear, transducir) has its one model.
    guard paradigm.known || paradigm.follows?.first != "-" && paradigm.follows != nil else {
      return [ModelChoice(model: paradigm.model)]
    }
    let entry = paradigm.known ? (lookUp(paradigm.infinitive) ?? lookUp(verb.bare)) : relative(of: verb.bare)?.entry
    return entry.map { choices(of: $0).current } ?? [ModelChoice(model: paradigm.model)]
  }

  /// The catalog's entry for `infinitive`, also when it is written "reir" for "reír".
  private func lookUp(_ infinitive: String) -> Catalog.Entry? {
    catalog.entry(infinitive) ?? alternativeSpelling(of: infinitive)
  }

  /// Accepts "reir" for "reír" and "oirse" for "oírse".
  private func alternativeSpelling(of infinitive: String) -> Catalog.Entry? {
    let verb = Infinitive(infinitive)
    guard verb.bare.hasSuffix("ir") else { return nil }
    let accented = String(verb.bare.dropLast(2)) + "ír" + (verb.isPronominal ? "se" : "")
    return catalog.entry(accented)
  }

  // MARK: Building the table

  private func forms(of verb: Infinitive, choices: [ModelChoice], spelling: Bool = true) -> FormTable {
    var result: FormTable?
    for choice in choices {
      guard var model = Models.all[choice.model] else { continue }
      if let n = choice.variant, let alternative = model.variants[n] { model = alternative }
      let forms = table(verb.bare, model: model, choice: choice, spelling: spelling)
      result = result?.merged(with: forms) ?? forms
    }
    guard let result else { return Self.emptyTable }
    return verb.isPronominal ? Self.withClitics(result) : result
  }

  private static let emptyTable: FormTable = {
    var table = FormTable()
    table.skipCells(to: FormTable.cellCount)
    return table
  }()

  /// Simple tenses, compound tenses and non-finite forms for one model choice.
  private func table(_ infinitive: String, model: ConjugationModel, choice: ModelChoice, spelling: Bool) -> FormTable {
    let inflector = Inflector(infinitive: infinitive, model: model, choice: choice, spelling: spelling)
    let defective = choice.defective ?? model.defective
    var table = inflector.simpleTenses()
    func allows(_ tense: Tense, _ person: Person) -> Bool {
      defective?.allows(tense, person, conjugation: inflector.conjugation) ?? true
    }
    if let defective {
      var kept = FormTable()
      for tense in Tense.simple {
        for person in Person.allCases {
          if defective == .hay && tense == .presente && person == .el {
            kept.append("hay".latin1)
          } else if allows(tense, person) {
            kept.repeatCell(FormTable.index(tense, person), of: table)
          }
          kept.endCell()
        }
      }
      table = kept
    }
    table.skipCells(to: FormTable.gerundioCell)
    if defective?.hasGerund ?? true { table.append(inflector.gerundio) }
    table.endCell()
    if defective?.hasParticiple ?? true {
      for participle in inflector.participio { table.append(participle) }
    }
    table.endCell()
    // Compound tenses are written out only when asked for (see `Paradigm`): here, which exist.
    for tense in Tense.compound {
      for person in Person.allCases where allows(tense, person) { table.allowCompound(tense, person) }
    }
    return table
  }

  private static let se = "se".latin1
  private static let clitics = Person.allCases.map(\.reflexiveClitic.latin1)

  /// Pronominal verbs: me lavo, me he lavado, no te laves; lávate, lavémonos, lavaos; lavándose.
  static func withClitics(_ table: FormTable) -> FormTable {
    var result = FormTable()
    let affirmative = FormTable.index(.imperativoAfirmativo, .yo)..<FormTable.index(.imperativoNegativo, .yo)
    let negative = FormTable.index(.imperativoNegativo, .yo)..<FormTable.index(.perfecto, .yo)
    for cell in 0..<FormTable.cellCount {
      let person = Person.allCases[cell % FormTable.width]
      for n in table.forms(cell) {
        var form = table.form(n)
        // Two forms that differ only in an accent the clitic moves make one (criá, cria: criate).
        if affirmative.contains(cell) {
          result.appendOnce(imperativeWithClitic(Array(form), person))
        } else if cell == FormTable.gerundioCell {
          result.appendOnce(Orthography.enclitic(Array(form), se))
        } else if cell < FormTable.finiteCells {
          if negative.contains(cell) {  // no te laves
            result.write(Inflector.no)
            form = form.dropFirst(Inflector.no.count)
          }
          result.write(clitics[person.index])
          result.write(Letter.space)
          result.write(form)
          result.endForm()
        } else {
          result.append(form)
        }
      }
      result.endCell()
    }
    result.copyCompoundCells(of: table)
    return result
  }

  /// lávate, lavémonos, lavaos; idos.
  private static func imperativeWithClitic(_ form: [UInt8], _ person: Person) -> [UInt8] {
    let clitic = clitics[person.index]
    switch person {
    case .nosotros: return Orthography.enclitic(form, clitic, dropping: form.last == Letter.s)
    case .vosotros where form == [Letter.i, Letter.d]: return "idos".latin1  // irse: idos, not *íos
    case .vosotros: return Orthography.enclitic(form, clitic, dropping: form.last == Letter.d)
    default: return Orthography.enclitic(form, clitic)
    }
  }
}

extension Conjugator {
  /// The models whose verbs show no irregular letter and miss no form: the regular models, and
  /// those whose only changes are spelling rules (sacar: busqué). A verb that follows such models
  /// alone, unmodified and not defective, is regular as a learner counts it.
  /// Worked out at the first call (every model of the catalog conjugated), then kept.
  public func regularLookingModels() -> Set<String> {
    regularLooking.value {
      let models = Set(catalog.entries.flatMap { $0.choices.map(\.model) })
      return models.filter { model in
        guard let paradigm = try? conjugate(model) else { return false }
        return irregularities(of: paradigm).isRegular
      }
    }
  }
}

/// A value worked out at its first read, then kept: shared by the copies of the value holding it.
final class KeptValue<Value: Sendable>: Sendable {
  private let kept = Mutex<Value?>(nil)

  func value(_ make: () -> Value) -> Value {
    kept.withLock { kept in
      if let kept { return kept }
      let made = make()
      kept = made
      return made
    }
  }
}

extension Catalog.Entry {
  /// Whether the verb is regular as a learner counts it, given `regularLookingModels()`.
  public func isRegular(regularLookingModels models: Set<String>) -> Bool {
    !isDefective && choices.allSatisfy { !$0.hasModifiers && models.contains($0.model) }
  }
}
