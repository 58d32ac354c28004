/// Every form of one verb.
public struct Paradigm: Sendable {
  /// As the catalog writes it, with its clitic: "lavarse".
  public let infinitive: String
  /// The English gloss ("to have"), when the catalog has one.
  public let translation: String?
  /// The conjugation model it follows: "tener"; the regular model for an unknown verb.
  public let model: String
  /// Whether the verb is in the catalog.
  public let known: Bool
  /// The verb's frequency rank, 1 for the most frequent.
  public let rank: Int?
  let table: FormTable
  /// The forms of *haber*, for the compound tenses.
  let auxiliary: FormTable
  public let isPronominal: Bool
  /// For a verb not in the catalog, what it is conjugated like: a catalog verb it is a compound of
  /// ("calentar" for precalentar), a family's ending ("-ducir" for transducir); nil when it is
  /// conjugated as a regular verb, and for the catalog's verbs.
  public let follows: String?
  /// Said to the user when the input was taken as another spelling: "dár" as dar, "reir" as reír.
  public internal(set) var note: String?
  /// The forms in the spelling before 2010, where the catalog gives it (guió, crié, huí, fiáis).
  let older: FormTable?

  init(
    infinitive: String, translation: String?, model: String, known: Bool, rank: Int?, table: FormTable,
    auxiliary: FormTable, older: FormTable? = nil, follows: String? = nil
  ) {
    self.older = older
    self.follows = follows
    self.infinitive = infinitive
    self.translation = translation
    self.model = model
    self.known = known
    self.rank = rank
    self.table = table
    self.auxiliary = auxiliary
    isPronominal = infinitive.hasSuffix("rse")
  }

  /// Whether the verb follows a regular model (hablar, temer, partir).
  public var isRegular: Bool { Conjugation.regularModels.contains(model) }
  public var gerundio: [String] { table.gerundio }
  public var participio: [String] { table.participio }

  /// The accepted forms of a cell, preferred first; empty where the form does not exist.
  public func forms(_ tense: Tense, _ person: Person) -> [String] { self[tense, person] }

  /// The spellings of the cell's forms before the orthography of 2010, which writes monosyllables
  /// without an accent: guió for guio, crié for crie, huí for hui. Not forms of the cell (the tables
  /// show the current spelling only), but not mistakes either: an answer so spelled is right.
  public func olderSpellings(_ tense: Tense, _ person: Person) -> [String] {
    guard let older, !tense.isCompound else { return [] }
    let current = self[tense, person]
    return older[tense, person].filter { !current.contains($0) }
  }

  /// Every spelling of the cell that is right: its forms, then their older spellings.
  public func accepted(_ tense: Tense, _ person: Person) -> [String] {
    self[tense, person] + olderSpellings(tense, person)
  }

  public subscript(tense: Tense, person: Person) -> [String] {
    guard tense.isCompound else { return table[tense, person] }
    var forms: [String] = []
    forms.reserveCapacity(table.forms(FormTable.participioCell).count)
    forEachCompound(tense, person) { compound in
      let form = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: compound.count) { letters in
        var end = 0
        compound.spell { part in
          for letter in part {
            letters[end] = letter
            end += 1
          }
        } space: {
          letters[end] = Letter.space
          end += 1
        }
        return String(latin1: UnsafeBufferPointer(letters))
      }
      forms.append(form)
    }
    return forms
  }

  /// A compound form's parts in Latin-1 letters — "me", "he", "lavado" — and the one rule that
  /// spells them: in that order, a space between.
  struct CompoundForm {
    let clitic: UnsafeBufferPointer<UInt8>?
    let haber: UnsafeBufferPointer<UInt8>
    let participle: UnsafeBufferPointer<UInt8>

    /// The letters of the spelled form.
    var count: Int { (clitic.map { $0.count + 1 } ?? 0) + haber.count + 1 + participle.count }

    /// Gives the parts in order to `part`, calling `space` between them.
    @inline(__always)
    func spell(_ part: (UnsafeBufferPointer<UInt8>) -> Void, space: () -> Void) {
      if let clitic {
        part(clitic)
        space()
      }
      part(haber)
      space()
      part(participle)
    }
  }

  /// The parts of each compound form, without building the form (the buffers are valid only
  /// inside `body`).
  func forEachCompound(_ tense: Tense, _ person: Person, _ body: (CompoundForm) -> Void) {
    withLetters { letters in forEachCompound(tense, person, letters, body) }
  }

  /// The same, with `letters` from `withLetters`.
  func forEachCompound(_ tense: Tense, _ person: Person, _ letters: Letters, _ body: (CompoundForm) -> Void) {
    guard table.hasCompound(tense, person), let auxiliaryTense = tense.auxiliaryTense else { return }
    let clitic = isPronominal ? UnsafeBufferPointer(rebasing: letters.clitics[Self.clitics.ranges[person.index]]) : nil
    for haber in auxiliary.forms(FormTable.index(auxiliaryTense, person)) {
      for participle in table.forms(FormTable.participioCell) {
        body(
          CompoundForm(
            clitic: clitic, haber: UnsafeBufferPointer(rebasing: letters.auxiliary[auxiliary.range(ofForm: haber)]),
            participle: UnsafeBufferPointer(rebasing: letters.table[table.range(ofForm: participle)])))
      }
    }
  }

  /// The letters of the paradigm's forms, of haber's and of the clitics, for reading many forms.
  struct Letters {
    let table: UnsafeBufferPointer<UInt8>
    let auxiliary: UnsafeBufferPointer<UInt8>
    let clitics: UnsafeBufferPointer<UInt8>
  }

  func withLetters<R>(_ body: (Letters) -> R) -> R {
    table.letters.withUnsafeBufferPointer { table in
      auxiliary.letters.withUnsafeBufferPointer { auxiliary in
        Self.clitics.letters.withUnsafeBufferPointer { clitics in
          body(Letters(table: table, auxiliary: auxiliary, clitics: clitics))
        }
      }
    }
  }

  /// The reflexive clitics (me, te, te, se, nos, os, se), one after another, and where each is.
  private static let clitics: (letters: [UInt8], ranges: [Range<Int>]) = {
    var letters: [UInt8] = []
    var ranges: [Range<Int>] = []
    for person in Person.allCases {
      let start = letters.count
      letters += person.reflexiveClitic.latin1
      ranges.append(start..<letters.count)
    }
    return (letters, ranges)
  }()

  /// Calls `body` with each form of a cell (`FormTable`'s numbering) in Latin-1 letters; compound
  /// forms are written out in `scratch` first.
  func forEachForm(_ cell: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard cell >= Tense.perfecto.index * FormTable.width, cell < FormTable.finiteCells else {
      table.letters.withUnsafeBufferPointer { letters in
        for n in table.forms(cell) { body(UnsafeBufferPointer(rebasing: letters[table.range(ofForm: n)])) }
      }
      return
    }
    let tense = Tense.allCases[cell / FormTable.width], person = Person.allCases[cell % FormTable.width]
    forEachCompound(tense, person) { compound in
      scratch.removeAll(keepingCapacity: true)
      compound.spell { scratch += $0 } space: { scratch.append(Letter.space) }
      scratch.withUnsafeBufferPointer(body)
    }
  }

}
