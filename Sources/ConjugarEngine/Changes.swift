/// The one classification of the letters in which a form departs from a plain regular verb, each
/// with its kind as a grammar book teaches it:
///
/// - a **spelling rule** that every verb obeys, regular ones too (`Orthography.attach`): busqué
///   (c→qu), llegué (g→gu), empecé (z→c), venzo (c→z), cojo (g→j), sigo (gu→g), delinco (qu→c),
///   averigüé (gu→gü), creyó (i→y), plañó (an i absorbed), and written accents (creíste, fie);
/// - a **stem change** stated by the verb's model (`Models`): a vowel of the stressed stem (pienso
///   e→ie, vuelvo o→ue, pido e→i, juego u→ue, adquiero i→ie, vacío i→í) or of the -ir stem where no
///   stressed i follows (sintió e→i, durmió o→u), and stems that add letters (conozco -zc-, tengo
///   -g-, construyo -y-);
/// - **wholly irregular**: a strong preterite (tuve), an irregular future (haré), an irregular
///   participle (hecho), or any other form a model writes whole (soy, fui, quepo, haz).
///
/// Irregular letters are found as `Irregularities` finds them (against the same verb conjugated
/// regularly); spelling-rule letters against the verb's own models conjugated without the spelling
/// rules (*buscé*, *cogo*, *siguo*). The diagnosis of answers and the irregularity groups are read
/// from this classification.
public struct Change: Sendable, Hashable {
  public enum Kind: String, Sendable, CaseIterable {
    case spelling
    case stemChange = "stem-change"
    case irregular
  }

  /// What changed, as a grammar names it. The raw value is the name shown to learners.
  public enum Pattern: String, Sendable, CaseIterable {
    // Spelling rules.
    case cToQu = "c→qu", gToGu = "g→gu", zToC = "z→c", cToZ = "c→z", gToJ = "g→j", guToG = "gu→g"
    case quToC = "qu→c", guToGü = "gu→gü", iToY = "i→y", iAbsorbed = "i absorbed"
    /// A written accent put or taken away by the rules of stress: creíste, fie (not fié).
    case accent
    /// A spelling rule's work that is none of the above alone.
    case otherSpelling = "spelling"
    // Stem changes.
    case eToIe = "e→ie", oToUe = "o→ue", eToI = "e→i", uToUe = "u→ue", iToIe = "i→ie", oToU = "o→u"
    case iToÍ = "i→í", uToÚ = "u→ú"
    case zc = "-zc-", g = "-g-", y = "-y-"
    // Wholly irregular.
    case strongPreterite = "strong preterite", irregularFuture = "irregular future"
    case irregularParticiple = "irregular participle", irregular

    public var kind: Kind {
      switch self {
      case .cToQu, .gToGu, .zToC, .cToZ, .gToJ, .guToG, .quToC, .guToGü, .iToY, .iAbsorbed, .accent, .otherSpelling:
        .spelling
      case .eToIe, .oToUe, .eToI, .uToUe, .iToIe, .oToU, .iToÍ, .uToÚ, .zc, .g, .y: .stemChange
      case .strongPreterite, .irregularFuture, .irregularParticiple, .irregular: .irregular
      }
    }

    /// The spelling rules as the letters a stem and an ending meet with and the letters written
    /// instead: sac + é → saqué is c → qu. Tried in this order.
    static let spellingRules: [(pattern: Pattern, from: [UInt8], to: [UInt8])] = {
      let rules: [(Pattern, String, String)] = [
        (.cToQu, "c", "qu"), (.gToGu, "g", "gu"), (.zToC, "z", "c"), (.cToZ, "c", "z"), (.gToJ, "g", "j"),
        (.guToG, "gu", "g"), (.quToC, "qu", "c"), (.guToGü, "gu", "gü"), (.iToY, "i", "y"), (.iAbsorbed, "i", ""),
      ]
      return rules.map { ($0.0, $0.1.latin1, $0.2.latin1) }
    }()

