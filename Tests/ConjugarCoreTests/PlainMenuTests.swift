import ClockClient
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpeechClient
import Testing

/// The plain menu's choices (issue 34, §1): a saved drill, the most missed, the listening drill and
/// where you stand, each a number read as a line; `:say` through the World's speech.
@Suite struct PlainMenuTests {
  /// The unit-test World with what the menu uses: an in-memory board, a manual clock, seeded
  /// randomness, `settings` and `speech`.
  static func world(_ settings: [String: String] = [:], speech: Speech = .unavailable) -> World {
    var world = World.unitTest(conjugator: sharedConjugator)
    world.scoreboard = .inMemory()
    world.clock = WallClock.manual().0
    world.random = .seeded(3)
    world.settings = Settings(store: InMemorySettingsStore(["new-per-day": "0"].merging(settings) { $1 }))
    world.analytics = .noop
    world.reviewPrompter = .noop
    world.speech = speech
    return world
  }

  /// Answers the session under way: its form right, or wrong ("nada"), until the menu comes back.
  static func answerAll(_ menu: inout PlainMenu, right: (Int) -> Bool) -> [String] {
    var lines: [String] = []
    var index = 0
    while let question = menu.current {
      lines += menu.take(right(index) ? question.accepted[0] : "nada").lines
      index += 1
    }
    // The last verdict said, Enter for the results.
    return lines + menu.take("").lines
  }

  @Test func aSavedDrillIsPickedByItsNumber() {
    let world = Self.world(["drill.tener-pret": "--verb tener --tenses preterito --count 2", "drill.bad": "--count x"])
    var menu = PlainMenu(in: world, drills: .commandLine)
    #expect(menu.take("3").lines == ["Saved drills: 1 bad, 2 tener-pret. Type its number, or Enter to go back."])
    #expect(menu.take("5").lines == ["No saved drill is 5.", "Saved drills: 1 bad, 2 tener-pret. Type its number, or Enter to go back."])
    let bad = menu.take("1").lines
    #expect(bad.first?.hasPrefix("Can't read the drill bad: ") == true, "\(bad)")
    _ = menu.take("3")
    let opening = menu.take("2").lines
    #expect(opening.first == "2 questions. Type the form and press Enter; :help lists the other words.")
    // The quiz's persons (Latin America: no vosotros), the drill's verb and tense.
    #expect(opening.last?.hasPrefix("Question 1 of 2. tener (to have), pretérito perfecto simple, ") == true, "\(opening)")
    let lines = Self.answerAll(&menu) { _ in true }
    #expect(lines.contains("Done: 2 answers, 2 right, 0 right but for the accents, 0 missed; every answer is kept."))
    #expect(!lines.contains { $0.hasPrefix("Score:") }, "a drill is not scored")
    #expect(try! world.scoreboard.answers.history(10).count == 2)
    // Enter while picking goes back to the menu.
    _ = menu.take("3")
    #expect(menu.take("").lines.first?.hasSuffix("8 quit.") == true)
  }

