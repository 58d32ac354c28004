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
/// on disk, or by hand after an export, no longer matches its identity. No other form is taken:
/// an identity damaged into some other text is damage, not a file's own.
public enum AnswerIdentity {
  /// Whether `text` has an identity's form: sixteen lowercase hexadecimal digits.
  public static func isValid(_ text: String) -> Bool { bits(text) != nil }

  /// The 64 bits `text` spells, if it has an identity's form (``isValid(_:)``).
  public static func bits(_ text: String) -> UInt64? {
    var bits: UInt64 = 0
    var count = 0
    for byte in text.utf8 {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      count += 1
      guard count <= 16 else { return nil }
      bits = bits << 4 | UInt64(digit)
    }
    return count == 16 ? bits : nil
  }

  /// The identity of `answer` from 48 of `bits` (the low ones), and its check.
  public static func make(_ bits: UInt64, for answer: AnsweredQuestion) -> String {
    make(bits, check: check(of: contentHash(of: answer)))
  }

  static func make(_ bits: UInt64, check: UInt16) -> String {
    digits((bits & 0xFFFF_FFFF_FFFF) << 16 | UInt64(check))
  }

  /// The sixteen lowercase hexadecimal digits of `value`, leading zeros included: an identity's
  /// text from its 64 bits (the inverse of ``bits(_:)``).
  public static func digits(_ value: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { buffer in
      for index in 0..<16 {
        let digit = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF
        buffer[index] = digit < 10 ? 0x30 + digit : 0x61 - 10 + digit
      }
      return 16
    }
  }

  /// Whether what `answer` says is what its identity was made for (its last four digits); true for an
  /// answer without one yet. An identity of another form is none (``isValid(_:)``).
  public static func matches(_ answer: AnsweredQuestion) -> Bool {
    guard let id = answer.id else { return true }
    return isValid(id) && id.hasSuffix(hex(UInt64(check(of: contentHash(of: answer))), digits: 4))
  }

  /// The identity of an answer without one (``make(_:for:)``): FNV-1a (64 bits) of every field the
  /// history contract writes (its `contentHash`), and `occurrence`, the number of answers saying the
  /// same before it.
  static func derived(contentHash: UInt64, occurrence: Int) -> String {
    var hash = FNV(value: contentHash)
    hash.add(String(occurrence))
    return make(hash.value, check: check(of: contentHash))
  }

  /// Sixteen bits of what an answer says, from its content's hash.
  static func check(of contentHash: UInt64) -> UInt16 {
    UInt16(truncatingIfNeeded: contentHash ^ (contentHash >> 16) ^ (contentHash >> 32) ^ (contentHash >> 48))
  }

  /// FNV-1a (64 bits) over fields, each followed by a separator no field ends with.
  struct FNV {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ field: String) {
      if field.utf8.withContiguousStorageIfAvailable({ add(bytes: $0) }) == nil { add(bytes: field.utf8) }
      value ^= 0x1F
      value = value &* 0x0000_0100_0000_01B3
    }

    private mutating func add(bytes: some Sequence<UInt8>) {
      for byte in bytes {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
      }
    }
  }

  static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// The hash of what an answer says, field by field, as the history keeps it (seconds to the
  /// millisecond).
  static func contentHash(of answer: AnsweredQuestion) -> UInt64 {
    var hash = FNV()
    hash.add(String(Int64(answer.date.timeIntervalSince1970.rounded(.down))))
    hash.add(answer.verb)
    hash.add(answer.tense)
    hash.add(answer.person)
    hash.add(answer.expected)
    hash.add(answer.given)
    hash.add(answer.result.rawValue)
    hash.add(answer.rating.name)
    hash.add(
      answer.seconds.map { $0.isFinite ? String(Int64((min(max($0, 0), AnswerBounds.longestSeconds) * 1000).rounded())) : "" }
        ?? "")
    hash.add(answer.mode.rawValue)
    hash.add(answer.overridden ? "true" : "false")
    return hash.value
  }

  /// Derives the identities of answers read in order, counting those that say the same.
  public struct Counter {
    /// How many answers saying the same were seen, by their content's hash.
    private var seen: [UInt64: Int] = [:]

    public init() {}

    mutating func reserveCapacity(_ answers: Int) { seen.reserveCapacity(answers) }

    /// The identity of the next answer, `answer`.
    public mutating func identity(of answer: AnsweredQuestion) -> String {
      identity(contentHash: contentHash(of: answer))
    }

    mutating func identity(contentHash: UInt64) -> String {
      let occurrence = seen[contentHash, default: 0]
      seen[contentHash] = occurrence + 1
      return derived(contentHash: contentHash, occurrence: occurrence)
    }
  }

  /// `answers` with an identity each: those without one given the derived one, counted in order.
  /// The hashes of what they say are worked out on every core (an import of a million answers);
  /// the identities are set in place, so that the answers given are not copied (the caller hands
  /// them over: `consuming`).
  public static func identified(_ answers: consuming [AnsweredQuestion]) -> [AnsweredQuestion] {
    guard answers.contains(where: { $0.id == nil }) else { return answers }
    var hashes = [UInt64](repeating: 0, count: answers.count)
    answers.withUnsafeBufferPointer { given in
      hashes.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let rows = given, slots = buffer
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, rows.count / 10_000))
        let size = (rows.count + parts - 1) / parts
        DispatchQueue.concurrentPerform(iterations: parts) { part in
          for index in (part * size)..<min(rows.count, (part + 1) * size) where rows[index].id == nil {
            slots[index] = contentHash(of: rows[index])
          }
        }
      }
    }
    var counter = Counter()
    counter.reserveCapacity(answers.count)
    for index in answers.indices where answers[index].id == nil {
      answers[index].id = counter.identity(contentHash: hashes[index])
    }
    return answers
  }
}
