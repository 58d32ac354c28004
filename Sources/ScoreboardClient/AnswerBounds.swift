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
    if answer.given.count > longestAnswer {
      return "the answer has \(answer.given.count.formatted(.number.grouping(.automatic))) characters, "
        + "more than the \(longestAnswer) the trainer takes"
    }
    if answer.expected.count > longestAnswer {
      return "the expected form has \(answer.expected.count.formatted(.number.grouping(.automatic))) characters, "
        + "more than \(longestAnswer)"
    }
    for (name, value) in [("verb", answer.verb), ("tense", answer.tense), ("person", answer.person)]
    where value.count > longestName {
      return "the \(name) has \(value.count.formatted(.number.grouping(.automatic))) characters, more than \(longestName)"
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

  /// A time to answer as the history keeps it: to the millisecond, at most a day.
  public static func kept(seconds: Double) -> Double {
    guard seconds.isFinite else { return longestSeconds }
    return (min(max(0, seconds), longestSeconds) * 1000).rounded() / 1000
  }
}