  /// Issue 39, §3: the menu's line is a door too: a line longer than an answer may be is refused
  /// with one sentence, a control character removed; what it echoes is no longer than a line.
  @Test func theMenuLineIsBoundedAndCleaned() {
    let world = Self.world(["drill.tener-pret": "--verb tener --tenses preterito --count 2"])
    var menu = PlainMenu(in: world, drills: .commandLine)
    let tooLong = menu.take(String(repeating: "3", count: 201)).lines
    #expect(tooLong.count == 2 && tooLong[0] == "That line is not taken: it has 201 characters, more than the 200 an answer may have.")
    #expect(tooLong[1].hasSuffix("8 quit."))
    #expect(menu.take("\u{1B}[1m3\u{1B}[0m").lines == ["Saved drills: 1 tener-pret. Type its number, or Enter to go back."])
    let none = menu.take("\u{1B}[31m" + String(repeating: "z", count: 200)).lines
    #expect(none.first?.hasPrefix("No saved drill is zzz") == true && none.first?.hasSuffix("z….") == true, "\(none)")
    for line in tooLong + none { #expect(line.count <= 200 && !line.contains("\u{1B}"), "\(line)") }
    _ = menu.take("")
    #expect(menu.take("\u{9B}0m8\u{7}").lines == ["Goodbye."])
  }

  @Test func noSavedDrillSaysHowToSaveOne() {
    var menu = PlainMenu(in: Self.world(), drills: .commandLine)
    #expect(menu.take("3").lines.first == "No drill is saved yet: in a drill, :save NAME saves it (or conjugar drill --save NAME, or the Practice screen).")
  }

  /// The forms missed most often (`stats`' list) asked again; where you stand names them.
  @Test func theMostMissedArePractisedAgain() throws {
    let world = Self.world(["quiz-length": "10"])
    var menu = PlainMenu(in: world, drills: .commandLine)
    #expect(menu.take("4").lines.first == "Nothing missed yet: no form to practise again.")
    _ = menu.take("2")
    let asked = menu.current!
    _ = Self.answerAll(&menu) { $0 != 0 }
    let standing = menu.take("6").lines
    #expect(standing.contains { $0.hasPrefix("Most missed 1: \(asked.verb), ") && $0.hasSuffix("wrong 1 time.") }, "\(standing)")
    #expect(standing.allSatisfy { !$0.contains("│") && !$0.contains("─") && $0.count <= 200 })
    #expect(menu.take("4").lines.first == "1 question. Type the form and press Enter; :help lists the other words.")
    #expect(menu.current?.verb == asked.verb && menu.current?.form == asked.form)
  }

  /// Without speech, the listening drill says so and does not start; with it, each form is said,
  /// not shown, and `:say` says it again.
  @Test func theListeningDrillSaysEachForm() {
    var silent = PlainMenu(in: Self.world(), drills: .commandLine)
    #expect(silent.take("5").lines.first == "The listening drill needs speech, and speech is unavailable: "
      + "Speech needs espeak-ng, which Scripts/setup installs (Debian package espeak-ng).")
    let speech = SpeechRecorder()
    var menu = PlainMenu(in: Self.world(speech: speech.speech), drills: .commandLine)
    let opening = menu.take("5").lines
    let question = menu.current!
    #expect(opening == [
      "20 questions. Listen to each form and type what you hear; :help lists the other words.",
      "Question 1 of 20. Type the form you hear (:say says it again):",
    ])
    #expect(!opening.joined().contains(question.accepted[0]), "the form is not shown")
    #expect(speech.lines == ["es-419\t\(question.spoken)"])
    #expect(menu.take(":say").lines.first == "Said again.")
    #expect(speech.lines.count == 2 && speech.lines[1] == speech.lines[0])
    #expect(menu.take(question.accepted[0]).lines.first == "Right: \(question.accepted[0]).")
    #expect(speech.lines.count == 3, "the next form said")
  }

  /// `:say` after a written answer says its right form; without speech it says why not.
  @Test func sayRepeatsTheLastAnswersForm() {
    let question = Question(verb: "tener", translation: "to have", form: .finite(.preterito, .yo), accepted: ["tuve"])
    let speech = SpeechRecorder()
    for (given, heard) in [(speech.speech, true), (Speech.unavailable, false)] {
      let world = Self.world(speech: given)
      let session = Session(
        source: .given([question, question]), scoring: Scoring(difficulty: .easy, region: .spain), clock: world.clock)
      var conversation = PlainConversation(session: session, in: world)
      #expect(conversation.take(":say").lines.first == "Nothing to say yet: :say says the last answer's right form again.")
      _ = conversation.take("tuve")
      #expect(conversation.take(":say").lines.first == (heard
        ? "Said again." : "Speech is unavailable: Speech needs espeak-ng, which Scripts/setup installs (Debian package espeak-ng)."))
    }
    #expect(speech.lines == ["es-419\tyo tuve"])
  }

  /// Issue 40, 8: where you stand reads as words: a time as it is said ("1 second", not "1 s"),
  /// and no share right ("(– right)") before any answer.
  @Test func whereYouStandReadsAsWords() {
    let none = PlainStanding.lines(Statistics())
    #expect(Array(none.prefix(3)) == ["Answers: none yet.", "Today: no answers. Streak: 0 days in a row.", "Time spent: 0 seconds."])
    #expect(!none.contains { $0.contains("–") }, "\(none)")
    var statistics = Statistics()
    statistics.total = Tally(answers: 2, correct: 1, wrong: 1, seconds: 1)
    statistics.today = statistics.total
    let one = PlainStanding.lines(statistics)
    #expect(Array(one.prefix(3)) == [
      "Answers: 2; 1 right, 0 right but for the accents, 1 wrong (50.0 % right).",
      "Today: 2 answers, 1 right (50.0 %). Streak: 0 days in a row.",
      "Time spent: 1 second.",
    ])
    statistics.total.seconds = 3_785
    #expect(PlainStanding.lines(statistics)[2] == "Time spent: 1 hour and 3 minutes.")
    statistics.total.seconds = 125
    #expect(PlainStanding.lines(statistics)[2] == "Time spent: 2 minutes and 5 seconds.")
  }

  /// Issue 42, part 4: the rules follow the figures, or a sentence that no rule layer is in use, or
  /// that it weighs none yet; at most five of each list.
  @Test func whereYouStandSaysTheRules() {
    let none = PlainStanding.lines(Statistics(), rules: .unfitted)
    #expect(none.suffix(2) == [
      "Rules: no rule layer in use yet; the memory model's fit (conjugar optimize --apply, or Progress) fits one.",
      "conjugar stats prints every figure, by tense and person and by day too; conjugar stats --rules every rule.",
    ])
    let empty = PlainStanding.lines(Statistics(), rules: RuleStanding(fitted: true, known: [], notKnown: []))
    #expect(empty.contains("Rules: the rule layer in use weighs no rule yet; too few answers tell it anything."))
    let rule = RuleStanding.Rule(id: "stem.e-ie", name: "e → ie in the stressed stem: pienso", wins: 1, misses: 2, easiness: -1, chance: 0.3)
    let many = PlainStanding.lines(Statistics(), rules: RuleStanding(fitted: true, known: [], notKnown: Array(repeating: rule, count: 7)))
    #expect(many.contains("Rules: 0 rules known, 7 rules not yet known, from your answers on the forms that rest on them."))
    #expect(many.filter { $0.hasPrefix("Rule not yet known ") }.count == 5)
    #expect(many.contains(
      "Rule not yet known 1: e → ie in the stressed stem: pienso. Right 1 time, wrong 2 times; a new form of it 30 % likely right."))
  }

  /// Issue 40, 8: no line over 200 characters anywhere in plain mode: a list of saved drills that
  /// outgrows a line, and a drill that cannot be made, its long name in the sentence, are said in
  /// lines of at most 200, each cut after a sentence or marked "…".
  @Test func noLineIsLongerThanAScreenReaderSaysAtOnce() {
    let names = (1...30).map { "drill-number-\($0)" }
    let long = String(repeating: "x", count: 150)
    let world = Self.world(Dictionary(uniqueKeysWithValues: names.map { ("drill.\($0)", "--count 2") } + [("drill.\(long)", "--count x")]))
    var menu = PlainMenu(in: world, drills: .commandLine)
    let drills = menu.take("3").lines
    #expect(drills.count > 1 && drills.first?.hasPrefix("Saved drills: 1 drill-number-1, 2 drill-number-10, ") == true, "\(drills)")
    // Cut after a sentence, or inside one marked "…" at both sides of the cut: read again as one line.
    let whole = drills.joined(separator: "\n").replacingOccurrences(of: "…\n…", with: ", ").replacingOccurrences(of: ".\n", with: ". ")
    #expect(!whole.contains("\n") && whole.hasSuffix(", 30 drill-number-9, 31 \(long). Type its number, or Enter to go back."), "\(drills)")
    let bad = menu.take("31").lines
    #expect(bad.count >= 2 && bad.first?.hasPrefix("Can't read the drill \(long)") == true, "\(bad)")
    for line in drills + bad { #expect(line.count <= 200, "\(line.count) characters: \(line)") }
    // A line cut after a sentence needs no mark.
    let sentences = String(repeating: "A sentence of some words. ", count: 12).trimmingCharacters(in: .whitespaces)
    let cut = PlainConversation.bounded([sentences])
    #expect(cut.count == 2 && cut.allSatisfy { $0.hasSuffix(".") && !$0.hasPrefix(" ") && $0.count <= 200 }, "\(cut)")
    #expect(cut.joined(separator: " ") == sentences)
  }
}
