/// What an answer to "VERB, TENSE, PERSON" is, and, when it is wrong, the mistake named: the one
/// function behind the quiz, review, drills and `conjugar check`. Pure: the answer, the verb's
/// paradigm and the cell asked for are all it reads.
public struct Diagnosis: Sendable, Equatable {
  public enum Verdict: String, Sendable, CaseIterable {
    /// An accepted form, letter for letter (case, spaces, a `no` left out of the negative
    /// imperative and the asked person's subject pronoun aside).
    case correct
    /// Right but for written accents or a diaeresis: partial credit. Never when the answer as
    /// written is another form of the verb (hablo for habló is the present).
    case accentsOnly = "accents-only"
    case wrong
  }

  /// The kinds of mistake. The raw value is the code `conjugar check` prints.
  public enum Code: String, Sendable, CaseIterable {
    /// The verb in another tense or person (`reading` says which).
    case otherForm = "other-form"
    /// What a regular verb would give where this one is irregular: teno, conoco, haceré.
    case regularized
    /// The stem left unchanged where it changes: penso, dormió, cerran.
    case stemChangeMissed = "stem-change-missed"
    /// The stem changed where it does not: piensamos.
    case stemChangeNotHere = "stem-change-not-here"
    /// A spelling rule not applied (`rule` names it): buscé, llegé, empezé, siguo.
    case spellingRule = "spelling-rule"
    /// One letter from an expected form.
    case typo
    /// Only written accents differ.
    case accents
  }

  public let verdict: Verdict
  /// The accepted forms, preferred first.
  public let expected: [String]
  public let codes: [Code]
  /// The tense and person of which the answer is a form, for `other-form`.
  public let reading: (tense: Tense, person: Person)?
  /// The spelling rule or stem change concerned, for `spelling-rule`, `stem-change-missed` and
  /// `stem-change-not-here`.
  public let rule: Change.Pattern?
  /// One sentence for the learner.
  public let message: String

  public static func == (a: Diagnosis, b: Diagnosis) -> Bool {
    a.verdict == b.verdict && a.expected == b.expected && a.codes == b.codes && a.rule == b.rule
      && a.message == b.message && a.reading?.tense == b.reading?.tense && a.reading?.person == b.reading?.person
  }

  // MARK: Comparing answers

  /// The verdict on `answer` among `accepted`, without the verb: what no paradigm is needed for.
  /// (The accents-only verdict then holds even where the answer is another form of the verb.)
  public static func verdict(of answer: String, accepted: [String]) -> Verdict {
    let given = answerAsGiven(answer, accepted: accepted)
    guard !given.isEmpty else { return .wrong }
    let forms = accepted.map(normalized)
    if forms.contains(given) { return .correct }
    let folded = withoutAccents(given)
    return forms.contains { withoutAccents($0) == folded } ? .accentsOnly : .wrong
  }

  /// Lower case, inner spaces collapsed, surrounding spaces trimmed.
  public static func normalized(_ text: String) -> String {
    text.lowercased().split(whereSeparator: isSpace).joined(separator: " ")
  }

  /// The answer normalized, with the `no` the prompt shows (`no ___`) put back when the learner
  /// left it out.
  static func answerAsGiven(_ answer: String, accepted: [String]) -> String {
    let given = normalized(answer)
    guard !given.isEmpty, !withoutAccents(given).hasPrefix("no "), !accepted.isEmpty,
      accepted.allSatisfy({ normalized($0).hasPrefix("no ") })
    else { return given }
    return "no " + given
  }

