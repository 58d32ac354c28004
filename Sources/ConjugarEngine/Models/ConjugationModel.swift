/// A change of the stem's vowel, made to the last occurrence of `vowel` in the stem:
/// c**o**ntar → c**ue**nto, s**e**ntir → s**i**ntió, vac**i**ar → vac**í**o.
struct VowelChange: Sendable, Equatable {
  let vowel: Character
  let replacement: String

  init(_ vowel: Character, _ replacement: String) {
    self.vowel = vowel
    self.replacement = replacement
  }

  func apply(to stem: String) -> String {
    guard let index = stem.lastIndex(of: vowel) else { return stem }
    var replacement = replacement
    // avergonzar → avergüenzo, agorar → agüero: the g keeps its sound before ue.
    if index > stem.startIndex, stem[stem.index(before: index)] == "g", replacement.first == "u" {
      replacement = "ü" + replacement.dropFirst()
    }
    return stem.replacingCharacters(at: index, with: replacement)
  }
}

extension String {
  /// The string with the last occurrence of `target` replaced, or nil if there is none.
  func replacingLast(_ target: String, with replacement: String) -> String? {
    guard !target.isEmpty else { return nil }
    var end = endIndex
    while end >= startIndex {
      let candidate = self[..<end]
      if candidate.hasSuffix(target) {
        let start = index(end, offsetBy: -target.count)
        return String(self[..<start]) + replacement + String(self[end...])
      }
      guard end > startIndex else { break }
      end = index(before: end)
    }
    return nil
  }

  func replacingCharacters(at index: Index, with replacement: String) -> String {
    var copy = self
    copy.replaceSubrange(index...index, with: replacement)
    return copy
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
  /// A second stem for endings that begin with i (podrir: podrimos, podría).
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

  /// `forms`, flat and indexed like `FormTable`: looked up for every cell of every verb.
  private var formsByCell: [[String]?] = []

  init(_ name: String, base: String = "", _ configure: (inout ConjugationModel) -> Void = { _ in }) {
    self.name = name
    self.base = base
    configure(&self)
    indexForms()
  }

  func variant(_ n: Int, _ change: (inout ConjugationModel) -> Void) -> ConjugationModel {
    var copy = self
    var alternative = self
    alternative.variants = [:]
    change(&alternative)
    alternative.indexForms()
    copy.variants[n] = alternative
    return copy
  }

  private mutating func indexForms() {
    formsByCell = [[String]?](repeating: nil, count: Tense.allCases.count * Person.allCases.count)
    for (tense, row) in forms {
      for (person, list) in row { formsByCell[FormTable.index(tense, person)] = list }
    }
  }

  func form(_ tense: Tense, _ person: Person) -> [String]? { formsByCell[FormTable.index(tense, person)] }
}
