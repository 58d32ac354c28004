import ConjugarCore
import ConjugarOptions
import ConjugarEngine
import Foundation
import SettingsClient
import Testing

@testable import conjugar

/// A drill saved from the command line (`drill --save NAME`, `settings set drill.NAME OPTIONS`), and
/// `settings set quiz-tenses` reading tense names as `--tenses` does (issue 40, 9).
@Suite struct SavedDrillCommandTests {
  @Test func drillSaveKeepsTheFiltersAsPracticeTakesThem() throws {
    let (world, store) = CommandLineTests.settingsWorld()
    let result = run(
      ["drill", "--save", "pret", "--tenses", "pretérito perfecto simple,futuro", "--verb", "tener", "--verb", "ir", "--count", "10"],
      in: world)
    #expect(result.status == 0, "\(result.error)")
    let saved = "--tenses preterito,futuro --verb tener --verb ir --count 10"
    #expect(result.output == "Saved the drill pret: \(saved). Start it from Saved drills, or with conjugar practice \(saved).\n")
    #expect(store.load().values == ["drill.pret": saved])
    // The options saved make the same drill as those given.
    #expect(try PracticeOptions.parse(saved.split(separator: " ").map(String.init)).arguments().joined(separator: " ") == saved)
    // Saved again with other options: what it was is said.
    let again = run(["drill", "--save", "pret", "--verb", "tener", "--mode", "recognition"], in: world)
    #expect(again.status == 0)
    #expect(again.output.hasPrefix("Saved the drill pret: --verb tener --count 20 --mode recognition (was \(saved))."))
    #expect(run(["settings", "get", "drill.pret"], in: world).output == "--verb tener --count 20 --mode recognition\n")
  }

  @Test func drillSaveRefusesABadNameOrADrillThatCannotBeMade() {
    let (world, store) = CommandLineTests.settingsWorld()
    let name = run(["drill", "--save", "my drill", "--verb", "tener"], in: world)
    #expect(name.status == 1)
    #expect(name.error == "conjugar: a drill's name is 1 to 30 letters, digits, - or _, not \"my drill\"\n")
    let verb = run(["drill", "--save", "x", "--verb", "tenerr"], in: world)
    #expect(verb.status == 1)
    #expect(verb.error.contains("not in the catalog: tenerr"))
    // --mode only with --save; --save prints no worksheet, so its options do not go with it.
    let mode = run(["drill", "--mode", "recognition"], in: world)
    #expect(mode.status != 0 && mode.error.contains("--mode goes with --save"))
    let seed = run(["drill", "--save", "x", "--seed", "3"], in: world)
    #expect(seed.status != 0 && seed.error.contains("--save prints no worksheet"))
    #expect(store.load().values.isEmpty)
  }

  @Test func settingsSetTakesADrillsOptionsThatBeginWithDashes() {
    let (world, store) = CommandLineTests.settingsWorld()
    let result = run(["settings", "set", "drill.subj", "--tenses", "presente-subjuntivo", "--top", "100"], in: world)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "drill.subj = --tenses presente-subjuntivo --top 100 --count 20.\n")
    // One word, quoted in a shell, as well.
    let quoted = run(["settings", "set", "drill.subj", "--tenses presente --top 100"], in: world)
    #expect(quoted.status == 0, "\(quoted.error)")
    #expect(quoted.output == "drill.subj = --tenses presente --top 100 --count 20 (was --tenses presente-subjuntivo --top 100 --count 20).\n")
    #expect(store.load().values == ["drill.subj": "--tenses presente --top 100 --count 20"])
    let bad = run(["settings", "set", "drill.subj", "--tenses", "nada"], in: world)
    #expect(bad.status == 1)
    #expect(bad.error.hasPrefix("conjugar: these are no options of a drill: "))
    #expect(store.load().values == ["drill.subj": "--tenses presente --top 100 --count 20"])
  }

  @Test func quizTensesTakesNamesWithOrWithoutAccentsAsTensesDoes() {
    let (world, store) = CommandLineTests.settingsWorld()
    let result = run(["settings", "set", "quiz-tenses", "pretérito, imperfecto,presente de subjuntivo"], in: world)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "quiz-tenses = preterito,imperfecto,presente-subjuntivo (was difficulty).\n")
    let written = store.load().values["quiz-tenses"]
    // Written with the tenses' keys, in the paradigm's order: what --tenses names the same way.
    let tenses = CommaSeparated<Tense>(argument: "pretérito, imperfecto,presente de subjuntivo")!.values
    #expect(written == QuizTenses.chosen(Set(tenses)).rawValue)
    #expect(run(["settings", "set", "quiz-tenses", "preterito", "futuro"], in: world).status == 1)
  }

  @Test func quizTensesNamesATenseGivenTwice() {
    let (world, store) = CommandLineTests.settingsWorld()
    let result = run(["settings", "set", "quiz-tenses", "preterito,futuro,pretérito perfecto simple"], in: world)
    #expect(result.status == 1)
    #expect(
      result.error
        == "conjugar: quiz-tenses = \"preterito,futuro,pretérito perfecto simple\" names the tense pretérito perfecto simple twice; nothing changed\n")
    #expect(store.load().values.isEmpty)
  }

  /// `--rule ID` (issue 42, part 4): saved as given, a drill of the forms that rest on it; an id
  /// no form rests on is an error that names the closest.
  @Test func aDrillOfARuleIsSavedAndAnUnknownRuleIsAnError() throws {
    let (world, store) = CommandLineTests.settingsWorld()
    let result = run(["drill", "--save", "ie", "--rule", "stem.e-ie", "--tenses", "presente"], in: world)
    #expect(result.status == 0, "\(result.error)")
    #expect(store.load().values == ["drill.ie": "--tenses presente --rule stem.e-ie --count 20"])
    let (spec, _) = try PracticeOptions.savedDrill(["--tenses", "presente", "--rule", "stem.e-ie", "--count", "20"], in: world)
    #expect(spec.rules == ["stem.e-ie"])
    let typo = run(["drill", "--rule", "stem.e-ei"], in: world)
    #expect(typo.status == 1)
    #expect(
      typo.error
        == "conjugar: no form of these verbs, tenses and persons rests on the rule stem.e-ei: did you mean stem.e-ie, stem.e-i or stem.i-ie? "
        + "(conjugar stats --rules --format json names each rule's id)\n")
  }
}
