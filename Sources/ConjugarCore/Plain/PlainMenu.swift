import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient

/// The plain mode between sessions (`conjugar --plain`): a menu of lines, each choice a number read
/// as a line — a review, a quiz, a saved drill, the most missed, the listening drill, where you
/// stand, quit — each session a ``PlainConversation``; a quiz's score reported at its end as the
/// full-screen trainer reports it (``Session/report(to:analytics:reviewPrompter:)``).
public struct PlainMenu: LineConversation {
  let world: World
  /// How a saved drill's options become a drill, and a drill is saved (the command line's parser).
  let drills: DrillParser
  /// The session under way, and what it is for.
  private var running: (conversation: PlainConversation, kind: Session.Kind)?
  /// The saved drills offered, while one is being picked.
  private var picking: [(name: String, options: String)]?
  /// The settings, while they are listed or one of them is being changed.
  private var settings: SettingsStep?

  enum SettingsStep {
    case listed
    /// The setting at this index of ``SettingDeclarations/all``.
    case changing(Int)
  }

  public init(in world: World, drills: DrillParser) {
    self.world = world
    self.drills = drills
  }

  /// The menu's choices, by their numbers.
  enum Choice: Int, CaseIterable {
    case review = 1, quiz, drill, missed, listening, standing, settings, quit

    var name: String {
      switch self {
      case .review: "review"
      case .quiz: "quiz"
      case .drill: "a saved drill"
      case .missed: "practise the most missed"
      case .listening: "listening drill"
      case .standing: "where you stand"
      case .settings: "settings"
      case .quit: "quit"
      }
    }

    /// The choice a line names: its number, or a word of its name.
    init?(_ line: String) {
      let words: [String: Choice] = [
        "review": .review, "quiz": .quiz, "drill": .drill, "missed": .missed, "listening": .listening,
        "stats": .standing, "where you stand": .standing, "settings": .settings, "q": .quit, "quit": .quit, ":quit": .quit,
      ]
      guard let choice = Int(line).flatMap(Choice.init(rawValue:)) ?? words[line] else { return nil }
      self = choice
    }
  }

  /// The menu's line: the forms due now, and what each number does.
  func menu() -> String {
    let due =
      (try? DueToday.count(world.scoreboard, settings: world.settings.values, at: world.clock.now(), timeZone: world.timeZone)) ?? 0
    return "\(due == 1 ? "1 form is" : "\(due) forms are") due now. Type a number and Enter: "
      + Choice.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ") + "."
  }

  public func opening() -> [String] {
    PlainConversation.bounded(
      world.notices + ["conjugar, in lines: each question a line, your answer a line; :help in a session lists its words.", menu()])
  }

  /// The question the session under way asks now, if one is under way.
  public var current: Question? { running?.conversation.session.current }

  /// Handles one line: to the session under way, or a choice of the menu; each line written no
  /// longer than ``PlainConversation/longestLine``.
  public mutating func take(_ line: String) -> (lines: [String], done: Bool) {
    let (lines, done) = respond(line)
    return (PlainConversation.bounded(lines), done)
  }

  private mutating func respond(_ line: String) -> (lines: [String], done: Bool) {
    if let (current, kind) = running {
      var conversation = current
      let (lines, done) = conversation.take(line)
      running = (conversation, kind)
      guard done else { return (lines, false) }
      running = nil
      return (lines + (kind == .quiz ? scored(conversation.session) : []) + [menu()], false)
    }
    let text: String
    switch PlainConversation.admitted(line) {
    case .success(let admitted): text = admitted.lowercased()
    case .failure(let refusal): return ([refusal.sentence, picking.map(drillsLine) ?? (settings != nil ? "Type a number, or press Enter to go back." : menu())], false)
    }
    if let drills = picking { return pick(text, among: drills) }
    switch settings {
    case .listed?: return chooseSetting(text)
    // The value as typed (a set of tenses keeps its accents and case for its refusal).
    case .changing(let index)?: return change(index, to: (try? PlainConversation.admitted(line).get()) ?? text)
    case nil: break
    }
    switch Choice(text) {
    case .review?: return start(Session.review(settings: world.settings.values, scoreboard: world.scoreboard, conjugator: world.conjugator, clock: world.clock, timeZone: world.timeZone), .review,
        empty: world.settings.values.breakDays.message(on: Day(world.clock.now(), in: world.timeZone)) ?? "Nothing to review now.")
    case .quiz?: return start(Session.quiz(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock), .quiz, empty: "No quiz can be made with these settings.")
    case .drill?:
      let drills = world.settings.values.drills
      guard !drills.isEmpty else {
        return (["No drill is saved yet: in a drill, :save NAME saves it (or conjugar drill --save NAME, or the Practice screen).", menu()], false)
      }
      picking = drills
      return ([drillsLine(drills)], false)
    case .missed?: return practiseMostMissed()
    case .listening?:
      guard world.speech.isAvailable() else {
        return (["The listening drill needs speech, and speech is unavailable: \(Speech.missingMessage)", menu()], false)
      }
      do {
        return start(try Session.listening(settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock), .listening, empty: "No listening drill can be made.")
      } catch {
        return (["No listening drill: \(error).", menu()], false)
      }
    case .standing?: return (standing() + [menu()], false)
    case .settings?:
      settings = .listed
      return (settingsLines(), false)
    case .quit?: return (["Goodbye."], true)
    // Enter says the menu again; anything else that is no choice, one short sentence, not the
    // whole menu again.
    case nil where text.isEmpty: return ([menu()], false)
    case nil: return (["Type a number from 1 to \(Choice.allCases.count), or press Enter to hear the choices again."], false)
    }
  }

