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
  /// huelo, yerro, yergo): the index of forms (`identify`) files their forms under every letter.
  /// `FormSearchTests` checks that the list is complete.
  static let otherInitials: Set<String> = ["ser", "ir", "irse", "caber", "oler", "olerse", "errar", "errarse", "erguir", "erguirse"]

  /// The catalog verbs of which `word` is a form (`identify`: accents aside when it is none as
  /// written, "tuvé" finds tener), each with its first cell, the most frequent first, at most
  /// three. A pronominal verb only for a word that ends in its pronoun (vámonos, lavándose).
  func verbs(havingForm word: String) -> [InfinitiveError.FormOf] {
    let enclitic = Infinitive.reflexivePronouns.contains { word.hasSuffix($0) }
    var found: [InfinitiveError.FormOf] = []
    for reading in identify(word) where !(catalog.entries[reading.entry].isPronominal && !enclitic) {
      guard !found.contains(where: { $0.infinitive == reading.verb }) else { continue }
      found.append(InfinitiveError.FormOf(infinitive: reading.verb, cell: reading.cell.description))
    }
    return Array(found.prefix(3))
  }
}
