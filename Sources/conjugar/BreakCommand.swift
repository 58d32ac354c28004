import ArgumentParser
import ConjugarCore
import Foundation
import SettingsClient
import SpacedRepetition

/// `conjugar break` (issue 41, item 3): days away, when nothing is asked; the setting `break`
/// (``Break``), as the Settings screen's Break row sets it.
struct BreakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "break",
    abstract: "Take a break: nothing is asked from one day to another.",
    discussion: """
      `conjugar break FROM TO` sets a break from FROM to TO, both days away, local days written \
      YYYY-MM-DD. Nothing is asked on those days; what would have fallen due then is asked in the \
      week before the break or spread over the week after it, the lightest days first \
      (`conjugar forecast` shows where). The break is the setting `break` (as \
      `conjugar settings set break FROM..TO` sets it). `conjugar break` alone says the break set, \
      `conjugar break --clear` ends it.
      """)

  @Argument(help: ArgumentHelp("The first day away, YYYY-MM-DD.", valueName: "from"))
  var from: String?

  @Argument(help: ArgumentHelp("The last day away, YYYY-MM-DD: the day after it asks again.", valueName: "to"))
  var to: String?

  @Flag(help: "End the break set (nothing else changes).")
  var clear = false

  /// A day as typed, or why it is none.
  static func day(_ text: String, _ which: String) throws -> Day {
    guard let day = Day(text) else {
      throw ValidationError("The \(which) day, \"\(text)\", is not a day: days are written YYYY-MM-DD, as 2026-12-20.")
    }
    return day
  }

  /// The break asked for: none with --clear, nil when none is asked (the break set is said).
  func requested() throws -> Break? {
    if clear {
      guard from == nil else { throw ValidationError("--clear takes no days: `conjugar break --clear` ends the break.") }
      return Break.none
    }
    guard let from else { return nil }
    guard let to else { throw ValidationError("Give the last day away too: conjugar break \(from) YYYY-MM-DD.") }
    let (first, last) = (try Self.day(from, "first"), try Self.day(to, "last"))
    guard first <= last else { throw ValidationError("The last day, \(to), comes before the first, \(from).") }
    return Break(days: first...last)
  }

  func validate() throws { _ = try requested() }

  func run() throws {
    let settings = SettingsCommand.settings()
    let before = settings.breakDays
    let today = Day(Current.clock.now(), in: Current.timeZone)
    guard let after = try requested() else {
      let said = before.days == nil ? "No break is set." : before.lasts(onOrAfter: today.number)
        ? "break: \(before.name)." : "The break set, \(before.name), is over."
      StandardOutput.line(said)
      return
    }
    if let days = after.days, days.upperBound < today {
      throw CommandFailure("that break, \(after.name), is over: today is \(today); nothing changed")
    }
    settings.set(SettingDeclarations.shared.breakDays.key, after.rawValue)
    if let error = settings.saveError { throw CommandFailure("\(error)") }
    switch (before.days, after.days) {
    case (nil, nil): StandardOutput.line("No break was set.")
    case (.some, nil): StandardOutput.line("Break ended: it was \(before.name).")
    case (_, .some):
      StandardOutput.line(
        "break: \(after.name)" + (before == after ? ", as it was." : ". `conjugar forecast` shows the days around it."))
    }
  }
}
