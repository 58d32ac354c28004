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
  var quiz: QuizScreen
  /// The Practice screen, shown in the Quiz tab while a drill is composed.
  var drillBuilder: DrillBuilder?
  var info = InfoScreen(articles: TenseArticles.all)
  var settingsScreen: SettingsScreen
  var progress: ProgressScreen
  /// The settings as they are now, read once and again after each change: what screens draw with.
  private(set) var settings: SettingValues
  /// The help on the screen showing, scrolled this far; nil when it is closed.
  private(set) var help: Int?
  /// One-line messages for the learner, the first one showing, each until Esc dismisses it.
  private(set) var messages: [String]
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
    messages = Current.notices
    countScreen()
    refreshDue()
  }

  private mutating func refreshDue() {
    let now = Current.clock.now()
    due = (try? Current.scoreboard.dueCount(now)) ?? 0
    answeredToday = (try? Current.scoreboard.answersSince(Day(now, in: timeZone).start(in: timeZone))) ?? 0
  }

  /// The screen showing in the current tab.
  var screen: any Screen {
    switch tab {
    case .verbs: if let verb { verb } else { verbs }
    case .quiz: if let drillBuilder { drillBuilder } else { quiz }
    case .info: info
    case .settings: settingsScreen
    case .progress: progress
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
    case .progress: progress.handle(key, in: area, settings: settings)
    }
  }

  var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }

  /// Where the screen draws: below the title and tab bars, above the message and the keys.
  var contentArea: Area {
    Area(top: 2, left: 0, width: size.columns, height: max(0, size.rows - 3 - messageLines.count))
  }

  /// The message showing, wrapped to at most two lines (a web address is not cut at 80 columns),
  /// and its dismiss hint.
  private var messageLines: [String] {
    guard let message = messages.first else { return [] }
    let lines = wrapped(message, width: size.columns - 1 - dismissHint.count)
    return lines.count <= 2 ? lines : [lines[0], truncated(lines[1...].joined(separator: " "), to: size.columns - 1 - dismissHint.count)]
  }

  private var dismissHint: String {
    let count = messages.count > 1 ? " (1 of \(messages.count))" : ""
    // Narrow, the message needs the room more than the word.
    return "\(count)  Esc" + (size.columns >= 60 ? ": dismiss " : " ")
  }

  // MARK: Update

  mutating func handle(_ key: Key?) {
    defer {
      countScreen()
      refreshPronunciation()
    }
    quiz.tick()
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
    if key == .escape, !messages.isEmpty {
      messages.removeFirst()
      return
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
    if tab == .progress { progress.reload() }
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
      default: verb = nil
      }
    case .openDrillBuilder:
      drillBuilder = DrillBuilder(difficulty: settings.difficulty)
    case .startPractice:
      if let session = drillBuilder?.prepared { quiz.start(session, .practice, speaks: settings.speakAnswers.isOn) }
      drillBuilder = nil
    case .quit:
      exitStatus = 0
    case .message(let text):
      say(text)
    case .bell:
      Current.sound.ring()
    case .settingsChanged:
      settings = Current.settings.values
      if let error = Current.settings.saveError { say("The settings could not be saved: \(error)") }
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

  /// Shows `message` on the line above the keys until Esc dismisses it.
  mutating func say(_ message: String) {
    if !messages.contains(message) { messages.append(message) }
  }

  /// Counts a screen viewed in analytics, once per visit.
  private mutating func countScreen() {
    let name = screen.name
    guard name != screenCounted else { return }
    screenCounted = name
    Current.analytics.record(.screenViewed(name))
  }

  // MARK: Drawing

  func frame() -> Frame {
    var frame = Frame(size: size)
    if isTooSmall {
      drawTooSmall(in: &frame)
      return frame
    }
    drawTitle(in: &frame)
    drawTabs(in: &frame)
    let area = contentArea
    if let help {
      let lines = helpLines(width: size.columns)
      frame.draw(lines, offset: clampedOffset(help, count: lines.count, height: area.height), in: area)
    } else {
      screen.draw(in: &frame, area: area, settings: settings)
    }
    drawMessage(in: &frame)
    drawKeys(in: &frame)
    return frame
  }

  private func drawTooSmall(in frame: inout Frame) {
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

  private func drawTitle(in frame: inout Frame) {
    frame.write(String(repeating: " ", count: size.columns), row: 0, column: 0, style: .title)
    // The World shows unless it is the real thing, so a test or a simulator is never mistaken for it.
    let title = " conjugar" + (worldName == .device ? "" : " — \(worldName.rawValue)")
    frame.write(title, row: 0, column: 0, style: .title)
    // The daily goal's bar, the forms due, the region and level: as many as fit, in that order.
    let goal = settings.dailyGoal
    func bar(_ width: Int) -> String {
      let filled = goal.count == 0 ? 0 : min(width, answeredToday * width / goal.count)
      return String(repeating: "■", count: filled) + String(repeating: "·", count: width - filled)
        + " \(answeredToday)/\(goal.count)"
    }
    let dueText = due > 0 ? ["\(due) due"] : []
    let level = ["\(settings.region.name) · \(settings.difficulty.name)"]
    let candidates: [[String]] =
      goal == .off
      ? [dueText + level]
      : [[bar(10)] + dueText + level, [bar(10)] + dueText, [bar(5)] + dueText, [bar(5)]]
    for parts in candidates {
      let summary = parts.joined(separator: " · ") + " "
      if title.count + 2 + summary.count <= size.columns {
        frame.write(summary, row: 0, column: size.columns - summary.count, style: .title)
        break
      }
    }
  }

  private func drawTabs(in frame: inout Frame) {
    // "1 Verbs  2 Quiz …" takes 48 columns; narrower, the labels close up: "1Verbs 2Quiz …".
    let spacious = size.columns >= 1 + Tab.allCases.map { "\($0.rawValue) \($0.title)".count + 2 }.reduce(0, +) - 2
    var x = spacious ? 1 : 0
    for each in Tab.allCases {
      let label = spacious ? "\(each.rawValue) \(each.title)" : "\(each.rawValue)\(each.title)"
      let start = x
      x = frame.write(label, row: 1, column: x)
      if each == tab {
        frame.paint(row: 1, from: spacious ? start - 1 : start, to: spacious ? x + 1 : x, style: .activeTab)
      }
      x += spacious ? 2 : 1
    }
  }

  private func drawMessage(in frame: inout Frame) {
    let lines = messageLines
    let top = size.rows - 1 - lines.count
    for (number, line) in lines.enumerated() {
      frame.write(String(repeating: " ", count: size.columns), row: top + number, column: 0, style: .notice)
      frame.write(" " + line, row: top + number, column: 0, style: .notice)
    }
    if !lines.isEmpty {
      frame.write(dismissHint, row: top, column: max(0, size.columns - dismissHint.count), style: .notice)
    }
  }

  /// The bottom line: the screen's keys that fit, then help and quit, which always show.
  private func drawKeys(in frame: inout Frame) {
    let always: [KeyHint] =
      help != nil
      ? [KeyHint("Esc", "close help")]
      : [KeyHint("?", "help")] + (screen.isTyping ? [] : [KeyHint("q", "quit")])
    let local = help != nil ? [KeyHint("↑↓", "scroll")] : screen.hints
    func width(_ hint: KeyHint) -> Int { hint.key.count + 1 + hint.action.count + 2 }
    var room = size.columns - 1 - always.map(width).reduce(0, +)
    var hints: [KeyHint] = []
    for hint in local {
      guard width(hint) <= room else { break }
      hints.append(hint)
      room -= width(hint)
    }
    var x = 1
    for hint in hints + always {
      x = frame.write(hint.key, row: size.rows - 1, column: x, style: .heading)
      x = frame.write(" " + hint.action + "  ", row: size.rows - 1, column: x)
    }
  }

  /// The help on the screen showing, then the keys that work everywhere and the accents.
  func helpLines(width: Int) -> [Line] {
    let keyWidth = 18
    func lines(_ hints: [KeyHint]) -> [Line] {
      hints.flatMap { hint -> [Line] in
        let text = wrapped(hint.action, width: max(1, width - keyWidth - 1))
        return text.enumerated().map { number, part in
          var line = Line(number == 0 ? "  " + hint.key : "", .heading)
          line.pad(to: keyWidth)
          line.add(part)
          return line
        }
      }
    }
    var result = [Line(" Help: \(screen.helpTitle)", .heading)] + lines(screen.help)
    result += [Line(), Line(" Everywhere", .heading)]
    result += lines([
      KeyHint(
        Tab.allCases.map { String($0.rawValue) }.joined(separator: " "),
        Tab.allCases.map(\.title).joined(separator: ", ") + " (when not typing)"),
      KeyHint("? F1", "this help (Esc closes it)"),
      KeyHint("Esc", "back, close; dismiss the message at the bottom"),
      KeyHint("q", "quit (asks first during a quiz)"), KeyHint("Ctrl-C", "quit at once"),
    ])
    result += [Line(), Line(" Typing accents (answers, search)", .heading)]
    result += lines([
      KeyHint("a' e' i' o' u'", "á é í ó ú"), KeyHint("n~", "ñ"), KeyHint("u:", "ü"),
    ])
    return result
  }
}