  /// "Saved drills: 1 preterito, 2 subjuntivo. Type its number, or Enter to go back."
  private func drillsLine(_ drills: [(name: String, options: String)]) -> String {
    "Saved drills: " + drills.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
      + ". Type its number, or Enter to go back."
  }

  /// A saved drill picked by its number (or name), made as the Practice screen makes it.
  private mutating func pick(_ text: String, among drills: [(name: String, options: String)]) -> (lines: [String], done: Bool) {
    guard !text.isEmpty else {
      picking = nil
      return ([menu()], false)
    }
    guard let drill = Int(text).flatMap({ drills.indices.contains($0 - 1) ? drills[$0 - 1] : nil }) ?? drills.first(where: { $0.name.lowercased() == text })
    else { return ([PlainConversation.echoing("No saved drill is ", text, "."), drillsLine(drills)], false) }
    picking = nil
    do {
      let arguments = drill.options.split(separator: " ").map(String.init)
      let (spec, mode) = try self.drills.read(arguments, world)
      return start(
        try Session.drill(spec, mode: mode, settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock), .practice, empty: "The drill \(drill.name) asks nothing.",
        drill: SaveableDrill(options: arguments, parser: self.drills))
    } catch let error as DrillError {
      return (["Can't make the drill \(drill.name): \(error).", menu()], false)
    } catch {
      return (["Can't read the drill \(drill.name): \(error)", menu()], false)
    }
  }

  /// The forms missed most often (`stats`' list), asked again now.
  private mutating func practiseMostMissed() -> (lines: [String], done: Bool) {
    let missed: [Item]
    do {
      missed = try statistics().mostMissed.map(\.item)
    } catch {
      return (["Your history can't be read: \(error).", menu()], false)
    }
    let composer = ReviewComposer(
      conjugator: world.conjugator, scoreboard: world.scoreboard, settings: world.settings.values, timeZone: world.timeZone)
    let questions = missed.compactMap(composer.question(for:))
    return start(Session.practice(questions, settings: world.settings.values, conjugator: world.conjugator, clock: world.clock), .practice, empty: "Nothing missed yet: no form to practise again.")
  }

  private mutating func start(_ session: Session, _ kind: Session.Kind, empty: String, drill: SaveableDrill? = nil)
    -> (lines: [String], done: Bool)
  {
    guard !session.isFinished else { return ([empty, menu()], false) }
    let conversation = PlainConversation(
      session: session, in: world, origin: kind == .quiz ? .quiz : .review, speaksAnswers: world.settings.speakAnswers.isOn,
      drill: drill)
    running = (conversation, kind)
    return (conversation.opening(), false)
  }

  /// The settings as the Settings screen lists them, a line each, by number: "2 Quiz difficulty:
  /// easy."; then how to change one.
  private func settingsLines() -> [String] {
    let values = world.settings.values
    return SettingDeclarations.all.enumerated().map { index, setting in
      "\(index + 1) \(setting.label): \(setting.name(of: values.rawValue(of: setting)))."
    } + ["Type a setting's number to change it, or Enter to go back."]
  }

