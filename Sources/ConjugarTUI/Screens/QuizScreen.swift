import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// 2 Quiz: what the next quiz will ask, the quiz itself (a question, the answer typed, the
/// verdict on the last one, score and time), and its results; and the review of the forms due
/// (r), each answer kept as it is given, with what it earned and when the form comes back. The
/// session does the quizzing; this screen shows it. Each phase carries its own state: before
/// (nothing but the settings), asking (``Asking``), after (``Results``).
struct QuizScreen: Screen {
  enum Phase {
    case ready
    case asking(Asking)
    case finished(Results)
  }

  /// What a yes would end: this quiz, or the whole program.
  enum Leaving { case quiz, program }

  var phase = Phase.ready
  /// Whether speech can be heard (espeak-ng is installed).
  let speechAvailable: Bool

  init(speechAvailable: Bool = true) { self.speechAvailable = speechAvailable }

  /// The session asking, with its question or verdict; nil before and after.
  var asking: Asking? {
    if case .asking(let asking) = phase { return asking }
    return nil
  }

  /// The results of the session finished; nil before and while asking.
  var results: Results? {
    if case .finished(let results) = phase { return results }
    return nil
  }

  var isAsking: Bool { asking != nil }

  var name: String { results == nil ? "quiz" : "quiz-results" }
  var place: String { "quiz" }

  var helpTitle: String {
    switch phase {
    case .ready: "the quiz"
    case .asking(let asking): "the \(asking.kind.noun)"
    case .finished: "the results"
    }
  }

  var isTyping: Bool { asking.map { $0.leaving == nil } ?? false }

  /// Whether the quiz is asking if the learner wants to leave.
  var isLeaving: Bool { asking?.leaving != nil }

  /// Reads the clock again, for the timer.
  mutating func tick() {
    guard case .asking(var asking) = phase else { return }
    asking.elapsed = asking.session.elapsedSeconds
    phase = .asking(asking)
  }

  /// Stops or starts the quiz's timer (while the help or the leave prompt is open).
  mutating func setPaused(_ paused: Bool) {
    guard case .asking(var asking) = phase else { return }
    asking.setPaused(paused)
    phase = .asking(asking)
  }

  /// Asks whether to leave; `program`: q was pressed, so yes quits the program.
  mutating func askToLeave(_ what: Leaving) {
    guard case .asking(var asking) = phase else { return }
    asking.askToLeave(what)
    phase = .asking(asking)
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    switch phase {
    case .ready:
      return handleReady(key, settings: settings)
    case .asking(var asking):
      let (action, next) = asking.handle(key)
      switch next {
      case .asking: phase = .asking(asking)
      case .ready: phase = .ready
      case .finished(let outcome): phase = .finished(Results(asking: asking, outcome: outcome))
      }
      return action
    case .finished(var results):
      switch key {
      case .escape:
        phase = .ready
      case .character("u"):
        var asking = results.asking
        do {
          let action = try asking.undo()
          phase = .asking(asking)
          return action
        } catch {
          return Asking.notTakenBack(error)
        }
      case .character("p"):
        let missed = results.session.missed
        guard !missed.isEmpty else { return nil }
        start(.practice(missed, settings: Current.settings.values, conjugator: Current.conjugator, clock: Current.clock), .practice, speaks: settings.speakAnswers.isOn)
        return sayQuestion()
      default:
        let action = results.handle(key, in: area)
        phase = .finished(results)
        return action
      }
      return nil
    }
  }

  /// Before a session: Enter starts a quiz, r a review, l a listening drill, d the Practice screen.
  private mutating func handleReady(_ key: Key, settings: SettingValues) -> Action? {
    switch key {
    case .enter:
      start(
        .quiz(settings: Current.settings.values, conjugator: Current.conjugator, random: Current.random, clock: Current.clock),
        .quiz, speaks: settings.speakAnswers.isOn)
    case .character("d"): return .openDrillBuilder
    case .character("r"):
      let review = Session.review(settings: Current.settings.values, scoreboard: Current.scoreboard, conjugator: Current.conjugator, clock: Current.clock,
        timeZone: Current.timeZone)
      guard !review.isFinished else { return .message(Self.nothingToReview(in: Current)) }
      start(review, .review, speaks: settings.speakAnswers.isOn)
    case .character("l"):
      guard speechAvailable else { return .message(Self.listeningUnavailable) }
      do {
        start(try Session.listening(settings: Current.settings.values, conjugator: Current.conjugator, random: Current.random, clock: Current.clock), .listening, speaks: settings.speakAnswers.isOn)
        return sayQuestion()
      } catch {
        return .message("No listening drill: \(error)")
      }
    default: break
    }
    return nil
  }

