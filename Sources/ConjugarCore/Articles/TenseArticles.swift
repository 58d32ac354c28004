import ConjugarEngine

/// A short article on one tense, for learners: what it expresses, how it is formed, and a few
/// example sentences with translations. Written for this app, in our own words.
public struct TenseArticle: Sendable, Equatable {
  public struct Example: Sendable, Equatable {
    public let spanish: String
    public let english: String
  }

  public let tense: Tense
  /// What the tense expresses, in one or two short paragraphs.
  public let uses: String
  /// How it is formed, regular endings and the main irregular patterns.
  public let formation: String
  public let examples: [Example]
}

public enum TenseArticles {
  public static func article(for tense: Tense) -> TenseArticle? { all.first { $0.tense == tense } }

  /// One article per tense, in the order of `Tense.allCases`.
  public static let all: [TenseArticle] = [
    TenseArticle(
      tense: .presente,
      uses: """
        What happens now, what happens usually, and what is true in general. It also tells of the \
        near future when the time is clear from the sentence.
        """,
      formation: """
        Take the stem (habl-, com-, viv-) and add -o, -as, -a, -amos, -áis, -an for -ar verbs; \
        -o, -es, -e, -emos, -éis, -en for -er; -o, -es, -e, -imos, -ís, -en for -ir. Vos takes \
        -ás, -és, -ís. Many common verbs change their stem vowel when it is stressed (quiero, \
        puedo, pido) or add a consonant in the first person (tengo, conozco).
        """,
      examples: [
        .init(spanish: "Hablo español con mis vecinos.", english: "I speak Spanish with my neighbours."),
        .init(spanish: "El tren sale a las ocho.", english: "The train leaves at eight."),
      ]),
  ]
}
