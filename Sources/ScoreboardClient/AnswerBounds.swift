import FileStorage
import Foundation

/// What an answer kept in the history can be, whoever wrote it: the trainer, an import, a sync, or
/// a database read back from disk. Each bound is stated here once; an import refuses a row outside
/// them (``HistoryCheck``), a sync leaves the file that holds one alone, a salvage sets it aside,
/// and a row read from the database outside them is damage (``Schema/answer(_:)``), never a value
/// handed on to a conversion that could trap.
public enum AnswerBounds {
  /// The longest answer, in characters: what the trainer's answer field takes.
  public static let longestAnswer = 200
  /// The longest verb, tense or person name, in characters (no infinitive has more than 40).
  public static let longestName = 64
  /// The longest time to answer, in seconds: a day. The trainer keeps no longer one (a question
  /// left on the screen overnight is kept as a day).
  public static let longestSeconds: Double = 86_400
  /// The earliest date an answer may have: 2000-01-01T00:00:00Z.
  public static let earliest = Date(timeIntervalSince1970: 946_684_800)
  /// The latest date a database may hold: 2100-01-01T00:00:00Z (an import also refuses a date past
  /// now, ``HistoryCheck``; this bound needs no clock).
  public static let latest = Date(timeIntervalSince1970: 4_102_444_800)
  /// The longest line of a history file, in bytes: an answer of 200 characters of four bytes each,
  /// its quotes doubled, and the other fields, with room to spare.
  public static let longestLine = 4096

  /// Why `answer` is outside the bounds, or nil if it is within them.
  public static func problem(with answer: AnsweredQuestion) -> String? {
    if longer(answer.given, than: longestAnswer) {
      return "the answer has \(answer.given.count.grouped) characters, "
        + "more than the \(longestAnswer) the trainer takes"
    }
    if longer(answer.expected, than: longestAnswer) {
      return "the expected form has \(answer.expected.count.grouped) characters, "
        + "more than \(longestAnswer)"
    }
    func name(_ name: String, _ value: String) -> String? {
      longer(value, than: longestName) ? "the \(name) has \(value.count.grouped) characters, more than \(longestName)" : nil
    }
    if let problem = name("verb", answer.verb) ?? name("tense", answer.tense) ?? name("person", answer.person) {
      return problem
    }
    if let seconds = answer.seconds, !(seconds >= 0 && seconds <= longestSeconds) {
      return "\(seconds) seconds to answer is not between 0 and a day (\(Int(longestSeconds)) seconds)"
    }
    let date = answer.date.timeIntervalSince1970
    if !(date >= earliest.timeIntervalSince1970 && date < latest.timeIntervalSince1970) {
      return "its date is not between 2000 and 2100"
    }
    return nil
  }

  /// The longest answer in UTF-8 bytes: 200 characters of four bytes each. (A character may join
  /// any number of accents; this bound keeps such an answer's line within ``longestLine``.)
  public static let longestAnswerBytes = 4 * longestAnswer

  /// What a door makes of a text typed as an answer (``admit(_:)``).
  public enum Admission: Equatable, Sendable {
    /// Within the bounds: the text without its control characters.
    case admitted(String)
    /// Longer than an answer may be, even without its control characters: why, in words ("it has
    /// 201 characters, more than the 200 an answer may have").
    case refused(String)
  }

  /// The rule at every door an answer comes in by (the trainer's field, plain mode's line, `check`,
  /// practice from a pipe), stated once: control characters are removed — an escape sequence whole
  /// (`ten\u{1B}[31mgo` is `tengo`), a tab or line break as a space, any other C0 character, DEL or
  /// C1 character dropped — and then a text longer than ``longestAnswer`` characters (or
  /// ``longestAnswerBytes`` bytes) is refused. Nothing else changes (no trimming): what is admitted
  /// can be kept and echoed as it is.
  public static func admit(_ typed: String) -> Admission {
    let text = withoutControls(typed)
    if let problem = lengthProblem(text) { return .refused(problem) }
    return .admitted(text)
  }

  /// Why `text`, read from a file (an import, a sync), is none a door would admit as it is: a control
  /// character in it, or longer than an answer may be. Nil if a door would admit it unchanged.
  public static func refusal(of text: String) -> String? {
    // Every byte printable ASCII (nearly every answer): no control character, no scalar decoded.
    if text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }), let control = text.unicodeScalars.first(where: isControl) {
      return "it holds a control character (U+\(control.value.zeroPadded(4, radix: 16, uppercase: true)))"
    }
    return lengthProblem(text)
  }

  private static func lengthProblem(_ text: String) -> String? {
    if longer(text, than: longestAnswer) {
      return "it has \(text.count.grouped) characters, more than the \(longestAnswer) an answer may have"
    }
    let bytes = text.utf8.count
    if bytes > longestAnswerBytes {
      return "it has \(bytes.grouped) bytes, more than the \(longestAnswerBytes) an answer may have"
    }
    return nil
  }

  /// Whether `text` has more than `limit` characters; counted only when its bytes are more (a
  /// character has at least one byte), as counting characters is slow.
  static func longer(_ text: String, than limit: Int) -> Bool {
    text.utf8.count > limit && text.count > limit
  }

  /// A C0 control character, DEL or a C1 control character.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` without its control characters (``admit(_:)``): an escape sequence removed whole — a
  /// control sequence (ESC [ or CSI, up to its final byte), a string (ESC ] P X ^ _ or OSC, DCS,
  /// SOS, PM, APC, up to BEL or ST) or ESC and the character after it —; a tab or line break a space.
  public static func withoutControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    let scalars = Array(text.unicodeScalars)
    var kept = String.UnicodeScalarView()
    var index = 0
    /// Skips a control sequence's parameters and intermediates, then its final byte.
    func skipControlSequence() {
      while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
    }
    /// Skips a string up to its terminator: BEL, ST (ESC \ or U+009C), or the text's end.
    func skipString() {
      while index < scalars.count {
        let value = scalars[index].value
        index += 1
        if value == 0x07 || value == 0x9C { return }
        if value == 0x1B, index < scalars.count, scalars[index] == "\\" {
          index += 1
          return
        }
      }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar.value {
      case 0x1B:
        guard index < scalars.count else { break }
        let next = scalars[index].value
        switch next {
        case 0x5B:  // [
          index += 1
          skipControlSequence()
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
          index += 1
          skipString()
        case 0x20...0x2F:  // intermediates, then the final character
          while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
          if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
        case 0x30...0x7E: index += 1
        default: break
        }
      case 0x9B: skipControlSequence()
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString()
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D: kept.append(" ")
      default: if !isControl(scalar) { kept.append(scalar) }
      }
    }
    return String(kept)
  }

  /// A time to answer as the history keeps it: to the millisecond, at most a day.
  public static func kept(seconds: Double) -> Double {
    guard seconds.isFinite else { return longestSeconds }
    return (min(max(0, seconds), longestSeconds) * 1000).rounded() / 1000
  }
}
