/// An infinitive split into what the engine needs: lavarse → lavar, pronominal, first conjugation.
struct Infinitive {
  let full: String
  /// Without the clitic: "lavar".
  let bare: String
  let isPronominal: Bool
  let conjugation: Conjugation

  /// `text` must already be normalized (see `normalize`).
  init(_ text: String) {
    full = text
    isPronominal = text.hasSuffix("rse")
    bare = isPronominal ? String(text.dropLast(2)) : text
    conjugation = Conjugation(rawValue: Orthography.withoutAccent(bare.dropLast().last!))!
  }

  /// The longest Spanish infinitives have about 20 letters (electrocardiografiar); 40 leaves room.
  static let maximumLength = 40
  static let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyzáéíóúüñ")

  /// Trims, lowercases and composes accents; throws a clear error for anything that cannot be an infinitive.
  static func normalize(_ input: String) throws(InfinitiveError) -> String {
    func fail(_ reason: InfinitiveError.Reason) -> InfinitiveError { InfinitiveError(input: input, reason: reason) }
    let trimmed = input.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
    if input.isEmpty { throw fail(.empty) }
    if trimmed.isEmpty { throw fail(.blank) }
    if trimmed.count > maximumLength { throw fail(.tooLong(trimmed.count)) }
    var word = ""
    for character in trimmed {
      let lower = Character(character.lowercased())
      // Canonical equivalence maps a decomposed "e\u{301}" onto the letter "é".
      guard let letter = letters.first(where: { $0 == lower }) else {
        if character.isWhitespace { throw fail(.space) }
        throw fail(.character(character))
      }
      word.append(letter)
    }
    word = withoutStrayAccents(word)
    let bare = word.hasSuffix("rse") ? String(word.dropLast(2)) : word
    guard hasEnding(bare) else {
      if let (verb, pronouns) = splitEnclitics(word) {
        // A reflexive pronoun alone is a pronominal verb's (irme: irse); before a direct object's
        // (dárselo, decírnoslo) it is the indirect object: the verb is the plain one (dar, decir).
        let reflexive = pronouns.count == 1 && reflexivePronouns.contains(pronouns[0])
        throw fail(.pronouns(pronouns, suggestion: reflexive ? verb + "se" : verb))
      }
      throw fail(.ending)
    }
    guard bare.count > 2 || bare == "ir" else { throw fail(.noStem) }
    return word
  }

