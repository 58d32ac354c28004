/// Which letters of a form are irregular: those that differ from the form a regular verb of the
/// same conjugation would have (tengo against *teno*: "g"; tuve against *tení*: "uve").
public struct Irregularities: Sendable {
  private let spans: [[Range<Int>?]]
  public let gerundio: [Range<Int>?]
  public let participio: [Range<Int>?]

  /// `paradigm` compared cell by cell with `regular`, the same verb conjugated regularly.
  public init(_ paradigm: Paradigm, comparedWith regular: Paradigm) {
    func compare(_ forms: [String], _ regulars: [String]) -> [Range<Int>?] {
      forms.map { form in regulars.first.flatMap { Self.span(of: form, comparedWith: $0) } }
    }
    spans = Tense.allCases.flatMap { tense in
      Person.allCases.map { person in compare(paradigm[tense, person], regular[tense, person]) }
    }
    gerundio = compare(paradigm.gerundio, regular.gerundio)
    participio = compare(paradigm.participio, regular.participio)
  }

  /// The irregular span of each form of the cell, in characters; nil for a regular form.
  public subscript(tense: Tense, person: Person) -> [Range<Int>?] { spans[FormTable.index(tense, person)] }

  /// The part of `form` between what it shares with `regular` at its start and at its end.
  /// A form that only drops letters (pon against *pone*) is irregular as a whole.
  public static func span(of form: String, comparedWith regular: String) -> Range<Int>? {
    guard form != regular else { return nil }
    let a = Array(form), b = Array(regular)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    let range = prefix..<(a.count - suffix)
    if range.isEmpty {
      // Only letters removed: mark the whole last word (the verb, not "no" or a clitic).
      let start = (a.lastIndex(of: " ").map { $0 + 1 }) ?? 0
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
