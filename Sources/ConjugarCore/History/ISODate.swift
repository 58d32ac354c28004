import FileStorage
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Dates as the history files write them: ISO 8601 in UTC, to the second, `2026-11-22T10:15:00Z`.
public enum ISODate {
  public static func string(_ date: Date) -> String { UnixTime.iso8601(date) }

  /// The date of `text`, exactly `YYYY-MM-DDTHH:MM:SSZ` and a real date and time (proleptic
  /// Gregorian, as `timegm`); else nil.
  public static func date(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { b -> Date? in
      guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
        b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ range: Range<Int>) -> Int64? {
        var value: Int64 = 0
        for i in range {
          guard b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") else { return nil }
          value = value * 10 + Int64(b[i] - UInt8(ascii: "0"))
        }
        return value
      }
      guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
        let minute = number(14..<16), let second = number(17..<19),
        (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), hour < 24, minute < 60, second < 60
      else { return nil }
      // Days since 1970-01-01 (H. Hinnant's days_from_civil).
      let y = year - (month <= 2 ? 1 : 0)
      let era = (y >= 0 ? y : y - 399) / 400
      let yearOfEra = y - era * 400
      let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
      let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
      let days = era * 146_097 + dayOfEra - 719_468
      return Date(timeIntervalSince1970: Double(days * 86400 + hour * 3600 + minute * 60 + second))
    }
  }

  /// The days of `month` (1 to 12) in `year`: 31 February is no date.
  static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
