import ConjugarCore
import ConjugarEngine
import SettingsClient
import SpeechClient
import TerminalClient

/// A verb's whole paradigm, tense by tense, with its irregular letters highlighted. Tab and the
/// arrows pick a tense; Enter or `i` opens its article; `p` shows each form's IPA under it.
struct VerbTable: Screen {
  let paradigm: Paradigm
  let irregularities: Irregularities
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

  init(paradigm: Paradigm, irregularities: Irregularities, progressive: Progressive? = nil, pattern: String? = nil) {
    self.paradigm = paradigm
    self.irregularities = irregularities
    self.progressive = progressive
    self.pattern = pattern
  }

  /// The paradigm of `infinitive`, read through `Current`.
  init?(infinitive: String) {
    let conjugator = Current.conjugator
    guard let paradigm = try? conjugator.conjugate(infinitive) else { return nil }
    self.init(
      paradigm: paradigm, irregularities: conjugator.irregularities(of: paradigm),
      progressive: conjugator.progressive(of: paradigm), pattern: Self.pattern(of: paradigm, conjugator))
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
  static func persons(_ settings: SettingValues) -> [Person] {
    let second: [Person] = switch settings.tableSecondPerson {
    case .tu: [.tu]
    case .vos: [.vos]
    case .both: [.tu, .vos]
    }
    return [.yo] + second + [.el, .nosotros] + (settings.region == .spain ? [.vosotros] : []) + [.ellos]
  }

  var name: String { "verb" }
  var helpTitle: String { "a verb's forms" }
  var isTyping: Bool { false }
  var hints: [KeyHint] {
    [
      KeyHint("Esc", "back"), KeyHint("Tab ←→", "tense"), KeyHint("s", "say"), KeyHint("p", showsIPA ? "hide IPA" : "IPA"),
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
      KeyHint("", "Highlighted letters are those that differ from a regular verb's form."),
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

  /// The forms of a cell, joined by "/", with the irregular letters in the irregular style.
  private func cell(_ forms: [String], _ spans: [Range<Int>?]) -> Line {
    guard !forms.isEmpty else { return Line("—", .dim) }
    var line = Line()
    for (number, form) in forms.enumerated() {
      if number > 0 { line.add("/") }
      let characters = Array(form)
      if number < spans.count, let span = spans[number] {
        line.add(String(characters[..<span.lowerBound]))
        line.add(String(characters[span]), .irregular)
        line.add(String(characters[span.upperBound...]))
      } else {
        line.add(form)
      }
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
    if let translation = paradigm.translation { title.add(" — " + translation) }
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
    nonFinite.spans += cell(paradigm.gerundio, irregularities.gerundio).spans
    if let ipa { nonFiniteIPA.spans += ipaCell(ipa[paradigm.gerundio]).spans }
    nonFinite.pad(to: max(nonFinite.width, nonFiniteIPA.width))
    nonFinite.add("   participio: ")
    nonFiniteIPA.pad(to: nonFinite.width)
    nonFinite.spans += cell(paradigm.participio, irregularities.participio).spans
    if let ipa { nonFiniteIPA.spans += ipaCell(ipa[paradigm.participio]).spans }
    layout.lines.append(nonFinite)
    if ipa != nil { layout.lines.append(nonFiniteIPA) }

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
        (tense, persons.map { cell(forms(tense, $0), isProgressive ? [] : irregularities[tense, $0]) })
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
