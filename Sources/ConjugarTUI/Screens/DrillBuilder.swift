import ConjugarCore
import ConjugarOptions
import ConjugarEngine
import SettingsClient
import TerminalClient

/// The Practice screen (`d` on the Quiz screen): the learner composes a drill — tenses, persons,
/// verbs, length, mode — and starts it, saves it by name, or starts one saved before. What it
/// composes is the options of `conjugar practice` (`PracticeOptions`), which is also what a saved
/// drill keeps; the drill is a Session like the quiz, its answers kept in the history and memory.
struct DrillBuilder: Screen {
  /// The rows, top to bottom.
  enum Row: Int, CaseIterable {
    case tenses, persons, verbs, verbList, length, mode, start, save, saved

    var label: String {
      switch self {
      case .tenses: "Tenses"
      case .persons: "Persons"
      case .verbs: "Verbs"
      case .verbList: "Only these verbs"
      case .length: "Length"
      case .mode: "Mode"
      case .start: "Start"
      case .save: "Save as"
      case .saved: "Saved drills"
      }
    }
  }

  /// A choice of a row: what it shows, and what it sets.
  struct Choice<Value: Sendable>: Sendable {
    let name: String
    let value: Value
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
  /// What is typed, while a field has the keys: the verbs, or the name to save the drill as.
  private(set) var field: TextField?
  /// The saved drill chosen, by its position among the saved drills.
  private(set) var savedChoice = 0
  /// Persons the learner picked one by one (Enter on Persons), in place of the row's choice.
  private(set) var ownPersons: [Person]?
  /// While persons are picked: the one the cursor is on, and those chosen.
  private(set) var personPicker: (cursor: Int, chosen: Set<Person>)?
  private(set) var verbList = ""
  /// The saved drill x would forget, while the screen asks whether to.
  private(set) var forgetting: String?
  /// Why the last start failed.
  private(set) var problem: String?
  /// The drill made by the last Enter on Start, for the App to run, and its options.
  private(set) var prepared: Session?
  private var preparedOptions: [String]?
  /// What Save as saves when the screen was opened from a drill's results: that drill's options
  /// (until a row changes).
  private var resultsDrill: [String]?

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
  var isTyping: Bool { field != nil || personPicker != nil || forgetting != nil }
  var hints: [KeyHint] {
    if field != nil { return [KeyHint("Enter", "done"), KeyHint("Esc", "cancel")] }
    if forgetting != nil { return [KeyHint("y", "forget it"), KeyHint("n", "keep it")] }
    if personPicker != nil {
      return [KeyHint("← →", "move"), KeyHint("Space", "choose"), KeyHint("Enter", "done"), KeyHint("Esc", "cancel")]
    }
    switch Row.allCases[selection] {
    case .persons: return [KeyHint("↑↓", "move"), KeyHint("← →", "change"), KeyHint("Enter", "pick"), KeyHint("Esc", "back")]
    case .save: return [KeyHint("↑↓", "move"), KeyHint("Enter", "name it"), KeyHint("Esc", "back")]
    case .saved:
      return [KeyHint("↑↓", "move"), KeyHint("← →", "choose"), KeyHint("Enter", "start"), KeyHint("x", "forget"), KeyHint("Esc", "back")]
    default: return [KeyHint("↑↓", "move"), KeyHint("← →", "change"), KeyHint("Enter", "start"), KeyHint("Esc", "back")]
    }
  }
  var help: [KeyHint] {
    [
      KeyHint("↑ ↓  k j", "move between rows"), KeyHint("← → Space", "change the row's choice"),
      KeyHint("Enter", "on Only these verbs: type infinitives (commas or spaces between); elsewhere: start the drill"),
      KeyHint("Save as", "Enter, type a name (letters, digits, - and _), Enter: the drill is kept in the settings file as `drill.NAME = OPTIONS`, the options of `conjugar practice`"),
      KeyHint("Saved drills", "← → choose one, Enter starts it, x forgets it (y to confirm)"),
      KeyHint("Persons", "← → a preset; Enter to pick any persons: ← → move, Space chooses or drops one, Enter done"),
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
    case .mode: DrillMode.allCases.map(\.name)
    case .verbList, .start, .save, .saved: []
    }
  }

  func index(_ row: Row) -> Int { chosen[row] ?? 0 }

  /// The tenses the rows choose.
  var tenses: [Tense] { Tense.allCases.filter(tenseChoices[index(.tenses)].value.contains) }

  /// The persons the rows choose, for the learner's settings: those a quiz asks, unless chosen.
  func persons(_ settings: SettingValues) -> [Person] {
    ownPersons ?? personChoices[index(.persons)].value
      ?? QuizComposer.persons(region: settings.region, secondPerson: settings.quizSecondPerson)
  }

  var mode: DrillMode { DrillMode.allCases[index(.mode)] }

