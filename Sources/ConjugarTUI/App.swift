import ConjugarCore
import ConjugarEngine
import ConjugarOptions
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// The trainer's whole state and its update. `handle` maps a key (or a second passing, nil) to
/// the next state, calling `Current` for what it must do outside (save a setting, start a quiz,
/// count a screen viewed); `frame` draws the state and reads nothing else.
struct App {
  /// The screens of the tab bar, by their number key. A new screen is a case here, its stored
  /// property below, and its arm in `ownScreen` and `handleOnScreen`.
  enum Tab: Int, CaseIterable {
    case verbs = 1, quiz, info, settings, progress

    var title: String {
      switch self {
      case .verbs: "Verbs"
      case .quiz: "Quiz"
      case .info: "Info"
      case .settings: "Settings"
      case .progress: "Progress"
      }
    }
  }

  /// The smallest terminal the screens are laid out for; below it, only a message shows.
  static let minimumSize = Size(columns: 40, rows: 12)

  let worldName: World.Name
  var size: Size
  private(set) var tab = Tab.verbs
  var verbs: VerbList
  var quiz: QuizScreen
  /// The Practice screen that made the last drill: s on the drill's results saves it there.
  private var drillMadeBy: DrillBuilder?
  var info = InfoScreen(articles: TenseArticles.all)
  var settingsScreen: SettingsScreen
  var progress: ProgressScreen
  /// What each tab shows besides its own screen (none: `.own`): a verb opened (Verbs; opened from
  /// a quiz's results or verdict, Progress's Missed or its forms browser, Esc goes back there, to
  /// the screen as it was left), the Practice screen (Quiz), the forms browser (Progress).
  var routes: [Tab: Route] = [:]
  /// The settings as they are now, read once and again after each change: what screens draw with.
  private(set) var settings: SettingValues
  /// The help on the screen showing; nil when it is closed.
  private(set) var help: Help?
  /// One-line messages for the learner, the newest showing.
  private(set) var board: Messages
  var messages: [String] { board.texts }
  /// The exit status, once the learner has quit.
  private(set) var exitStatus: Int32?
  /// The screen last counted in analytics, so that each view counts once.
  private var screenCounted: String?
  /// The title bar's figures (``TitleFigures``).
  private(set) var figures = TitleFigures()
  /// Whether the figures are to be read again, at the end of the key being handled: once, however
  /// many of its actions changed them.
  private var figuresChanged = false
  /// Today's plan of the days being made off the key path (the title's count of forms due waits
  /// for it); done once the job has run.
  private var planning: TodaysPlanJob?
  /// Whether the loop should look again soon: the title's count waits for today's plan.
  var awaitsPlan: Bool { figures.due == nil }
  /// Speech: the forms said, the verb screen's IPA.
  private var speaker: Speaker
  var speechAvailable: Bool { speaker.isAvailable }

  init(size: Size) {
    worldName = Current.name
    self.size = size
    settings = Current.settings.values
    verbs = VerbList(conjugator: Current.conjugator)
    progress = ProgressScreen()
    speaker = Speaker(isAvailable: Current.speech.isAvailable())
    quiz = QuizScreen(speechAvailable: speaker.isAvailable)
    settingsScreen = SettingsScreen(speechAvailable: speaker.isAvailable)
    board = Messages(notices: Current.notices)
    countScreen()
    readFigures()
  }

  private mutating func readFigures() {
    figures = TitleFigures.read(in: Current, settings: settings, timeZone: Current.timeZone)
    figuresChanged = false
    guard figures.due == nil, planning?.isDone ?? true else { return }
    // Today's plan of the days is not made (the first read of the day, older answers brought in,
    // the time zone changed): made off the key path, as it takes a moment on a large history; the
    // figures are read again at each tick until it is (at once when the work is done at once, as
    // in tests).
    planning = TodaysPlanJob(in: Current, settings: settings, timeZone: Current.timeZone)
    figures = TitleFigures.read(in: Current, settings: settings, timeZone: Current.timeZone)
  }

