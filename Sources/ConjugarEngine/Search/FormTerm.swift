/// A word of a search among forms (the trainer's forms browser), folded as every search folds
/// (``folded(_:)``): the beginning of a tense's name, three letters at least (`pret`, `subj`,
/// `-ra`), names those tenses; a person's name (`yo`, `tú`, `usted`, `ellas`), that person; any
/// other word is text, found in a verb or at the beginning of a word of a form (`tuve`) — text
/// inside a form is no tense or person.
public enum FormTerm: Equatable, Sendable {
  /// The codes of the tenses named (``tenseCode(_:)``), as bits.
  case tenses(UInt32)
  /// A person's code (``personCode(_:)``).
  case person(UInt8)
  case text([UInt8])

  /// The term a folded word is.
  public init(_ word: [UInt8]) {
    if let name = Self.personNames.first(where: { $0.word == word }) {
      self = .person(name.code)
      return
    }
    var codes: UInt32 = 0
    if word.count >= 3 {
      for name in Self.tenseNames where name.word.occurs(word, at: 0) { codes |= 1 << name.code }
    }
    self = codes == 0 ? .text(word) : .tenses(codes)
  }

  /// The terms of a search: its words.
  public static func of(_ search: String) -> [FormTerm] {
    folded(search).split(separator: UInt8(ascii: " ")).map { FormTerm(Array($0)) }
  }

  /// The forms outside tense and person, as the history names them in its tense column (the
  /// settings' `NonFiniteForm`, which `FormBrowserTests` holds them to).
  public static let nonFinite = ["gerundio", "participio"]

  /// A tense's code: its place in `Tense.allCases`, then the gerundio's and the participio's.
  public static func tenseCode(_ name: String) -> UInt8 {
    if let tense = Tense(rawValue: name) { return UInt8(Tense.allCases.firstIndex(of: tense)!) }
    if let form = nonFinite.firstIndex(of: name) { return UInt8(Tense.allCases.count + form) }
    return .max
  }

  /// A person's code: its place in `Person.allCases`.
  public static func personCode(_ person: Person?) -> UInt8 { person.map { UInt8(Person.allCases.firstIndex(of: $0)!) } ?? .max }

  /// Every word of every tense's names (its key, its Spanish name and its short one), folded,
  /// three letters at least (no "de"), with the tense's code.
  static let tenseNames: [(word: [UInt8], code: UInt8)] = {
    let tenses = Tense.allCases.map { [$0.rawValue] + "\($0.spanishName) \($0.shortName)".split(separator: " ").map(String.init) }
    let names = tenses + nonFinite.map { [$0] }
    return names.enumerated().flatMap { code, words in
      words.map { folded($0.filter { !"()".contains($0) }) }.filter { $0.count >= 3 }.map { (word: $0, code: UInt8(code)) }
    }
  }()

  /// Every name of every person (``Person/names``), folded, with the person's code.
  static let personNames: [(word: [UInt8], code: UInt8)] = Person.allCases.flatMap { person in
    person.names.map { (word: folded($0), code: personCode(person)) }
  }

  /// Whether every row this term matches is one `wider` matches: a search that only added letters.
  public func narrows(_ wider: FormTerm) -> Bool {
    switch (self, wider) {
    case (.tenses(let codes), .tenses(let widerCodes)): codes & ~widerCodes == 0
    case (.person(let person), .person(let widerPerson)): person == widerPerson
    case (.text(let word), .text(let widerWord)): word.occurs(widerWord, at: 0)
    default: false
    }
  }

  /// Whether a word of `form` (he tenido: he, tenido), folded, begins with `word`.
  public static func beginsAWord(_ word: [UInt8], of form: [UInt8]) -> Bool {
    form.indices.contains { ($0 == 0 || form[$0 - 1] == UInt8(ascii: " ")) && form.occurs(word, at: $0) }
  }
}

extension Person {
  /// Each way of naming it: its key and its pronouns (él, ella, usted; nosotras…).
  public var names: [String] {
    let pronouns = (pronoun + "/" + imperativePronoun).split(separator: "/").map(String.init)
    let feminine = pronouns.filter { $0.hasSuffix("otros") }.map { String($0.dropLast(2)) + "as" }
    return [rawValue] + pronouns + feminine
  }
}
