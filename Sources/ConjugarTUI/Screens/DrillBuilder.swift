import ConjugarCore
import ConjugarEngine
import SettingsClient
import TerminalClient

/// The Practice screen (`d` on the Quiz screen): the learner composes a drill — tenses, persons,
/// verbs, length, mode — and starts it. What it composes is a `DrillSpec`; the drill is a Session
/// like the quiz, its answers kept in the history and the memory.
struct DrillBuilder: Screen {
  /// The rows, top to bottom.
  enum Row: Int, CaseIterable {
    case tenses, persons, verbs, verbList, length, mode, start

    var label: String {
      switch self {
      case .tenses: "Tenses"
      case .persons: "Persons"
      case .verbs: "Verbs"
      case .verbList: "Only these verbs"
      case .length: "Length"
      case .mode: "Mode"
      case .start: "Start"
      }
    }
  }

  /// A choice of a row: what it shows, and what it sets.
  struct Choice<Value: Sendable>: Sendable {
    let name: String
    let value: Value
  }

  enum Mode: String, CaseIterable {
    case typing = "type the form"
    /// A form shown; the learner names its verb, tense and person.
    case recognition = "recognition"
    case sentences = "sentence cues"
  }

  let tenseChoices: [Choice<[Tense]>]
  let personChoices: [Choice<[Person]?>]  // nil: as the settings say
  static let verbChoices: [Choice<(top: Int?, verbs: DrillSpec.Verbs, group: IrregularityGroup?)>] = [
    Choice(name: "the 25 most frequent", value: (25, .all, nil)), Choice(name: "the 100 most frequent", value: (100, .all, nil)),
    Choice(name: "the 300 most frequent", value: (300, .all, nil)),
    Choice(name: "the 1,000 most frequent", value: (1_000, .all, nil)), Choice(name: "all", value: (nil, .all, nil)),
    Choice(name: "irregular only (300 most frequent)", value: (300, .irregular, nil)),
    Choice(name: "regular only (300 most frequent)", value: (300, .regular, nil)),
  ] + IrregularityGroup.allCases.map { Choice(name: "group \($0.rawValue) (1,000 most frequent)", value: (1_000, .all, $0)) }
  static let lengthChoices: [Choice<Int?>] = [
    Choice(name: "10 questions", value: 10), Choice(name: "20 questions", value: 20),
    Choice(name: "50 questions", value: 50), Choice(name: "until I stop", value: nil),
  ]

  private(set) var chosen: [Row: Int] = [.verbs: 2, .length: 1]
  private(set) var selection = 0
  /// The verbs typed, while the field has the keys.
  private(set) var field: TextField?
  private(set) var verbList = ""
  /// Why the last start failed.
  private(set) var problem: String?
  /// The drill made by the last Enter on Start, for the App to run.
  private(set) var prepared: Session?

  init(difficulty: Difficulty) {
    let presets: [Choice<[Tense]>] = [
      Choice(name: "the \(difficulty.name.lowercased()) level's", value: difficulty.tenses),
      Choice(name: "present and past indicative", value: [.presente, .preterito, .imperfecto, .perfecto]),
      Choice(name: "subjunctive", value: Tense.allCases.filter { $0.mood == .subjuntivo && !$0.isCompound }),
      Choice(name: "imperatives", value: [.imperativoAfirmativo, .imperativoNegativo]),
      Choice(name: "compound tenses", value: Tense.allCases.filter(\.isCompound)),
      Choice(name: "every tense", value: Tense.allCases),
    ]
    tenseChoices = presets + Tense.allCases.map { Choice(name: $0.spanishName, value: [$0]) }
    personChoices =
      [Choice<[Person]?>(name: "as the settings say", value: nil), Choice<[Person]?>(name: "all seven", value: Person.allCases)]
      + Person.allCases.map { Choice<[Person]?>(name: $0.pronoun, value: [$0]) }
  }