    /// The stem change a model's `VowelChange` makes, its spelling aside: an initial ie is written
    /// ye (yerro), an initial ue hue (huelo), and ue after g güe (avergüenzo); río's accent marks
    /// the hiatus of e → i.
    init?(_ change: VowelChange) {
      if change.replacement == [Letter.í] && change.vowel == Letter.i {
        self = .iToÍ
        return
      }
      if change.replacement == [Letter.ú] && change.vowel == Letter.u {
        self = .uToÚ
        return
      }
      var replacement = Orthography.withoutAccents(change.replacement).map { $0 == Letter.ü ? Letter.u : $0 }
      if replacement.first == UInt8(ascii: "h") { replacement.removeFirst() }
      if replacement.first == Letter.y { replacement[0] = Letter.i }
      switch (change.vowel, String(decoding: replacement, as: UTF8.self)) {
      case (Letter.e, "ie"): self = .eToIe
      case (Letter.o, "ue"): self = .oToUe
      case (Letter.e, "i"): self = .eToI
      case (Letter.u, "ue"): self = .uToUe
      case (Letter.i, "ie"): self = .iToIe
      case (Letter.o, "u"): self = .oToU
      default: return nil
      }
    }

    /// Whether the rule changes letters, not only a written accent.
    var changesLetters: Bool { kind == .spelling && self != .accent }
  }

  public let pattern: Pattern
  /// The letters of the form it concerns, counted in characters.
  public let span: Range<Int>
  public var kind: Kind { pattern.kind }

  public init(_ pattern: Pattern, span: Range<Int>) {
    self.pattern = pattern
    self.span = span
  }
}

/// The classified changes of every form of a paradigm (see `Change`): a few cells of many verbs
/// are asked about, so each cell is classified when asked for.
public struct Changes: Sendable {
  let irregularities: Irregularities
  let paradigm: Paradigm
  let regular: Paradigm
  let unspelled: Paradigm
  let facts: ModelFacts

  /// The changes of each form of the cell, in the order of its forms.
  public subscript(tense: Tense, person: Person) -> [[Change]] { changes(FormTable.index(tense, person)) }
  public var gerundio: [[Change]] { changes(FormTable.gerundioCell) }
  public var participio: [[Change]] { changes(FormTable.participioCell) }

  /// The changes of the first form of a cell, for what is asked about the verb as a whole.
  func firstFormChanges(_ cell: Int) -> [Change] {
    classify(cell, form: 0)
  }

  private func changes(_ cell: Int) -> [[Change]] {
    var count = 0
    var scratch: [UInt8] = []
    paradigm.forEachForm(cell, scratch: &scratch) { _ in count += 1 }
    return (0..<count).map { classify(cell, form: $0) }
  }

  /// The letters of form `n` of a cell of `paradigm`.
  private func letters(_ paradigm: Paradigm, _ cell: Int, _ n: Int) -> [UInt8]? {
    var scratch: [UInt8] = []
    var found: [UInt8]?
    var i = 0
    paradigm.forEachForm(cell, scratch: &scratch) { form in
      if i == n { found = Array(form) }
      i += 1
    }
    return found
  }

  private func classify(_ cell: Int, form n: Int) -> [Change] {
    guard let form = letters(paradigm, cell, n) else { return [] }
    var result: [Change] = []
    let isCompound = cell >= FormTable.index(.perfecto, .yo) && cell < FormTable.finiteCells
    // Spelling: against the same models without the spelling rules, the form of the same rank.
    if let unspelled = letters(unspelled, cell, n) ?? letters(unspelled, cell, 0), unspelled != form {
      result.append(Self.spellingChange(form, unspelled))
    }
    // Irregular letters: against the regular verb, as `Irregularities` marks them.
    if let span = irregularities.spans(cell).dropFirst(n).first ?? nil,
      let reference = letters(regular, cell, 0)
    {
      result.append(Change(pattern(of: form, reference, cell: isCompound ? FormTable.participioCell : cell), span: span))
    }
    return result
  }

  /// What made `form` differ from `reference`, the regular verb's form of `cell`.
  private func pattern(of form: [UInt8], _ reference: [UInt8], cell: Int) -> Change.Pattern {
    for change in facts.vowelChanges {
      guard let pattern = Change.Pattern(change) else { continue }
      var replacements = [change.replacement]
      if change.replacement.first == Letter.u { replacements.append([Letter.ü] + change.replacement.dropFirst()) }
      for replacement in replacements {
        if Self.substitution([change.vowel], replacement, in: form, reference: reference) != nil
          || Self.substitution(
            [change.vowel], Self.folded(replacement), in: Self.folded(form), reference: Self.folded(reference)) != nil
        {
          return pattern
        }
      }
    }
    if facts.insertsY, Self.substitution([], [Letter.y], in: form, reference: reference) != nil { return .y }
    let word = form.split(separator: Letter.space).last.map(Array.init) ?? form
    for stem in facts.presentStems where word.starts(with: stem) {
      if stem.suffix(2).elementsEqual([Letter.z, Letter.c]) { return .zc }
      return stem.last == Letter.g ? .g : .irregular
    }
    switch cell {
    case FormTable.participioCell: if facts.participle { return .irregularParticiple }
    case FormTable.gerundioCell: break
    default:
      switch Tense.allCases[cell / FormTable.width] {
      case .preterito, .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo:
        if facts.strongPreterite { return .strongPreterite }
      case .futuro, .condicional:
        if facts.irregularFuture { return .irregularFuture }
      default: break
      }
    }
    return .irregular
  }

