/// The progressive: estar in a simple tense and the gerund — estoy hablando, estaba hablando,
/// me estoy lavando (the clitic before estar). Offered beside the paradigm, not in it.
public struct Progressive: Sendable {
  /// The tenses of estar the progressive is formed in: the simple tenses of the indicative and
  /// subjunctive.
  public static let tenses: [Tense] = Tense.allCases.filter { !$0.isCompound && $0.mood != .imperativo }

  /// A column's heading: the subjunctive's tenses say so, for they sit beside the indicative's.
  public static func heading(_ tense: Tense) -> String {
    tense.mood == .subjuntivo ? "subj. \(tense.shortName)" : tense.shortName
  }

  private let forms: [Tense: [Person: [String]]]

  public subscript(tense: Tense, person: Person) -> [String] { forms[tense]?[person] ?? [] }

  /// The progressive of `paradigm`, from `estar`'s forms.
  init(_ paradigm: Paradigm, estar: Paradigm) {
    // A pronominal verb's gerund carries its clitic (lavándose); the progressive wants it bare.
    let gerunds = paradigm.gerundio.map { gerund in
      guard paradigm.isPronominal, gerund.hasSuffix("se") else { return gerund }
      return String(gerund.dropLast(2)).replacingLast("á", with: "a").replacingLast("é", with: "e")
    }
    var forms: [Tense: [Person: [String]]] = [:]
    for tense in Self.tenses {
      for person in Person.allCases {
        let clitic = paradigm.isPronominal ? person.reflexiveClitic + " " : ""
        forms[tense, default: [:]][person] = estar[tense, person].flatMap { estar in
          gerunds.map { clitic + estar + " " + $0 }
        }
      }
    }
    self.forms = forms
  }
}

extension Conjugator {
  /// The progressive forms of `paradigm`.
  public func progressive(of paradigm: Paradigm) -> Progressive {
    Progressive(paradigm, estar: self.paradigm(of: catalog.entry("estar")!))
  }
}

extension String {
  /// The string with the last `character` replaced.
  fileprivate func replacingLast(_ character: Character, with replacement: Character) -> String {
    guard let index = lastIndex(of: character) else { return self }
    var copy = self
    copy.replaceSubrange(index...index, with: String(replacement))
    return copy
  }
}