  var name: String { "practice" }
  var helpTitle: String { "the practice builder" }
  var isTyping: Bool { field != nil }
  var hints: [KeyHint] {
    field != nil
      ? [KeyHint("Enter", "done"), KeyHint("Esc", "cancel")]
      : [KeyHint("↑↓", "move"), KeyHint("← →", "change"), KeyHint("Enter", "start"), KeyHint("Esc", "back")]
  }
  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move between rows"), KeyHint("← → Space", "change the row's choice"),
      KeyHint("Enter", "on Only these verbs: type infinitives (commas or spaces between); elsewhere: start the drill"),
      KeyHint("Esc", "back to the quiz"),
      KeyHint("", "No form is asked twice in a drill, and no verb again until every verb has been asked."),
    ]
  }

  func options(_ row: Row) -> [String] {
    switch row {
    case .tenses: tenseChoices.map(\.name)
    case .persons: personChoices.map(\.name)
    case .verbs: Self.verbChoices.map(\.name)
    case .length: Self.lengthChoices.map(\.name)
    case .mode: Mode.allCases.map(\.rawValue)
    case .verbList, .start: []
    }
  }

  func index(_ row: Row) -> Int { chosen[row] ?? 0 }

  /// The drill the rows compose, for the learner's settings.
  func spec(_ settings: SettingValues) -> DrillSpec {
    let asTheSettingsSay: [Person] =
      [.yo] + (settings.quizSecondPerson == .vos ? [.vos] : [.tu]) + [.el, .nosotros]
      + (settings.region == .spain ? [.vosotros] : []) + [.ellos]
    let verbs = Self.verbChoices[index(.verbs)].value
    let list = verbList.split { $0 == "," || $0 == " " }.map { $0.lowercased() }
    return DrillSpec(
      tenses: tenseChoices[index(.tenses)].value,
      persons: personChoices[index(.persons)].value ?? asTheSettingsSay,
      verbs: list.isEmpty ? verbs.verbs : .all, top: list.isEmpty ? verbs.top : nil, verbList: list,
      count: Self.lengthChoices[index(.length)].value)
  }

  var mode: Mode { Mode.allCases[index(.mode)] }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    if var typing = field {
      switch key {
      case .enter:
        verbList = typing.text
        field = nil
      case .escape:
        field = nil
      default:
        if typing.handle(key) { field = typing }
      }
      return nil
    }
    let rows = Row.allCases
    if let moved = moved(selection, by: key, count: rows.count, height: rows.count) {
      selection = moved
      return nil
    }
    let row = rows[selection]
    switch key {
    case .escape: return .back
    case .enter where row == .verbList:
      field = TextField(verbList)
      return nil
    case .enter:
      return start(settings)
    case .right, .character(" "), .character("l"): change(row, by: 1)
    case .left, .character("h"): change(row, by: -1)
    default: break
    }
    return nil
  }

  private mutating func change(_ row: Row, by step: Int) {
    let count = options(row).count
    guard count > 0 else { return }
    chosen[row] = (index(row) + step + count) % count
    problem = nil
  }

  /// The drill as a session, or why it cannot be made (said on the screen).
  private mutating func start(_ settings: SettingValues) -> Action? {
    let spec = spec(settings)
    let source: QuestionSource
    switch mode {
    case .typing, .recognition:
      var spec = spec
      if let group = Self.verbChoices[index(.verbs)].value.group, verbList.isEmpty {
        spec.groupFilter = DrillSpec.inGroup(group, Current.conjugator)
      }
      let composer = DrillComposer(conjugator: Current.conjugator)
      do {
        source = mode == .recognition
          ? try .recognition(spec, composer: composer, random: Current.random)
          : try .drill(spec, composer: composer, random: Current.random)
      } catch {
        problem = "Can't make this drill: \(error)."
        return .bell
      }
    case .sentences:
      source = .sentences(spec, conjugator: Current.conjugator, random: Current.random)
    }
    let session = Session.practice(source.questions(), in: Current)
    guard !session.isFinished else {
      problem = "No sentence asks for these tenses and persons; choose others."
      return .bell
    }
    problem = nil
    prepared = session
    return .startPractice
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    let labelWidth = min(20, area.width / 2)
    var row = area.top
    frame.write(" Compose a drill", row: row, column: area.left, style: .heading, limit: area.right)
    row += area.height >= Row.allCases.count + 5 ? 2 : 1
    for (number, each) in Row.allCases.enumerated() where row < area.bottom {
      let selected = number == selection
      frame.write(" " + each.label, row: row, column: area.left, limit: area.left + labelWidth)
      let value: String
      switch each {
      case .verbList:
        if let field {
          field.draw(
            in: &frame, row: row, column: area.left + labelWidth + 2, width: max(1, area.width - labelWidth - 3),
            focused: true)
          value = ""
        } else {
          value = verbList.isEmpty ? "(none: Enter to type some)" : verbList
        }
      case .start: value = "Enter"
      default: value = options(each)[index(each)]
      }
      if !value.isEmpty {
        let shown = selected && each != .verbList && each != .start ? "‹ \(value) ›" : "  \(value)"
        frame.write(truncated(shown, to: area.width - labelWidth), row: row, column: area.left + labelWidth, limit: area.right)
      }
      if selected { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      row += 1
    }
    row += 1
    let spec = spec(settings)
    let summary = problem ?? "\(spec.tenses.count) tense\(spec.tenses.count == 1 ? "" : "s") × \(spec.persons.map(\.shortPronoun).joined(separator: ", "))."
    for line in wrapped(summary, width: area.width - 2) where row < area.bottom {
      frame.write(" " + line, row: row, column: area.left, style: problem == nil ? .dim : .wrong, limit: area.right)
      row += 1
    }
  }
}
