import ConjugarCore
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

@testable import conjugar

/// `conjugar break` (issue 41, item 3), run in the unit-test World: a break set, said and ended,
/// saved as the setting `break`; the days it refuses; and the forecast that asks nothing in it.
@Suite struct BreakCommandTests {
  @Test func aBreakIsSetSaidAndEnded() throws {
    let world = try historyWorld()
    let set = run(["break", "2026-12-20", "2026-12-27"], in: world)
    #expect(set.status == 0)
    #expect(set.output == "break: 20 Dec to 27 Dec 2026, 8 days. `conjugar forecast` shows the days around it.\n")
    #expect(world.settings.values.rawValue(of: SettingDeclarations.shared.breakDays) == "2026-12-20..2026-12-27")
    #expect(run(["break"], in: world).output == "break: 20 Dec to 27 Dec 2026, 8 days.\n")
    #expect(run(["break", "2026-12-20", "2026-12-27"], in: world).output == "break: 20 Dec to 27 Dec 2026, 8 days, as it was.\n")
    #expect(run(["settings", "get", "break"], in: world).output == "2026-12-20..2026-12-27\n")
    let cleared = run(["break", "--clear"], in: world)
    #expect(cleared.status == 0)
    #expect(cleared.output == "Break ended: it was 20 Dec to 27 Dec 2026, 8 days.\n")
    #expect(world.settings.breakDays == .none)
    #expect(run(["break"], in: world).output == "No break is set.\n")
    #expect(run(["break", "--clear"], in: world).output == "No break was set.\n")
  }

  @Test func daysItRefusesChangeNothing() throws {
    let world = try historyWorld()
    let backwards = run(["break", "2026-12-27", "2026-12-20"], in: world)
    #expect(backwards.status == 2)
    #expect(backwards.error.contains("The last day, 2026-12-20, comes before the first, 2026-12-27."))
    #expect(run(["break", "2026-02-30", "2026-03-01"], in: world).error.contains("The first day, \"2026-02-30\", is not a day: days are written YYYY-MM-DD, as 2026-12-20."))
    #expect(run(["break", "2026-12-20"], in: world).error.contains("Give the last day away too"))
    #expect(run(["break", "2026-12-20", "2026-12-21", "--clear"], in: world).status == 2)
    // Over before today (2026-11-24).
    let over = run(["break", "2026-11-01", "2026-11-20"], in: world)
    #expect(over.status == 1)
    #expect(over.error == "conjugar: that break, 1 Nov to 20 Nov 2026, 20 days, is over: today is 2026-11-24; nothing changed\n")
    #expect(world.settings.breakDays == .none)
    let backwardsSetting = run(["settings", "set", "break", "2026-12-27..2026-12-20"], in: world)
    #expect(backwardsSetting.status == 1)
    #expect(backwardsSetting.error.contains("ends before it begins: the last day, 2026-12-20, comes before the first, 2026-12-27"))
    // A break set another way, and over, is said so.
    #expect(run(["settings", "set", "break", "2026-11-01..2026-11-20"], in: world).status == 0)
    #expect(run(["break"], in: world).output == "The break set, 1 Nov to 20 Nov 2026, 20 days, is over.\n")
  }

  /// Today is the World's: at 12:00 UTC on 24 November it is already the 25th in Kiritimati (UTC+14),
  /// so a break of the 24th alone is over there and not in UTC.
  @Test func todayIsInTheWorldsTimeZone() throws {
    var world = try historyWorld()
    #expect(run(["break", "2026-11-24", "2026-11-24"], in: world).status == 0)
    world.timeZone = try #require(Zone(identifier: "Pacific/Kiritimati"))
    let over = run(["break", "2026-11-24", "2026-11-24"], in: world)
    #expect(over.status == 1)
    #expect(over.error.contains("is over: today is 2026-11-25"), "\(over.error)")
  }

  @Test func theForecastAsksNothingInTheBreak() throws {
    // Three forms overdue today; away today and the next two days: they are asked after it.
    let world = try ForecastCommandTests.world()
    #expect(run(["break", "2026-11-24", "2026-11-26"], in: world).status == 0)
    let lines = run(["forecast", "--days", "11", "--format", "json"], in: world).output.split(separator: "\n")
    #expect(lines.prefix(3).allSatisfy { $0.contains(#""due":0,"#) }, "\(lines)")
    let due = lines.compactMap { $0.firstMatch(of: /"due":(\d+)/).map { Int($0.output.1)! } }
    #expect(due.reduce(0, +) == 4)
  }
}
