import ConjugarEngine
import RandomClient

/// A practice sentence with a gap: "Ayer nosotros ___ (ir) al cine." asks for ir, pretérito,
/// nosotros; its cue ("Ayer") is what calls for that tense.
public struct SentenceCue: Sendable, Equatable {
  public let sentence: String
  public let verb: String
  public let tense: Tense
  public let person: Person
  public let cue: String

  /// Every sentence of Data/sentences.tsv.
  public static let all: [SentenceCue] = SentenceData.table.split(separator: "\n").compactMap { line in
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 5, let tense = Tense(rawValue: fields[2]), let person = Person(rawValue: fields[3]) else {
      return nil
    }
    return SentenceCue(sentence: fields[0], verb: fields[1], tense: tense, person: person, cue: fields[4])
  }
}

extension SentenceCue {
  /// The sentences a drill of `spec` may ask: those of its verbs (`--verb`, `--verbs`, `--top`,
  /// `--group`, as a typed drill takes them), in its tenses and persons, where its cell filter and
  /// its rules (`--rule`) let them through. The errors of a typed drill's pool: verbs not in the catalog, no verb left.
  public static func matching(_ spec: DrillSpec, composer: DrillComposer) throws(DrillError) -> [SentenceCue] {
    _ = try composer.pool(spec)
    let catalog = composer.conjugator.catalog
    let listed = Set(spec.verbList.compactMap(catalog.entry).map(\.infinitive))
    return all.filter { cue in
      guard spec.tenses.contains(cue.tense), spec.persons.contains(cue.person), let entry = catalog.entry(cue.verb),
        listed.isEmpty || listed.contains(entry.infinitive), composer.admits(entry, spec)
      else { return false }
      guard spec.cellFilter != nil || !spec.rules.isEmpty else { return true }
      let paradigm = composer.conjugator.paradigm(of: entry)
      return spec.cellFilter?(paradigm, cue.tense, cue.person) != false
        && !composer.restingOnRules([(cue.tense, cue.person)], of: paradigm, spec).isEmpty
    }
  }

  /// What a sentence drill says before its first question when fewer sentences than its count
  /// fit its filters: "3 sentences ask for these verbs, tenses and persons, so the drill asks 3
  /// questions, not 20." Nil when there are enough, or the drill runs until stopped.
  public static func shortfall(_ found: Int, of spec: DrillSpec) -> String? {
    guard let count = spec.count, found < count else { return nil }
    return "\(found.counted("sentence")) \(found == 1 ? "asks" : "ask") for these verbs, tenses and persons, so the "
      + "drill asks \(found.counted("question")), not \(count.grouped)."
  }
}

extension QuestionSource {
  /// Sentences to complete, of the verbs, tenses and persons of `spec`
  /// (``SentenceCue/matching(_:composer:)``), at most its count, in an order drawn with `random`.
  public static func sentences(_ spec: DrillSpec, composer: DrillComposer, random: RandomSource) throws(DrillError) -> QuestionSource {
    let matching = try SentenceCue.matching(spec, composer: composer)
    let conjugator = composer.conjugator
    return QuestionSource {
      var generator = random.generator
      let chosen = matching.shuffled(using: &generator).prefix(spec.count ?? DrillSpec.untilStopped)
      return chosen.compactMap { cue in
        guard let paradigm = try? conjugator.conjugate(cue.verb) else { return nil }
        let accepted = paradigm.accepted(cue.tense, cue.person)
        guard !accepted.isEmpty else { return nil }
        return Question(
          verb: cue.verb, translation: paradigm.translation, form: .finite(cue.tense, cue.person), accepted: accepted,
          sentence: cue.sentence)
      }
    }
  }
}
