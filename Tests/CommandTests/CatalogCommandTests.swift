import ConjugarCore
import FileStorage
import Foundation
import SettingsClient
import SpeechClient
import Testing

@testable import conjugar

/// The commands that read only the catalog (`verbs`, `search`, `identify`, `check`, `drill`): the
/// unit-test World with nothing but the engine, so a command that reached for anything else would
/// stop the test.
@Suite struct CatalogCommandTests {
  let world = World.unitTest(conjugator: CommandFixtures.conjugator)

  @Test func verbsListsTheCatalog() {
    let result = run(["verbs"], in: world)
    #expect(result.status == 0)
    let verbs = result.output.split(separator: "\n")
    #expect(verbs.count == CommandFixtures.conjugator.catalog.entries.count)
    #expect(verbs.contains("hablar") && verbs.contains("lavarse"))
  }

  @Test func searchFindsAVerbByAForm() {
    let result = run(["search", "tengo", "--limit", "1"], in: world)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("tener "))
    #expect(result.output.contains("form: tengo"))
  }

  @Test func identifyNamesEveryReadingOrSaysThereIsNone() {
    let fuimos = run(["identify", "fuimos"], in: world)
    #expect(fuimos.status == 0)
    #expect(fuimos.output.split(separator: "\n").count == 2)
    #expect(fuimos.output.contains("ser  pretérito perfecto simple, nosotros"))
    let none = run(["identify", "xyzzq"], in: world)
    #expect(none.status == 1)
    #expect(none.error == "conjugar: \"xyzzq\" is no form of a catalog verb\n")
  }

  @Test func checkNamesTheMistake() {
    let wrong = run(["check", "hablar", "preterito", "el", "hablo"], in: world)
    #expect(wrong.status == 0)
    #expect(
      wrong.output == """
        wrong: hablo is the presente (yo) of hablar; the pretérito perfecto simple (él/ella/usted) is habló.
        expected: habló
        diagnosis: other-form

        """)
    let right = run(["check", "hablar", "preterito", "el", "habló", "--format", "json"], in: world)
    #expect(right.output == "{\"verdict\": \"correct\", \"expected\": [\"habló\"], \"diagnosis\": [], \"message\": \"Right: habló.\"}\n")
  }

  /// Issue 39, §3: `check` is a door an answer comes in by: an answer longer than the trainer
  /// takes, or with a control character, is refused (exit status 1), and not echoed.
  @Test func checkRefusesAnAnswerOutsideTheBounds() {
    let long = run(["check", "tener", "presente", "yo", String(repeating: "a", count: 201)], in: world)
    #expect(long.status == 1 && long.output.isEmpty)
    #expect(long.error == "conjugar: the answer is not taken: it has 201 characters, more than the 200 an answer may have\n")
    let words = run(["check", "tener", "presente", "yo"] + Array(repeating: "tengo", count: 40), in: world)
    #expect(words.status == 1, "40 words of 5 letters and their spaces: 239 characters")
    let coloured = run(["check", "tener", "presente", "yo", "ten\u{1B}[31mgo"], in: world)
    #expect(coloured.status == 1 && coloured.output.isEmpty)
    #expect(coloured.error == "conjugar: the answer is not taken: it holds a control character (U+001B)\n")
    let exactly = run(["check", "tener", "presente", "yo", String(repeating: "a", count: 200)], in: world)
    #expect(exactly.status == 0 && exactly.output.hasPrefix("wrong: "))
  }

  @Test func theSameDrillFromTheSameSeed() {
    let arguments = ["drill", "--verb", "tener", "--tenses", "presente", "--count", "3", "--seed", "5", "--format", "json"]
    let first = run(arguments, in: world)
    #expect(first.status == 0)
    #expect(first.output.split(separator: "\n").count == 3)
    #expect(first.output.contains("{\"verb\": \"tener\", \"tense\": \"presente\", \"person\": \"yo\", \"answers\": [\"tengo\"]}"))
    #expect(run(arguments, in: world).output == first.output)
  }

  @Test func aVerbsFileThatIsMissingIsSaidSo() {
    var world = world
    world.fileSystem = InMemoryFiles().client
    let result = run(["drill", "--verbs-file", "/home/ana/verbs.txt"], in: world)
    #expect(result.status == 1)
    #expect(result.error == "conjugar: the verbs file /home/ana/verbs.txt does not exist\n")
  }
}

/// `conjugar say`, with the voice in the World: a recorder, or none.
@Suite struct SayCommandTests {
  @Test func sayUsesTheRegionsVoiceOrTheOneAsked() {
    let recorder = SpeechRecorder()
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    world.speech = recorder.speech
    world.settings = Settings(store: InMemorySettingsStore(["region": "spain"]))
    #expect(run(["say", "yo", "hice"], in: world).status == 0)
    #expect(run(["say", "hice", "--voice", "es-419", "--wav", "/home/ana/hice.wav"], in: world).status == 0)
    #expect(recorder.lines == ["es\tyo hice", "es-419\thice\t> /home/ana/hice.wav"])
  }

  @Test func withoutEspeakNGSayExplainsAndFails() {
    var world = World.unitTest(conjugator: CommandFixtures.conjugator)
    world.speech = .unavailable
    world.settings = Settings(store: InMemorySettingsStore([:]))
    let result = run(["say", "hola"], in: world)
    #expect(result.status == 1)
    #expect(result.error == "conjugar: espeak-ng is not installed (Scripts/setup installs it: Debian package espeak-ng)\n")
  }
}