  /// White space and nothing else. (`Character.isWhitespace` looks at the first scalar only, so a
  /// space carrying a combining accent, " \u{301}", would count as a space and an answer of it
  /// as blank, unequal even to itself.)
  static func isSpace(_ character: Character) -> Bool {
    character.isWhitespace && character.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// Without acute accents or diaeresis: "averigüé" and "averigue" are the same letters.
  /// ñ is a letter of its own, not an n with an accent, so it stays.
  public static func withoutAccents(_ text: String) -> String {
    String(
      text.map { c -> Character in
        switch c {
        case "á": "a"
        case "é": "e"
        case "í": "i"
        case "ó": "o"
        case "ú", "ü": "u"
        default: c
        }
      })
  }

  /// The subject pronouns a learner may type before the form of each person ("él tiene").
  static func subjectPronouns(_ person: Person) -> [String] {
    switch person {
    case .yo: ["yo"]
    case .tu: ["tú", "tu"]
    case .vos: ["vos"]
    case .el: ["él", "el", "ella", "usted", "ud.", "ud"]
    case .nosotros: ["nosotros", "nosotras"]
    case .vosotros: ["vosotros", "vosotras"]
    case .ellos: ["ellos", "ellas", "ustedes", "uds.", "uds"]
    }
  }
}

extension Conjugator {
  /// The diagnosis of `answer` given for `verb` (an infinitive, as `conjugate` takes it) in
  /// `tense` and `person`.
  public func diagnose(answer: String, verb: String, tense: Tense, person: Person) throws(InfinitiveError) -> Diagnosis {
    diagnose(answer: answer, paradigm: try conjugate(verb), tense: tense, person: person)
  }

  /// The diagnosis of `answer` for a cell of `paradigm`.
  public func diagnose(answer: String, paradigm: Paradigm, tense: Tense, person: Person) -> Diagnosis {
    let accepted = paradigm.accepted(tense, person)
    let shown = accepted.first ?? ""
    var given = Diagnosis.answerAsGiven(answer, accepted: accepted)
    // A subject pronoun typed first: the asked person's is no mistake; another's is left out to
    // say which form the rest is.
    var otherPronoun = false
    if let space = given.firstIndex(of: " ") {
      let first = String(given[..<space])
      if Person.allCases.contains(where: { Diagnosis.subjectPronouns($0).contains(first) }) {
        otherPronoun = !Diagnosis.subjectPronouns(person).contains(first)
        given = Diagnosis.answerAsGiven(String(given[space...]), accepted: accepted)
      }
    }
    func result(_ verdict: Diagnosis.Verdict, _ codes: [Diagnosis.Code], _ message: String,
      reading: (Tense, Person)? = nil, rule: Change.Pattern? = nil) -> Diagnosis {
      Diagnosis(verdict: verdict, expected: accepted, codes: codes, reading: reading, rule: rule, message: message)
    }
    guard !accepted.isEmpty else {
      return result(.wrong, [], "\(paradigm.infinitive) has no form for \(Self.cellName(tense, person)).")
    }
    guard !given.isEmpty else { return result(.wrong, [], "The answer is \(shown).") }
    let forms = accepted.map(Diagnosis.normalized)
    if forms.contains(given) && !otherPronoun { return result(.correct, [], "Right: \(given).") }

    // Another form of the verb, as written: the same person first, then the same tense.
    let readings = paradigm.readings(of: given).filter { $0 != (tense, person) }
    let folded = Diagnosis.withoutAccents(given)
    let accentsOnly = forms.contains { Diagnosis.withoutAccents($0) == folded }
    if let other = readings.first(where: { $0.1 == person }) ?? readings.first(where: { $0.0 == tense }) ?? readings.first {
      let name = Self.cellName(other.0, other.1)
      return result(
        .wrong, [.otherForm],
        "\(given) is the \(name) of \(paradigm.infinitive); the \(Self.cellName(tense, person)) is \(shown).",
        reading: other)
    }
    if otherPronoun {
      return result(.wrong, [], "That pronoun is not \(person.label(in: tense)): the answer is \(shown).")
    }
    if accentsOnly {
      return result(.accentsOnly, [.accents], "Only the accents differ: \(shown).")
    }

    // What the changes of the cell explain.
    let changes = changes(of: paradigm)
    let cellChanges = changes[tense, person].first ?? []
    let unspelled = unspelledParadigm(of: paradigm)
    let regular = changes.regular
    let unspelledRegular = unspelledParadigm(of: regular)
    func matches(_ forms: [String]) -> Bool { forms.contains { Diagnosis.withoutAccents(Diagnosis.normalized($0)) == folded } }
    let irregular = cellChanges.first { $0.kind != .spelling }
    let spelling = cellChanges.first { $0.kind == .spelling && $0.pattern.changesLetters }

    if let irregular, matches(regular[tense, person]) || matches(unspelledRegular[tense, person]) {
      var codes: [Diagnosis.Code] = []
      let vowel = irregular.pattern.isVowelChange
      codes.append(vowel ? .stemChangeMissed : .regularized)
      if !matches(regular[tense, person]), spelling != nil { codes.append(.spellingRule) }
      let message =
        vowel
        ? "\(paradigm.infinitive) changes \(irregular.pattern.rawValue.replacingArrow) here: \(shown), not \(given)."
        : "\(given) is what a regular verb would give; \(paradigm.infinitive) is irregular here: \(shown)."
      return result(.wrong, codes, message, rule: vowel ? irregular.pattern : spelling?.pattern)
    }
    for change in changes.facts.vowelChanges {
      guard let pattern = Change.Pattern(change), forms.contains(where: { Self.applying(change, to: $0).contains(folded) })
      else { continue }
      return result(
        .wrong, [.stemChangeNotHere],
        "\(paradigm.infinitive) does not change \(pattern.rawValue.replacingArrow) in this form: \(shown), not \(given).",
        rule: pattern)
    }
    if let spelling, matches(unspelled[tense, person]) {
      return result(
        .wrong, [.spellingRule], "\(shown), not \(given): \(spelling.pattern.explanation).", rule: spelling.pattern)
    }
    if let letters = FormQuery(given)?.letters,
      forms.contains(where: { form in FormQuery(form).map { VerbSearch.editDistance($0.letters, letters, atMost: 1) == 1 } ?? false })
    {
      return result(.wrong, [.typo], "One letter off: \(shown).")
    }
    return result(.wrong, [], "The \(Self.cellName(tense, person)) of \(paradigm.infinitive) is \(shown).")
  }

