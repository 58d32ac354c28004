/// A POSIX TZ string, as a TZif file's footer states the zone's rule after its last listed change
/// (RFC 8536 §3.3, POSIX.1-2017 §8.3): `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0545>-5:45`,
/// `NST3:30NDT,M3.2.0,M11.1.0`, `<-04>4<-03>,M9.1.6/24,M4.1.6/24`. Offsets are kept east of UTC
/// positive, the other way round from the string's.
struct PosixRule: Sendable, Hashable {
  /// Seconds east of UTC outside daylight saving time.
  var standard: Int
  /// Its daylight saving time, if it has any.
  var daylight: Daylight?

  struct Daylight: Sendable, Hashable {
    /// Seconds east of UTC during it.
    var offset: Int
    /// When it starts, in standard time, and ends, in daylight time (local times).
    var start: Moment
    var end: Moment
  }

  /// A local time of each year: a day and the seconds after its midnight (which may be negative or
  /// more than a day, up to 167 hours: `M9.1.6/24` is the midnight that ends that Saturday).
  struct Moment: Sendable, Hashable {
    var date: DateRule
    var time: Int
  }

  enum DateRule: Sendable, Hashable {
    /// `Jn`: the nth day of the year, 1…365, 29 February never counted.
    case julian(Int)
    /// `n`: the nth day of the year from 0, 29 February counted.
    case ordinal(Int)
    /// `Mm.w.d`: weekday `d` (Sunday 0) of week `w` of month `m`; week 5 is the month's last.
    case weekday(month: Int, week: Int, day: Int)
  }

  /// The offset from UTC at `seconds` since 1970.
  func offset(at seconds: Int64) -> Int {
    guard let daylight else { return standard }
    let (start, end) = changes(in: year(of: seconds), daylight)
    let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
    return inDaylight ? daylight.offset : standard
  }

  /// The first instant after `seconds` at which the offset changes; nil if it never does.
  func nextChange(after seconds: Int64) -> Int64? {
    guard let daylight else { return nil }
    let year = year(of: seconds)
    let near = (year - 1...year + 1).flatMap { year in
      let (start, end) = changes(in: year, daylight)
      return [start, end]
    }
    return near.filter { $0 > seconds }.min()
  }

  /// The year of `seconds` in standard time.
  private func year(of seconds: Int64) -> Int { Civil.date(ofDay: Civil.day(ofSeconds: seconds, offset: standard)).year }

  /// The instants daylight saving time starts and ends in `year`.
  private func changes(in year: Int, _ daylight: Daylight) -> (start: Int64, end: Int64) {
    func instant(_ moment: Moment, before offset: Int) -> Int64 {
      Int64(Self.day(moment.date, in: year)) * 86_400 + Int64(moment.time) - Int64(offset)
    }
    return (instant(daylight.start, before: standard), instant(daylight.end, before: daylight.offset))
  }

  /// The day number of `rule`'s day in `year`.
  static func day(_ rule: DateRule, in year: Int) -> Int {
    let january1 = Civil.day(year: year, month: 1, day: 1)
    switch rule {
    case .julian(let n): return january1 + n - 1 + (Civil.isLeap(year) && n >= 60 ? 1 : 0)
    case .ordinal(let n): return january1 + n
    case .weekday(let month, let week, let weekday):
      let first = Civil.day(year: year, month: month, day: 1)
      let length = Civil.day(year: year, month: month + 1, day: 1) - first
      var day = first + (weekday - Civil.weekday(ofDay: first) + 7) % 7 + 7 * (week - 1)
      while day >= first + length { day -= 7 }
      return day
    }
  }
}

extension PosixRule {
  /// The rule a TZ string states; nil if it is not one.
  init?(_ text: String) {
    var reader = Reader(bytes: Array(text.utf8))
    guard reader.name(), let standard = reader.offset() else { return nil }
    self.standard = -standard
    if reader.atEnd { daylight = nil; return }
    guard reader.name() else { return nil }
    let offset = reader.peek == UInt8(ascii: ",") || reader.atEnd ? standard - 3600 : reader.offset()
    guard let offset else { return nil }
    // Without a rule, the C library's default: the United States' since 2007.
    var start = Moment(date: .weekday(month: 3, week: 2, day: 0), time: 7200)
    var end = Moment(date: .weekday(month: 11, week: 1, day: 0), time: 7200)
    if !reader.atEnd {
      guard reader.take(","), let first = reader.moment(), reader.take(","), let second = reader.moment(), reader.atEnd
      else { return nil }
      (start, end) = (first, second)
    }
    daylight = Daylight(offset: -offset, start: start, end: end)
  }

  /// The bytes of a TZ string, read from the front.
  private struct Reader {
    var bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard peek == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// A zone's abbreviation: three or more letters, or `<` any letters, digits, `+` and `-` `>`.
    mutating func name() -> Bool {
      let start = index
      if take("<") {
        while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
        return take(">") && index - start >= 5
      }
      while let byte = peek, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
      return index - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, up to 167 hours (a rule's time may be so since TZif v3).
    mutating func offset() -> Int? {
      let sign = take("-") ? -1 : 1
      if sign == 1 { _ = take("+") }
      guard let hours = number(upTo: 167) else { return nil }
      var seconds = hours * 3600
      if take(":") {
        guard let minutes = number(upTo: 59) else { return nil }
        seconds += minutes * 60
        if take(":") {
          guard let more = number(upTo: 59) else { return nil }
          seconds += more
        }
      }
      return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` if it has one (else 02:00).
    mutating func moment() -> Moment? {
      let date: DateRule
      if take("J") {
        guard let n = number(upTo: 365), n >= 1 else { return nil }
        date = .julian(n)
      } else if take("M") {
        guard let month = number(upTo: 12), month >= 1, take("."), let week = number(upTo: 5), week >= 1, take("."),
          let day = number(upTo: 6)
        else { return nil }
        date = .weekday(month: month, week: week, day: day)
      } else {
        guard let n = number(upTo: 365) else { return nil }
        date = .ordinal(n)
      }
      guard take("/") else { return Moment(date: date, time: 7200) }
      guard let time = offset() else { return nil }
      return Moment(date: date, time: time)
    }

    /// Decimal digits, at least one, their value at most `limit`.
    mutating func number(upTo limit: Int) -> Int? {
      var value = 0, digits = 0
      while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
        index += 1
        guard value <= limit else { return nil }
      }
      return digits > 0 ? value : nil
    }
  }
}
