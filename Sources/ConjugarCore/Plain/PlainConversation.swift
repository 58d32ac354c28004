import ConjugarEngine
import Foundation
import PlainText
import ScoreboardClient
import SpacedRepetition
import SettingsClient
import SpeechClient

/// Lines in, lines out: what the plain mode runs on standard input and output.
public protocol LineConversation {
  /// The first lines, before anything is read.
  func opening() -> [String]
  /// Handles one line read; the lines to write, and whether it is over.
  mutating func take(_ line: String) -> (lines: [String], done: Bool)
}

/// A session as a conversation of lines, for a screen reader, a dumb terminal or a pipe: each
/// question one line, the answer read as one line, the verdict in sentences; no cursor movement, no
/// redraw, no colour: what the full-screen trainer shows by colour or position is said in words.
/// The same session engine and the same history as the full-screen trainer: each answer kept the
/// moment it is given (``Session/keepLastAnswer(in:from:)``), taken back by `:undo`.
///
/// Pure but for the World it keeps answers in: lines in (``take(_:)``), lines out.
public struct PlainConversation: LineConversation {
  public private(set) var session: Session
  let world: World
  let origin: AnswerOrigin
  /// Whether each answer's right form is said after its verdict (the speak-answers setting).
  let speaksAnswers: Bool
  /// Recognition asks its three parts as three lines: the verb and tense named so far.
  private var named: (verb: String?, tense: Tense?) = (nil, nil)
  /// The last question answered, its verdict said: the results wait for a line, so that `:undo`
  /// and `:right` can still change the last answer (as the full screen's verdict waits for a key).
  public private(set) var awaitsResults = false

  /// The drill's options (`conjugar practice`'s), when the session is a drill: `:save NAME` keeps
  /// it by name, as the Practice screen's Save as does.
  let drill: SaveableDrill?

  public init(
    session: Session, in world: World, origin: AnswerOrigin = .review, speaksAnswers: Bool = false, drill: SaveableDrill? = nil
  ) {
    self.session = session
    self.world = world
    self.origin = origin
    self.speaksAnswers = speaksAnswers
    self.drill = drill
  }

  /// The words the answer line takes besides an answer, each with what it does (`:help` lists them).
  public static let commands: [(word: String, does: String)] = [
    (":idk", "I don't know: shows the form; it counts as a miss and comes back soon"),
    (":skip", "leaves the question out, nothing kept"),
    (":undo", "takes the last answer back and asks its question again"),
    (":right", "I was right: counts your last answer right when it was judged wrong (a typo, a form you accept)"),
    (":say", "says the form again: in a listening drill the form to write, otherwise the last answer's right form"),
    (":table", "reads the table of the last answer's verb in the tense asked, a form a line (:table all: every tense)"),
    (":suspend", "suspends the last answer's form: never asked again until you take it back (conjugar items unsuspend)"),
    (":save NAME", "saves this drill by name (letters, digits, - and _), to start it again from the menu's saved drills"),
    (":help", "lists these words"),
    (":quit", "stops; every answer given is kept"),
  ]

  /// The first lines: the session's notice if it has one, what this is, and how to get help; then the
  /// first question.
  public func opening() -> [String] {
    let count = "\(session.announced) question\(session.announced == 1 ? "" : "s")"
    let how = switch session.current?.mode {
    case .recognition: "Name each form's verb, tense and person, a line each"
    case .listening: "Listen to each form and type what you hear"
    default: "Type the form and press Enter"
    }
    return Self.bounded((session.notice.map { [$0] } ?? []) + ["\(count). \(how); :help lists the other words."] + asking())
  }

  /// The current question asked: its line, and in a listening drill its form said.
  private func asking() -> [String] {
    if let question = session.current, question.mode == .listening {
      guard world.speech.isAvailable() else { return ["Speech is unavailable: \(Speech.missingMessage)"] + prompt() }
      world.speech.say(question.spoken, Voice(world.settings.region))
    }
    return prompt()
  }

