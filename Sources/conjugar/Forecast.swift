import ArgumentParser
import ConjugarCore
import Foundation

/// `conjugar forecast` (issue 41, item 4): the forms falling due on each of the next days, and the
/// minutes they are expected to take (``Forecast``).
struct ForecastCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forecast",
    abstract: "The forms falling due on each of the next days, and the minutes they should take.",
    discussion: """
      Days are local (TZ is honoured), today first, every day listed, one with nothing due too. \
      A form already overdue counts on today; a suspended form on no day; each form once, on the \
      day the trainer will ask it: its due date, or with load-balance on or easy days set a day \
      near it, chosen so that each day asks about the same minutes while the chance of knowing \
      the form stays within a point of the review retention. A form's expected time is the median seconds of your answers to it \
      (of your last \(DayPlan.recentAnswers) answers), else to its verb, else to its tense, \
      else to every form, else \(Int(AnswerTimes.defaultSeconds)) \
      seconds; a day's minutes are its forms' times summed. JSON: one object per day, per line, the \
      keys in this order: {"date":"YYYY-MM-DD","due":N,"minutes":X} (minutes to one decimal). Plain: \
      a sentence per day, then the total, for a screen reader.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case table, json, plain
  }

  @Option(
    help: ArgumentHelp(
      "How many days, today first: \(Forecast.dayRange.lowerBound) to \(Forecast.dayRange.upperBound).",
      valueName: "n"))
  var days = 30

  @Option(
    help: "table (for people: a line a day, with a bar of its minutes), json (one object per day, per line) or plain (a sentence per day, for a screen reader).")
  var format: Format = .table

  func validate() throws {
    guard Forecast.dayRange.contains(days) else {
      throw ValidationError(
        "--days takes a number of days from \(Forecast.dayRange.lowerBound) to \(Forecast.dayRange.upperBound), not \(days).")
    }
  }

  func run() throws {
    let forecast: Forecast
    do {
      forecast = try Current.readingHistory { board in
        try Forecast.read(board, settings: Current.settings.values, now: Current.clock.now(), timeZone: Current.timeZone, days: days)
      }
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("the history can't be read: \(error)")
    }
    var out = StandardOutput()
    switch format {
    case .table: out.write(forecast.table())
    case .json: out.write(forecast.json())
    case .plain: out.write(forecast.plain())
    }
    out.flush()
  }
}
