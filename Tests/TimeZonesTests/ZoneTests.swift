import Foundation
import Testing

@testable import TimeZones

/// The zones read from the system's tz database give the offsets and the day starts Foundation's
/// `TimeZone` and `Calendar` give (which read their own copy of the database, through ICU).
@Suite struct ZoneTests {
  /// Zones of every kind: no change, a half hour, three-quarters, the southern hemisphere, DST
  /// at midnight (Santiago, Beirut, Havana), half an hour of DST (Lord Howe).
  static let names = [
    "Europe/Madrid", "UTC", "Asia/Kolkata", "Pacific/Auckland", "America/New_York", "Asia/Kathmandu", "America/St_Johns",
    "America/Santiago", "Asia/Beirut", "America/Havana", "Australia/Lord_Howe",
  ]
  /// 1970-01-01 to 2040-01-01.
  static let years = Int64(0)..<Int64(Civil.day(year: 2040, month: 1, day: 1)) * 86_400

  /// Every hour and every change from 1970 to 2040.
  @Test(arguments: names) func offsetsAreFoundations(name: String) throws {
    let zone = try #require(Zone(identifier: name))
    let foundation = try #require(TimeZone(identifier: name))
    #expect(zone.identifier == name)
    var mismatches: [String] = []
    for seconds in stride(from: Self.years.lowerBound, to: Self.years.upperBound, by: 3600) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      if zone.secondsFromGMT(for: date) != foundation.secondsFromGMT(for: date) { mismatches.append("\(date)") }
    }
    if !mismatches.isEmpty { Issue.record("\(mismatches.count) differ, the first: \(mismatches.prefix(5))") }
    #expect(changes(zone) == changes(foundation))
  }

  /// The instants the offset changes at, walked from 1970 to 2040; a change Foundation lists that
  /// keeps the offset (a new name, or DST traded for standard time) is left out.
  func changes(_ zone: Zone) -> [Int64] {
    Array(sequence(first: Self.years.lowerBound) { zone.nextChange(after: $0) }.dropFirst().prefix { $0 < Self.years.upperBound })
  }

  func changes(_ zone: TimeZone) -> [Int64] {
    var result: [Int64] = []
    var date = Date(timeIntervalSince1970: Double(Self.years.lowerBound))
    while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < Double(Self.years.upperBound) {
      if zone.secondsFromGMT(for: next) != zone.secondsFromGMT(for: next - 1) { result.append(Int64(next.timeIntervalSince1970)) }
      date = next
    }
    return result
  }

  /// Each day's first instant is `Calendar`'s start of that day, from 1970 to 2040.
  @Test(arguments: names) func dayStartsAreCalendars(name: String) throws {
    let zone = try #require(Zone(identifier: name))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: name))
    var mismatches: [String] = []
    for day in Civil.day(year: 1970, month: 1, day: 2)..<Civil.day(year: 2040, month: 1, day: 1) {
      let start = zone.firstInstant(atLocal: Int64(day) * 86_400)
      let noon = Date(timeIntervalSince1970: Double(day * 86_400 + 43_200 - zone.secondsFromGMT(at: Int64(day) * 86_400 + 43_200)))
      let expected = calendar.startOfDay(for: noon)
      if Double(start) != expected.timeIntervalSince1970 { mismatches.append("\(Civil.date(ofDay: day)): \(start) \(expected)") }
    }
    if !mismatches.isEmpty { Issue.record("\(mismatches.count) differ, the first: \(mismatches.prefix(5))") }
  }

  /// The footer's rule alone (`Zone(posix:)`) gives Foundation's offsets from 2024 to 2040, where
  /// each of these zones keeps its rule.
  @Test(arguments: [
    ("Europe/Madrid", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Asia/Kolkata", "IST-5:30"),
    ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3"), ("America/New_York", "EST5EDT,M3.2.0,M11.1.0"),
    ("Asia/Kathmandu", "<+0545>-5:45"), ("America/St_Johns", "NST3:30NDT,M3.2.0,M11.1.0"),
    ("America/Santiago", "<-04>4<-03>,M9.1.6/24,M4.1.6/24"), ("Asia/Beirut", "EET-2EEST,M3.5.0/0,M10.5.0/0"),
    ("America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1"), ("Australia/Lord_Howe", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
  ])
  func footersAreFoundations(name: String, footer: String) throws {
    let zone = try #require(Zone(posix: footer))
    let foundation = try #require(TimeZone(identifier: name))
    var mismatches: [String] = []
    for seconds in stride(from: Int64(Civil.day(year: 2024, month: 1, day: 1)) * 86_400, to: Self.years.upperBound, by: 900) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      if zone.secondsFromGMT(for: date) != foundation.secondsFromGMT(for: date) { mismatches.append("\(date)") }
    }
    if !mismatches.isEmpty { Issue.record("\(mismatches.count) differ, the first: \(mismatches.prefix(5))") }
  }

  /// A slim file (Debian's tzdata may ship them): the changes listed until the footer's rule holds
  /// (before 2024 for these zones, as `footersAreFoundations` checks), the rest the footer's.
  @Test(arguments: names) func slimFilesAreFoundations(name: String) throws {
    let full = try #require(Zone(identifier: name))
    let cut = Int64(Civil.day(year: 2024, month: 1, day: 1)) * 86_400
    let listed = full.changes.indices.filter { full.changes[$0] < cut }
    let footer = try #require(Self.footer(name))
    let slim = try #require(
      Zone(
        identifier: name,
        tzif: Self.tzif(
          version: 3, changes: listed.map { full.changes[$0] }, offsets: listed.map { full.offsets[$0] },
          firstOffset: full.firstOffset, footer: footer)))
    #expect(slim.rule != nil || footer.isEmpty)
    let foundation = try #require(TimeZone(identifier: name))
    for seconds in stride(from: Self.years.lowerBound, to: Self.years.upperBound, by: 3600) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      guard slim.secondsFromGMT(for: date) == foundation.secondsFromGMT(for: date) else {
        Issue.record("\(name) at \(date): \(slim.secondsFromGMT(for: date)), not \(foundation.secondsFromGMT(for: date))")
        return
      }
    }
  }

  /// A version 1 file, with 32-bit times and no footer (the system's file cut after its first
  /// part, its version 0): the same offsets until 2038.
  @Test func version1Files() throws {
    let full = try #require(Zone(identifier: "Europe/Madrid"))
    var bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Madrid")).map { $0 }
    let counts = (0..<6).map { n in bytes[20 + 4 * n..<24 + 4 * n].reduce(0) { $0 << 8 | Int($1) } }
    let (isUT, isStd, leaps, times, types, characters) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    bytes = Array(bytes.prefix(44 + times * 5 + types * 6 + characters + leaps * 8 + isStd + isUT))
    bytes[4] = 0
    let v1 = try #require(Zone(identifier: "v1", tzif: bytes))
    #expect(v1.rule == nil && v1.changes.count > 100)
    for seconds in stride(from: Int64(0), to: Int64(Int32.max), by: 3600) {
      guard v1.secondsFromGMT(at: seconds) == full.secondsFromGMT(at: seconds) else {
        Issue.record("at \(seconds): \(v1.secondsFromGMT(at: seconds)), not \(full.secondsFromGMT(at: seconds))")
        return
      }
    }
  }

  /// The footer's rule holds from the last listed change on, as the C library reads it, even where
  /// it gives that instant another offset than the change lists (zic's slim America/Ojinaga: at
  /// 2022-10-30 08:00 UTC the file lists CST, -6 h; its rule, CST6CDT, says CDT there, -5 h).
  @Test func theRuleHoldsFromTheLastListedChange() throws {
    let last: Int64 = 1_667_116_800
    let zone = try #require(
      Zone(
        identifier: "Ojinaga",
        tzif: Self.tzif(
          version: 2, changes: [1_647_162_000, last], offsets: [-21_600, -21_600], firstOffset: -25_200,
          footer: "CST6CDT,M3.2.0,M11.1.0")))
    #expect(zone.secondsFromGMT(at: last - 1) == -21_600)
    #expect(zone.secondsFromGMT(at: last) == -18_000)
    #expect(zone.nextChange(after: 1_647_162_000) == last)
    #expect(zone.nextChange(after: last) == 1_667_718_000, "2022-11-06 07:00 UTC, CDT's end")
    #expect(zone.firstInstant(atLocal: Int64(Civil.day(year: 2022, month: 10, day: 30)) * 86_400) == 1_667_109_600)
  }

  @Test func tzStrings() throws {
    let kathmandu = try #require(Zone(posix: "<+0545>-5:45"))
    #expect(kathmandu.secondsFromGMT(at: 0) == 20_700 && kathmandu.nextChange(after: 0) == nil)
    let stJohns = try #require(Zone(posix: "NST3:30NDT,M3.2.0,M11.1.0"))
    #expect(stJohns.secondsFromGMT(at: 1_767_225_600) == -12_600, "2026-01-01: NST")
    #expect(stJohns.secondsFromGMT(at: 1_782_864_000) == -9_000, "2026-07-01: NDT")
    // No rule after the daylight name: the United States' since 2007, an hour ahead.
    let us = try #require(Zone(posix: "EST5EDT"))
    #expect(us.secondsFromGMT(at: 1_782_864_000) == -14_400)
    #expect(us.nextChange(after: 1_782_864_000) == 1_793_512_800, "2026-11-01 06:00 UTC")
    for bad in ["", "CE", "CET", "CET-", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "<+05>", "CET-1CEST,M3.5.0,M10.5.0/3x"] {
      #expect(Zone(posix: bad) == nil, "\(bad)")
    }
    #expect(Zone(posix: "CET-1")?.secondsFromGMT(at: 0) == 3600)
  }

  /// `TZ` as the C library reads it.
  @Test func theTZVariable() throws {
    #expect(Zone(tz: ":Europe/Madrid", database: "/usr/share/zoneinfo")?.identifier == "Europe/Madrid")
    #expect(Zone(tz: "Europe/Madrid", database: "/usr/share/zoneinfo")?.identifier == "Europe/Madrid")
    #expect(Zone(tz: "/usr/share/zoneinfo/Asia/Kolkata", database: "/usr/share/zoneinfo")?.identifier == "Asia/Kolkata")
    #expect(Zone(tz: ":/usr/share/zoneinfo/Asia/Kolkata", database: "/usr/share/zoneinfo")?.secondsFromGMT(at: 0) == 19_800)
    #expect(Zone(tz: "CET-1CEST,M3.5.0,M10.5.0/3", database: "/usr/share/zoneinfo")?.identifier == "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(Zone(tz: "", database: "/usr/share/zoneinfo") == .utc && Zone(tz: ":", database: "/usr/share/zoneinfo") == .utc)
    #expect(Zone(tz: "Nowhere/Nothing", database: "/usr/share/zoneinfo") == nil && Zone(tz: "../../etc/passwd", database: "/usr/share/zoneinfo") == nil)
    #expect(Zone(identifier: "Europe/../Europe/Madrid") == nil)
    #expect(Zone(identifier: "GMT") != nil && Zone(identifier: "Nowhere") == nil)
  }

  /// The local day and minute of an instant, before 1970 too (the day rounded down, not to zero).
  @Test func theLocalDayAndMinute() {
    #expect(Civil.day(ofSeconds: -1, offset: 0) == -1 && Civil.minute(ofSeconds: -1, offset: 0) == 1439)
    #expect(Civil.day(ofSeconds: -86_400, offset: 0) == -1 && Civil.minute(ofSeconds: -86_400, offset: 0) == 0)
    #expect(Civil.minute(ofSeconds: 0, offset: 3_600) == 60 && Civil.minute(ofSeconds: 119, offset: 0) == 1)
    #expect(Civil.day(ofSeconds: 1_800, offset: -3_600) == -1 && Civil.minute(ofSeconds: 1_800, offset: -3_600) == 1_410)
  }

  /// The learner's zone from an environment (a World's, as it is made): `TZ` when it names a zone in
  /// the database (TZDIR's if set), else UTC. (Without `TZ`, the system's `/etc/localtime`, which
  /// this test cannot fix.)
  @Test func theLearnersZoneFromAnEnvironment() {
    #expect(Zone.local(["TZ": "Asia/Kathmandu"]).identifier == "Asia/Kathmandu")
    #expect(Zone.local(["TZ": ":Pacific/Chatham"]).secondsFromGMT(at: 0) == Zone(identifier: "Pacific/Chatham")?.secondsFromGMT(at: 0))
    #expect(Zone.local(["TZ": ""]) == .utc && Zone.local(["TZ": "Nowhere/Nothing"]) == .utc)
    // The database in TZDIR: none there, no zone (but UTC, known without it).
    #expect(Zone.local(["TZ": "Europe/Madrid", "TZDIR": "/nonexistent"]) == .utc)
    #expect(Zone.unknownTZNotice(["TZ": "Europe/Madrid", "TZDIR": "/nonexistent"]) != nil)
    #expect(Zone.unknownTZNotice(["TZ": "Europe/Madrid"]) == nil && Zone.unknownTZNotice([:]) == nil)
  }

  /// The footer of the system's file for `name`.
  static func footer(_ name: String) -> String? {
    guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else { return nil }
    let lines = String(decoding: data.suffix(80), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count >= 2 ? String(lines[lines.count - 2]) : nil
  }

  /// A TZif file of these changes (a type for each offset; version 1: 32-bit times alone).
  static func tzif(version: Int, changes: [Int64], offsets: [Int], firstOffset: Int, footer: String) -> [UInt8] {
    var types = [firstOffset]
    for offset in offsets where !types.contains(offset) { types.append(offset) }
    func big(_ value: Int64, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    func part(_ size: Int) -> [UInt8] {
      var bytes = Array("TZif".utf8) + [version == 1 ? 0 : UInt8(ascii: "0") + UInt8(version)] + [UInt8](repeating: 0, count: 15)
      for count in [0, 0, 0, changes.count, types.count, 4] { bytes += big(Int64(count), 4) }
      for change in changes { bytes += big(change, size) }
      for offset in offsets { bytes.append(UInt8(types.firstIndex(of: offset)!)) }
      for offset in types { bytes += big(Int64(offset), 4) + [0, 0] }
      return bytes + Array("ZZZ\0".utf8)
    }
    return version == 1 ? part(4) : part(4) + part(8) + Array("\n\(footer)\n".utf8)
  }
}
