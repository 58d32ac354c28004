@testable import ConjugarEngine
import Testing

@Suite struct CatalogTests {
  @Test func theWholeCatalogIsLoaded() {
    #expect(conjugator.catalog.entries.count == 14_475)  // the list's 14,456 and the DLE's newer verbs (Data/verb-additions.tsv)
    #expect(conjugator.catalog.entries.filter(\.isPronominal).count == 4_437)
    #expect(conjugator.catalog.entry("tener")?.gloss == "to have")
    // The glosses learners found wrong, as we wrote them (Data/glosses.tsv).
    #expect(conjugator.catalog.entry("darse")?.gloss == "to happen, to give oneself up")
    #expect(conjugator.catalog.entry("volverse")?.gloss == "to become, to turn around")
    #expect(conjugator.catalog.entry("erguir")?.gloss == "to raise, to straighten")
    #expect(conjugator.catalog.entry("dormirse")?.gloss == "to fall asleep")
    // Every verb has a frequency rank; at least the 3,000 most frequent have a gloss but a few.
    #expect(conjugator.catalog.entries.allSatisfy { $0.rank != nil })
    // The ranks are read by position: the rank table has a line for each verb of the catalog's.
    #expect(RankData.table.split(separator: "\n").count == CatalogData.table.split(separator: "\n").count)
    #expect(conjugator.catalog.entry("ser")?.rank == 1)
    #expect(conjugator.catalog.entry("zurrir")!.rank! > 10_000)
    let top = conjugator.catalog.entries.filter { $0.rank! <= 3_000 }
    #expect(top.count == 3_000)
    #expect(top.filter { $0.gloss != nil }.count >= 2_990)
  }

  /// A verb looked up before the catalog is parsed is read from its own lines: its line of the models'
  /// table found by a binary search, which holds only while the table is in byte order, and its
  /// gloss from the one line that glosses it.
  @Test func theTablesAreInTheOrderTheLookUpSearches() {
    let infinitives = conjugator.catalog.infinitives
    for (before, after) in zip(infinitives, infinitives.dropFirst()) {
      #expect(before.utf8.lexicographicallyPrecedes(after.utf8), "\(before) is listed before \(after)")
    }
    let glossed = GlossData.table.split(separator: "\n").map { $0.prefix { $0 != "\t" } }
    #expect(Set(glossed).count == glossed.count)
  }

  /// The same entry, whether read alone from the tables or from the catalog parsed whole: for the
  /// first and the last verb, verbs with a gloss and without, and every 97th.
  @Test func aVerbReadAloneIsTheVerbParsed() {
    let parsed = conjugator.catalog.entries
    let tables = CatalogTables(models: CatalogData.table, glosses: GlossData.table, ranks: RankData.table)
    let sample = parsed.indices.filter { $0 % 97 == 0 || $0 == parsed.count - 1 }.map { parsed[$0] }
      + parsed.filter { ["ser", "tener", "zurrir", "abolir", "reír", "oírse", "ñoñear"].contains($0.infinitive) }
    #expect(sample.contains { $0.gloss == nil } && sample.contains { $0.gloss != nil })
    for entry in sample {
      let alone = tables.entry(entry.infinitive)
      #expect(alone?.infinitive == entry.infinitive)
      #expect(alone?.choices == entry.choices, "\(entry.infinitive)")
      #expect(alone?.gloss == entry.gloss, "\(entry.infinitive)")
      #expect(alone?.rank == entry.rank, "\(entry.infinitive)")
    }
    for absent in ["", "a", "aaaa", "hablarx", "zzzzar", "hablar ", "Hablar", "abadernar\thablar"] {
      #expect(tables.entry(absent) == nil, "\(absent)")
    }
  }

  /// A catalog looked up verb by verb reads each alone, then, past a few dozen, parses the whole
  /// catalog: the same entries either way.
  @Test func lookUpsGiveTheSameEntriesBeforeAndAfterTheParse() {
    let parsed = conjugator.catalog.entries
    let fresh = Catalog()
    for entry in parsed.enumerated().filter({ $0.offset % 211 == 0 }).map(\.element) {  // 69 verbs
      let found = fresh.entry(entry.infinitive)
      #expect(found?.infinitive == entry.infinitive && found?.choices == entry.choices)
      #expect(found?.gloss == entry.gloss && found?.rank == entry.rank, "\(entry.infinitive)")
    }
    #expect(fresh.entry("hablarx") == nil && fresh.entry("") == nil)
  }

  @Test func everyVerbEndsWithTheBaseItsModelReplaces() {
    for entry in conjugator.catalog.entries {
      let bare = Infinitive(entry.infinitive).bare
      for choice in entry.choices {
        guard let model = Models.all[choice.model] else {
          Issue.record("\(entry.infinitive): no model \(choice.model)")
          continue
        }
        #expect(bare.hasSuffix(model.base), "\(entry.infinitive) does not end in \(model.base)")
      }
    }
  }

