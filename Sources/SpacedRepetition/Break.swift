import Foundation
import PlainText

/// Days the learner is away (issue 41, `conjugar break`): nothing is asked from its first day to
/// its last, local days, and what would have fallen due then is asked in the week before or the
/// week after (``DayPlan`` in ConjugarCore). Written `2026-12-20..2026-12-27`; `none`: no break.
public struct Break: Sendable, Equatable, RawRepresentable {
  /// Its first and last days, both away; nil: no break.
  public var days: ClosedRange<Day>?

  /// How many days before and after a break what falls due in it may be asked: a week each.
  public static let spread = 7

  public static let none = Break(days: nil)

  public init(days: ClosedRange<Day>?) { self.days = days }

  /// `2026-12-20..2026-12-27`, `none` or empty; nil if a date is not a day of the calendar, or the
  /// last comes before the first.
  public init?(rawValue: String) {
    let text = rawValue.trimmingSpaces().lowercased()
    guard text != "none" && !text.isEmpty else {
      days = nil
      return
    }
    let ends = text.components(separatedBy: "..")
    guard ends.count == 2, let first = Day(ends[0]), let last = Day(ends[1]), first <= last else { return nil }
    days = first...last
  }

  /// `2026-12-20..2026-12-27`, or `none`.
  public var rawValue: String { days.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none" }

  /// Whether the learner is away on `day` (a day number).
  public func contains(day: Int) -> Bool { days.map { $0.lowerBound.number <= day && day <= $0.upperBound.number } ?? false }

  /// Whether the break lasts until `today` or later: set, and not over.
  public func lasts(onOrAfter today: Int) -> Bool { days.map { $0.upperBound.number >= today } ?? false }

  /// What a review says on `today` when it is a day of the break; nil on any other day.
  public func message(on today: Day) -> String? {
    guard let days, contains(day: today.number) else { return nil }
    let last = days.upperBound
    return last == today
      ? "You are on a break today: nothing is asked (Settings, Break)."
      : "You are on a break until \(last.short(besideYear: today.components.year)): nothing is asked (Settings, Break)."
  }
}
