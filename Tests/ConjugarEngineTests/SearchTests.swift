@testable import ConjugarEngine
import Testing

/// The search finds each kind of query among its first results (issue 13).
@Suite struct SearchTests {
  /// An ASCII text is folded and keyed on its bytes: the same as lower-casing the String, splitting
  /// its words and dropping a first "to", for every sense of every gloss and a few others.
  @Test func asciiKeysAreTheStringsKeys() {
    let senses = conjugator.catalog.entries.flatMap { $0.gloss?.split(separator: ",").map(String.init) ?? [] }
      .filter { $0.utf8.allSatisfy { $0 < 0x80 } }
    #expect(senses.count > 4_000)
    for text in senses + ["To Eat", "  to  look   for ", "TO", "to", "", "Tomar", "toe the line", "x-ray (a)"] {
      var words = text.lowercased().split(separator: " ")
      if words.first == "to" { words.removeFirst() }
      #expect(VerbSearch.englishKey(text) == Array(words.joined(separator: " ").utf8), "\(text)")
      #expect(folded(text) == Array(text.lowercased().utf8), "\(text)")
    }
    #expect(folded("Está Ñandú") == Array("esta nandu".utf8))
    #expect(VerbSearch.englishKey("To Éat") == Array("eat".utf8))
  }

  static let search = VerbSearch(conjugator: conjugator)

  func result(_ verb: String, _ why: VerbSearch.Why, gloss: String?, form: String? = nil) -> VerbSearch.Result {
    VerbSearch.Result(verb: verb, why: why, gloss: gloss, form: form)
  }

  func first(_ query: String, _ count: Int = 5) -> [VerbSearch.Result] { Self.search.results(query, limit: count) }

  @Test func theStartOfAnInfinitiveWithOrWithoutAccents() {
    #expect(first("esta").first?.verb == "estar")
    #expect(first("está").first?.verb == "estar")
    #expect(first("tene").first?.verb == "tener")
    #expect(first("tene").prefix(2).map(\.verb) == ["tener", "tenerse"])  // then those that contain it
    #expect(first("tene").map(\.verb).contains("mantener"))
  }

  @Test func englishWordsAndPhrases() {
    #expect(first("eat").first == result("comer", .english, gloss: "to eat"))
    #expect(first("to eat").first?.verb == "comer")
    #expect(first("look for").first?.verb == "buscar")
    #expect(first("become").contains { $0.verb == "volverse" })
    #expect(first("become").allSatisfy { $0.why == .english })
  }

  /// A form with one vowel wrong (issue 26, item 16): veniste is viniste, venir's, listed before
  /// venirse, an infinitive two letters away.
  @Test func aFormWithAVowelSlip() {
    let results = Self.search.results("veniste", limit: 3)
    #expect(results.first?.verb == "venir" && results.first?.form == "viniste", "\(results)")
    #expect(results.map(\.verb).contains("venirse"))
    #expect(Self.search.results("pidimos", limit: 1).first?.verb == "pedir")
  }

  @Test func conjugatedForms() {
    #expect(first("tengo").first == result("tener", .form, gloss: "to have", form: "tengo"))
    #expect(Set(first("fuimos", 2).map(\.verb)) == ["ir", "ser"])
    #expect(first("hicieron").first?.verb == "hacer")
    #expect(first("yendo").first?.verb == "ir")
  }

  @Test func misspellingsWithinTwoEdits() {
    #expect(first("hablr").first == result("hablar", .typo, gloss: "to speak, to talk"))
    #expect(first("tneer").first?.verb == "tener")  // two letters swapped
    #expect(Self.search.suggestions(for: "hablr").first == "hablar")
    #expect(VerbSearch.editDistance(Array("hablar".utf8), Array("hablr".utf8), atMost: 2) == 1)
    #expect(VerbSearch.editDistance(Array("tener".utf8), Array("tneer".utf8), atMost: 2) == 1)
    #expect(VerbSearch.editDistance(Array("tener".utf8), Array("xyzzy".utf8), atMost: 2) == nil)
  }

  @Test func aWellFormedVerbOutsideTheCatalog() {
    #expect(first("googlear").first == result("googlear", .unknown, gloss: nil))
    #expect(first("zzzqqq").isEmpty)
  }

  @Test func moreFrequentVerbsFirst() {
    let results = Self.search.results("ar", limit: 100).filter { $0.why == .spanish }
    let ranks = results.compactMap { conjugator.catalog.entry($0.verb)?.rank }
    #expect(ranks.count > 10)
  }
}