  /// The line that asks the current question ("Question 3 of 20. tener, pretérito perfecto simple,
  /// yo:"), or none when the session is over.
  public func prompt() -> [String] {
    guard let question = session.current else { return [] }
    // Counted among the questions announced; a form missed coming back is said to be one.
    let (number, total) = session.progress
    let asked = session.isComingBack ? "Missed earlier, asked again." : "Question \(number) of \(total)."
    // Recognition: the form shown, then its verb, tense and person asked one line each.
    if question.mode == .recognition {
      switch named {
      case (nil, _):
        return ["\(asked) Name the verb, tense and person of \(question.accepted[0]). The verb (its infinitive):"]
      case (_, nil): return ["The tense of \(question.accepted[0]) (presente, pretérito perfecto simple, imperfecto…):"]
      default: return ["The person of \(question.accepted[0]) (yo, tú, él, nosotros…):"]
      }
    }
    // Listening: the form is said, not shown.
    if question.mode == .listening {
      return ["\(asked) Type the form you hear (:say says it again):"]
    }
    // A sentence cue: the sentence with its gap, its verb named in it.
    if let sentence = question.sentence {
      return ["\(asked) Fill the gap: \(sentence) The form of \(question.verb):"]
    }
    let who = question.pronoun.map { ", \(Self.heard($0))" } ?? ""
    let meaning = question.translation.map { " (\(PlainFormat.aside($0)))" } ?? ""
    return ["\(asked) \(question.verb)\(meaning), \(question.tenseDescription)\(who):"]
  }

  /// `text` with its persons as a listener hears them: "él, ella o usted", not "él/ella/usted",
  /// which a screen reader reads as "él slash ella slash usted".
  static func heard(_ text: String) -> String {
    text.replacing(literal: "él/ella/usted", with: "él, ella o usted")
      .replacing(literal: "ellos/ellas/ustedes", with: "ellos, ellas o ustedes")
  }

  /// The longest line the plain mode writes, in characters: what a screen reader says at once.
  public static let longestLine = 200

  /// `lines`, each no longer than ``longestLine`` (what a screen reader says at once): a longer one
  /// is cut after its last sentence that fits; failing that, after its last comma, semicolon or
  /// space that fits, the cut marked "…" at the end of the one line and the start of the next.
  public static func bounded(_ lines: [String]) -> [String] {
    lines.flatMap { line -> [String] in
      var rest = Substring(line), pieces: [String] = []
      while rest.count > longestLine {
        let room = rest.prefix(longestLine - 1)  // room for the "…" of a cut inside a sentence
        if let end = room.lastRange(ofLiteral: ". "), end.lowerBound > room.startIndex {
          pieces.append(String(rest[..<end.upperBound].dropLast()))
          rest = rest[end.upperBound...]
          continue
        }
        let cut = [", ", "; ", " "].lazy.compactMap { room.lastRange(ofLiteral: $0) }
          .first { $0.lowerBound > room.startIndex }
        let end = cut?.lowerBound ?? room.endIndex
        pieces.append(String(rest[..<end]) + "…")
        rest = Substring("…" + rest[(cut?.upperBound ?? end)...])
      }
      return pieces + [String(rest)]
    }
  }

  /// A line the learner wrote, as the plain mode takes it (``AnswerBounds/admit(_:)``): without its
  /// control characters and the spaces around it; or, longer than an answer may be, the one
  /// sentence that refuses it.
  static func admitted(_ line: String) -> Result<String, Refusal> {
    switch AnswerBounds.admit(line.trimmingWhitespace()) {
    case .admitted(let text): .success(text.trimmingWhitespace())
    case .refused(let why): .failure(Refusal(sentence: "That line is not taken: \(why)."))
    }
  }

  /// The sentence that refuses a line (``admitted(_:)``).
  struct Refusal: Error {
    var sentence: String
  }

