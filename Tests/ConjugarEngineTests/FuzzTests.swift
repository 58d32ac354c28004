import ConjugarEngine
import RandomClient
import Testing

/// Generated inputs for the engine's entry point: whatever comes in, the answer is a paradigm of
/// well-formed forms or a clear error — never a crash. Seeded, so a failure can be replayed.
@Suite struct FuzzTests {
  static let inputs = 100_000

  /// Seeded: the same inputs every run.
  typealias Generator = SplitMix64

  static let spanish = Array("abcdefghijklmnopqrstuvwxyzáéíóúüñ")
  static let odd: [Character] = ["\u{0}", "\u{7}", "\u{1B}", "\u{301}", "\u{303}", "\u{308}", " ", "\t", "\n", "-", "'",
    "💃", "🇪🇸", "ß", "Ñ", "É", "ı", "İ", "ﬁ", "\u{200B}", "\u{FEFF}", "日", "١", "4"]

  static func randomScalar(_ g: inout Generator) -> Character {
    while true {
      let value = UInt32.random(in: 0...0x10FFFF, using: &g)
      if let scalar = Unicode.Scalar(value) { return Character(scalar) }
    }
  }

  /// A catalog verb, changed a little: most mutations stay close to real input.
  static func nearInfinitive(_ g: inout Generator, _ verbs: [String]) -> String {
    var chars = Array(verbs.randomElement(using: &g)!)
    for _ in 0..<Int.random(in: 1...3, using: &g) {
      let i = Int.random(in: 0...chars.count, using: &g)
      switch Int.random(in: 0..<6, using: &g) {
      case 0: chars.insert(spanish.randomElement(using: &g)!, at: i)
      case 1: if i < chars.count { chars.remove(at: i) }
      case 2: if i < chars.count { chars[i] = spanish.randomElement(using: &g)! }
      case 3: chars.insert(odd.randomElement(using: &g)!, at: i)
      case 4: chars = Array(String(chars).uppercased())
      default: chars += Array("se")
      }
    }
    return String(chars)
  }

  static func input(_ n: Int, _ g: inout Generator, _ verbs: [String]) -> String {
    switch n % 10 {
    case 0: return String((0..<Int.random(in: 0...12, using: &g)).map { _ in randomScalar(&g) })
    case 1: return String((0..<Int.random(in: 0...12, using: &g)).map { _ in odd.randomElement(using: &g)! })
    case 2: return String((0..<Int.random(in: 1...14, using: &g)).map { _ in spanish.randomElement(using: &g)! }) + "ar"
    case 3 where n % 1000 == 3: return String(repeating: "a", count: Int.random(in: 1_000...100_000, using: &g)) + "r"
    default: return nearInfinitive(&g, verbs)
    }
  }

  @Test func everyInputGivesAParadigmOrAClearError() {
    let verbs = conjugator.catalog.infinitives
    let letters = Set("abcdefghijklmnopqrstuvwxyzáéíóúüñ ")
    var g = Generator(seed: 20261121)
    var paradigms = 0
    var errors = 0
    for n in 0..<Self.inputs {
      let text = Self.input(n, &g, verbs)
      do {
        let paradigm = try conjugator.conjugate(text)
        paradigms += 1
        #expect(paradigm.infinitive.allSatisfy(letters.contains), "\(n): \(paradigm.infinitive)")
        // Sample the cells: every form of a few tenses, Spanish letters only.
        for tense in [Tense.presente, .preterito, .imperativoAfirmativo, .perfecto] {
          for person in Person.allCases {
            for form in paradigm[tense, person] where !form.allSatisfy(letters.contains) || form.isEmpty {
              Issue.record("input \(n) \(InfinitiveError.shownForTests(text)): \(tense) \(person) \(form)")
            }
          }
        }
      } catch {
        errors += 1
        #expect(error.description.contains("is not a Spanish infinitive: "))
        #expect(error.description.count < 300)
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
      }
    }
    #expect(paradigms + errors == Self.inputs)
    #expect(paradigms > 10_000 && errors > 10_000)  // both paths exercised
  }
}

extension InfinitiveError {
  static func shownForTests(_ text: String) -> String {
    String(text.unicodeScalars.prefix(40).map { $0.value < 0x20 ? "?" : Character($0) })
  }
}
