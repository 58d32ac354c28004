/// Which letters of a form are irregular: those that differ from the form a regular verb of the
/// same conjugation would have (tengo against *teno*: "g"; tuve against *tení*: "uve").
public struct Irregularities: Sendable {
  private let spans: [[Range<Int>?]]
  public let gerundio: [Range<Int>?]
  public let participio: [Range<Int>?]

  /// `paradigm` compared cell by cell with `regular`, the same verb conjugated regularly: each form
  /// with the regular cell's first, letter by letter (a letter of Spanish is one Character).
  public init(_ paradigm: Paradigm, comparedWith regular: Paradigm) {
    var scratch: [UInt8] = []
    var reference: [UInt8] = []
    func compare(_ cell: Int) -> [Range<Int>?] {
      reference.removeAll(keepingCapacity: true)
      var hasReference = false
      regular.forEachForm(cell, scratch: &scratch) { form in
        if !hasReference { reference += form }
        hasReference = true
      }
      var spans: [Range<Int>?] = []
      paradigm.forEachForm(cell, scratch: &scratch) { form in
        spans.append(hasReference ? reference.withUnsafeBufferPointer { Self.span(form, $0, space: Letter.space) } : nil)
      }
      return spans
    }
    // A compound form shares its first words (clitic, haber) with the regular one when haber has
    // one form there, as it has everywhere: then only the participles need comparing.
    let participles = compare(FormTable.participioCell)
    func compareCompound(_ tense: Tense, _ person: Person) -> [Range<Int>?] {
      let cell = FormTable.index(tense, person)
      let haber = paradigm.auxiliary.forms(FormTable.index(tense.auxiliaryTense!, person))
      guard haber.count == 1, regular.table.hasCompound(tense, person) else { return compare(cell) }
      guard paradigm.table.hasCompound(tense, person) else { return [] }
      var words = paradigm.auxiliary.range(ofForm: haber.lowerBound).count + 1
      if paradigm.isPronominal { words += person.reflexiveClitic.count + 1 }
      return participles.map { span in span.map { (words + $0.lowerBound)..<(words + $0.upperBound) } }
    }
    spans = Tense.allCases.flatMap { tense in
      Person.allCases.map { person in tense.isCompound ? compareCompound(tense, person) : compare(FormTable.index(tense, person)) }
    }
    gerundio = compare(FormTable.gerundioCell)
    participio = participles
  }

  /// The irregular span of each form of the cell, in characters; nil for a regular form.
  public subscript(tense: Tense, person: Person) -> [Range<Int>?] { spans[FormTable.index(tense, person)] }

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