  /// A line that repeats what the learner wrote (`echoed`, between `before` and `after`): the text
  /// written shortened, ending in "…", so that the line is no longer than ``longestLine``.
  static func echoing(_ before: String, _ echoed: String, _ after: String = "") -> String {
    let room = longestLine - before.count - after.count
    guard echoed.count > room else { return before + echoed + after }
    return before + echoed.prefix(max(0, room - 1)) + "…" + after
  }

  /// Handles one line the learner wrote; returns the lines to write, and whether the conversation
  /// is over (the session finished, or `:quit`). A line longer than an answer may be is refused
  /// with one sentence, nothing kept; a control character is removed, never echoed nor kept.
  public mutating func take(_ line: String) -> (lines: [String], done: Bool) {
    let (lines, done) = respond(line)
    return (Self.bounded(lines), done)
  }

  /// ``take(_:)``'s lines, before they are bounded.
  private mutating func respond(_ line: String) -> (lines: [String], done: Bool) {
    let text: String
    switch Self.admitted(line) {
    case .success(let admitted): text = admitted
    case .failure(let refusal): return ([refusal.sentence] + prompt(), false)
    }
    if awaitsResults { return ending(text) }
    if let said = practising(text) { return (said + prompt(), false) }
    switch text.lowercased() {
    case ":help":
      return (help() + prompt(), false)
    case ":quit":
      return (results(stopped: true), true)
    case ":skip":
      named = (nil, nil)
      session.skip()
      return after(["Skipped: nothing kept."], answered: false)
    case ":undo":
      guard !session.answers.isEmpty else { return (["Nothing to take back yet."] + prompt(), false) }
      do {
        try session.undoLastAnswer(in: world.scoreboard)
      } catch {
        return (["The answer could not be taken back: \(error)."] + prompt(), false)
      }
      awaitsResults = false
      // Its question asked again whole: a recognition's from its verb, whatever was named since.
      named = (nil, nil)
      return (["Answer taken back."] + asking(), false)
    case ":right":
      guard let last = session.answers.last, last.result != .correct, !last.given.isEmpty else {
        return (["Nothing to count right: :right counts your last answer right when it was judged wrong."] + prompt(), false)
      }
      let kept: Session.Kept?
      do {
        kept = try session.overrideLastAnswer(in: world.scoreboard, from: origin)
      } catch {
        return (["The answer could not be counted right: \(error)."] + prompt(), false)
      }
      return after([Self.counted(last)] + (kept.map(schedule) ?? []))
    case ":say":
      return (say() + prompt(), false)
    case ":idk":
      named = (nil, nil)
      session.reveal()
      return after(verdict())
    case "":
      let what = session.current?.mode == .recognition ? "the answer asked" : "the form"
      return (["Type \(what), or :idk if you don't know it (:help lists the other words)."] + prompt(), false)
    default:
      if session.current?.mode == .recognition { return name(text) }
      session.answer(text)
      return after(verdict())
    }
  }

  /// `:help`: the words the line takes, each with what it does; in recognition, the tenses and
  /// persons it takes (those the full screen's pickers offer).
  private func help() -> [String] {
    // :save where there is a drill to save.
    let words = Self.commands.filter { drill != nil || $0.word != ":save NAME" }.map { "\($0.word): \($0.does)." }
    guard session.questions.contains(where: { $0.mode == .recognition }) else { return words }
    let choices = RecognitionChoices(session.questions, scoring: session.scoring, with: world.conjugator)
    return words + [
      "The tenses you may name: " + choices.tenses.map(\.spanishName).joined(separator: ", ") + ".",
      "The persons you may name: " + choices.persons.map { Self.heard($0.pronoun) }.joined(separator: "; ") + ".",
    ]
  }

