import ConjugarCore
import ConjugarEngine
import ScoreboardClient
import RandomClient
import Testing

/// Generated answers for the answer checker, 100,000 of them, seeded (the same every run, so a
/// failure can be replayed by its number): random Unicode, real forms of the catalog typed with
/// other case, spaces, decomposed accents, accents dropped, added or moved, a letter wrong, NUL and
/// control characters, combining marks, very long input. Whatever comes in, the checker answers;
/// and what it answers follows from how the input was made:
///
/// - a form the cell accepts, however it is cased and spaced, is `.correct`;
/// - the same letters with only acute accents or diaereses changed is `.accentsOnly` (or `.correct`
///   when the change happens to give another accepted form: guie/guié);
/// - other letters are `.wrong`; a blank answer is `.wrong`;
/// - `check(x, [x])` is `.correct` for any `x` that is not blank;
/// - the verdict on several forms is the best verdict on each alone, whatever their order;
/// - `x` against `y` and `y` against `x` get the same verdict.
@Suite struct AnswerCheckerFuzzTests {
  static let inputs = 100_000

  /// Seeded: the same inputs every run.
  typealias Generator = SplitMix64

  /// The accented letters of Spanish and the letters without the accent.
  static let accents: [Character: Character] = ["á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u"]
  static let accenting: [Character: [Character]] = ["a": ["á"], "e": ["é"], "i": ["í"], "o": ["ó"], "u": ["ú", "ü"]]
  static let letters = Array("abcdefghijklmnopqrstuvwxyzñ")
  static let spaces: [Character] = [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{2028}"]
  static let odd: [Character] = [
    "\u{0}", "\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "\u{301}", "\u{300}", "\u{303}", "\u{308}", "\u{327}", "\u{200B}",
    "\u{200D}", "\u{FEFF}", "\u{FFFD}", "💃", "🇪🇸", "ß", "ı", "İ", "ﬁ", "Ω", "日", "١", "'", "~", ":", "-", "?",
  ]

  /// The cells of a few hundred catalog verbs (every tense and person, the gerundio and the
  /// participio), each as its accepted forms: what a quiz question accepts.
  static let cells: [[String]] = {
    var g = Generator(seed: 5)
    let verbs = sharedConjugator.catalog.infinitives
    var cells: [[String]] = []
    for _ in 0..<300 {
      guard let paradigm = try? sharedConjugator.conjugate(verbs.randomElement(using: &g)!) else { continue }
      cells += [paradigm.gerundio, paradigm.participio]
      for tense in Tense.allCases {
        for person in Person.allCases { cells.append(paradigm[tense, person]) }
      }
    }
    return cells.filter { !$0.isEmpty }
  }()

  /// How an input was made, and so what the checker must say of it.
  enum Expected: Equatable {
    /// An accepted form, cased and spaced differently.
    case correct
    /// The letters of an accepted form with accents changed (correct if it hits another form).
    case accentsOnly
    /// Letters no accepted form has, accents aside.
    case wrong
    /// Random: only the general properties hold.
    case unknown
  }

  struct Input {
    var text: String
    var accepted: [String]
    var expected: Expected
    var kind: String
  }

  // MARK: Mutations

  static func stripped(_ text: String) -> String {
    String(text.map { accents[$0] ?? $0 })
  }

  /// Upper case, a capital first letter, or each letter's case at random (all reversible for the
  /// letters of Spanish forms).
  static func recased(_ text: String, _ g: inout Generator) -> String {
    switch Int.random(in: 0..<4, using: &g) {
    case 0: return text.uppercased()
    case 1: return text.prefix(1).uppercased() + text.dropFirst()
    case 2:
      // Letter by letter, where the capital is one character (not ß → SS, ﬁ → FI).
      return String(
        text.map { c in
          let upper = c.uppercased()
          return Bool.random(using: &g) && upper.count == 1 ? Character(upper) : c
        })
    default: return text
    }
  }

  /// Spaces around the form and, between its words (he tenido), more than one.
  static func respaced(_ text: String, _ g: inout Generator) -> String {
    func run() -> String {
      String((0..<Int.random(in: 1...3, using: &g)).map { _ in spaces.randomElement(using: &g)! })
    }
    var result = Bool.random(using: &g) ? run() : ""
    result += text.split(separator: " ").joined(separator: Bool.random(using: &g) ? run() : " ")
    if Bool.random(using: &g) { result += run() }
    return result
  }

  /// Accented letters written as a letter and a combining mark (e + U+0301), as some keyboards send.
  static func decomposed(_ text: String) -> String {
    String(text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
      switch scalar {
      case "á": ["a", "\u{301}"]
      case "é": ["e", "\u{301}"]
      case "í": ["i", "\u{301}"]
      case "ó": ["o", "\u{301}"]
      case "ú": ["u", "\u{301}"]
      case "ü": ["u", "\u{308}"]
      case "ñ": ["n", "\u{303}"]
      default: [scalar]
      }
    }.map(Character.init))
  }