  /// The route of the current tab.
  var route: Route { routes[tab] ?? .own }

  /// The verb opened in the Verbs tab.
  var verb: VerbTable? {
    get { if case .verb(let verb, _) = routes[.verbs] { verb } else { nil } }
    set {
      guard case .verb(_, let from) = routes[.verbs], let newValue else { return }
      routes[.verbs] = .verb(newValue, openedFrom: from)
    }
  }

  /// The Practice screen, shown in the Quiz tab while a drill is composed.
  var drillBuilder: DrillBuilder? { if case .drillBuilder(let builder) = routes[.quiz] { builder } else { nil } }

  /// The browser of the forms remembered, shown in the Progress tab while open.
  var browser: FormBrowser? { if case .browser(let browser) = routes[.progress] { browser } else { nil } }

  /// The screen showing in the current tab: one opened over it, or its own.
  var screen: any Screen { route.opened ?? ownScreen }

  /// The current tab's own screen.
  private var ownScreen: any Screen {
    switch tab {
    case .verbs: verbs
    case .quiz: quiz
    case .info: info
    case .settings: settingsScreen
    case .progress: progress
    }
  }

  /// Gives `key` to the screen showing, which changes in place.
  private mutating func handleOnScreen(_ key: Key, in area: Area) -> Action? {
    if route.opened != nil { return routes[tab, default: .own].handle(key, in: area, settings: settings) }
    return switch tab {
    case .verbs: verbs.handle(key, in: area, settings: settings)
    case .quiz: quiz.handle(key, in: area, settings: settings)
    case .info: info.handle(key, in: area, settings: settings)
    case .settings: settingsScreen.handle(key, in: area, settings: settings)
    case .progress: progress.handle(key, in: area, settings: settings)
    }
  }