  /// What the full screen offers while practising, said in lines: `:table` (the last answer's
  /// verb, as the verdict's `t` opens it), `:suspend` (its form, as the forms browser's `s`) and
  /// `:save NAME` (the drill, as the results' `s`); nil for any other line.
  private mutating func practising(_ text: String) -> [String]? {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch words.first?.lowercased() {
    case ":table" where words.count == 1 || (words.count == 2 && words[1].lowercased() == "all"):
      return table(all: words.count == 2)
    case ":suspend" where words.count == 1:
      return suspend()
    case ":save":
      return save(words.count == 2 ? words[1] : nil)
    default:
      return nil
    }
  }

  /// `:table`: the last answer's verb read as sentences, a form a line (``PlainFormat``, as
  /// `conjugar conjugate --format plain` says it): the tense asked, or every tense; the persons
  /// the tables show with these settings.
  private func table(all: Bool) -> [String] {
    guard let question = session.answers.last?.question else {
      return ["Nothing answered yet: :table reads the table of the last answer's verb."]
    }
    guard let paradigm = try? world.conjugator.conjugate(question.verb) else { return ["No table of \(question.verb) is known."] }
    let persons = world.settings.values.tablePersons
    let selection: FormSelection =
      switch (all, question.form) {
      case (true, _): FormSelection(persons: persons)
      case (false, .finite(let tense, _)): FormSelection(tenses: [tense], persons: persons, nonFinite: false)
      case (false, _): FormSelection(tenses: [], persons: persons, nonFinite: true)
      }
    return PlainFormat.lines(paradigm, irregularities: world.conjugator.irregularities(of: paradigm), selection: selection)
      .map(Self.heard)
  }

  /// `:suspend`: the last answer's form suspended, as the forms browser's `s` does: never due, and
  /// not asked again in this session, until taken back.
  private mutating func suspend() -> [String] {
    guard let answer = session.answers.last else {
      return ["Nothing answered yet: :suspend suspends the form of the last answer."]
    }
    let item = answer.answered.item
    let named = "\(answer.question.verb), \(answer.question.tenseDescription)" + (answer.question.pronoun.map { ", \(Self.heard($0))" } ?? "")
    do {
      let changed = try world.scoreboard.items.markItems([ItemEvent(item: item, action: .suspend, date: world.clock.now())])
      session.leaveOut(answer.question)
      guard changed > 0 else { return ["\(named) is suspended already."] }
      let back = ["conjugar items unsuspend \(item.verb)"] + (item.tense.isEmpty ? [] : ["--tense \(item.tense)"])
        + (item.person.isEmpty ? [] : ["--person \(item.person)"])
      return ["Suspended \(named): never asked again until taken back (\(back.joined(separator: " ")), or the forms browser)."]
    } catch {
      return ["Nothing suspended: \(error)."]
    }
  }

  /// `:save NAME`: the drill kept by name (its parser's ``DrillParser/save``).
  private func save(_ name: String?) -> [String] {
    guard let drill else { return ["Only a drill can be saved, and this is no drill."] }
    guard let name else { return ["Type :save and a name for the drill, as :save pret (letters, digits, - and _)."] }
    do {
      let (_, was) = try drill.parser.save(name, drill.options, world)
      return ["Saved as \(name)\(was == nil ? "" : ", in place of the drill of that name"): from the menu, 3 a saved drill starts it again."]
    } catch {
      return ["Not saved: \(error)."]
    }
  }

  /// `:say`: the form said again — the question's in a listening drill, otherwise the last answer's
  /// right form; said in words when it cannot be.
  private func say() -> [String] {
    let text: String
    if let question = session.current, question.mode == .listening {
      text = question.spoken
    } else if let last = session.answers.last {
      text = last.question.spoken
    } else {
      return ["Nothing to say yet: :say says the last answer's right form again."]
    }
    guard world.speech.isAvailable() else { return ["Speech is unavailable: \(Speech.missingMessage)"] }
    world.speech.say(text, Voice(world.settings.region))
    return ["Said again."]
  }