  /// Case, spaces and decomposition: none of them changes the verdict.
  static func noise(_ text: String, _ g: inout Generator) -> String {
    var text = recased(text, &g)
    if Int.random(in: 0..<4, using: &g) == 0 { text = decomposed(text) }
    if Bool.random(using: &g) { text = respaced(text, &g) }
    return text
  }

  /// The form with its accents changed: one dropped, one added, or one moved to another vowel.
  static func reaccented(_ form: String, _ g: inout Generator) -> String? {
    var chars = Array(form)
    let accented = chars.indices.filter { accents[chars[$0]] != nil }
    let plain = chars.indices.filter { accenting[chars[$0]] != nil }
    switch Int.random(in: 0..<4, using: &g) {
    case 0 where !accented.isEmpty:  // every accent dropped (the usual slip)
      return stripped(form)
    case 1 where !accented.isEmpty:  // one accent dropped
      let i = accented.randomElement(using: &g)!
      chars[i] = accents[chars[i]]!
    case 2 where !plain.isEmpty:  // an accent added
      let i = plain.randomElement(using: &g)!
      chars[i] = accenting[chars[i]]!.randomElement(using: &g)!
    case 3 where !plain.isEmpty && !accented.isEmpty:  // an accent moved
      let from = accented.randomElement(using: &g)!, to = plain.randomElement(using: &g)!
      chars[from] = accents[chars[from]]!
      chars[to] = accenting[chars[to]]!.randomElement(using: &g)!
    default:
      guard let i = plain.randomElement(using: &g) else { return nil }
      chars[i] = accenting[chars[i]]!.randomElement(using: &g)!
    }
    return String(chars)
  }

  /// The form with something other than an accent wrong: a letter changed, added or left out, ñ
  /// written n, words run together, or an odd character (NUL, a control character, a combining
  /// mark other than the acute and diaeresis, an emoji) put in.
  static func misspelled(_ form: String, _ g: inout Generator) -> String {
    var chars = Array(form)
    let i = Int.random(in: 0..<chars.count, using: &g)
    switch Int.random(in: 0..<7, using: &g) {
    case 0: chars[i] = letters.randomElement(using: &g)!
    case 1: chars.insert(letters.randomElement(using: &g)!, at: Int.random(in: 0...chars.count, using: &g))
    case 2 where chars.count > 1: chars.remove(at: i)
    case 3 where chars.contains("ñ"): chars = chars.map { $0 == "ñ" ? "n" : $0 }
    case 4 where chars.contains(" "): chars.removeAll { $0 == " " }
    case 5: chars.insert(odd.randomElement(using: &g)!, at: Int.random(in: 0...chars.count, using: &g))
    default: chars += [chars[i]]
    }
    return String(chars)
  }

  static func randomScalar(_ g: inout Generator) -> Character {
    while true {
      // Half the time from the first planes, where letters, marks and controls are thickest.
      let top: UInt32 = Bool.random(using: &g) ? 0x3000 : 0x10FFFF
      if let scalar = Unicode.Scalar(UInt32.random(in: 0...top, using: &g)) { return Character(scalar) }
    }
  }

  static func randomText(_ g: inout Generator, length: ClosedRange<Int>) -> String {
    let pools: [[Character]] = [letters, Array(accents.keys), spaces, odd]
    return String(
      (0..<Int.random(in: length, using: &g)).map { _ -> Character in
        Bool.random(using: &g) ? randomScalar(&g) : pools.randomElement(using: &g)!.randomElement(using: &g)!
      })
  }

