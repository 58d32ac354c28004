import ConjugarCore
import Foundation
import ScoreboardClient
import SettingsClient
import SpeechClient
import TerminalClient

/// The trainer's whole state and its update. `handle` maps a key (or a second passing, nil) to
/// the next state, calling `Current` for what it must do outside (save a setting, start a quiz,
/// count a screen viewed); `frame` draws the state and reads nothing else.
struct App {
  /// The screens of the tab bar, by their number key. A new screen is a case here, its stored
  /// property below, and its arm in `screen` and `handleOnScreen`.
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
  /// The verb opened from the list, shown in the Verbs tab until closed.
  var verb: VerbTable?
  /// Where that verb was opened, when not from the list: a quiz's results or verdict, Progress's
  /// Missed or its forms browser. Esc goes back there, to the screen as it was left.
  private var verbOpenedFrom: Tab?
  var quiz: QuizScreen
  /// The Practice screen, shown in the Quiz tab while a drill is composed.
  var drillBuilder: DrillBuilder?
  /// The Practice screen that made the last drill: s on the drill's results saves it there.
  private var drillMadeBy: DrillBuilder?
  var info = InfoScreen(articles: TenseArticles.all)
  var settingsScreen: SettingsScreen
  var progress: ProgressScreen
  /// The browser of the forms remembered, shown in the Progress tab while open.
  var browser: FormBrowser?
  /// The settings as they are now, read once and again after each change: what screens draw with.
  private(set) var settings: SettingValues
  /// The help on the screen showing, scrolled this far; nil when it is closed.
  private(set) var help: Int?
  /// One-line messages for the learner, the newest showing.
  private(set) var board: Messages
  var messages: [String] { board.texts }
  /// The exit status, once the learner has quit.
  private(set) var exitStatus: Int32?
  /// The screen last counted in analytics, so that each view counts once.
  private var screenCounted: String?
  /// How many forms are due for review, for the title bar: read at the start, after each answer
  /// kept and each quiz, and when a tab is shown.
  private(set) var due = 0
  /// Whether speech can be heard (espeak-ng is installed), asked once at the start.
  let speechAvailable: Bool
  /// Whether the learner has been told that speech needs espeak-ng: it is said once.
  private var speechMissingSaid = false
  /// The verbs' IPA, made off the key path for the verb screen.
  private let pronunciations = Pronunciations()
  /// Answers given today, toward the daily goal on the title bar: read with `due`.
  private(set) var answeredToday = 0
  /// Days begin at midnight in this time zone (the learner's; tests fix one).
  var timeZone = TimeZone.current {
    didSet { progress.timeZone = timeZone }
  }

  init(size: Size) {
    worldName = Current.name
    self.size = size
    settings = Current.settings.values
    let regular = Current.conjugator.regularLookingModels()
    verbs = VerbList(conjugator: Current.conjugator, regularLookingModels: regular)
    progress = ProgressScreen(regularModels: regular)
    speechAvailable = Current.speech.isAvailable()
    quiz = QuizScreen(speechAvailable: speechAvailable)
    settingsScreen = SettingsScreen(speechAvailable: speechAvailable)
    board = Messages(notices: Current.notices)
    countScreen()
    refreshDue()
  }

  private mutating func refreshDue() {
    let now = Current.clock.now()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // As Anki, the forms due that today's limit of reviews lets a review ask.
    let limits = DailyLimits(scoreboard: Current.scoreboard, settings: Current.settings.values, at: now, calendar: calendar)
    due = limits.reviews(of: (try? Current.scoreboard.dueCount(now)) ?? 0)
    answeredToday = (try? Current.scoreboard.answersSince(Day(now, in: timeZone).start(in: timeZone))) ?? 0
  }

  /// The screen showing in the current tab.
  var screen: any Screen {
    switch tab {
    case .verbs: if let verb { verb } else { verbs }
    case .quiz: if let drillBuilder { drillBuilder } else { quiz }
    case .info: info
    case .settings: settingsScreen
    case .progress: if let browser { browser } else { progress }
    }
  }

  /// Gives `key` to the screen showing, which changes in place.
  private mutating func handleOnScreen(_ key: Key, in area: Area) -> Action? {
    switch tab {
    case .verbs:
      if verb != nil { verb!.handle(key, in: area, settings: settings) } else { verbs.handle(key, in: area, settings: settings) }
    case .quiz:
      if drillBuilder != nil {
        drillBuilder!.handle(key, in: area, settings: settings)
      } else {
        quiz.handle(key, in: area, settings: settings)
      }
    case .info: info.handle(key, in: area, settings: settings)
    case .settings: settingsScreen.handle(key, in: area, settings: settings)
    case .progress:
      if browser != nil { browser!.handle(key, in: area, settings: settings) } else { progress.handle(key, in: area, settings: settings) }
    }
  }

