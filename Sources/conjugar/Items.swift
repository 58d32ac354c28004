import ArgumentParser
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient

/// `conjugar items`: suspend, take back or reset the forms of a verb, and export or import those
/// marks (the browser's `s` and `r`, from a script).
struct Items: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "items", abstract: "Suspend, unsuspend or reset forms; export or import those marks.",
    discussion: """
      A suspended form is never due and never brought in new, until it is taken back. A reset form \
      is new again: its answers stay in the history and no longer count for its schedule.
      """,
    subcommands: [Suspend.self, Unsuspend.self, Reset.self, Export.self, Import.self])

  /// The forms a command acts on: a verb's, narrowed by tense and person.
  struct Selection: ParsableArguments {
    @Argument(help: "The verb, its infinitive as the catalog spells it (tener, irse).")
    var verb: String

    @Option(help: "Only this tense: presente, preterito, imperfecto, …, gerundio, participio, or as the trainer shows it (pretérito perfecto simple).")
    var tense: String?

    @Option(help: "Only this person: yo, tu, vos, el, nosotros, vosotros, ellos, or its pronoun (tú, él, usted, ustedes).")
    var person: String?

    func events(_ action: ItemAction) throws -> [ItemEvent] {
      do {
        let now = Current.clock.now()
        return try MarksFile.forms(of: verb, tense: tense, person: person, conjugator: Current.conjugator)
          .map { ItemEvent(item: $0, action: action, date: now) }
      } catch {
        throw CommandFailure("\(error)")
      }
    }

    /// "tener", "tener, presente", "tener, presente, yo".
    var named: String { ([verb] + [tense, person].compactMap { $0 }).joined(separator: ", ") }
  }

  /// Applies `events` as the learner's (`merging` false: only those that change a form's mark) or
  /// a file's, and prints what `done` says of the forms changed and of the others, left as they were.
  static func apply(
    _ events: [ItemEvent], merging: Bool = false, saying done: (_ changed: Int, _ left: Int) -> String
  ) throws {
    let board = try Current.history()
    do {
      let changed = try merging ? board.items.mergeItemMarks(events) : board.items.markItems(events)
      StandardOutput.line(done(changed, max(0, events.count - changed)))
    } catch {
      throw CommandFailure("nothing changed: \(error)")
    }
  }

  static func forms(_ count: Int) -> String { "\(count) form\(count == 1 ? "" : "s")" }
  /// "1 was", "4 were".
  static func were(_ count: Int) -> String { "\(count) \(count == 1 ? "was" : "were")" }

  struct Suspend: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "suspend", abstract: "Never schedule these forms, until unsuspended.")
    @OptionGroup var selection: Selection
    func run() throws {
      let named = selection.named
      try Items.apply(try selection.events(.suspend)) { changed, left in
        switch (changed, left) {
        case (_, 0): "Suspended \(Items.forms(changed)) of \(named)."
        case (0, 1): "\(named) is already suspended."
        case (0, _): "All \(Items.forms(left)) of \(named) are already suspended."
        default: "Suspended \(Items.forms(changed)) of \(named); \(Items.were(left)) already suspended."
        }
      }
    }
  }

  struct Unsuspend: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unsuspend", abstract: "Schedule these forms again.")
    @OptionGroup var selection: Selection
    func run() throws {
      let named = selection.named
      try Items.apply(try selection.events(.unsuspend)) { changed, left in
        switch (changed, left) {
        case (_, 0): "Took back \(Items.forms(changed)) of \(named)."
        case (0, 1): "\(named) is not suspended."
        case (0, _): "None of the \(Items.forms(left)) of \(named) is suspended."
        default: "Took back \(Items.forms(changed)) of \(named); \(Items.were(left)) not suspended."
        }
      }
    }
  }

  struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reset", abstract: "Forget these forms' memory: new again; their answers stay in the history.")
    @OptionGroup var selection: Selection
    func run() throws {
      // Only the forms practised have a memory to forget: the board resets those alone.
      let named = selection.named
      try Items.apply(try selection.events(.reset)) { changed, left in
        let done = "Reset \(Items.forms(changed)) of \(named): new again; their answers stay in the history."
        return switch (changed, left) {
        case (_, 0): done
        case (0, 1): "\(named) was never practised: nothing to reset."
        case (0, _): "None of the \(Items.forms(left)) of \(named) was practised: nothing to reset."
        default: "\(done) \(Items.were(left)) never practised."
        }
      }
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export", abstract: "Write every form's marks as events.",
      discussion: """
        CSV: the header date,verb,tense,person,action, then one event per line (date ISO 8601 in UTC \
        to the millisecond; action suspend, unsuspend or reset), oldest first.
        """)
    func run() throws {
      let board = try Current.history()
      do {
        var out = StandardOutput()
        out.write(MarksFile.text(try board.items.itemMarks()))
        out.flush()
      } catch {
        throw CommandFailure("the marks can't be read: \(error)")
      }
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Apply the marks of a file that `items export` wrote.",
      discussion: """
        The later of two events on a form wins, whatever order they come in, so importing twice \
        changes nothing. A file with any bad row imports nothing: each is listed with its line.
        """)
    @Argument(help: "The file to import.")
    var file: String
    func run() throws {
      let text = try NamedFile.text(file, otherwise: "nothing imported")
      let (events, bad) = MarksFile.read(text, conjugator: Current.conjugator, now: Current.clock.now())
      try History.Import.refuse(bad, in: file)
      try Items.apply(events, merging: true) { changed, _ in "Changed the marks of \(Items.forms(changed))." }
    }
  }
}
