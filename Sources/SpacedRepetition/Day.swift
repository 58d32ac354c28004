import Foundation
// A day is a day of a zone: the modules that name days name zones (`Zone`) too, so they come with
// this one.
@_exported import TimeZones

/// A day of the calendar, wherever it is: days since 1970-01-01 in the proleptic Gregorian
/// calendar. The day of an instant depends on the time zone (``init(_:in:)``).
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var number: Int

  public init(number: Int) { self.number = number }

  /// The day of `year`-`month`-`day`.
  public init(year: Int, month: Int, day: Int) { number = Civil.day(year: year, month: month, day: day) }

  /// `2026-11-22`; nil if not a date of that form or not a day of the calendar.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
      day >= 1
    else { return nil }
    self.init(year: year, month: month, day: day)
    guard components == (year, month, day) else { return nil }  // 2026-02-30
  }

  /// The local day of `date` in `timeZone`.
  public init(_ date: Date, in timeZone: Zone) {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    number = Civil.day(ofSeconds: seconds, offset: timeZone.secondsFromGMT(at: seconds))
  }

  /// Year, month and day.
  public var components: (year: Int, month: Int, day: Int) { Civil.date(ofDay: number) }

  /// `2026-11-22`; a year before 1000 with its zeros (`0999-01-01`), as ``init(_:)`` reads it.
  public var description: String {
    let (year, month, day) = components
    return "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
  }

  /// "2026-11-28 14:05": the local date and time of `date` in `timeZone`, the minute rounded down.
  public static func dateAndTime(_ date: Date, in timeZone: Zone) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let offset = timeZone.secondsFromGMT(at: seconds)
    let minute = Civil.minute(ofSeconds: seconds, offset: offset)
    return "\(Day(number: Civil.day(ofSeconds: seconds, offset: offset))) \(padded(minute / 60, 2)):\(padded(minute % 60, 2))"
  }

  /// `n` with zeros before it to `width` digits.
  private static func padded(_ n: Int, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - "\(n)".count)) + "\(n)"
  }

  /// The months' names, January first.
  public static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// "28 Nov", "28 Nov 2027" when `year` is not its year.
  public func short(besideYear year: Int? = nil) -> String {
    let (y, m, d) = components
    return "\(d) \(Self.months[m - 1].prefix(3))" + (year == nil || year == y ? "" : " \(y)")
  }

  /// Its first instant in `timeZone`: local midnight, or the first instant after it when a clock
  /// change skips midnight (``Zone/firstInstant(atLocal:)``).
  public func start(in timeZone: Zone) -> Date {
    Date(timeIntervalSince1970: Double(timeZone.firstInstant(atLocal: Int64(number) * 86_400)))
  }

  public static func < (a: Day, b: Day) -> Bool { a.number < b.number }
  public static func + (day: Day, days: Int) -> Day { Day(number: day.number + days) }
  public static func - (day: Day, days: Int) -> Day { Day(number: day.number - days) }
}

extension Int {
  /// Division rounded down (toward −∞), as days and slots need before 1970 too.
  package func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  /// The remainder of ``floorDivided(by:)``: from 0 up to `divisor` (a positive one).
  package func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}
