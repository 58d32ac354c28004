import ConjugarCore
import ConjugarEngine
import SettingsClient
import SpeechClient
import TerminalClient

/// A verb's whole paradigm, tense by tense, with its irregular letters highlighted by kind of
/// change (wholly irregular, stem change, spelling rule: the engine's `Change`), under a legend.
/// Tab and the arrows pick a tense; Enter or `i` opens its article; `p` shows each form's IPA
/// under it.
struct VerbTable: Screen {
  let paradigm: Paradigm
  let irregularities: Irregularities
  /// Each cell's changes, form by form, classified once when the verb opens.
  let marks: Marks
  private(set) var selected = Tense.presente
  private(set) var offset = 0

  /// The tenses as the grammar groups them, in the order Tab moves through them.
  static let groups: [(title: String, tenses: [Tense])] = TableFormat.groups.map { ($0.0, $0.1) }

  /// The progressive forms (estar + gerundio), shown after the tenses when `g` turns them on.
  let progressive: Progressive?
  private(set) var showsProgressive = false
  /// Whether `p` has asked for the IPA under the forms.
  var showsIPA = false
  /// The forms' IPA, in the voice it was made in, once the app has it (it is made off the key path).
  var pronunciation: (voice: Voice, ipa: Pronunciation)?
  /// The IPA to draw: the forms' in `voice`, if the IPA is shown and has come.
  func ipa(in voice: Voice) -> Pronunciation? {
    guard showsIPA, let pronunciation, pronunciation.voice == voice else { return nil }
    return pronunciation.ipa
  }
  /// The verb's pattern, to learn it with others: "Like tener: mantener, obtener, contener ·
  /// yo-go, e-ie, strong-preterite, irregular-future".
  let pattern: String?

  init(
    paradigm: Paradigm, irregularities: Irregularities, changes: Changes, progressive: Progressive? = nil,
    pattern: String? = nil
  ) {
    self.paradigm = paradigm
    self.irregularities = irregularities
    marks = Marks(changes)
    self.progressive = progressive
    self.pattern = pattern
  }

  /// The paradigm of `infinitive`, read through `Current`.
  init?(infinitive: String) {
    let conjugator = Current.conjugator
    guard let paradigm = try? conjugator.conjugate(infinitive) else { return nil }
    self.init(
      paradigm: paradigm, irregularities: conjugator.irregularities(of: paradigm),
      changes: conjugator.changes(of: paradigm), progressive: conjugator.progressive(of: paradigm), pattern: Self.pattern(of: paradigm, conjugator))
  }