  var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }

  /// Where the screen draws: below the title and tab bars, above the message and the keys.
  var contentArea: Area {
    Area(top: 2, left: 0, width: size.columns, height: max(0, size.rows - 3 - board.lines(columns: size.columns).count))
  }

  /// Where the learner is, for the messages: a screen, the quiz's question, verdict and results
  /// counting as one, and Progress's parts as one.
  private var place: String {
    switch tab {
    case .quiz: drillBuilder?.name ?? "quiz"
    case .progress: browser?.name ?? "progress"
    default: screen.name
    }
  }

  // MARK: Update

  mutating func handle(_ key: Key?) {
    defer {
      countScreen()
      refreshPronunciation()
      board.keep(at: place)
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
    if let offset = help {
      handleHelp(key, offset: offset)
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

  private mutating func handleHelp(_ key: Key, offset: Int) {
    switch key {
    case .escape, .enter, .character("?"), .function(1):
      closeHelp()
    case .character("q"):
      closeHelp()
      quit()
    default:
      let count = helpLines(width: size.columns).count
      help = scrolled(offset, by: key, count: count, height: contentArea.height) ?? offset
    }
  }

  /// The help stops the quiz's timer while it is open.
  private mutating func openHelp() {
    help = 0
    quiz.setPaused(true)
  }

  private mutating func closeHelp() {
    help = nil
    quiz.setPaused(false)
  }

  private mutating func show(_ tab: Tab) {
    self.tab = tab
    verbOpenedFrom = nil  // the learner went elsewhere: the verb's Esc closes it where it is
    if tab == .progress { progress.reload() }
    if tab == .settings { settingsScreen.memoryModel = SettingsScreen.memoryModelLine((try? Current.scoreboard.fittedMemory()) ?? nil) }
    refreshDue()
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
      verb = VerbTable(infinitive: infinitive)
      verbOpenedFrom = tab == .verbs ? nil : tab
      tab = .verbs
    case .openArticle(let tense):
      if info.open(tense, fromVerb: true) {
        tab = .info
      } else {
        say("There is no article on the \(tense.spanishName) yet.")
      }
    case .back:
      switch tab {
      case .info: tab = .verbs
      case .quiz: drillBuilder = nil
      case .progress:
        browser = nil
        progress.reload()
      default:
        verb = nil
        if let from = verbOpenedFrom { tab = from }
        verbOpenedFrom = nil
      }
    case .marksChanged(let text):
      say(text, about: .marks)
      refreshDue()
    case .openBrowser:
      browser = FormBrowser()
      browser!.reload(settings: settings)
    case .openDrillBuilder:
      drillBuilder = DrillBuilder(difficulty: settings.difficulty)
    case .startPractice:
      if let session = drillBuilder?.prepared {
        quiz.start(session, .practice, speaks: settings.speakAnswers.isOn, savesDrill: true)
        drillMadeBy = drillBuilder
      }
      drillBuilder = nil
    case .saveDrill:
      drillBuilder = drillMadeBy?.savingItsDrill()
    case .quit:
      exitStatus = 0
    case .message(let text):
      say(text)
    case .bell:
      Current.sound.ring()
    case .settingsChanged:
      settings = Current.settings.values
      if let error = Current.settings.saveError { say("The settings could not be saved: \(error)") }
      refreshDue()  // the day's limit of reviews may have changed
    case .quizFinished(let outcome, let chime):
      if chime { Current.sound.ring() }
      if let error = outcome.error { say(error) }
      if let prompt = outcome.reviewPrompt { say(prompt) }
      refreshDue()
    case .answerKept(let chime, let error):
      if chime { Current.sound.ring() }
      if let error { say(error) }
      refreshDue()
    case .speak(let text):
      speak(text)
    case .showIPA:
      guard speechAvailable else {
        verb?.showsIPA = false
        say(Speech.missing("IPA"))
        return
      }
      refreshPronunciation()
    case .all(let actions):
      for action in actions { perform(action) }
    case .practise(let items):
      let composer = ReviewComposer(
        conjugator: Current.conjugator, scoreboard: Current.scoreboard, settings: settings)
      let questions = items.compactMap(composer.question(for:))
      guard !questions.isEmpty else { return }
      if quiz.isAsking {
        say("Finish or leave the quiz first (2 Quiz).")
        return
      }
      quiz.start(.practice(questions, in: Current), .practice, speaks: settings.speakAnswers.isOn)
      tab = .quiz
    }
  }

  /// Starts a drill in the Quiz tab, or says why it cannot be made.
  mutating func practise(_ spec: DrillSpec, mode: DrillMode = .type) {
    tab = .quiz
    do {
      quiz.start(try .drill(spec, mode: mode, in: Current), .practice, speaks: settings.speakAnswers.isOn)
    } catch {
      say("Can't make this drill: \(error).")
    }
  }

  /// Says `text` in the region's voice; without espeak-ng, says once, on the bottom line, why
  /// nothing is heard.
  private mutating func speak(_ text: String) {
    guard speechAvailable else {
      if !speechMissingSaid { say(Speech.missingMessage) }
      speechMissingSaid = true
      return
    }
    Current.speech.say(text, Voice(settings.region))
  }

  /// A notice of no screen's (the trainer's sync), on the bottom line until dismissed.
  mutating func notice(_ text: String) { board.notice(text) }

  /// Whether Progress works out a fit or a calibration on a thread: the loop then draws often.
  var awaitsFit: Bool { tab == .progress && progress.memoryModel.isWorking }

  /// Whether the verb screen waits for its IPA: the trainer then looks for it often, not each second.
  var awaitsPronunciation: Bool {
    guard let verb, verb.showsIPA, speechAvailable else { return false }
    return verb.ipa(in: Voice(settings.region)) == nil
  }

  /// Gives the verb screen the IPA it shows in the region's voice, once made (asked once per verb
  /// and voice, made off the key path); if it cannot be made, says why and hides it.
  private mutating func refreshPronunciation() {
    guard awaitsPronunciation, let verb else { return }
    let voice = Voice(settings.region)
    switch pronunciations.pronunciation(of: verb.paradigm, progressive: verb.progressive, voice: voice, speech: Current.speech) {
    case nil: break
    case .success(let ipa): self.verb?.pronunciation = (voice, ipa)
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