  static func input(_ n: Int, _ g: inout Generator) -> Input {
    let cell = cells.randomElement(using: &g)!
    let form = cell.randomElement(using: &g)!
    switch n % 20 {
    case 0..<5:
      return Input(text: noise(form, &g), accepted: cell, expected: .correct, kind: "an accepted form")
    case 5..<10:
      guard let changed = reaccented(form, &g) else { break }
      return Input(text: noise(changed, &g), accepted: cell, expected: .accentsOnly, kind: "accents changed")
    case 10..<14:
      return Input(text: noise(misspelled(form, &g), &g), accepted: cell, expected: .wrong, kind: "misspelled")
    case 14:
      let blank = String((0..<Int.random(in: 0...6, using: &g)).map { _ in spaces.randomElement(using: &g)! })
      return Input(text: blank, accepted: cell, expected: .wrong, kind: "blank")
    case 15 where n % 5_000 == 15:
      // Very long: a form repeated, or random text, up to 50,000 characters (20 of them: they
      // are slow in a debug build).
      let count = Int.random(in: 2_000...50_000, using: &g)
      let text =
        Bool.random(using: &g)
        ? String(repeating: form + " ", count: count / (form.count + 1))
        : randomText(&g, length: count...count)
      return Input(text: text, accepted: cell, expected: .unknown, kind: "very long")
    case 15, 16:
      return Input(text: randomText(&g, length: 0...16), accepted: cell, expected: .unknown, kind: "random")
    case 17:
      // Random text as the accepted form too: check(x, [x]) must be right.
      let text = randomText(&g, length: 1...12)
      return Input(text: text, accepted: [text], expected: .unknown, kind: "random against itself")
    case 18:
      // A form and random marks: combining characters and controls at its ends.
      let marks = String((0..<Int.random(in: 1...3, using: &g)).map { _ in odd.randomElement(using: &g)! })
      return Input(
        text: Bool.random(using: &g) ? form + marks : marks + form, accepted: cell, expected: .unknown,
        kind: "a form with marks")
    default:
      break
    }
    return Input(text: noise(form, &g), accepted: cell, expected: .correct, kind: "an accepted form")
  }

  // MARK: The properties

  static func rank(_ result: AnswerResult) -> Int {
    switch result {
    case .correct: 2
    case .accentsOnly: 1
    case .wrong: 0
    }
  }

  /// Whether `text` has anything but white space.
  static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  /// What must hold of one input; the problems found, if any. (Each check costs some 30 µs in a
  /// debug build, so none is made twice.)
  static func problems(_ input: Input) -> [String] {
    var problems: [String] = []
    let result = AnswerChecker.check(input.text, accepted: input.accepted)
    switch input.expected {
    case .correct where result != .correct:
      problems.append("an accepted form, cased and spaced differently, is \(result), not correct")
    case .accentsOnly:
      // Right but for the accents, unless the change gave another of the accepted forms.
      let exact = input.accepted.contains { noise(in: input.text, equals: $0) }
      let wanted: AnswerResult = exact ? .correct : .accentsOnly
      if result != wanted { problems.append("only the accents changed: \(result), not \(wanted)") }
    case .wrong where result != .wrong:
      let letters = stripped(input.text.lowercased()).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      // Unless the misspelling happened to give a form's letters (a letter changed to itself).
      if !input.accepted.contains(where: { stripped($0) == letters }) {
        problems.append("a misspelled form is \(result), not wrong")
      }
    default:
      break
    }
    let blank = isBlank(input.text)
    if blank, result != .wrong { problems.append("a blank answer is \(result)") }
    if !blank, input.accepted != [input.text], AnswerChecker.check(input.text, accepted: [input.text]) != .correct {
      problems.append("check(x, [x]) is not correct")
    }
    if !blank, input.accepted == [input.text], result != .correct { problems.append("check(x, [x]) is not correct") }
    guard input.text.utf8.count < 1_000 else { return problems }
    // Several forms: the verdict is the best verdict on each alone, in any order.
    if input.accepted.count > 1 {
      let alone = input.accepted.map { AnswerChecker.check(input.text, accepted: [$0]) }
      if let best = alone.max(by: { rank($0) < rank($1) }), best != result {
        problems.append("\(result) for all the forms, but \(best) for the best one alone")
      }
      if AnswerChecker.check(input.text, accepted: input.accepted.reversed()) != result {
        problems.append("the order of the accepted forms changes the verdict")
      }
    }
    // Symmetric: the answer as the accepted form, and the form as the answer.
    if let form = input.accepted.first, !blank, !isBlank(form) {
      let forward = input.accepted.count == 1 ? result : AnswerChecker.check(input.text, accepted: [form])
      if AnswerChecker.check(form, accepted: [input.text]) != forward { problems.append("x against y is not y against x") }
    }
    return problems
  }

