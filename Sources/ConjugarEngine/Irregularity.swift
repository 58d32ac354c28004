/// Which letters of a form are irregular: those that differ from the form a regular verb of the
/// same conjugation would have (tengo against *teno*: "g"; tuve against *tení*: "uve").
public struct Irregularities: Sendable {
  /// The span of every form, cell after cell (`FormTable`'s numbering): cell c's are
  /// `spans[starts[c]..<starts[c + 1]]`. Two arrays, not one per cell.
  private var spans: [Range<Int>?] = []
  private var starts: [Int] = [0]

  /// `paradigm` compared cell by cell with `regular`, the same verb conjugated regularly: each form
  /// with the regular cell's first, letter by letter (a letter of Spanish is one Character).
  public init(_ paradigm: Paradigm, comparedWith regular: Paradigm) {
    var scratch: [UInt8] = []
    var reference: [UInt8] = []
    spans.reserveCapacity(160)
    starts.reserveCapacity(FormTable.cellCount + 1)
    func compare(_ cell: Int) {
      reference.removeAll(keepingCapacity: true)
      var hasReference = false
      regular.forEachForm(cell, scratch: &scratch) { form in
        if !hasReference { reference += form }
        hasReference = true
      }
      paradigm.forEachForm(cell, scratch: &scratch) { form in
        spans.append(hasReference ? reference.withUnsafeBufferPointer { Self.span(form, $0, space: Letter.space) } : nil)
      }
    }
    // A compound form shares its first words (clitic, haber) with the regular one when haber has
    // one form there, as it has everywhere: then only the participles need comparing.
    var participles: [Range<Int>?] = []
    for participle in paradigm.table.forms(FormTable.participioCell) {
      let form = paradigm.table.form(participle)
      let reference = regular.table.forms(FormTable.participioCell).first.map { regular.table.form($0) }
      participles.append(reference.flatMap { Self.span(form, $0, space: Letter.space) })
    }
    /// The letters before the participle ("me he "), where they are the regular form's too.
    func wordsBeforeParticiple(_ tense: Tense, _ person: Person) -> Int? {
      guard let auxiliary = tense.auxiliaryTense, regular.table.hasCompound(tense, person) else { return nil }
      let haber = paradigm.auxiliary.forms(FormTable.index(auxiliary, person))
      guard haber.count == 1 else { return nil }
      let clitic = paradigm.isPronominal ? person.reflexiveClitic.count + 1 : 0
      return clitic + paradigm.auxiliary.range(ofForm: haber.lowerBound).count + 1
    }
    for tense in Tense.allCases {
      for person in Person.allCases {
        if let words = wordsBeforeParticiple(tense, person) {
          if paradigm.table.hasCompound(tense, person) {
            spans += participles.map { span in span.map { (words + $0.lowerBound)..<(words + $0.upperBound) } }
          }
        } else {
          compare(FormTable.index(tense, person))
        }
        starts.append(spans.count)
      }
    }
    compare(FormTable.gerundioCell)
    starts.append(spans.count)
    spans += participles
    starts.append(spans.count)
  }

  private func spans(_ cell: Int) -> ArraySlice<Range<Int>?> { spans[starts[cell]..<starts[cell + 1]] }

  /// Whether some form of the cell is irregular.
  public func isIrregular(_ tense: Tense, _ person: Person) -> Bool {
    spans(FormTable.index(tense, person)).contains { $0 != nil }
  }

  public var gerundio: [Range<Int>?] { Array(spans(FormTable.gerundioCell)) }
  public var participio: [Range<Int>?] { Array(spans(FormTable.participioCell)) }

  /// The irregular span of each form of the cell, in characters; nil for a regular form.
  public subscript(tense: Tense, person: Person) -> [Range<Int>?] { Array(spans(FormTable.index(tense, person))) }

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
