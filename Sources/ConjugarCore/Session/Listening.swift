import ConjugarEngine
import RandomClient
import ScoreboardClient

extension QuestionSource {
  /// The listening drill: the questions of the drill `spec` composes, each said with its pronoun
  /// and not shown (``AnswerMode/listening``): the learner writes the form heard. Checked, scored
  /// and kept as any other question, with its mode.
  public static func listening(_ spec: DrillSpec, composer: DrillComposer, random: RandomSource) throws(DrillError)
    -> QuestionSource
  {
    try .drill(spec, composer: composer, random: random, asked: .listening)
  }
}

extension Session {
  /// A listening drill with the drill builder's filters (`spec`; by default its defaults: the easy
  /// level's tenses, yo, tú, él, nosotros and ellos, every verb, 20 questions), drawn with the
  /// World's randomness.
  public static func listening(_ spec: DrillSpec = DrillSpec(), in world: World) throws(DrillError) -> Session {
    let source = try QuestionSource.listening(spec, composer: DrillComposer(conjugator: world.conjugator), random: world.random)
    return Session(source, settings: world.settings.values, check: Session.acceptedForms, in: world)
  }
}