  /// "pretérito perfecto simple (yo)", "imperativo negativo (usted)".
  static func cellName(_ tense: Tense, _ person: Person) -> String {
    "\(tense.spanishName) (\(tense.mood == .imperativo ? person.imperativePronoun : person.pronoun))"
  }

  /// `form` with `change` made at each place its vowel stands, accents aside: pensamos, e → ie:
  /// piensamos, pensamios.
  static func applying(_ change: VowelChange, to form: String) -> [String] {
    let letters = Array(Diagnosis.withoutAccents(form))
    let vowel = Character(Unicode.Scalar(change.vowel))
    let replacement = Diagnosis.withoutAccents(change.replacement.withUnsafeBufferPointer { String(latin1: $0) })
    return letters.indices.filter { letters[$0] == vowel }.map { i in
      String(letters[..<i]) + replacement + String(letters[(i + 1)...])
    }
  }
}

extension Paradigm {
  /// The cells of which `answer` (normalized) is a form as written, in the tables' order.
  func readings(of answer: String) -> [(Tense, Person)] {
    guard let query = FormQuery(answer) else { return [] }
    var cells: [(Tense, Person)] = []
    match([(query, 0)]) { _, cell, _, exact in
      guard exact, cell < FormTable.finiteCells else { return }
      let reading = (Tense.allCases[cell / FormTable.width], Person.allCases[cell % FormTable.width])
      if !cells.contains(where: { $0 == reading }) { cells.append(reading) }
    }
    return cells
  }
}

extension Change.Pattern {
  var isVowelChange: Bool {
    switch self {
    case .eToIe, .oToUe, .eToI, .uToUe, .iToIe, .oToU, .iToÍ, .uToÚ: true
    default: false
    }
  }

  /// The rule in words, for a learner.
  public var explanation: String {
    switch self {
    case .cToQu: "c is written qu before e, to keep its sound"
    case .gToGu: "g is written gu before e, to keep its sound"
    case .zToC: "z is written c before e"
    case .cToZ: "c is written z before a and o, to keep its sound"
    case .gToJ: "g is written j before a and o, to keep its sound"
    case .guToG: "gu is written g before a and o"
    case .quToC: "qu is written c before a and o"
    case .guToGü: "gu is written gü before e, where the u is heard"
    case .iToY: "an unstressed i between vowels is written y"
    case .iAbsorbed: "the i of the ending disappears after ñ, ll and i"
    case .accent: "the written accent follows the rules of stress"
    default: "a spelling rule applies"
    }
  }
}

extension String {
  /// "e→ie" as "e to ie".
  fileprivate var replacingArrow: String {
    split(separator: "→").joined(separator: " to ")
  }
}
