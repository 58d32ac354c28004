import Foundation

/// An answer's identity: what tells two answers apart when everything they say is the same (three
/// "I don't know" in one second on one form are three answers). It travels with the answer through
/// export, import and sync, so that an answer is kept once everywhere, and taken back everywhere.
///
/// Sixteen lowercase hexadecimal digits: twelve that tell the answer apart — random for an answer
/// given here; for an answer read without an identity (a file of an earlier version, an answer
/// kept before identities), derived from what it says and how many answers saying the same came
/// before it in that file, so that importing the same file twice, on any machine, gives the same
/// identities (and adds nothing the second time), and a file holding a row twice holds two
/// answers — then four that check what it says (``matches(_:)``): a row whose bytes were changed
/// on disk, or by hand after an export, no longer matches its identity.
public enum AnswerIdentity {
  /// Whether `text` can be an identity in a history file: 1 to 64 ASCII letters, digits, `-` or `_`.
  public static func isValid(_ text: String) -> Bool {
    (1...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      }
  }

  /// The identity of `answer` from 48 of `bits` (the low ones), and its check.
  public static func make(_ bits: UInt64, for answer: AnsweredQuestion) -> String {
    hex(bits & 0xFFFF_FFFF_FFFF, digits: 12) + hex(UInt64(check(of: answer)), digits: 4)
  }

  /// Whether what `answer` says is what its identity was made for: true for an identity of another
  /// form (a file's own, 1 to 64 characters), which carries no check.
  public static func matches(_ answer: AnsweredQuestion) -> Bool {
    guard let id = answer.id, id.utf8.count == 16, id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return true }
    return id.hasSuffix(hex(UInt64(check(of: answer)), digits: 4))
  }

  /// The identity of an answer without one (``make(_:for:)``): FNV-1a (64 bits) of every field the
  /// history contract writes, and `occurrence`, the number of answers saying the same before it.
  public static func derived(_ answer: AnsweredQuestion, occurrence: Int) -> String {
    make(fnv(content(of: answer) + [String(occurrence)]), for: answer)
  }

  /// Sixteen bits of what `answer` says.
  static func check(of answer: AnsweredQuestion) -> UInt16 {
    let hash = fnv(content(of: answer))
    return UInt16(truncatingIfNeeded: hash ^ (hash >> 16) ^ (hash >> 32) ^ (hash >> 48))
  }

  static func fnv(_ fields: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for field in fields {
      for byte in field.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      hash ^= 0x1F  // a separator no field ends with
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// What an answer says, field by field, as the history keeps it (seconds to the millisecond).
  static func content(of answer: AnsweredQuestion) -> [String] {
    [
      String(Int64(answer.date.timeIntervalSince1970.rounded(.down))), answer.verb, answer.tense, answer.person,
      answer.expected, answer.given, answer.result.rawValue, answer.rating.name,
      answer.seconds.map { $0.isFinite ? String(Int64((min(max($0, 0), AnswerBounds.longestSeconds) * 1000).rounded())) : "" } ?? "",
      answer.mode.rawValue, String(answer.overridden),
    ]
  }

  /// Derives the identities of answers read in order, counting those that say the same.
  public struct Counter {
    /// How many answers saying the same were seen, by the identity the first of them gets.
    private var seen: [String: Int] = [:]

    public init() {}

    /// The identity of the next answer, `answer`.
    public mutating func identity(of answer: AnsweredQuestion) -> String {
      let first = derived(answer, occurrence: 0)
      let occurrence = seen[first, default: 0]
      seen[first] = occurrence + 1
      return occurrence == 0 ? first : derived(answer, occurrence: occurrence)
    }
  }

  /// `answers` with an identity each: those without one given the derived one, counted in order.
  public static func identified(_ answers: [AnsweredQuestion]) -> [AnsweredQuestion] {
    guard answers.contains(where: { $0.id == nil }) else { return answers }
    var counter = Counter()
    return answers.map { answer in
      guard answer.id == nil else { return answer }
      var identified = answer
      identified.id = counter.identity(of: answer)
      return identified
    }
  }
}
