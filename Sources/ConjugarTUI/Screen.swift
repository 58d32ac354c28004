import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import SettingsClient
import TerminalClient

/// One screen of the trainer: its state, how keys change it, and how it draws. Drawing reads only
/// the state and the settings it is given; `handle` may call `Current` (to save a setting, to
/// start a quiz).
protocol Screen {
  /// The screen's name, for analytics ("verbs", "quiz-results").
  var name: String { get }
  /// Where the learner is, for the messages (they show while the learner stays there): the name,
  /// unless the screen's parts count as one place (the quiz's question, verdict and results).
  var place: String { get }
  /// What the help is about: "the verb list", "the results".
  var helpTitle: String { get }
  /// Whether a text field has the keys: then 1–5 and q are typed, not obeyed.
  var isTyping: Bool { get }
  /// The keys for the bottom line, most useful first (the line keeps those that fit).
  var hints: [KeyHint] { get }
  /// Every key of the screen, for the help.
  var help: [KeyHint] { get }
  /// Whether Esc, while a message shows, only dismisses it: where the messages answer keys the
  /// learner goes on pressing on the screen (the forms browser's), not a step that ends there.
  var escapeDismissesFirst: Bool { get }
  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action?
  func draw(in frame: inout Frame, area: Area, settings: SettingValues)
}

extension Screen {
  var escapeDismissesFirst: Bool { false }
  var place: String { name }
}

/// What a screen asks the app to do beyond changing its own state.
enum Action: Equatable {
  case openVerb(String)
  case openArticle(Tense)
  /// Close this screen: back to the verb list, back from an article to the verb it came from.
  case back
  case quit
  case message(String)
  /// Ring the bell (if sound is on): a slip, a right answer.
  case bell
  case settingsChanged
  /// The last answer of a quiz: whether it was right, and the quiz's outcome.
  case quizFinished(Session.Outcome, chime: Bool)
  /// An answer of a review kept (or not) with its form's schedule: whether it was right.
  case answerKept(chime: Bool, error: String?)
  /// Open the browser of the forms remembered (from Progress).
  case openBrowser
  /// Forms suspended or reset: say this (in place of what the last such key said), and count the
  /// forms due again.
  case marksChanged(String)
  /// Open the Practice screen, to compose a drill.
  case openDrillBuilder
  /// Start the drill the Practice screen has prepared.
  case startPractice
  /// Save the drill whose results show: the Practice screen that made it, its name to type.
  case saveDrill
  /// Say this aloud in the region's voice (or, the first time speech cannot be heard, say why).
  case speak(String)
  /// Each of these, in order.
  case all([Action])
  /// Practise these forms now (the most missed).
  case practise([Item])
  /// Practise the forms that rest on this rule (a drill of `--rule ID`, from Progress's Rules).
  case practiseRule(String)
  /// The verb screen shows its forms' IPA: have it made (or, without espeak-ng, say why not).
  case showIPA
}

/// A key and what it does.
struct KeyHint: Equatable {
  let key: String
  let action: String
  /// Its label where the bottom line cannot hold every key of the screen whole (nil: the same;
  /// "": the key left out there), as the tab bar closes up at narrow widths.
  let narrow: String?

  init(_ key: String, _ action: String, narrow: String? = nil) {
    self.key = key
    self.action = action
    self.narrow = narrow
  }

  /// The hint on a line that cannot hold every key whole; nil when it is left out there.
  var narrowed: KeyHint? {
    guard let narrow else { return self }
    return narrow.isEmpty ? nil : KeyHint(key, narrow)
  }
}

/// The part of the frame a screen draws in.
struct Area: Equatable {
  var top: Int
  var left: Int
  var width: Int
  var height: Int

  var bottom: Int { top + height }
  var right: Int { left + width }
}

// Arrows, or vi's k and j, move up and down everywhere.
let upKeys: Set<Key> = [.up, .character("k")]
let downKeys: Set<Key> = [.down, .character("j")]

/// Where a scrolled list or text starts so that `selection` shows: it moves only when it must,
/// so the selection does not jump to the middle at every step.
func scrollOffset(_ offset: Int, showing selection: Int, count: Int, height: Int) -> Int {
  guard height > 0 else { return 0 }
  var offset = min(offset, selection)
  if selection >= offset + height { offset = selection - height + 1 }
  return max(0, min(offset, count - height))
}

/// An offset for text that scrolls without a selection: within the text, never past its end.
func clampedOffset(_ offset: Int, count: Int, height: Int) -> Int {
  max(0, min(offset, count - height))
}

/// The new offset of scrolling text after a key, or nil if the key does not scroll.
func scrolled(_ offset: Int, by key: Key, count: Int, height: Int) -> Int? {
  let page = max(1, height - 1)
  let moved: Int
  switch key {
  case _ where upKeys.contains(key): moved = offset - 1
  case _ where downKeys.contains(key): moved = offset + 1
  case .pageUp: moved = offset - page
  case .pageDown, .character(" "): moved = offset + page
  case .home, .character("g"): moved = 0
  case .end, .character("G"): moved = count
  default: return nil
  }
  return clampedOffset(moved, count: count, height: height)
}

/// The new selection of a list after a key, or nil if the key does not move it.
func moved(_ selection: Int, by key: Key, count: Int, height: Int) -> Int? {
  let page = max(1, height - 1)
  let moved: Int
  switch key {
  case _ where upKeys.contains(key): moved = selection - 1
  case _ where downKeys.contains(key): moved = selection + 1
  case .pageUp: moved = selection - page
  case .pageDown: moved = selection + page
  case .home, .character("g"): moved = 0
  case .end, .character("G"): moved = count - 1
  default: return nil
  }
  return max(0, min(moved, count - 1))
}

let scrollHelp = scrollKeysHelp(withG: true)

/// The scrolling keys' help; without g where a screen gives g another use (the verb screen's
/// progressive: there it takes g before scrolling does).
func scrollKeysHelp(withG: Bool) -> [KeyHint] {
  [KeyHint("↑ ↓  k j", "scroll"), KeyHint("PgUp PgDn", "scroll a page"), KeyHint(withG ? "Home End  g G" : "Home End  G", "top, bottom")]
}