  var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }

  /// Where the screen draws: below the title and tab bars, above the message and the keys.
  var contentArea: Area {
    Area(top: 2, left: 0, width: size.columns, height: max(0, size.rows - 3 - board.lines(columns: size.columns).count))
  }

  /// Where the learner is, for the messages (``Screen/place``).
  private var place: String { screen.place }

  // MARK: Update

  mutating func handle(_ key: Key?) {
    defer {
      countScreen()
      refreshPronunciation()
      board.keep(at: place)
      if figuresChanged || awaitsPlan { readFigures() }
    }
    quiz.tick()
    if tab == .progress { progress.tick(in: contentArea) }
    guard let key else { return }
    switch key {
    case .interrupt:
      exitStatus = 130  // 128 + SIGINT, as if the signal had ended the program
      return
    case .resize:
      return  // the loop has set the new size; the next frame uses it
    default: break
    }
    if isTooSmall {
      // During a quiz q asks first, as everywhere; the question shows on the small screen.
      if quiz.isLeaving {
        perform(handleOnScreen(key, in: contentArea))
      } else if key == .character("q") {
        quit()
      }
      return
    }
    if var open = help {
      switch open.handle(key, on: screen, width: size.columns, height: contentArea.height) {
      case .scrolled: help = open
      case .closed: closeHelp()
      case .quit:
        closeHelp()
        quit()
      }
      return
    }
    // Esc dismisses the message and goes back too: a message is no step of its own; but on a
    // screen whose messages answer the keys pressed there, it dismisses the message first.
    if key == .escape, !board.isEmpty {
      board.dismiss()
      if screen.escapeDismissesFirst { return }
    }
    // Neither ? nor F1 is ever part of an answer or an infinitive: help works even while typing.
    if key == .character("?") || key == .function(1) {
      openHelp()
      return
    }
    if !screen.isTyping {
      if case .character(let typed) = key, let number = typed.wholeNumberValue, let tab = Tab(rawValue: number) {
        show(tab)
        return
      }
      if key == .character("q") {
        quit()
        return
      }
    }
    perform(handleOnScreen(key, in: contentArea))
  }

  /// The help stops the quiz's timer while it is open.
  private mutating func openHelp() {
    help = Help()
    quiz.setPaused(true)
  }

  private mutating func closeHelp() {
    help = nil
    quiz.setPaused(false)
  }

  private mutating func show(_ tab: Tab) {
    self.tab = tab
    // The learner went elsewhere: the verb's Esc closes it where it is.
    if case .verb(let verb, _) = routes[.verbs] { routes[.verbs] = .verb(verb, openedFrom: nil) }
    if tab == .progress { progress.reload() }
    if tab == .settings {
      settingsScreen.memoryModel = SettingsScreen.memoryModelLine((try? Current.scoreboard.memory.fittedMemory()) ?? nil)
      settingsScreen.today = Day(Current.clock.now(), in: Current.timeZone)
    }
    figuresChanged = true
  }

  /// q: quits, but asks first during a quiz.
  private mutating func quit() {
    if quiz.isAsking {
      tab = .quiz
      quiz.askToLeave(.program)
    } else {
      exitStatus = 0
    }
  }

  private mutating func perform(_ action: Action?) {
    switch action {
    case nil: break
    case .openVerb(let infinitive):
      routes[.verbs] = VerbTable(infinitive: infinitive).map { .verb($0, openedFrom: tab == .verbs ? nil : tab) }
      tab = .verbs
    case .openArticle(let tense):
      if info.open(tense, fromVerb: true) {
        tab = .info
      } else {
        say("There is no article on the \(tense.spanishName) yet.")
      }
    case .back:
      // The screen opened closes (an article, opened from a verb, goes back to it).
      switch routes.removeValue(forKey: tab) {
      case .verb(_, let from?): tab = from
      case .browser: progress.reload()
      case nil where tab == .info: tab = .verbs
      default: break
      }
    case .marksChanged(let text):
      say(text, about: .marks)
      figuresChanged = true
    case .openBrowser:
      var browser = FormBrowser()
      browser.reload(settings: settings)
      routes[.progress] = .browser(browser)
    case .openDrillBuilder:
      routes[.quiz] = .drillBuilder(DrillBuilder(difficulty: settings.difficulty))
    case .startPractice:
      let session = drillBuilder?.prepared
      if let session {
        quiz.start(session, .practice, speaks: settings.speakAnswers.isOn, savesDrill: true)
        drillMadeBy = drillBuilder
      }
      routes[.quiz] = nil
      // Said on the quiz, once the Practice screen is gone.
      if let notice = session?.notice { say(notice) }
    case .saveDrill:
      routes[.quiz] = drillMadeBy.map { .drillBuilder($0.savingItsDrill()) }
    case .quit:
      exitStatus = 0
    case .message(let text):
      say(text)
    case .bell:
      Current.sound.ring()
    case .settingsChanged:
      settings = Current.settings.values
      if let error = Current.settings.saveError { say("The settings could not be saved: \(error)") }
      figuresChanged = true  // the day's limit of reviews may have changed
    case .quizFinished(let outcome, let chime):
      if chime { Current.sound.ring() }
      if let error = outcome.error { say(error) }
      if let prompt = outcome.reviewPrompt { say(prompt) }
      figuresChanged = true
    case .answerKept(let chime, let error):
      if chime { Current.sound.ring() }
      if let error { say(error) }
      figuresChanged = true
    case .speak(let text):
      speak(text)
    case .showIPA:
      guard speaker.isAvailable else {
        verb?.showsIPA = false
        say(Speech.missing("IPA"))
        return
      }
      refreshPronunciation()
    case .all(let actions):
      for action in actions { perform(action) }
    case .practise(let items):
      let composer = ReviewComposer(
        conjugator: Current.conjugator, scoreboard: Current.scoreboard, settings: settings, timeZone: Current.timeZone)
      let questions = items.compactMap(composer.question(for:))
      guard !questions.isEmpty else { return }
      if quiz.isAsking {
        say("Finish or leave the quiz first (2 Quiz).")
        return
      }
      quiz.start(.practice(questions, settings: Current.settings.values, conjugator: Current.conjugator, clock: Current.clock), .practice, speaks: settings.speakAnswers.isOn)
      tab = .quiz
    case .practiseRule(let id):
      if quiz.isAsking {
        say("Finish or leave the quiz first (2 Quiz).")
        return
      }
      // Every tense: the forms of the rule wherever it shows; the persons a quiz asks.
      let arguments = ["--rule", id, "--tenses", Tense.allCases.map(\.rawValue).joined(separator: ",")]
      do {
        let (spec, mode) = try PracticeOptions.drill(
          arguments, settings: settings, conjugator: Current.conjugator, files: Current.fileSystem)
        practise(spec, mode: mode)
      } catch {
        say("Can't make this drill: \(error).")
      }
    }
  }

  /// Starts a drill in the Quiz tab, or says why it cannot be made.
  mutating func practise(_ spec: DrillSpec, mode: DrillMode = .type) {
    tab = .quiz
    do {
      let session = try Session.drill(spec, mode: mode, settings: Current.settings.values, conjugator: Current.conjugator, random: Current.random, clock: Current.clock)
      quiz.start(session, .practice, speaks: settings.speakAnswers.isOn)
      if let notice = session.notice { say(notice) }
    } catch {
      say("Can't make this drill: \(error).")
    }
  }

  /// Says `text` in the region's voice; without espeak-ng, says once, on the bottom line, why
  /// nothing is heard.
  private mutating func speak(_ text: String) {
    if let missing = speaker.say(text, in: settings.region) { say(missing) }
  }

  /// A notice of no screen's (the trainer's sync), on the bottom line until dismissed.
  mutating func notice(_ text: String) { board.notice(text) }

  /// Whether Progress works out a fit, a calibration, the rules' standing, the forecast, the verbs'
  /// groups or the memory's figures on a thread: the loop then draws often.
  var awaitsFit: Bool {
    tab == .progress
      && (progress.memoryModel.isWorking || progress.isReadingRules || progress.isReadingForecast
        || progress.isReadingGroups || progress.isReadingMemory)
  }

  /// Whether the verb screen waits for its IPA: the trainer then looks for it often, not each second.
  var awaitsPronunciation: Bool { speaker.awaitsPronunciation(of: verb, in: settings.region) }

  /// Gives the verb screen the IPA it shows in the region's voice, once made (asked once per verb
  /// and voice, made off the key path); if it cannot be made, says why and hides it.
  private mutating func refreshPronunciation() {
    guard awaitsPronunciation, let verb else { return }
    switch speaker.pronunciation(of: verb, in: settings.region) {
    case nil: break
    case .success(let ipa):
      let voice = Voice(settings.region)
      self.verb?.pronunciation = (voice, ipa)
    case .failure(let failure):
      self.verb?.showsIPA = false
      say("The IPA could not be made: \(failure).")
    }
  }

  /// Shows `message` on the line above the keys, while the learner is on this screen, until Esc.
  mutating func say(_ message: String, about subject: Messages.Subject? = nil) {
    board.say(message, at: place, about: subject)
  }

  /// Counts a screen viewed in analytics, once per visit.
  private mutating func countScreen() {
    let name = screen.name
    guard name != screenCounted else { return }
    screenCounted = name
    Current.analytics.record(.screenViewed(name))
  }

  /// Below the smallest size: the size, what is needed, and how to quit (or the quiz's leave prompt).
  func drawTooSmall(in frame: inout Frame) {
    let sentences =
      quiz.isLeaving
      ? ["Terminal too small: \(size).", "Quit conjugar? The quiz's answers will not be kept.", "y: yes   n: no"]
      : [
        "Terminal too small: \(size).", "conjugar needs at least \(Self.minimumSize).", "Enlarge it, or press q to quit.",
      ]
    let lines = sentences.flatMap { wrapped($0, width: size.columns) }
    let top = max(0, (size.rows - lines.count) / 2)
    for (number, line) in lines.enumerated() {
      frame.write(line, row: top + number, column: max(0, (size.columns - line.terminalWidth) / 2))
    }
  }
}
