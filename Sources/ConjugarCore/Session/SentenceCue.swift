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

extension QuestionSource {
  /// Sentences to complete, in the tenses and persons of `spec`, at most its count, in an order
  /// drawn with `random`.
  public static func sentences(_ spec: DrillSpec, conjugator: Conjugator, random: RandomSource) -> QuestionSource {
    QuestionSource {
      var generator = random.generator
      let chosen = SentenceCue.all.filter { spec.tenses.contains($0.tense) && spec.persons.contains($0.person) }
        .shuffled(using: &generator).prefix(spec.count ?? DrillSpec.untilStopped)
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
