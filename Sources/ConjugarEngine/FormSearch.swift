extension Conjugator {
  /// `error` saying more where it can: an input that does not end as an infinitive may be a form
  /// of one ("tengo" is a form of tener). Searching takes some milliseconds, so `conjugate` does
  /// not, and a program that reports the error to a person asks for it.
  public func explained(_ error: InfinitiveError) -> InfinitiveError {
    guard error.reason == .ending else { return error }
    let verbs = verbs(havingForm: Infinitive.typed(error.input))
    return verbs.isEmpty ? error : InfinitiveError(input: error.input, reason: .formOf(verbs))
  }

  /// Verbs some of whose forms begin with another letter than their infinitive (eres, voy, quepo,
  /// huelo, yerro, yergo): the search for a form looks at these whatever the letter.
  /// `CatalogTests` checks that the list is complete.
  static let otherInitials: Set<String> = ["ser", "ir", "irse", "caber", "oler", "olerse", "errar", "errarse", "erguir", "erguirse"]

  /// The catalog verbs of which `word` is a simple form, a gerund or a participle (accents aside:
  /// "tuve" and "tuvé" both find tener), the most frequent first, at most three. For an error
  /// message: it conjugates the verbs that begin with the word's letter, a few thousand at most.
  func verbs(havingForm word: String) -> [InfinitiveError.FormOf] {
    guard word.unicodeScalars.allSatisfy({ $0.value < 0x100 }) else { return [] }
    let target = Orthography.withoutAccents(word.latin1)
    guard let initial = target.first else { return [] }
    // A pronominal verb's one-word forms have the pronoun after them: lávate, vámonos, lavándose.
    let enclitic = Infinitive.reflexivePronouns.contains { word.hasSuffix($0) }
    var found: [(entry: Catalog.Entry, cell: String)] = []
    for entry in catalog.entries where !entry.isPronominal || enclitic {
      guard Orthography.withoutAccent(entry.infinitive.unicodeScalars.first.map { UInt8($0.value) } ?? 0) == initial
        || Self.otherInitials.contains(entry.infinitive)
      else { continue }
      if let cell = paradigm(of: entry).cell(holding: target) { found.append((entry, cell)) }
    }
    found.sort { ($0.entry.rank ?? .max, $0.entry.infinitive) < ($1.entry.rank ?? .max, $1.entry.infinitive) }
    return found.prefix(3).map { InfinitiveError.FormOf(infinitive: $0.entry.infinitive, cell: $0.cell) }
  }
}

extension Paradigm {
  /// The first simple cell, gerund or participle with a form that is `target` but for accents
  /// (`target` has none), named for a message: "presente, yo", "gerundio".
  func cell(holding target: [UInt8]) -> String? {
    table.letters.withUnsafeBufferPointer { letters -> String? in
      func holds(_ cell: Int) -> Bool {
        table.forms(cell).contains { n in
          let range = table.range(ofForm: n)
          guard range.count == target.count else { return false }
          return zip(letters[range], target).allSatisfy { Orthography.withoutAccent($0) == $1 }
        }
      }
      for tense in Tense.simple {
        for person in Person.allCases where holds(FormTable.index(tense, person)) {
          return "\(tense.spanishName), \(tense.mood == .imperativo ? person.imperativePronoun : person.pronoun)"
        }
      }
      if holds(FormTable.gerundioCell) { return "gerundio" }
      if holds(FormTable.participioCell) { return "participio" }
      return nil
    }
  }
}
