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
    let bare = word.hasSuffix("rse") ? String(word.dropLast(2)) : word
    guard ["ar", "er", "ir", "ír"].contains(where: { bare.hasSuffix($0) }) else { throw fail(.ending) }
    guard bare.count > 2 || bare == "ir" else { throw fail(.noStem) }
    return word
  }
}

/// Why an input is not a Spanish infinitive. Its description is the message a user reads.
public struct InfinitiveError: Error, Equatable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case empty, blank, space, noStem, ending
    case tooLong(Int)
    case character(Character)
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
    case .tooLong(let n): "it is \(n) characters long, and no verb has more than \(Infinitive.maximumLength)"
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

  /// The input as it can be shown on one line: control characters escaped, long input cut.
  static func shown(_ text: String) -> String {
    var result = ""
    for (n, scalar) in text.unicodeScalars.enumerated() {
      if n == 40 { return result + "…" }
      if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
        result += scalar == "\"" ? "\\\"" : scalar == "\\" ? "\\\\" : "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
