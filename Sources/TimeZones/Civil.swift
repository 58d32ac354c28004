/// The proleptic Gregorian calendar as arithmetic on day numbers: days since 1970-01-01, before it
/// negative (Howard Hinnant's days_from_civil and civil_from_days). No time zone here: a day number
/// is a local day once a zone's offset is added to an instant (``Zone``).
public enum Civil {
  /// The day number of `year`-`month`-`day` (a day past the month's end counts on into the next).
  public static func day(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Year, month and day of the day number `day`.
  public static func date(ofDay day: Int) -> (year: Int, month: Int, day: Int) {
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let dayOfMonth = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth)
  }

  /// The weekday of the day number `day`, Sunday 0 … Saturday 6: 1970-01-01, day 0, was a Thursday.
  @inlinable public static func weekday(ofDay day: Int) -> Int { ((day + 4) % 7 + 7) % 7 }

  /// Whether `year` has a 29 February.
  public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// The day number of the instant `seconds` (since 1970, UTC) once `offset` seconds are added:
  /// its local day.
  public static func day(ofSeconds seconds: Int64, offset: Int) -> Int {
    let local = seconds + Int64(offset)
    return Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
  }

  /// The minute of its local day (0 to 1439) of the instant `seconds` once `offset` seconds are
  /// added, the seconds dropped.
  public static func minute(ofSeconds seconds: Int64, offset: Int) -> Int {
    Int(seconds + Int64(offset) - Int64(day(ofSeconds: seconds, offset: offset)) * 86_400) / 60
  }
}