  /// The drill the rows compose, as the options of `conjugar practice`; persons as the settings
  /// say are no option: a drill started, or saved and started again, asks the settings then.
  func arguments(_ settings: SettingValues) -> [String] {
    let verbs = Self.verbChoices[index(.verbs)].value
    let list = verbList.split { $0 == "," || $0 == " " }.map { $0.lowercased() }
    var words = ["--tenses", tenses.map(\.rawValue).joined(separator: ",")]
    if ownPersons != nil || personChoices[index(.persons)].value != nil {
      words += ["--persons", persons(settings).map(\.rawValue).joined(separator: ",")]
    }
    if list.isEmpty {
      if verbs.verbs != .all { words += ["--verbs", verbs.verbs.rawValue] }
      words += ["--top", verbs.top.map(String.init) ?? "all"]
      if let group = verbs.group { words += ["--group", group.rawValue] }
    } else {
      for verb in list { words += ["--verb", verb] }
    }
    words += ["--count", String(Self.lengthChoices[index(.length)].value ?? 0)]
    if mode != .type { words += ["--mode", mode.rawValue] }
    return words
  }


  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    let rows = Row.allCases
    let row = rows[selection]
    if var picker = personPicker {
      switch key {
      case .left, .character("h"): picker.cursor = (picker.cursor + Person.allCases.count - 1) % Person.allCases.count
      case .right, .character("l"): picker.cursor = (picker.cursor + 1) % Person.allCases.count
      case .character(" "), .character("x"):
        let person = Person.allCases[picker.cursor]
        if picker.chosen.contains(person) { picker.chosen.remove(person) } else { picker.chosen.insert(person) }
      case .enter:
        guard !picker.chosen.isEmpty else { return .bell }
        ownPersons = Person.allCases.filter(picker.chosen.contains)
        personPicker = nil
        resultsDrill = nil
        return nil
      case .escape:
        personPicker = nil
        return nil
      default: break
      }
      personPicker = picker
      return nil
    }
    if let name = forgetting {
      forgetting = nil
      guard key == .character("y") || key == .character("Y") else { return nil }
      Current.settings.removeDrill(name)
      savedChoice = max(0, min(savedChoice, settings.drills.count - 2))
      return .settingsChanged
    }
    if var typing = field {
      switch key {
      case .enter where row == .save:
        return save(as: typing.text.trimmingSpaces, settings)
      case .enter:
        verbList = typing.text
        field = nil
        resultsDrill = nil
      case .escape:
        field = nil
      default:
        if typing.handle(key) { field = typing }
      }
      return nil
    }
    if let moved = moved(selection, by: key, count: rows.count, height: rows.count) {
      selection = moved
      return nil
    }
    let saved = settings.drills
    switch key {
    case .escape: return .back
    case .enter where row == .verbList:
      field = TextField(verbList)
      return nil
    case .enter where row == .persons:
      personPicker = (0, Set(persons(settings)))
      return nil
    case .enter where row == .save:
      field = TextField()
      return nil
    case .enter where row == .saved:
      guard saved.indices.contains(savedChoice) else { return .bell }
      return start(saved: saved[savedChoice], settings)
    case .enter:
      return start(arguments(settings), settings)
    case .character("x") where row == .saved:
      guard saved.indices.contains(savedChoice) else { return .bell }
      forgetting = saved[savedChoice].name
      return nil
    case .right, .character(" "), .character("l"):
      if row == .saved { savedChoice = saved.isEmpty ? 0 : (savedChoice + 1) % saved.count } else { change(row, by: 1) }
    case .left, .character("h"):
      if row == .saved { savedChoice = saved.isEmpty ? 0 : (savedChoice + saved.count - 1) % saved.count } else { change(row, by: -1) }
    default: break
    }
    return nil
  }

  /// This screen as it made its last drill, on Save as with the name to type: s on the drill's
  /// results saves that drill.
  func savingItsDrill() -> DrillBuilder {
    var builder = self
    builder.selection = Row.save.rawValue
    builder.field = TextField()
    builder.resultsDrill = preparedOptions
    builder.prepared = nil
    builder.problem = nil
    return builder
  }

  /// Saves the drill composed as `name`, or says why it cannot be, the name left in the field to
  /// mend.
  private mutating func save(as name: String, _ settings: SettingValues) -> Action? {
    guard SavedDrills.isValidName(name) else {
      problem = "A drill's name is 1 to 30 letters, digits, - or _ (no spaces)."
      return .bell
    }
    field = nil
    Current.settings.saveDrill(name, options: (resultsDrill ?? arguments(settings)).joined(separator: " "))
    problem = nil
    savedChoice = (settings.drills.map(\.name) + [name]).sorted().firstIndex(of: name) ?? 0
    return .all([.settingsChanged, .message("Saved as \(name): start it again from Saved drills, on this screen.")])
  }

  private mutating func change(_ row: Row, by step: Int) {
    let count = options(row).count
    guard count > 0 else { return }
    chosen[row] = (index(row) + step + count) % count
    if row == .persons { ownPersons = nil }
    problem = nil
    resultsDrill = nil
  }

  /// A saved drill as a session, or why it cannot be made (said on the screen).
  private mutating func start(saved: (name: String, options: String), _ settings: SettingValues) -> Action? {
    start(saved.options.split(separator: " ").map(String.init), settings, name: saved.name)
  }