  /// A part of a recognition answer: the verb, then the tense, then the person, which answers.
  private mutating func name(_ text: String) -> (lines: [String], done: Bool) {
    guard let verb = named.verb else {
      named.verb = text
      return (prompt(), false)
    }
    guard let tense = named.tense else {
      guard let tense = Tense(named: text) else { return ([Self.echoing("\"", text, "\" is no tense.")] + prompt(), false) }
      named.tense = tense
      return (prompt(), false)
    }
    guard let person = Person(named: text) else { return ([Self.echoing("\"", text, "\" is no person.")] + prompt(), false) }
    named = (nil, nil)
    session.answer(NamedReading(verb: verb, tense: tense, person: person).text)
    return after(verdict())
  }

  /// The verdict's lines, then the next question; after the last answer, the line that says the
  /// results wait (``awaitsResults``); after the last question skipped, the results.
  private mutating func after(_ lines: [String], answered: Bool = true) -> (lines: [String], done: Bool) {
    guard session.isFinished else { return (lines + asking(), false) }
    guard answered, !session.answers.isEmpty else { return (lines + results(stopped: false), true) }
    awaitsResults = true
    return (lines + [Self.lastAnswered], false)
  }

  /// What is said after the last question's verdict.
  static let lastAnswered = "That was the last question: press Enter for the results, or type :undo or :right to change your last answer."

  /// A line after the last question's verdict: Enter (or `:quit`, or the end of input) the
  /// results; `:undo` and `:right` change the last answer, `:help` and `:say` as on a question.
  private mutating func ending(_ text: String) -> (lines: [String], done: Bool) {
    if let said = practising(text) { return (said + [Self.lastAnswered], false) }
    switch text.lowercased() {
    case "", ":quit":
      awaitsResults = false
      return (results(stopped: false), true)
    case ":undo", ":right":
      awaitsResults = false
      let (lines, done) = respond(text)
      if !awaitsResults, session.isFinished { awaitsResults = true }  // nothing changed: still waiting
      return (session.isFinished && lines.last != Self.lastAnswered ? lines + [Self.lastAnswered] : lines, done)
    case ":help":
      return (help() + [Self.lastAnswered], false)
    case ":say":
      return (say() + [Self.lastAnswered], false)
    default:
      return (["No question is left."] + [Self.lastAnswered], false)
    }
  }

  /// What `:right` says: the answer it changed, to which question. "Counted right, as you said (I
  /// was right): your answer haras to hacer, futuro simple, tú; rated good, and marked so in the
  /// history."
  static func counted(_ answer: Session.Answer) -> String {
    let question = answer.question
    let yours: String
    if question.mode == .recognition {
      let named = NamedReading(text: answer.given).map { heard($0.description) } ?? answer.given
      yours = "your answer to \(question.accepted[0]), \(named)"
    } else {
      yours = "your answer \(answer.given) to \(question.verb), \(question.tenseDescription)"
        + (question.pronoun.map { ", \(heard($0))" } ?? "")
    }
    return echoing("Counted right, as you said (I was right): ", yours, "; rated good, and marked so in the history.")
  }

  /// What a review's or a drill's verdict says after the answer, as the full screen's does: when
  /// the form comes back ("Rated good: it comes back in 4 days."), and a leech's miss. A quiz's
  /// verdicts say neither (its answers are rated all the same, as on the full screen).
  private func schedule(_ kept: Session.Kept) -> [String] {
    guard origin != .quiz else { return [] }
    let rated = "Rated \(kept.rating.name)"
    let back = "\(rated): it comes back \(comesBack(kept.comesBack, from: world.clock.now()))."
    guard let leech = kept.leech else { return [back] }
    let forgotten = "you have forgotten this \(leech.lapses == 1 ? "once" : "\(leech.lapses) times") since you learned it."
    return leech.suspended ? ["\(rated), and suspended: a leech, \(forgotten)"] : [back, "A leech: \(forgotten)"]
  }

