/// Which letters of a form are irregular: those that differ from the form a regular verb of the
/// same conjugation would have (tengo against *teno*: "g"; tuve against *tení*: "uve").
public struct Irregularities: Sendable {
  private let paradigm: Paradigm
  private let regular: Paradigm

  /// `paradigm` compared with `regular`, the same verb conjugated regularly: each form with the
  /// regular cell's first, letter by letter (a letter of Spanish is one Character). The comparing
  /// is done when a cell is asked for: a quiz asks about a few cells of many verbs.
  public init(_ paradigm: Paradigm, comparedWith regular: Paradigm) {
    self.paradigm = paradigm
    self.regular = regular
  }

  /// The irregular span of each form of the cell, in characters; nil for a regular form.
  public subscript(tense: Tense, person: Person) -> [Range<Int>?] { spans(FormTable.index(tense, person)) }
  public var gerundio: [Range<Int>?] { spans(FormTable.gerundioCell) }
  public var participio: [Range<Int>?] { spans(FormTable.participioCell) }

  /// Whether the verb is regular as a learner counts it: no irregular letter in any form, and no
  /// form missing where a regular verb has one (a defective verb is not regular). Spelling rules
  /// (busqué, llegué) are not irregularities.
  public var isRegular: Bool {
    for tense in Tense.allCases where !tense.isCompound {
      for person in Person.allCases {
        let cell = FormTable.index(tense, person)
        if paradigm.table.forms(cell).isEmpty != regular.table.forms(cell).isEmpty || isIrregular(tense, person) {
          return false
        }
      }
    }
    return paradigm.gerundio.count == regular.gerundio.count && paradigm.participio.count == regular.participio.count
      && !gerundio.contains { $0 != nil } && !participio.contains { $0 != nil }
  }

  /// Whether some form of the cell is irregular (differs from the regular one).
  public func isIrregular(_ tense: Tense, _ person: Person) -> Bool {
    guard !tense.isCompound else { return self[tense, person].contains { $0 != nil } }
    let cell = FormTable.index(tense, person)
    guard let first = regular.table.forms(cell).first else { return false }
    return paradigm.table.letters.withUnsafeBufferPointer { letters in
      regular.table.letters.withUnsafeBufferPointer { regularLetters in
        let reference = UnsafeBufferPointer(rebasing: regularLetters[regular.table.range(ofForm: first)])
        return paradigm.table.forms(cell).contains { n in
          !UnsafeBufferPointer(rebasing: letters[paradigm.table.range(ofForm: n)]).elementsEqual(reference)
        }
      }
    }
  }

  func spans(_ cell: Int) -> [Range<Int>?] {
    // A compound form shares its first words (clitic, haber) with the regular one when haber has
    // one form there, as it has everywhere: then only the participles need comparing.
    if cell >= FormTable.index(.perfecto, .yo), cell < FormTable.finiteCells {
      let tense = Tense.allCases[cell / FormTable.width], person = Person.allCases[cell % FormTable.width]
      let haber = paradigm.auxiliary.forms(FormTable.index(tense.auxiliaryTense!, person))
      if haber.count == 1, regular.table.hasCompound(tense, person) {
        guard paradigm.table.hasCompound(tense, person) else { return [] }
        let clitic = paradigm.isPronominal ? person.reflexiveClitic.count + 1 : 0
        let words = clitic + paradigm.auxiliary.range(ofForm: haber.lowerBound).count + 1
        return spans(FormTable.participioCell).map { span in span.map { (words + $0.lowerBound)..<(words + $0.upperBound) } }
      }
      var scratch: [UInt8] = []
      var reference: [UInt8]?
      regular.forEachForm(cell, scratch: &scratch) { form in reference = reference ?? Array(form) }
      var spans: [Range<Int>?] = []
      paradigm.forEachForm(cell, scratch: &scratch) { form in
        spans.append(reference?.withUnsafeBufferPointer { Self.span(form, $0, space: Letter.space) })
      }
      return spans
    }
    let forms = paradigm.table.forms(cell)
    guard let first = regular.table.forms(cell).first else { return Array(repeating: nil, count: forms.count) }
    return paradigm.table.letters.withUnsafeBufferPointer { letters in
      regular.table.letters.withUnsafeBufferPointer { regularLetters in
        let reference = UnsafeBufferPointer(rebasing: regularLetters[regular.table.range(ofForm: first)])
        return forms.map { n in
          Self.span(UnsafeBufferPointer(rebasing: letters[paradigm.table.range(ofForm: n)]), reference, space: Letter.space)
        }
      }
    }
  }

  /// The part of `form` between what it shares with `regular` at its start and at its end.
  /// A form that only drops letters (pon against *pone*) is irregular as a whole.
  public static func span(of form: String, comparedWith regular: String) -> Range<Int>? {
    span(Array(form), Array(regular), space: " ")
  }

  static func span<Letters: RandomAccessCollection>(_ a: Letters, _ b: Letters, space: Letters.Element) -> Range<Int>?
  where Letters.Element: Equatable, Letters.Index == Int {
    guard !a.elementsEqual(b) else { return nil }
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[a.startIndex + prefix] == b[b.startIndex + prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.endIndex - 1 - suffix] == b[b.endIndex - 1 - suffix]
    {
      suffix += 1
    }
    let range = prefix..<(a.count - suffix)
    if range.isEmpty {
      // Only letters removed: mark the whole last word (the verb, not "no" or a clitic).
      let start = (a.lastIndex(of: space).map { $0 - a.startIndex + 1 }) ?? 0
      return start..<a.count
    }
    return range
  }
}

extension Conjugator {
  /// The irregular letters of every form of `paradigm`.
  public func irregularities(of paradigm: Paradigm) -> Irregularities {
    Irregularities(paradigm, comparedWith: regularParadigm(of: paradigm))
  }
}