  /// The most frequent verbs of the same model, and the irregularity groups the verb is in, from
  /// the engine's classification; nil when there is neither.
  static func pattern(of paradigm: Paradigm, _ conjugator: Conjugator) -> String? {
    guard paradigm.known else { return nil }
    let verb = paradigm.isPronominal ? String(paradigm.infinitive.dropLast(2)) : paradigm.infinitive
    let alike = conjugator.catalog.entries
      .filter { $0.model == paradigm.model && !$0.isPronominal && ![verb, paradigm.model].contains($0.infinitive) && $0.gloss != nil }
      .sorted { ($0.rank ?? .max, $0.infinitive) < ($1.rank ?? .max, $1.infinitive) }.prefix(3).map(\.infinitive)
    let groups = conjugator.groups(of: paradigm)
    var parts: [String] = []
    if !alike.isEmpty {
      parts.append((paradigm.model == verb ? "Verbs like it: " : "Like \(paradigm.model): ") + alike.joined(separator: ", "))
    }
    if !groups.isEmpty {
      parts.append(IrregularityGroup.allCases.filter(groups.contains).map(\.rawValue).joined(separator: ", "))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The persons shown, per the settings: vosotros in Spain only; tú, vos or both.
  static func persons(_ settings: SettingValues) -> [Person] { settings.tablePersons }

  var name: String { "verb" }
  var helpTitle: String { "a verb's forms" }
  var isTyping: Bool { false }
  var hints: [KeyHint] {
    [
      KeyHint("Esc", "back"), KeyHint("Tab", "tense"), KeyHint("s", "say"), KeyHint("p", showsIPA ? "hide IPA" : "IPA"),
      KeyHint("i", "article"), KeyHint("g", showsProgressive ? "hide progressive" : "progressive"), KeyHint("↑↓", "scroll"),
    ]
  }
  var help: [KeyHint] {
    [
      KeyHint("Tab → l", "next tense"), KeyHint("Shift-Tab ← h", "previous tense"),
      KeyHint("i Enter", "read about the tense chosen"),
      KeyHint("s", "say the tense chosen aloud, each form with its pronoun, in the persons shown (needs espeak-ng)"),
      KeyHint("p", "show or hide each form's pronunciation in IPA under it, in the region's voice (needs espeak-ng)"),
      KeyHint("g", "show or hide the progressive (estar + gerundio: estoy hablando), after the tenses"),
    ] + scrollKeysHelp(withG: false) + [
      KeyHint("Esc", "back to the verbs"),
      KeyHint(
        "",
        "Marked letters differ from a regular verb's form, by kind: wholly irregular (tuve, soy), a stem change (pienso, tengo, conozco), a spelling rule every verb obeys (busqué, llegué, cojo). The legend above the forms names each kind in its colour."
      ),
    ]
  }

  mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
    // Laid out only for the keys that move: the frame lays the table out again.
    func layout() -> Layout { self.layout(width: area.width, persons: Self.persons(settings), ipa: ipa(in: Voice(settings.region))) }
    let tenses = Tense.allCases
    let index = tenses.firstIndex(of: selected)!
    switch key {
    case .escape: return .back
    case .enter, .character("i"): return .openArticle(selected)
    case .character("s"): return .speak(Spoken.tense(selected, of: paradigm, persons: Self.persons(settings)))
    case .character("g") where progressive != nil:
      showsProgressive.toggle()
    case .character("p"):
      showsIPA.toggle()
      if showsIPA { return .showIPA }
    case .tab, .right, .character("l"):
      selected = tenses[(index + 1) % tenses.count]
      offset = layout().offset(showing: selected, from: offset, height: area.height)
    case .backTab, .left, .character("h"):
      selected = tenses[(index + tenses.count - 1) % tenses.count]
      offset = layout().offset(showing: selected, from: offset, height: area.height)
    default:
      if let scrolled = scrolled(offset, by: key, count: layout().lines.count, height: area.height) { offset = scrolled }
    }
    return nil
  }

  func draw(in frame: inout Frame, area: Area, settings: SettingValues) {
    let layout = layout(width: area.width, persons: Self.persons(settings), ipa: ipa(in: Voice(settings.region)))
    frame.draw(layout.lines, offset: clampedOffset(offset, count: layout.lines.count, height: area.height), in: area)
  }

  /// The table laid out for a width: its lines, and where each tense's block is.
  struct Layout {
    var lines: [Line] = []
    /// Per tense, the lines of its block: the group title (if it opens a group), the column
    /// headings, a line per person.
    var blocks: [Tense: Range<Int>] = [:]

    /// An offset that shows the block of `tense`, moving from `offset` as little as it can.
    func offset(showing tense: Tense, from offset: Int, height: Int) -> Int {
      guard let block = blocks[tense] else { return offset }
      var offset = offset
      if block.upperBound > offset + height { offset = block.upperBound - height }
      if block.lowerBound < offset { offset = block.lowerBound }
      return clampedOffset(offset, count: lines.count, height: height)
    }
  }

  /// The changes of every cell, form by form.
  struct Marks {
    var finite: [Tense: [Person: [[Change]]]] = [:]
    var gerundio: [[Change]]
    var participio: [[Change]]

    init(_ changes: Changes) {
      for tense in Tense.allCases {
        finite[tense] = Dictionary(uniqueKeysWithValues: Person.allCases.map { ($0, changes[tense, $0]) })
      }
      gerundio = changes.gerundio
      participio = changes.participio
    }

    subscript(tense: Tense, person: Person) -> [[Change]] { finite[tense]?[person] ?? [] }

    /// The kinds of change the verb has, in the legend's order.
    var kinds: [Change.Kind] {
      let all = Set((finite.values.flatMap(\.values) + [gerundio, participio]).joined().joined().map(\.kind))
      return Change.Kind.legendOrder.filter(all.contains)
    }
  }

  /// The forms of a cell, joined by "/", each change's letters in the style of its kind.
  private func cell(_ forms: [String], _ changes: [[Change]]) -> Line {
    guard !forms.isEmpty else { return Line("—", .dim) }
    var line = Line()
    for (number, form) in forms.enumerated() {
      if number > 0 { line.add("/") }
      let characters = Array(form)
      var next = 0
      let spans = number < changes.count ? changes[number].sorted { $0.span.lowerBound < $1.span.lowerBound } : []
      for change in spans where change.span.lowerBound >= next && change.span.upperBound <= characters.count {
        line.add(String(characters[next..<change.span.lowerBound]))
        line.add(String(characters[change.span]), change.kind.style)
        next = change.span.upperBound
      }
      line.add(String(characters[next...]))
    }
    return line
  }

  /// What the marks mean, in their own styles: "Marked: irregular · stem change · spelling rule";
  /// nil for a verb with no marks.
  private func legend(width: Int) -> Line? {
    let kinds = marks.kinds
    guard !kinds.isEmpty else { return nil }
    // The full names when they fit, else the short ones.
    let full = " Marked: ".count + kinds.map { $0.legendName.count + 3 }.reduce(0, +) - 3 < width
    var line = Line(" Marked: ", .dim)
    for (number, kind) in kinds.enumerated() {
      if number > 0 { line.add(full ? " · " : " ", .dim) }
      line.add(full ? kind.legendName : kind.shortName, kind.style)
    }
    return line
  }

  /// The IPA of a cell's forms, joined by "/".
  private func ipaCell(_ ipa: [String]) -> Line {
    Line(ipa.joined(separator: "/"), .dim)
  }

  /// Why cells are empty, for a defective verb: "soler is defective: it has no futuro simple, …"
  /// or "llover is defective: it has no forms for yo, tú, …"; "" for a verb that has every form.
  func defectiveNote(persons: [Person]) -> String {
    let simple = Tense.allCases.filter { !$0.isCompound }
    let tenses = simple.filter { tense in persons.allSatisfy { paradigm[tense, $0].isEmpty } }
    let others = simple.filter { !tenses.contains($0) && $0.mood != .imperativo }
    let absent = persons.filter { person in !others.isEmpty && others.allSatisfy { paradigm[$0, person].isEmpty } }
    var missing: [String] = []
    if !tenses.isEmpty { missing.append(tenses.map(\.spanishName).joined(separator: ", ")) }
    if !absent.isEmpty { missing.append("forms for " + absent.map(\.shortPronoun).joined(separator: ", ")) }
    guard !missing.isEmpty else { return "" }
    return "\(paradigm.infinitive) is defective: it has no " + missing.joined(separator: " and no ") + "."
  }

  /// `ipa`: each form's IPA, on a line under it.
  func layout(width: Int, persons: [Person], ipa: Pronunciation? = nil) -> Layout {
    var layout = Layout()
    let margin = " "
    var title = Line(margin + paradigm.infinitive, .heading)
    title.addGloss(paradigm.translation, width: width)
    layout.lines.append(title)
    if let ipa {
      layout.lines.append(Line(margin + ipa[paradigm.infinitive], .dim))
    } else if showsIPA {
      layout.lines.append(Line(margin + "IPA: transcribing…", .dim))
    }
    let kind = !paradigm.known ? " (\(TableFormat.notInTheCatalog(paradigm)))" : irregularities.isRegular ? " (regular)" : ""
    layout.lines.append(Line(margin + "model: \(paradigm.model)" + kind, .dim))
    if let pattern {
      // Narrow, one line: the table's forms matter more than the whole pattern.
      let lines = width >= 60 ? wrapped(pattern, width: width - 1) : [truncated(pattern, to: width - 1)]
      for line in lines { layout.lines.append(Line(margin + line, .dim)) }
    }
    let note = defectiveNote(persons: persons)
    if !note.isEmpty {
      for line in wrapped(note, width: width - 1) { layout.lines.append(Line(margin + line, .dim)) }
    }
    var nonFinite = Line(margin + "gerundio: ")
    var nonFiniteIPA = Line()
    nonFiniteIPA.pad(to: nonFinite.width)
    nonFinite.spans += cell(paradigm.gerundio, marks.gerundio).spans
    if let ipa { nonFiniteIPA.spans += ipaCell(ipa[paradigm.gerundio]).spans }
    nonFinite.pad(to: max(nonFinite.width, nonFiniteIPA.width))
    nonFinite.add("   participio: ")
    nonFiniteIPA.pad(to: nonFinite.width)
    nonFinite.spans += cell(paradigm.participio, marks.participio).spans
    if let ipa { nonFiniteIPA.spans += ipaCell(ipa[paradigm.participio]).spans }
    layout.lines.append(nonFinite)
    if ipa != nil { layout.lines.append(nonFiniteIPA) }
    if let legend = legend(width: width) { layout.lines.append(legend) }

    let labelWidth = 1 + (persons.map(\.shortPronoun.count).max() ?? 0) + 2
    var groups = Self.groups.map { (title: $0.title, tenses: $0.tenses, isProgressive: false) }
    if showsProgressive, progressive != nil {
      groups.append(("Progresivo (estar + gerundio)", Progressive.tenses, true))
    }
    for (title, tenses, isProgressive) in groups {
      layout.lines.append(Line())
      let groupStart = layout.lines.count
      layout.lines.append(Line(margin + title, .heading))
      func heading(_ tense: Tense) -> String { isProgressive ? Progressive.heading(tense) : tense.shortName }
      // The tenses of the group side by side, as many as fit the width.
      func forms(_ tense: Tense, _ person: Person) -> [String] {
        isProgressive ? progressive![tense, person] : paradigm[tense, person]
      }
      let cells = Dictionary(uniqueKeysWithValues: tenses.map { tense in
        (tense, persons.map { cell(forms(tense, $0), isProgressive ? [] : marks[tense, $0]) })
      })
      let ipaCells = ipa.map { ipa in
        Dictionary(uniqueKeysWithValues: tenses.map { tense in (tense, persons.map { ipaCell(ipa[forms(tense, $0)]) }) })
      }
      let widths = Dictionary(uniqueKeysWithValues: tenses.map { tense in
        (tense, max(heading(tense).count, (cells[tense]! + (ipaCells?[tense] ?? [])).map(\.width).max() ?? 0) + 2)
      })
      let rows = TableFormat.fitted(tenses, width: width, labelWidth: labelWidth) { widths[$0]! }
      for (number, row) in rows.enumerated() {
        if number > 0 { layout.lines.append(Line()) }
        let start = number == 0 ? groupStart : layout.lines.count
        var header = Line()
        header.pad(to: labelWidth)
        for tense in row {
          let column = header.width
          header.add(heading(tense), tense == selected && !isProgressive ? .selected : .heading)
          header.pad(to: column + widths[tense]!)
        }
        layout.lines.append(header)
        for (index, person) in persons.enumerated() {
          func add(_ label: String, _ cells: [Tense: [Line]]) {
            var line = Line(margin + label, .dim)
            line.pad(to: labelWidth)
            for tense in row {
              let column = line.width
              line.spans += cells[tense]![index].spans
              line.pad(to: column + widths[tense]!)
            }
            layout.lines.append(line)
          }
          add(person.label(in: row[0]), cells)
          if let ipaCells { add("", ipaCells) }
        }
        if !isProgressive { for tense in row { layout.blocks[tense] = start..<layout.lines.count } }
      }
    }
    return layout
  }
}

extension Change.Kind {
  /// The legend's order: the kinds a learner must learn by heart first.
  static let legendOrder: [Change.Kind] = [.irregular, .stemChange, .spelling]

  var style: Style {
    switch self {
    case .irregular: .irregular
    case .stemChange: .stemChange
    case .spelling: .spellingChange
    }
  }

  /// In the legend: "irregular", "stem change", "spelling rule".
  var legendName: String {
    switch self {
    case .irregular: "irregular"
    case .stemChange: "stem change"
    case .spelling: "spelling rule"
    }
  }

  /// In a narrow legend.
  var shortName: String {
    switch self {
    case .irregular: "irregular"
    case .stemChange: "stem"
    case .spelling: "spelling"
    }
  }
}
