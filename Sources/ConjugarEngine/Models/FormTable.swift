/// The forms of a verb, cell by cell: the finite cells in the order of `index(tense, person)`, then
/// the gerund's and the participle's. Every letter is in one Latin-1 buffer (see `Letter`) and forms
/// and cells are ranges of it, so a table is a few allocations rather than one per form and per cell.
/// It is written in order, a form at a time (`append`, or `write` and `endForm`) and a cell at a time
/// (`endCell`), and read back as letters or, when asked, as Strings.
struct FormTable: Sendable {
  static let width = Person.allCases.count
  static let finiteCells = Tense.allCases.count * width
  static let gerundioCell = finiteCells
  static let participioCell = finiteCells + 1
  static let cellCount = finiteCells + 2

  private(set) var letters = ByteBuffer(capacity: 2_048)
  /// Form n is `letters[formStarts[n]..<formStarts[n + 1]]`.
  private var formStarts: [Int] = [0]
  /// Cell c holds forms `cellStarts[c]..<cellStarts[c + 1]`.
  private var cellStarts: [Int] = [0]
  /// Which cells of the compound tenses exist, one bit each: they are *haber* + participle, built on demand.
  private(set) var compoundCells: UInt64 = 0

  init() {
    formStarts.reserveCapacity(160)
    cellStarts.reserveCapacity(Self.cellCount + 1)
  }

  private static func compoundBit(_ tense: Tense, _ person: Person) -> UInt64 {
    1 << UInt64((tense.index - Tense.perfecto.index) * width + person.index)
  }

  mutating func allowCompound(_ tense: Tense, _ person: Person) { compoundCells |= Self.compoundBit(tense, person) }

  func hasCompound(_ tense: Tense, _ person: Person) -> Bool { compoundCells & Self.compoundBit(tense, person) != 0 }

  static func index(_ tense: Tense, _ person: Person) -> Int { tense.index * width + person.index }

  // MARK: Writing, in order

  /// The cells written so far; the next cell is this one.
  var cellsWritten: Int { cellStarts.count - 1 }

  mutating func append(_ form: [UInt8]) {
    letters.append(form)
    endForm()
  }

  mutating func append(_ form: ArraySlice<UInt8>) {
    letters.append(form)
    endForm()
  }

  /// Appends `form` unless the cell being written has it already.
  mutating func appendOnce(_ form: [UInt8]) {
    if !writingCellContains(form[...]) { append(form) }
  }

  /// Letters of the form being written.
  mutating func write(_ part: [UInt8]) { letters.append(part) }
  mutating func write(_ part: ArraySlice<UInt8>) { letters.append(part) }
  mutating func write(_ letter: UInt8) { letters.append(letter) }

  mutating func endForm() { formStarts.append(letters.count) }
  mutating func endCell() { cellStarts.append(formStarts.count - 1) }

  /// Writes the forms of another cell of this table again, after `prefix` if there is one.
  mutating func repeatCell(_ cell: Int, prefix: [UInt8] = []) {
    for n in forms(cell) {
      letters.append(prefix)
      letters.appendCopy(of: range(ofForm: n))
      endForm()
    }
  }

  // MARK: Reading

  /// The numbers of the forms of a cell.
  func forms(_ cell: Int) -> Range<Int> { cellStarts[cell]..<cellStarts[cell + 1] }

  /// Where form n is in `letters`.
  func range(ofForm n: Int) -> Range<Int> { formStarts[n]..<formStarts[n + 1] }

  func form(_ n: Int) -> ArraySlice<UInt8> { letters[range(ofForm: n)] }

  /// Whether the cell being written has this form already.
  func writingCellContains(_ form: ArraySlice<UInt8>) -> Bool {
    (cellStarts[cellsWritten]..<(formStarts.count - 1)).contains { self.form($0).elementsEqual(form) }
  }

  /// The forms of a cell as Strings.
  func strings(_ cell: Int) -> [String] {
    letters.withUnsafeBufferPointer { letters in
      forms(cell).map { String(latin1: UnsafeBufferPointer(rebasing: letters[range(ofForm: $0)])) }
    }
  }

  subscript(tense: Tense, person: Person) -> [String] { strings(Self.index(tense, person)) }
  var gerundio: [String] { strings(Self.gerundioCell) }
  var participio: [String] { strings(Self.participioCell) }

  /// Adds the forms of `other` that are not here yet, after the ones that are.
  func merged(with other: FormTable) -> FormTable {
    var result = FormTable()
    for cell in 0..<Self.cellCount {
      result.repeatCell(cell, of: self)
      for n in other.forms(cell) where !result.writingCellContains(other.form(n)) { result.append(other.form(n)) }
      result.endCell()
    }
    result.compoundCells = compoundCells | other.compoundCells
    return result
  }

  /// Writes the forms of a cell of another table, as they are, into the cell being written.
  mutating func repeatCell(_ cell: Int, of other: FormTable) {
    for n in other.forms(cell) { append(other.form(n)) }
  }

  /// Empty cells up to `cell`, which is the next to write.
  mutating func skipCells(to cell: Int) {
    while cellsWritten < cell { endCell() }
  }

  /// Copies which compound cells exist from a table of the same verb.
  mutating func copyCompoundCells(of other: FormTable) { compoundCells = other.compoundCells }
}