  /// The last answer's verdict, kept first: "Right: tuve.", "Wrong: tuve. You wrote tení. …"; in a
  /// review or a drill, when the form comes back.
  private mutating func verdict() -> [String] {
    guard let answer = session.answers.last else { return [] }
    var lines: [String] = []
    switch session.keepLastAnswer(in: world.scoreboard, from: origin) {
    case .success(let kept): return judged(answer) + schedule(kept)
    case .failure(let error): lines.append("This answer could not be kept: \(error).")
    }
    return lines + judged(answer)
  }

  /// The verdict's words on `answer`: "Right: tuve.", "Wrong: tuve. You wrote tení. …".
  private func judged(_ answer: Session.Answer) -> [String] {
    var lines: [String] = []
    // As the full-screen trainer does with speak answers on: the right form said after each answer
    // (not in a listening drill, whose next form is said at once).
    if speaksAnswers, answer.question.mode == .written, world.speech.isAvailable() {
      world.speech.say(answer.question.spoken, Voice(world.settings.region))
    }
    let forms = answer.question.accepted.joined(separator: " or ")
    if answer.question.mode == .recognition {
      // The feedback names every reading of the form shown.
      let named = NamedReading(text: answer.given).map { Self.heard($0.description) }
      func given(_ verdict: String) -> String { named.map { Self.echoing("\(verdict) You named ", $0, ".") } ?? verdict }
      switch answer.result {
      case .correct: lines.append("Right.")
      case .accentsOnly: lines.append(given("Right but for the accents."))
      // I don't know: the form named, every reading of it ("tendré is tener: futuro simple, yo.").
      case .wrong where answer.given.isEmpty: lines.append("Not known: " + Self.heard(readings(of: answer.question)))
      case .wrong: lines.append(given("Wrong."))
      }
      if let feedback = answer.feedback { lines.append(Self.heard(feedback)) }
      return lines
    }
    switch answer.result {
    case .correct:
      lines.append("Right: \(forms).")
    case .accentsOnly:
      lines.append(Self.echoing("Right but for the accents: \(forms). You wrote ", answer.given, "."))
    case .wrong where answer.given.isEmpty:
      lines.append("Not known: \(forms).")
    case .wrong:
      lines.append(Self.echoing("Wrong: \(forms). You wrote ", answer.given, "."))
    }
    if let feedback = answer.feedback { lines.append(Self.heard(feedback)) }
    return lines
  }

  /// "tendré is tener: futuro simple, yo." — every reading of the form a recognition shows.
  private func readings(of question: Question) -> String {
    let form = question.accepted[0]
    let readings = Session.exactReadings(of: [form], with: world.conjugator)[0]
    guard readings.isEmpty else { return Session.readings(of: form, readings) }
    return "\(form) is \(question.verb)" + (question.pronoun.map { ": \(question.tenseDescription), \($0)." } ?? ".")
  }

  /// The last lines: how many were right, the score's words, what was missed.
  private func results(stopped: Bool) -> [String] {
    let answered = session.answers.count
    let right = session.count(.correct), accents = session.count(.accentsOnly)
    var lines = [
      (stopped ? "Stopped after \(answered) answer\(answered == 1 ? "" : "s")" : "Done: \(answered) answer\(answered == 1 ? "" : "s")")
        + ", \(right) right, \(accents) right but for the accents, \(answered - right - accents) missed; every answer is kept."
    ]
    // One line a form missed, each form once, in the order first missed, with how many times when
    // more than once: a list on one line would outgrow what a screen reader says at once.
    var missed: [(question: Question, times: Int)] = []
    for answer in session.answers where answer.result == .wrong {
      if let index = missed.firstIndex(where: { $0.question.verb == answer.question.verb && $0.question.form == answer.question.form }) {
        missed[index].times += 1
      } else {
        missed.append((answer.question, 1))
      }
    }
    for (question, times) in missed {
      lines.append(
        "Missed\(times == 1 ? "" : " \(times) times"): \(question.verb), \(question.tenseDescription)"
          + "\(question.pronoun.map { ", \(Self.heard($0))" } ?? ""): \(question.accepted[0]).")
    }
    return lines
  }
}