  /// Why `r` finds nothing to ask, naming the limit reached and its setting: the day's reviews
  /// spent with forms due, the day's new forms brought in, or none a day.
  static func nothingToReview(in world: World) -> String {
    let values = world.settings.values
    let now = world.clock.now()
    let limits = DailyLimits(scoreboard: world.scoreboard, settings: values, at: now, timeZone: world.timeZone)
    let due = (try? DueToday.count(world.scoreboard, settings: values, at: now, timeZone: world.timeZone)) ?? 0
    let settings = SettingDeclarations.shared
    if let away = values.breakDays.message(on: Day(now, in: world.timeZone)) { return away }
    if due > 0, limits.reviewsLeft == 0, let limit = values.maxReviewsPerDay.count {
      return "Today's \(limit) reviews are done (\(settings.maxReviewsPerDay.label)); \(due) due."
    }
    let perDay = values.newItemsPerDay.count
    if perDay == 0 { return "Nothing to review now, and \(settings.newItemsPerDay.label) is 0." }
    if limits.newLeft == 0 { return "Nothing due; today's \(perDay) new forms are in (\(settings.newItemsPerDay.label))." }
    return "Nothing to review now, and no form left to bring in."
  }

  /// Why there is no listening drill, where it would be offered.
  static let listeningUnavailable = "The listening drill \(Speech.unavailableReason), which Scripts/setup installs."

  /// Says the question asking, if it is a listening one.
  func sayQuestion() -> Action? { asking?.sayQuestion() }

  /// Starts asking `session`'s questions: a scored quiz, a review, or practice; `speaks`: the
  /// right form is said after each answer; `savesDrill`: it came from the Practice screen, and its
  /// results offer to save the drill.
  mutating func start(_ session: Session, _ kind: Session.Kind = .quiz, speaks: Bool = false, savesDrill: Bool = false) {
    phase = .asking(Asking(session, kind: kind, speaksAnswers: speaks, savesDrill: savesDrill))
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    switch phase {
    case .ready: drawReady(settings, in: &frame, area: area)
    case .asking(let asking): asking.draw(in: &frame, area: area, namesCueForm: settings.cueShowsForm.isOn)
    case .finished(let results): results.draw(in: &frame, area: area)
    }
  }

  /// Before the quiz: what it will ask, how it is scored, and the other sessions on offer.
  func drawReady(_ settings: SettingValues, in frame: inout Frame, area: Area) {
    let difficulty = settings.difficulty
    let tenses: String =
      switch (difficulty, settings.quizTenses) {
      case (.difficult, .difficulty): "\(difficulty.name): every tense, the gerundio and the participio"
      case (_, .difficulty):
        "\(difficulty.name): " + QuizComposer.forms(for: difficulty).map(\.name).joined(separator: ", ")
      case (_, .chosen):
        "Your tenses: " + QuizComposer.forms(for: difficulty, tenses: settings.quizTenses).map(\.name).joined(separator: ", ")
      }
    let persons = settings.region == .spain ? "with vosotros" : "ustedes, no vosotros"
    var lines: [Line] = [Line(" \(settings.quizLength.count) questions. Press Enter to start.", .heading), Line()]
    let text = [
      "\(tenses).",
      "\(settings.region.name) (\(persons)), \(settings.quizSecondPerson.name) for the second person.",
      Scoring.pointsExplanation,
      Scoring(difficulty: difficulty, region: settings.region).multiplierExplanation,
      "Change these in 4 Settings.",
      speechAvailable
        ? "Press l for a listening drill: hear a form, write it (\(DrillSpec().count ?? DrillSpec.untilStopped) questions)."
        : "Listening drill: \(Speech.unavailableReason), which Scripts/setup installs.",
    ]
    for paragraph in text {
      lines += wrapped(paragraph, width: area.width - 2).map { Line(" " + $0) }
    }
    frame.draw(lines, offset: 0, in: area)
  }
}