  /// The drill of `arguments` (`conjugar practice`'s options) as a session, or why it cannot be
  /// made (said on the screen). Without --persons, the persons a quiz asks with `settings`.
  private mutating func start(_ arguments: [String], _ settings: SettingValues, name: String? = nil) -> Action? {
    let what = name.map { "the drill \($0)" } ?? "this drill"
    do {
      let (spec, mode) = try PracticeOptions.drill(arguments, settings: settings, conjugator: Current.conjugator, files: Current.fileSystem)
      prepared = try .drill(spec, mode: mode, settings: Current.settings.values, conjugator: Current.conjugator, random: Current.random, clock: Current.clock)
      preparedOptions = arguments
    } catch let error as DrillError {
      problem = "Can't make \(what): \(error)."
      return .bell
    } catch {
      problem = "Can't read \(what): \(PracticeOptions.message(for: error))"
      return .bell
    }
    problem = nil
    return .startPractice
  }

  /// The persons being picked, on the selected row (drawn over its bar): each pronoun, the chosen
  /// ones marked; the one under the cursor in the field's style, out of the bar, with the
  /// terminal's cursor on it, so that it shows with colour and without.
  private func drawPersons(
    _ picker: (cursor: Int, chosen: Set<Person>), in frame: inout Frame, row: Int, column: Int, limit: Int
  ) {
    let names = Person.allCases.map { (picker.chosen.contains($0) ? "✓" : "·") + $0.shortPronoun }
    let cursorName = names[picker.cursor]
    if column + names.map({ $0.count + 1 }).reduce(0, +) > limit {
      // Narrow: the person under the cursor, and how many are chosen.
      frame.write(cursorName, row: row, column: column, style: .field, limit: limit)
      frame.write("  (\(picker.chosen.count) of 7)", row: row, column: column + cursorName.count, style: .selected, limit: limit)
      frame.cursor = Position(row: row, column: column)
      return
    }
    var x = column
    for (number, name) in names.enumerated() {
      if number == picker.cursor { frame.cursor = Position(row: row, column: x) }
      frame.write(name, row: row, column: x, style: number == picker.cursor ? .field : .selected, limit: limit)
      x += name.count + 1
    }
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    let labelWidth = min(20, area.width / 2)
    var row = area.top
    frame.write(" Compose a drill", row: row, column: area.left, style: .heading, limit: area.right)
    row += area.height >= Row.allCases.count + 5 ? 2 : 1
    // Under the rows: a question (x) or what went wrong, which always shows, else a summary.
    let asking = forgetting.map { "Forget the drill \($0)? y: yes   n: no" }
    let summary = wrapped(
      asking ?? problem ?? "\(tenses.count) tense\(tenses.count == 1 ? "" : "s") × \(persons(settings).map(\.shortPronoun).joined(separator: ", ")).",
      width: area.width - 2)
    let rowsBottom = asking == nil && problem == nil ? area.bottom : max(row + 1, area.bottom - summary.count - 1)
    // On a short screen the rows scroll, the selected one always showing.
    let first = max(0, selection - (rowsBottom - row) + 1)
    for (number, each) in Row.allCases.enumerated().dropFirst(first) where row < rowsBottom {
      let selected = number == selection
      frame.write(" " + each.label, row: row, column: area.left, limit: area.left + labelWidth)
      let value: String
      switch each {
      case .verbList, .save:
        if let field, Row.allCases[selection] == each {
          field.draw(
            in: &frame, row: row, column: area.left + labelWidth + 2, width: max(1, area.width - labelWidth - 3),
            focused: true)
          value = ""
        } else {
          value = each == .save ? "Enter to name it" : verbList.isEmpty ? "(none: Enter to type some)" : verbList
        }
      case .persons where personPicker == nil && ownPersons != nil:
        value = persons(settings).map(\.shortPronoun).joined(separator: ", ")
      case .persons where personPicker != nil:
        value = ""
      case .start: value = "Enter"
      case .saved:
        let saved = settings.drills
        value = saved.isEmpty ? "(none yet)" : saved[min(savedChoice, saved.count - 1)].name + (saved.count > 1 ? "  (\(min(savedChoice, saved.count - 1) + 1) of \(saved.count))" : "")
      default: value = options(each)[index(each)]
      }
      if !value.isEmpty {
        let shown = selected && ![.verbList, .start, .save].contains(each) ? "‹ \(value) ›" : "  \(value)"
        frame.write(truncated(shown, to: area.width - labelWidth), row: row, column: area.left + labelWidth, limit: area.right)
      }
      if selected { frame.paint(row: row, from: area.left, to: area.right, style: .selected) }
      if each == .persons, let personPicker {
        drawPersons(personPicker, in: &frame, row: row, column: area.left + labelWidth + 2, limit: area.right)
      }
      row += 1
    }
    row += 1
    for line in summary where row < area.bottom {
      frame.write(" " + line, row: row, column: area.left, style: asking != nil ? .heading : problem == nil ? .dim : .wrong, limit: area.right)
      row += 1
    }
  }
}