  /// The input as typed, trimmed and in lower case, for comparing with what it was taken as.
  static func typed(_ input: String) -> String {
    String(input.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
  }

  private static func hasEnding(_ bare: String) -> Bool {
    ["ar", "er", "ir", "ír"].contains(where: { bare.hasSuffix($0) })
  }

  /// Whether the stem (the infinitive without -ar, -er, -ir) has a vowel. Every verb but dar, ver,
  /// ser and ir has one; a made-up verb without (qar, bcdfgar) is refused.
  var stemHasVowel: Bool { bare.dropLast(2).contains { "aeiouáéíóúü".contains($0) } }

  /// An infinitive is stressed on its ending and written without an accent, but for the í of -ír
  /// after a, e or o, in hiatus (reír, oír, embaír). Any other accent is a slip of the keyboard:
  /// dár, tenér, vivír, HÁBLAR are dar, tener, vivir, hablar.
  static func withoutStrayAccents(_ word: String) -> String {
    var letters = Array(word)
    guard letters.contains(where: { "áéíóú".contains($0) }) else { return word }
    var kept: Int?
    let end = word.hasSuffix("rse") ? letters.count - 2 : letters.count
    if end >= 3, letters[end - 2] == "í", letters[end - 1] == "r", "aeo".contains(letters[end - 3]) { kept = end - 2 }
    for i in letters.indices where i != kept { letters[i] = Orthography.withoutAccent(letters[i]) }
    return String(letters)
  }

  /// The pronouns that follow an infinitive (darlo, dárselo, irme, lavarte), longest first.
  static let enclitics = ["los", "las", "les", "nos", "me", "te", "se", "lo", "la", "le", "os"]
  static let reflexivePronouns: Set = ["me", "te", "se", "nos", "os"]

  /// An infinitive with up to three pronouns after it, other than a pronominal verb's own se:
  /// dárselo is dar, se, lo; irme is ir, me. Nil if the word is not one.
  static func splitEnclitics(_ word: String) -> (verb: String, pronouns: [String])? {
    var rest = word
    var pronouns: [String] = []
    while pronouns.count < 3, let pronoun = enclitics.first(where: { rest.hasSuffix($0) && rest.count >= $0.count + 2 }) {
      rest.removeLast(pronoun.count)
      pronouns.insert(pronoun, at: 0)
      let verb = withoutStrayAccents(rest)
      if hasEnding(verb), verb.count > 2 || verb == "ir" { return (verb, pronouns) }
    }
    return nil
  }
}

/// Why an input is not a Spanish infinitive. Its description is the message a user reads.
public struct InfinitiveError: Error, Equatable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case empty, blank, space, noStem, ending
    /// A stem without a vowel (qar, bcdfgar): no Spanish word.
    case noVowel
    case tooLong(Int)
    case character(Character)
    /// An infinitive with pronouns after it (irme, dárselo): the verb to give instead.
    case pronouns([String], suggestion: String)
    /// A conjugated form of catalog verbs (tengo, fuimos).
    case formOf([FormOf])
  }

  /// A catalog verb a conjugated form belongs to, and where: "tener", "presente, yo".
  public struct FormOf: Equatable, Sendable {
    public let infinitive: String
    public let cell: String

    public init(infinitive: String, cell: String) {
      self.infinitive = infinitive
      self.cell = cell
    }
  }

  public let input: String
  public let reason: Reason

  public init(input: String, reason: Reason) {
    self.input = input
    self.reason = reason
  }

  public var description: String { "\"\(Self.shown(input))\" is not a Spanish infinitive: \(explanation)" }

  public var explanation: String {
    switch reason {
    case .empty: "it is empty"
    case .blank: "it is only white space"
    case .space: "it contains a space; give one verb at a time"
    case .noStem: "it has an ending but no stem"
    case .ending: "an infinitive ends in -ar, -er or -ir (or -arse, -erse, -irse)"
    case .noVowel: "its stem has no vowel"
    case .tooLong(let n): "it is \(n) characters long, and no verb has more than \(Infinitive.maximumLength)"
    case .pronouns(let pronouns, let suggestion) where suggestion.hasSuffix("se"):
      "it ends in the pronoun\(pronouns.count > 1 ? "s" : "") \(Self.list(pronouns.map { "\"\($0)\"" })), and only "
        + "the reflexive se of a pronominal verb is conjugated with it: did you mean \(suggestion)?"
    case .pronouns(let pronouns, let suggestion):
      "it is \(suggestion) with the pronoun\(pronouns.count > 1 ? "s" : "") \(Self.list(pronouns.map { "\"\($0)\"" })) "
        + "after it, which are not conjugated with it: did you mean \(suggestion)?"
    case .formOf(let verbs):
      "it is a form of " + Self.list(verbs.map { "\($0.infinitive) (\($0.cell))" }) + "; give the infinitive"
    case .character(let c):
      if c.isNumber {
        "it contains the digit \"\(c)\""
      } else if c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        "it contains a control character (\(Self.shown(String(c))))"
      } else {
        "it contains \"\(c)\", which is not a letter of Spanish"
      }
    }
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// The input as it can be shown on one line: control characters escaped, long input cut.
  public static func shown(_ text: String) -> String {
    var result = ""
    for (n, scalar) in text.unicodeScalars.enumerated() {
      if n == 80 { return result + "…" }
      if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
        result += scalar == "\"" ? "\\\"" : scalar == "\\" ? "\\\\" : "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