  /// The spelling rule that wrote `form` where its stem and ending meet as `unspelled`.
  static func spellingChange(_ form: [UInt8], _ unspelled: [UInt8]) -> Change {
    for rule in Change.Pattern.spellingRules {
      if let span = substitution(rule.from, rule.to, in: form, reference: unspelled) { return Change(rule.pattern, span: span) }
    }
    let (a, b) = (folded(form), folded(unspelled))
    if a == b {
      let differing = form.indices.filter { form[$0] != unspelled[$0] }
      return Change(.accent, span: differing.first!..<(differing.last! + 1))
    }
    for rule in Change.Pattern.spellingRules {
      if let span = substitution(rule.from, rule.to, in: a, reference: b) { return Change(rule.pattern, span: span) }
    }
    return Change(.otherSpelling, span: Irregularities.span(form, unspelled, space: Letter.space) ?? 0..<form.count)
  }

  /// Lower-case letters without written accents or diaeresis (ñ kept).
  static func folded(_ word: [UInt8]) -> [UInt8] {
    word.map { $0 == Letter.ü ? Letter.u : Orthography.withoutAccent($0) }
  }

  /// Where `form` is `reference` with `from` written `to`, looking at the letters where the two
  /// differ and up to two letters around them (sigo and *siguo* differ in u, explained by gu → g):
  /// the range of `to` in `form`, or nil.
  static func substitution(_ from: [UInt8], _ to: [UInt8], in form: [UInt8], reference: [UInt8]) -> Range<Int>? {
    let (a, r) = (form, reference)
    guard a != r else { return nil }
    var prefix = 0
    while prefix < a.count, prefix < r.count, a[prefix] == r[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < r.count - prefix, a[a.count - 1 - suffix] == r[r.count - 1 - suffix] {
      suffix += 1
    }
    for left in 0...min(prefix, 2) {
      for right in 0...min(suffix, 2) {
        let start = prefix - left
        let window = start..<(a.count - suffix + right)
        if r[start..<(r.count - suffix + right)].elementsEqual(from), a[window].elementsEqual(to) { return window }
      }
    }
    return nil
  }
}

/// What a paradigm's models state, as the classification reads it.
struct ModelFacts: Sendable {
  var vowelChanges: [VowelChange] = []
  var insertsY = false
  /// The present stems, written for this verb (conozc-, teng-, mantengo's manteng-).
  var presentStems: [[UInt8]] = []
  var strongPreterite = false
  var irregularFuture = false
  var participle = false

  init(infinitive: String, choices: [ModelChoice]) {
    let bare = Infinitive(infinitive).bare
    for choice in choices {
      guard var model = Models.all[choice.model] else { continue }
      if let n = choice.variant, let alternative = model.variants[n] { model = alternative }
      let compiled = model.compiled
      vowelChanges += [compiled.stressed, compiled.closed].compactMap { $0 }.filter { !vowelChanges.contains($0) }
      insertsY = insertsY || compiled.insertsY
      if let stem = compiled.presentStem {
        presentStems.append(Inflector(infinitive: bare, model: model, choice: choice).fromBase(stem))
      }
      strongPreterite = strongPreterite || compiled.preteriteStem != nil
      irregularFuture = irregularFuture || compiled.futureStem != nil
      participle = participle || compiled.participle != nil || choice.participle != nil
    }
  }
}

extension Conjugator {
  /// The classified changes of every form of `paradigm` (see `Change`).
  public func changes(of paradigm: Paradigm) -> Changes {
    let regular = regularParadigm(of: paradigm)
    return Changes(
      irregularities: Irregularities(paradigm, comparedWith: regular), paradigm: paradigm, regular: regular,
      unspelled: unspelledParadigm(of: paradigm),
      facts: ModelFacts(infinitive: paradigm.infinitive, choices: modelChoices(of: paradigm)))
  }
}