  /// A setting picked by its number: its explanation and its values, by number.
  private mutating func chooseSetting(_ text: String) -> (lines: [String], done: Bool) {
    let all = SettingDeclarations.all
    guard !text.isEmpty else {
      settings = nil
      return ([menu()], false)
    }
    guard let number = Int(text), all.indices.contains(number - 1) else {
      return (["Type a number from 1 to \(all.count), or press Enter to go back."], false)
    }
    let chosen = all[number - 1]
    if SettingDeclarations.needsSpeech(chosen), !world.speech.isAvailable() {
      return (["\(chosen.label) does not change: \(Speech.missingMessage)", "Type a setting's number to change it, or Enter to go back."], false)
    }
    settings = .changing(number - 1)
    let now = chosen.name(of: world.settings.values.rawValue(of: chosen))
    let values =
      chosen.members == nil
      ? "Its values: " + offered(chosen).enumerated().map { "\($0.offset + 1) \(chosen.name(of: $0.element))" }.joined(separator: ", ")
        + ". Type a value's number, or Enter to leave it as it is."
      : "Type difficulty, or the tenses separated by commas, as presente, pretérito, futuro; or Enter to leave it as it is."
    return (["\(chosen.label): \(now). \(chosen.help)", values], false)
  }

  /// The values offered for `setting` by number, today (a break from tomorrow), with its value
  /// now last when it is none of them (set in the file or on the command line).
  private func offered(_ setting: any AnySetting) -> [String] {
    let choices = setting.choices(from: Day(world.clock.now(), in: world.timeZone))
    let current = world.settings.values.rawValue(of: setting)
    return choices.contains(current) || setting.members != nil ? choices : choices + [current]
  }

  /// The setting at `index` changed to the value typed (its number, or the value itself), saved at
  /// once as the Settings screen saves it; then the settings again.
  private mutating func change(_ index: Int, to typed: String) -> (lines: [String], done: Bool) {
    let chosen = SettingDeclarations.all[index]
    guard !typed.isEmpty else {
      settings = .listed
      return (settingsLines(), false)
    }
    let choices = offered(chosen)
    let picked = chosen.members == nil ? Int(typed).flatMap { choices.indices.contains($0 - 1) ? choices[$0 - 1] : nil } : nil
    guard let written = picked ?? chosen.written(typed) else {
      let why = chosen.refusal(of: typed).map { PlainConversation.echoing("\"", typed, "\" \($0).") }
        ?? PlainConversation.echoing("\"", typed, "\" is none of its values.")
      return ([why, "Type a value's number, or Enter to leave it as it is."], false)
    }
    let before = world.settings.values.rawValue(of: chosen)
    world.settings.set(chosen.key, written)
    settings = .listed
    if let error = world.settings.saveError { return (["\(chosen.label) could not be saved: \(error)."] + settingsLines(), false) }
    let said = before == written
      ? "\(chosen.label): \(chosen.name(of: written)), as it was."
      : "\(chosen.label): \(chosen.name(of: written)), saved (it was \(chosen.name(of: before)))."
    return ([said] + settingsLines(), false)
  }

  /// A quiz's end: its score kept, and said; a quiz stopped early keeps its answers but no score,
  /// as in the full-screen trainer.
  private func scored(_ session: Session) -> [String] {
    guard session.isFinished, !session.answers.isEmpty else { return [] }
    var session = session
    let outcome = session.report(to: world.scoreboard, analytics: world.analytics, reviewPrompter: world.reviewPrompter)
    if let error = outcome.error { return ["\(error)."] }
    // A score of 0 is no best score, whatever its rank among none.
    guard outcome.score > 0, let rank = outcome.rank else { return ["Score: \(outcome.score)."] }
    return ["Score: \(outcome.score), number \(rank) among your best scores."]
  }

  private func statistics() throws -> Statistics {
    try world.scoreboard.standing.statistics(StatisticsQuery(now: world.clock.now(), timeZone: world.timeZone))
  }

  /// Where the learner stands: `conjugar stats`' figures, a sentence a line, and the rules known
  /// and not yet known (``PlainStanding``).
  private func standing() -> [String] {
    do {
      let board = world.scoreboard
      let rules = try RuleStanding.read(board, layer: try board.memory.fittedMemory()?.rules, conjugator: world.conjugator)
      return PlainStanding.lines(try statistics(), rules: rules)
    } catch {
      return ["Your history can't be read: \(error)."]
    }
  }
}