  /// Whether `text` is `form` but for case, spaces and decomposed accents (the inputs' noise).
  static func noise(in text: String, equals form: String) -> Bool {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") == form
  }

  @Test func everyAnswerGetsTheVerdictItsMakingCallsFor() {
    var g = Generator(seed: 20261122)
    var results: [AnswerResult: Int] = [:]
    var kinds: [String: Int] = [:]
    var failures = 0
    for n in 0..<Self.inputs {
      let input = Self.input(n, &g)
      kinds[input.kind, default: 0] += 1
      results[AnswerChecker.check(input.text, accepted: input.accepted), default: 0] += 1
      let problems = Self.problems(input)
      guard !problems.isEmpty else { continue }
      failures += 1
      // The first few in full; the rest counted (a broken checker would fail thousands).
      if failures <= 20 {
        Issue.record(
          "input \(n) (\(input.kind)): \(Self.shown(input.text)) against \(input.accepted): \(problems.joined(separator: "; "))"
        )
      }
    }
    #expect(failures == 0, "\(failures) of \(Self.inputs) inputs")
    // Every path exercised, many times.
    #expect(kinds.values.reduce(0, +) == Self.inputs)
    #expect(kinds.count == 8, "\(kinds)")
    #expect(results[.correct, default: 0] > 20_000, "\(results)")
    #expect(results[.accentsOnly, default: 0] > 15_000, "\(results)")
    #expect(results[.wrong, default: 0] > 20_000, "\(results)")
  }

  /// A few of the inputs above, spelt out: what the generated cases stand for.
  @Test func examplesOfEachKind() {
    #expect(AnswerChecker.check("TENDRE\u{301}", accepted: ["tendré"]) == .correct)
    #expect(AnswerChecker.check("\u{3000}he\u{A0}\u{A0}tenido\r\n", accepted: ["he tenido"]) == .correct)
    #expect(AnswerChecker.check("averigüe", accepted: ["averigüé"]) == .accentsOnly)
    #expect(AnswerChecker.check("AVERIGUÉ", accepted: ["averigüé"]) == .accentsOnly)
    #expect(AnswerChecker.check("tendre\u{301}\u{301}", accepted: ["tendré"]) == .wrong)
    #expect(AnswerChecker.check("tengo\u{0}", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("ten\u{1B}go", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("tengõ", accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check("\u{0}", accepted: ["\u{0}"]) == .correct)
    #expect(AnswerChecker.check("\u{85}\u{2028}", accepted: ["tengo"]) == .wrong)
    // A space carrying a combining mark is not blank (the fuzz found it was, input 50075).
    #expect(AnswerChecker.check(" \u{301}", accepted: [" \u{301}"]) == .correct)
    #expect(AnswerChecker.check("tengo \u{301}", accepted: ["tengo"]) == .wrong)
    let long = String(repeating: "tengo ", count: 50_000)
    #expect(AnswerChecker.check(long, accepted: ["tengo"]) == .wrong)
    #expect(AnswerChecker.check(long, accepted: [long]) == .correct)
  }

  /// An input for a failure message: control characters escaped, long ones cut.
  static func shown(_ text: String) -> String {
    let head = text.unicodeScalars.prefix(60).map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
    return "\"" + head.joined() + (text.unicodeScalars.count > 60 ? "…(\(text.unicodeScalars.count) scalars)" : "") + "\""
  }
}
