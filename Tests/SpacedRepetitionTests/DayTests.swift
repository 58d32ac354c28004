import Foundation
import SpacedRepetition
import Testing

/// A local date and time (the Scores screen's dates), written as Foundation's `DateFormatter`
/// wrote them.
@Suite struct DayTests {
  @Test(arguments: ["Europe/Madrid", "UTC", "Asia/Kathmandu", "America/St_Johns", "America/Santiago"])
  func datesAreDateFormatters(name: String) throws {
    let foundation = try #require(TimeZone(identifier: name))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = foundation
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    let zone = try #require(Zone(identifier: name))
    // Every 2 h 46 min 40.5 s from 2000 to 2040: each minute of the hour in turn, and half seconds.
    for seconds in stride(from: 946_684_800.0, to: 2_208_988_800, by: 10_000.5) {
      let date = Date(timeIntervalSince1970: seconds)
      let written = Day.dateAndTime(date, in: zone)
      guard written == formatter.string(from: date) else {
        Issue.record("\(date): \(written), not \(formatter.string(from: date))")
        return
      }
    }
  }
}
