import Foundation

/// A day of the calendar, wherever it is: days since 1970-01-01 in the proleptic Gregorian
/// calendar. The day of an instant depends on the time zone (``init(_:in:)``).
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var number: Int

  public init(number: Int) { self.number = number }

  /// The day of `year`-`month`-`day` (days_from_civil, Howard Hinnant's algorithm).
  public init(year: Int, month: Int, day: Int) {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    number = era * 146_097 + doe - 719_468
  }

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
  public init(_ date: Date, in timeZone: TimeZone) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
    number = seconds.floorDivided(by: 86_400)
  }

  /// Year, month and day (civil_from_days).
  public var components: (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `2026-11-22`; a year before 1000 with its zeros (`0999-01-01`), as ``init(_:)`` reads it.
  public var description: String {
    let (year, month, day) = components
    func padded(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - "\(n)".count)) + "\(n)" }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
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
  /// change skips midnight.
  public func start(in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let noon = Double(number * 86_400 + 43_200)
    let instant = Date(timeIntervalSince1970: noon - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: noon))))
    return calendar.startOfDay(for: instant)
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
