import ClockClient
import ConjugarEngine
import RandomClient
import ScoreboardClient
import SettingsClient

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
  /// level's tenses, yo, tú, él, nosotros and ellos, every verb, 20 questions), drawn with
  /// `random`.
  public static func listening(
    _ spec: DrillSpec = DrillSpec(), settings: SettingValues, conjugator: Conjugator, random: RandomSource,
    clock: WallClock
  ) throws(DrillError) -> Session {
    let source = try QuestionSource.listening(spec, composer: DrillComposer(conjugator: conjugator), random: random)
    return Session(source, settings: settings, conjugator: conjugator, clock: clock, check: Session.acceptedForms)
  }
}
