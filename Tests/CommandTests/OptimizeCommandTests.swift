import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import Testing

@testable import conjugar

/// `conjugar optimize`, run in the unit-test World on a history in memory.
@Suite struct OptimizeCommandTests {
  /// `forms` forms of hablar, ser, tener, comer and vivir, each answered twice, two days apart (the second
  /// answer a prediction the fit is scored on), the second time wrong for one form in four.
  static func twiceAnswered(_ forms: Int) -> [AnsweredQuestion] {
    let conjugator = CommandFixtures.conjugator
    var items: [(verb: String, tense: Tense, person: Person, form: String)] = []
    for verb in ["hablar", "ser", "tener", "comer", "vivir"] {
      guard let paradigm = try? conjugator.conjugate(verb) else { continue }
      for tense in [Tense.presente, .preterito, .imperfecto, .futuro] {
        for person in [Person.yo, .tu, .el, .nosotros, .vosotros, .ellos] {
          if let form = paradigm.forms(tense, person).first { items.append((verb, tense, person, form)) }
        }
      }
    }
    let start = CommandFixtures.now.addingTimeInterval(-30 * 86_400)
    return items.prefix(forms).enumerated().flatMap { index, item in
      [0, 2].map { day in
        let right = day == 0 || index % 4 != 0
        return AnsweredQuestion(
          verb: item.verb, tense: item.tense.rawValue, person: item.person.rawValue, expected: item.form,
          given: right ? item.form : "x", result: right ? .correct : .wrong,
          date: start.addingTimeInterval(Double(day * 86_400 + index * 60)), seconds: 3)
      }
    }
  }

  @Test func tooFewAnswersSayHowManyMoreAndKeepTheDefaults() throws {
    let world = try historyWorld(CommandFixtures.answers)
    let text = run(["optimize"], in: world)
    #expect(text.status == 0)
    #expect(
      text.output == "Not enough answers to fit yet: 0 of the 64 needed (answers given a day or more after the form's "
        + "previous answer); 64 more. The schedule keeps FSRS-6's default weights.\n")
    let json = run(["optimize", "--format", "json"], in: world)
    #expect(json.output.hasPrefix("{\"parameters\":[\(Parameters.defaultWeights.map { "\($0)" }.joined(separator: ","))],"))
    #expect(json.output.hasSuffix("\"targets\":0,\"fitted\":false,\"more_needed\":64,\"applied\":false}\n"))
    let apply = run(["optimize", "--apply"], in: world)
    #expect(apply.status == 1)
    #expect(apply.error == "conjugar: nothing applied: not enough answers to fit.\n")
    #expect(try world.scoreboard.memory.fittedMemory() == nil)
  }

  @Test func aFitAppliedIsInUseAndExportedAsOneLine() throws {
    let answers = Self.twiceAnswered(70)
    let world = try historyWorld(answers)
    let fit = run(["optimize", "--apply"], in: world)
    #expect(fit.status == 0)
    let lines = fit.output.split(separator: "\n")
    #expect(lines.first == "Fitted FSRS-6 to 140 answers of 70 forms (70 predictions scored).")
    #expect(lines.last?.hasPrefix("Applied: the schedule uses these weights from now on") == true)
    let inUse = try #require(try world.scoreboard.memory.fittedMemory())
    #expect(inUse.date == CommandFixtures.now)
    let export = run(["optimize", "--export"], in: world)
    #expect(export.output == inUse.line + "\n")
    let again = run(["optimize"], in: world)
    #expect(again.output.contains("\nin use   "), "the weights in use are now the fitted ones: \(again.output)")
  }

  @Test func optimizeApplyKeepsARuleLayerFittedWithTheWeights() throws {
    let world = try historyWorld(OptimizeCommandTests.twiceAnswered(70))
    let fit = run(["optimize", "--apply"], in: world)
    #expect(fit.status == 0)
    #expect(fit.output.contains("\nRules: fitted on 70 first answers to forms"), "\(fit.output)")
    let inUse = try #require(try world.scoreboard.memory.fittedMemory())
    let layer = try #require(inUse.rules)
    #expect(layer.firstAnswers == 70 && layer.isUsable)
    // The line `--export` writes is as it was: the weights alone.
    #expect(run(["optimize", "--export"], in: world).output == inUse.withoutRules.line + "\n")
  }

  @Test func weightsAreExportedFromOneHomeAndImportedIntoAnother() throws {
    let defaults = run(["optimize", "--export"], in: try historyWorld())
    #expect(defaults.status == 1)
    #expect(defaults.error == "conjugar: FSRS-6's default weights are in use: nothing fitted to export.\n")

    let fitted = FittedMemory(
      weights: Parameters.defaultWeights.map { $0 * 1.01 }, date: CommandFixtures.now.addingTimeInterval(-86_400),
      reviews: 500, logLoss: 0.3, rmseBins: 0.05)
    let files = InMemoryFiles(["/home/ana/weights.txt": fitted.line + "\n", "/home/ana/notes.txt": "hola\n"])
    let world = try historyWorld(CommandFixtures.answers, files: files)
    let imported = run(["optimize", "--import", "/home/ana/weights.txt"], in: world)
    #expect(imported.status == 0)
    #expect(imported.output == "The weights fitted on 2026-11-23T12:00:00Z are in use; 3 forms rescheduled.\n")
    #expect(run(["optimize", "--export"], in: world).output == fitted.line + "\n")

    let notWeights = run(["optimize", "--import", "/home/ana/notes.txt"], in: world)
    #expect(notWeights.status == 1)
    #expect(notWeights.error.hasPrefix("conjugar: /home/ana/notes.txt is not what `optimize --export` writes"))
    let missing = run(["optimize", "--import", "/home/ana/none.txt"], in: world)
    #expect(missing.error == "conjugar: /home/ana/none.txt does not exist; nothing changed.\n")
  }

  @Test func theRetentionAdviceNamesTheNearestSetting() {
    let advice = RetentionAdvice(optimal: 0.8349, secondsPerFormRemembered: 12.3, inUse: nil, setting: .r90)
    #expect(advice.nearest == .r85)
    #expect(advice.json.hasPrefix("{\"optimal_retention\":0.8349,\"seconds_per_form_remembered\":12.3,\"nearest_setting\":0.85,\"setting\":0.90,"))
    let text = advice.text(settingsFile: "/home/ana/.config/conjugar/settings.conf")
    #expect(text[0] == "The desired retention that costs least with FSRS-6's default weights: 0.83 (12.3 s of study per form remembered after a simulated year).")
    #expect(text[1].hasSuffix("put `desired-retention = 0.85` in /home/ana/.config/conjugar/settings.conf."))
    let lowest = RetentionAdvice(optimal: 0.70, secondsPerFormRemembered: 9, inUse: nil, setting: .r80)
    #expect(lowest.text(settingsFile: "f")[0].hasSuffix(", the lowest tried (0.70 to 0.95): lower may cost less still."))
    #expect(lowest.text(settingsFile: "f")[1] == "Review retention is 80 % already, the setting nearest it.")
  }
}
