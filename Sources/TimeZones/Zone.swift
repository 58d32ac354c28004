#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone: each instant's offset from UTC, as the system's tz database states it (a TZif file,
/// RFC 8536: its listed changes, then its footer's rule, ``PosixRule``). The learner's days are
/// local days in their zone, the World's (read by ``local(_:)``). Foundation's `TimeZone` would do, but on Linux it needs
/// the internationalisation libraries (ICU, some 40 MB of the binary) to know any zone but GMT.
/// Leap seconds, which the `right/` zones count, are left out.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// Its name in the tz database (`Europe/Madrid`), `UTC`, or the path or TZ string it was read from.
  public let identifier: String
  /// The instants (seconds since 1970) at which its offset changes, in order, before `ruleStart`.
  let changes: [Int64]
  /// The offset from UTC (seconds east) from each of `changes` on.
  let offsets: [Int]
  /// The offset before the first change.
  let firstOffset: Int
  /// The rule from `ruleStart` on, when the file states one.
  let rule: PosixRule?
  /// The file's last listed change (with or without a change of offset), from which its rule holds,
  /// as the C library has it (even where that instant's listed offset is not the rule's); `.max`
  /// without a rule.
  let ruleStart: Int64

  public var description: String { identifier }

  /// Coordinated Universal Time: no offset, ever.
  public static let utc = Zone(identifier: "UTC", changes: [], offsets: [], firstOffset: 0, rule: nil, ruleStart: .max)

  /// The offset from UTC, in seconds east, at `seconds` since 1970.
  public func secondsFromGMT(at seconds: Int64) -> Int {
    if let rule, seconds >= ruleStart { return rule.offset(at: seconds) }
    let index = lastChange(atOrBefore: seconds)
    return index < 0 ? firstOffset : offsets[index]
  }

  /// The first instant after `seconds` (since 1970) at which the offset changes; nil if it never
  /// does again.
  public func nextChange(after seconds: Int64) -> Int64? {
    let index = lastChange(atOrBefore: seconds) + 1
    if index < changes.count { return changes[index] }
    guard let rule else { return nil }
    if seconds < ruleStart, rule.offset(at: ruleStart) != offsets.last ?? firstOffset { return ruleStart }
    return rule.nextChange(after: max(seconds, ruleStart))
  }

  /// The first instant whose local time, in seconds since 1970-01-01 00:00 local, is `local` or
  /// later: local midnight is `local`, or the first instant after it when a clock change skips it
  /// (and the first of two midnights when a change repeats it).
  public func firstInstant(atLocal local: Int64) -> Int64 {
    // Two days before, every zone's local time is earlier (offsets are within a day); then each
    // stretch of one offset in turn.
    var start = local - 2 * 86_400
    while true {
      let reached = max(start, local - Int64(secondsFromGMT(at: start)))
      guard let end = nextChange(after: start), end <= reached else { return reached }
      start = end
    }
  }

  /// The index of the last of `changes` at or before `seconds`; -1 if none.
  private func lastChange(atOrBefore seconds: Int64) -> Int {
    var low = 0, high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if changes[middle] <= seconds { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }
}

/// The same, at a `Date`, as Foundation's `TimeZone` names them.
extension Zone {
  public func secondsFromGMT(for date: Date) -> Int { secondsFromGMT(at: Self.seconds(date)) }

  public func nextDaylightSavingTimeTransition(after date: Date) -> Date? {
    nextChange(after: Self.seconds(date)).map { Date(timeIntervalSince1970: Double($0)) }
  }

  /// The whole second of `date`, rounded down.
  static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}

extension Zone {
  /// The zone a TZif file states (versions 1 to 4: the 64-bit part and the footer when there are
  /// some); nil if `bytes` are not one.
  public init?(identifier: String, tzif bytes: [UInt8]) {
    var reader = TZifReader(bytes: bytes)
    guard var header = reader.header() else { return nil }
    var timeSize = 4
    if header.version >= 2 {
      reader.skip(header.dataSize(timeSize: 4))
      guard let second = reader.header() else { return nil }
      (header, timeSize) = (second, 8)
    }
    guard header.typeCount > 0, let times = reader.integers(header.timeCount, size: timeSize),
      let indices = reader.integers(header.timeCount, size: 1), let types = reader.types(header.typeCount),
      indices.allSatisfy({ $0 < types.count })
    else { return nil }
    reader.skip(header.charCount + header.leapCount * (timeSize + 4) + header.isStdCount + header.isUTCount)
    let rule = header.version >= 2 ? reader.footer().flatMap(PosixRule.init) : nil
    let ruleStart = rule == nil ? .max : times.last ?? .min
    var changes: [Int64] = [], offsets: [Int] = []
    for (time, index) in zip(times, indices) where time < ruleStart && types[Int(index)] != (offsets.last ?? types[0]) {
      changes.append(time)
      offsets.append(types[Int(index)])
    }
    self.init(
      identifier: identifier, changes: changes, offsets: offsets, firstOffset: types[0], rule: rule, ruleStart: ruleStart)
  }

  /// The zone a TZ string states, named by it (`CET-1CEST,M3.5.0,M10.5.0/3`); nil if it is not one.
  public init?(posix text: String) {
    guard let rule = PosixRule(text) else { return nil }
    self.init(identifier: text, changes: [], offsets: [], firstOffset: rule.standard, rule: rule, ruleStart: .min)
  }
}

/// The parts of a TZif file, read from the front, big-endian.
private struct TZifReader {
  struct Header {
    var version: Int
    var isUTCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int

    /// The size of the data after the header.
    func dataSize(timeSize: Int) -> Int {
      timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStdCount + isUTCount
    }
  }

  let bytes: [UInt8]
  var index = 0

  mutating func skip(_ count: Int) { index += count }

  /// `TZif`, the version, 15 bytes reserved, the six counts.
  mutating func header() -> Header? {
    guard index + 44 <= bytes.count, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { return nil }
    let version = bytes[index + 4] == 0 ? 1 : Int(bytes[index + 4]) - Int(UInt8(ascii: "0"))
    skip(20)
    guard let counts = integers(6, size: 4), counts.allSatisfy({ (0...Int64(1 << 20)).contains($0) }) else { return nil }
    return Header(
      version: version, isUTCount: Int(counts[0]), isStdCount: Int(counts[1]), leapCount: Int(counts[2]),
      timeCount: Int(counts[3]), typeCount: Int(counts[4]), charCount: Int(counts[5]))
  }

  /// `count` signed integers of `size` bytes (1 byte: unsigned).
  mutating func integers(_ count: Int, size: Int) -> [Int64]? {
    guard index + count * size <= bytes.count else { return nil }
    defer { skip(count * size) }
    return (0..<count).map { n in
      let start = index + n * size
      guard size > 1 else { return Int64(bytes[start]) }
      let unsigned = bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return Int64(bitPattern: unsigned << (64 - 8 * size)) >> (64 - 8 * size)
    }
  }

  /// Each local time type's offset (its daylight flag and abbreviation are not needed).
  mutating func types(_ count: Int) -> [Int]? {
    guard index + count * 6 <= bytes.count else { return nil }
    defer { skip(count * 6) }
    return (0..<count).map { n in
      let start = index + n * 6
      let unsigned = bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      return Int(Int32(bitPattern: unsigned))
    }
  }

  /// The TZ string between two newlines at the end; nil if there is none.
  mutating func footer() -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\n"),
      let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n")), end > index + 1
    else { return nil }
    return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
  }
}
