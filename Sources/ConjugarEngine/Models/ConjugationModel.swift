/// A change of the stem's vowel, made to the last occurrence of `vowel` in the stem:
/// c**o**ntar → c**ue**nto, s**e**ntir → s**i**ntió, vac**i**ar → vac**í**o.
struct VowelChange: Sendable, Equatable {
  /// In Latin-1 letters (see `Letter`).
  let vowel: UInt8
  let replacement: [UInt8]

  init(_ vowel: Character, _ replacement: String) {
    self.vowel = String(vowel).latin1[0]
    self.replacement = replacement.latin1
  }

  func apply(to stem: [UInt8]) -> [UInt8] {
    guard let index = stem.lastIndex(of: vowel) else { return stem }
    var replacement = replacement
    // avergonzar → avergüenzo, agorar → agüero: the g keeps its sound before ue.
    if index > 0, stem[index - 1] == Letter.g, replacement.first == Letter.u { replacement[0] = Letter.ü }
    return stem[..<index] + replacement + stem[(index + 1)...]
  }
}

extension [UInt8] {
  /// The word with the last occurrence of `target` replaced, or nil if there is none.
  func replacingLast(_ target: [UInt8], with replacement: [UInt8]) -> [UInt8]? {
    guard !target.isEmpty, target.count <= count else { return nil }
    for end in stride(from: count, through: target.count, by: -1) where self[(end - target.count)..<end].elementsEqual(target) {
      return self[..<(end - target.count)] + replacement + self[end...]
    }
    return nil
  }
}

/// A conjugation model: a paradigm verb of the RAE's tables and how every verb that follows it
/// departs from the regular paradigm of its conjugation.
///
/// Stem-vowel changes are rules, because the vowel stands at a different place in every verb
/// (c-o-ntar, rec-o-rdar). Irregular stems and forms are data, written as replacements of `base`,
/// the ending that all the model's verbs share: tener's `base` is "tener", so its future stem
/// "tendr" gives mantener "mantendr". What is not stated is regular.
struct ConjugationModel: Sendable {
  /// The paradigm verb: "contar".
  var name: String
  /// The ending every verb of the model shares, which the irregular stems below replace.
  var base = ""
  /// Stressed on the stem (presente yo, tú, él, ellos, their subjunctives and the imperative):
  /// cuento, siento, pido, actúo.
  var stressed: VowelChange?
  /// -ir verbs, where no stressed i follows: sintió, sintiendo, sintamos, durmiera.
  var closed: VowelChange?
  /// huir: y before every ending that does not begin with i (huyo, huya, huye).
  var insertsY = false
  /// The stem of the first person of the presente and of the whole presente de subjuntivo,
  /// spelled as before o: teng- (tengo, tenga), conozc-, quep-.
  var presentStem: String?
  /// A strong preterite, stressed on the stem: tuv- (tuve, tuvo, tuvieron).
  var preteriteStem: String?
  /// An irregular stem of the futuro and condicional: tendr-.
  var futureStem: String?
  /// A stem used in every form but the infinitive and participle (podrir: pudro, pudrí).
  var stem: String?
  /// A second stem for the indicative and the imperative where the ending begins with i (podrir:
  /// podrimos, podría, podrió, podrid), never for the subjunctive or the gerund (pudriera, pudriendo).
  var stemBeforeI: String?
  var gerund: String?
  var participle: String?
  /// Whole forms, replacing `base`: ["presente": ["yo": ["estoy"]]].
  var forms: [Tense: [Person: [String]]] = [:]
  /// The imperative of the model's compounds, where it is not the model's own: di, but predice.
  var compoundImperative: String?
  /// Forms that do not exist, whatever the verb's use (balbucir).
  var defective: Defectiveness?
  /// Alternative conjugations the catalog names with "V": yacer's yazgo (1) and yago (2).
  var variants: [Int: ConjugationModel] = [:]

  /// The model as the `Inflector` reads it, made once when the model is.
  private(set) var compiled = Compiled()

  init(_ name: String, base: String = "", _ configure: (inout ConjugationModel) -> Void = { _ in }) {
    self.name = name
    self.base = base
    configure(&self)
    compiled = Compiled(self)
  }

  func variant(_ n: Int, _ change: (inout ConjugationModel) -> Void) -> ConjugationModel {
    var copy = self
    var alternative = self
    alternative.variants = [:]
    change(&alternative)
    alternative.compiled = Compiled(alternative)
    copy.variants[n] = alternative
    return copy
  }

  /// A model's rules with its strings in Latin-1 letters (see `Letter`) and its whole forms indexed
  /// like `FormTable`'s cells: looked up for every cell of every verb, and shared, not copied.
  final class Compiled: Sendable {
    /// The length of `base`, in letters: what a verb keeps before it is its prefix.
    let baseCount: Int
    let stressed: VowelChange?
    let closed: VowelChange?
    let insertsY: Bool
    let presentStem: [UInt8]?
    let preteriteStem: [UInt8]?
    let futureStem: [UInt8]?
    let stem: [UInt8]?
    let stemBeforeI: [UInt8]?
    let gerund: [UInt8]?
    let participle: [UInt8]?
    let compoundImperative: [UInt8]?
    let defective: Defectiveness?
    /// Whether some cells are written out whole (`form`, `compoundImperative`): most models have none.
    let givesForms: Bool
    private let formsByCell: [[[UInt8]]?]

    init() {
      baseCount = 0
      stressed = nil
      closed = nil
      insertsY = false
      presentStem = nil
      preteriteStem = nil
      futureStem = nil
      stem = nil
      stemBeforeI = nil
      gerund = nil
      participle = nil
      compoundImperative = nil
      defective = nil
      givesForms = false
      formsByCell = []
    }

    init(_ model: ConjugationModel) {
      baseCount = model.base.count
      stressed = model.stressed
      closed = model.closed
      insertsY = model.insertsY
      presentStem = model.presentStem?.latin1
      preteriteStem = model.preteriteStem?.latin1
      futureStem = model.futureStem?.latin1
      stem = model.stem?.latin1
      stemBeforeI = model.stemBeforeI?.latin1
      gerund = model.gerund?.latin1
      participle = model.participle?.latin1
      compoundImperative = model.compoundImperative?.latin1
      defective = model.defective
      var cells = [[[UInt8]]?](repeating: nil, count: FormTable.finiteCells)
      for (tense, row) in model.forms {
        for (person, list) in row { cells[FormTable.index(tense, person)] = list.map(\.latin1) }
      }
      formsByCell = cells
      givesForms = !model.forms.isEmpty || model.compoundImperative != nil
    }

    func form(_ tense: Tense, _ person: Person) -> [[UInt8]]? { formsByCell[FormTable.index(tense, person)] }
  }
}