  /// Every form of every verb: Spanish letters and single spaces only, and no empty cell but where
  /// the verb is defective or the imperative has no first person. No cell lists a form twice, and
  /// no spelling rule writes "sz" where the infinitive has none (the c of -scer before -zc-: *pubeszco).
  @Test func everyVerbConjugatesIntoWellFormedForms() {
    let spanish = Set("abcdefghijklmnopqrstuvwxyzáéíóúüñ ")
    var cells = 0
    for entry in conjugator.catalog.entries {
      let paradigm = conjugator.paradigm(of: entry)
      let defective =
        entry.choices.allSatisfy { $0.defective != nil } || Conjugator.defectiveInUse.contains(entry.infinitive)
        || entry.model == "balbucir" || entry.infinitive.hasPrefix("haber")
      let sz = entry.infinitive.contains("sz")
      for tense in Tense.allCases {
        for person in Person.allCases {
          let forms = paradigm[tense, person]
          cells += 1
          if Set(forms).count != forms.count || (!sz && forms.contains { $0.contains("sz") }) {
            Issue.record("\(entry.infinitive) \(tense.rawValue) \(person.rawValue): \(forms)")
          }
          for form in forms where !form.allSatisfy(spanish.contains) || form.contains("  ") || form.isEmpty {
            Issue.record("\(entry.infinitive) \(tense.rawValue) \(person.rawValue): \(form)")
          }
          if forms.isEmpty && !defective && !(tense.mood == .imperativo && person == .yo) {
            Issue.record("\(entry.infinitive) \(tense.rawValue) \(person.rawValue) is empty")
          }
        }
      }
      if !defective { #expect(!paradigm.gerundio.isEmpty && !paradigm.participio.isEmpty, "\(entry.infinitive)") }
    }
    #expect(cells == 14_475 * 140)
  }

  @Test func tenseIndexesFollowTheDeclarationOrder() {
    for (i, tense) in Tense.allCases.enumerated() { #expect(tense.index == i) }
    for (i, person) in Person.allCases.enumerated() { #expect(person.index == i) }
  }
}

@Suite struct FormatTests {
  @Test func jsonFollowsTheContract() throws {
    let line = JSONFormat.line(try conjugator.conjugate("tener"))
    #expect(line.hasPrefix(#"{"infinitive": "tener", "translation": "to have", "model": "tener", "known": true, "gerundio": ["teniendo"], "participio": ["tenido"], "tenses": {"presente": {"yo": ["tengo"], "tu": ["tienes"], "vos": ["tenés"]"#))
    #expect(line.contains(#""imperativo-afirmativo": {"yo": [], "tu": ["ten"]"#))
    #expect(line.contains(#""perfecto": {"yo": ["he tenido"]"#))
    #expect(line.hasSuffix(#""ellos": ["hubieren tenido"]}}}"#))
    #expect(!line.contains("\n"))
  }

  @Test func jsonEscapesTheTranslationAndWritesNullForUnknownVerbs() throws {
    #expect(JSONFormat.line(try conjugator.conjugate("googlear")).contains(#""translation": null, "model": "hablar", "known": false, "follows": null, "gerundio""#))
    #expect(JSONFormat.line(try conjugator.conjugate("precalentar")).contains(#""model": "acertar", "known": false, "follows": "calentar", "gerundio""#))
    #expect(JSONFormat.line(try conjugator.conjugate("transducir")).contains(#""model": "conducir", "known": false, "follows": "-ducir", "gerundio""#))
    #expect(!JSONFormat.line(try conjugator.conjugate("tener")).contains("follows"))
    var out = ByteWriter(capacity: 0)
    JSONFormat.string("say \"hi\"\\\n", into: &out)
    #expect(String(decoding: out.bytes, as: UTF8.self) == #""say \"hi\"\\\n""#)
  }

  @Test func tsvHasOneLinePerCell() throws {
    let lines = TSVFormat.lines(try conjugator.conjugate("imprimir")).split(separator: "\n")
    #expect(lines.count == 2 + 140)
    #expect(lines[1] == "imprimir\tparticipio\t\timpreso/imprimido")
  }

  @Test func tsvSaysAVerbIsNotInTheCatalog() throws {
    let googlear = TSVFormat.lines(try conjugator.conjugate("googlear")).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(googlear.count == 1 + 2 + 140 + 1)
    #expect(googlear[0] == "googlear\tnot-in-catalog\t\t")
    #expect(TSVFormat.lines(try conjugator.conjugate("precalentar")).hasPrefix("precalentar\tnot-in-catalog\t\tcalentar\n"))
  }

  @Test func tableSaysWhatAnUnknownVerbFollows() throws {
    func modelLine(_ verb: String) throws -> String {
      let paradigm = try conjugator.conjugate(verb)
      let table = TableFormat.render(paradigm, irregularities: conjugator.irregularities(of: paradigm), style: .plain)
      return String(table.split(separator: "\n")[1])
    }
    #expect(try modelLine("precalentar") == "model: acertar (not in the catalog: conjugated like calentar)")
    #expect(try modelLine("transducir") == "model: conducir (not in the catalog: conjugated as verbs in -ducir are)")
    #expect(try modelLine("googlear") == "model: hablar (not in the catalog: conjugated as a regular verb)")
    #expect(try modelLine("tener") == "model: tener")
  }

  @Test func tableHighlightsIrregularLetters() throws {
    let tener = try conjugator.conjugate("tener")
    let style = TableFormat.Style(highlightOn: "[", highlightOff: "]")
    let table = TableFormat.render(tener, irregularities: conjugator.irregularities(of: tener), style: style)
    #expect(table.contains("ten[g]o"))
    #expect(table.contains("t[uve]"))
    let plain = TableFormat.render(tener, irregularities: conjugator.irregularities(of: tener), style: .plain)
    #expect(plain.contains("tengo") && !plain.contains("["))
    #expect(plain.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }
}
