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

  func validate() throws {
    if clear {
      guard from == nil else { throw ValidationError("--clear takes no days: `conjugar break --clear` ends the break.") }
      return
    }
    guard let from else { return }
    guard let to else { throw ValidationError("Give the last day away too: conjugar break \(from) YYYY-MM-DD.") }
    guard Day(from) != nil else { throw ValidationError("The first day is a day as YYYY-MM-DD, not \"\(from)\".") }
    guard Day(to) != nil else { throw ValidationError("The last day is a day as YYYY-MM-DD, not \"\(to)\".") }
    guard Day(from)! <= Day(to)! else { throw ValidationError("The last day, \(to), comes before the first, \(from).") }
  }

  func run() throws {
    let settings = SettingsCommand.settings()
    let key = SettingDeclarations.shared.breakDays.key
    let before = settings.breakDays
    let today = Day(Current.clock.now(), in: .current)
    let after: Break
    if clear {
      after = .none
    } else if let from, let to, let first = Day(from), let last = Day(to) {
      guard last >= today else {
        throw CommandFailure("that break, \(from) to \(to), is over: today is \(today); nothing changed")
      }
      after = Break(days: first...last)
    } else {
      StandardOutput.line(before.matters(from: today.number) ? "break: \(before.name)." : "No break is set.")
      return
    }
    settings.set(key, after.rawValue)
    if let error = settings.saveError { throw CommandFailure("\(error)") }
    switch (before.matters(from: today.number), after.days) {
    case (false, nil): StandardOutput.line("No break was set.")
    case (true, nil): StandardOutput.line("Break ended (was \(before.name)).")
    case (_, .some):
      StandardOutput.line(
        "break: \(after.name)" + (before == after ? ", as it was." : ". `conjugar forecast` shows the days around it."))
    }
  }
}
