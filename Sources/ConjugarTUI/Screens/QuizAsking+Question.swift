import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// The question view of a session asking: the question (written, heard or a form to name), and
/// the dialog that asks whether to leave.
extension QuizScreen.Asking {
  /// The question, or the verdict on the last answer in its place; the leave dialog over either.
  /// `namesCueForm`: a sentence cue shows its tense and person too (a setting).
  func draw(in frame: inout Frame, area: Area, namesCueForm: Bool) {
    if let verdict {
      drawVerdict(verdict, in: &frame, area: area)
    } else {
      drawQuestion(in: &frame, area: area, namesCueForm: namesCueForm)
    }
    if let leaving { drawLeaving(leaving, in: &frame, area: area) }
  }

  /// Where the values of the question's lines begin.
  var label: Int { 9 }

  /// " Verb:    tener".
  func labelled(_ name: String, _ value: String, _ style: Style = .plain) -> Line {
    var line = Line(" \(name):")
    line.pad(to: label)
    line.add(value, style)
    return line
  }

  /// The title line: which question of how many, the score and the time.
  func drawTitle(number: Int, in frame: inout Frame, area: Area) {
    let quiz = session
    let status = (kind == .quiz ? "Score \(quiz.score)   " : "") + "Time \(minutesAndSeconds(elapsed)) "
    let recognition = quiz.questions.first?.mode == .recognition
    let title = kind == .review ? "Review" : kind == .listening ? "Listening" : recognition ? "Recognition" : "Question"
    frame.write(" \(title) \(number) of \(quiz.questions.count)", row: area.top, column: area.left, style: .heading)
    frame.write(status, row: area.top, column: max(area.left, area.right - status.count), limit: area.right)
  }

  /// `namesCueForm`: a sentence cue shows its tense and person too (a setting; off, the sentence
  /// is the cue).
  func drawQuestion(in frame: inout Frame, area: Area, namesCueForm: Bool = false) {
    guard let question = session.current else { return }
    // The questions as they stand (a question skipped gone, a form brought back counted); plain
    // mode counts those it announced (``Session/progress``).
    drawTitle(number: min(session.answers.count + 1, session.questions.count), in: &frame, area: area)

    var rows: [QuestionRow]
    if question.mode == .listening {
      // Said, not shown.
      rows = [.blank, .text(Line(" Write the form you hear, without its pronoun.", .heading))]
      rows.append(.text(Line(" Ctrl-R: hear it again.", .dim)))
    } else if question.mode == .recognition, let offered {
      // Shown: the learner names a verb, tense and person it can be.
      rows = [.blank, .text(labelled("Form", question.accepted[0], .heading)), .blank, .answer("Verb", prefix: "")]
      func picked(_ name: String, _ value: String, _ step: Naming.Step) -> QuestionRow {
        let reached = naming.step == step || (step == .tense && naming.step == .person)
        if !reached { return .text(labelled(name, "…", .dim)) }
        return .text(labelled(name, naming.step == step ? "‹ \(value) ›" : value, naming.step == step ? .selected : .plain))
      }
      let tense = offered.tenses[naming.tense]
      let person = offered.persons[naming.person]
      rows.append(picked("Tense", abbreviatedTense(tense.spanishName, width: area.width - label - 5), .tense))
      rows.append(picked("Person", tense.mood == .imperativo ? person.imperativePronoun : person.pronoun, .person))
      let help = switch naming.step {
      case .verb: "Type the infinitive, then Enter."
      case .tense: "↑↓ the tense, then Enter; ⌫ back."
      case .person: "↑↓ the person, then Enter to answer."
      }
      rows += [.blank, .hint(Line(" " + help, .dim))]
      draw(fitted(rows, height: area.height), in: &frame, area: area)
      return
    } else {
      var verb = labelled("Verb", question.verb, .heading)
      verb.addGloss(question.translation, width: area.width)
      let tense = abbreviatedTense(question.tenseDescription, width: area.width - label - 1)
      rows = [.blank, .text(verb)]
      if question.sentence == nil || namesCueForm {
        rows.append(.text(labelled("Tense", tense)))
        if let pronoun = question.pronoun { rows.append(.text(labelled("Person", pronoun))) }
      }
      if let sentence = question.sentence {
        // A sentence cue: the sentence to complete, under the verb, tense and person it asks for.
        rows.append(.blank)
        rows += wrapped(sentence, width: area.width - 2).map { .text(Line(" " + $0, .heading)) }
      }
    }
    // The negative imperative's prompt shows its no: the form is typed after it (or with it).
    let negative = question.form.tenseName == Tense.imperativoNegativo.rawValue && question.mode == .written
    rows += [.blank, .answer("Answer", prefix: negative ? "no " : "")]
    rows += [.blank, .hint(Line(" " + TextField.shortcutHelp, .dim))]
    if takenBack { rows.append(.hint(Line(" Answer taken back: give it again.", .dim))) }
    draw(fitted(rows, height: area.height), in: &frame, area: area)
  }

  /// `rows` for a screen `height` high: when it is short, the blank lines go first (from the
  /// bottom), then the hints, then the context.
  func fitted(_ rows: [QuestionRow], height: Int) -> [QuestionRow] {
    var rows = rows
    while rows.count + 1 > height {
      if let blank = rows.lastIndex(of: .blank) {
        rows.remove(at: blank)
      } else if let hint = rows.lastIndex(where: \.isHint) {
        rows.remove(at: hint)
      } else if let context = rows.lastIndex(where: \.isContext) {
        rows.remove(at: context)
      } else {
        break
      }
    }
    return rows
  }

  /// Draws `rows` under the title line.
  func draw(_ rows: [QuestionRow], in frame: inout Frame, area: Area) {
    for (number, content) in rows.enumerated() where area.top + 1 + number < area.bottom {
      let row = area.top + 1 + number
      switch content {
      case .blank: break
      case .text(let line), .hint(let line), .context(let line):
        frame.draw(line, row: row, column: area.left, limit: area.right)
      case .answer(let name, let prefix):
        frame.draw(labelled(name, prefix), row: row, column: area.left, limit: area.right)
        let column = area.left + label + prefix.count
        answer.draw(
          in: &frame, row: row, column: column, width: min(32, area.right - column - 1),
          focused: leaving == nil && naming.step == .verb)
      }
    }
  }

  /// The lines of the question screen, and which give way first when the screen is short.
  enum QuestionRow: Equatable {
    case blank
    /// The field typed in, with its label and the words before it (the negative imperative's no).
    case answer(String, prefix: String)
    case text(Line)
    /// The accent shortcuts.
    case hint(Line)
    /// What gives way after the hints: a sentence cue's sentence on the verdict.
    case context(Line)

    var isHint: Bool { if case .hint = self { true } else { false } }
    var isContext: Bool { if case .context = self { true } else { false } }
  }

  func drawLeaving(_ leaving: QuizScreen.Leaving, in frame: inout Frame, area: Area) {
    let question = leaving == .program ? "Quit conjugar?" : "Leave this \(kind.noun)?"
    // Every answer is kept as it is given; a quiz's score needs its end.
    let kept = kind == .quiz ? ["The answers given are kept,", "the score is not."] : ["The answers given are kept."]
    let lines = [question] + kept + ["y: yes   n: no"]
    let width = min(area.width - 2, (lines.map(\.count).max() ?? 0) + 4)
    let height = lines.count + 2
    let left = area.left + (area.width - width) / 2
    let top = area.top + max(0, (area.height - height) / 2)
    let border = String(repeating: "─", count: max(0, width - 2))
    frame.write("┌" + border + "┐", row: top, column: left, limit: left + width)
    for (number, line) in lines.enumerated() {
      let row = top + 1 + number
      frame.write("│" + String(repeating: " ", count: max(0, width - 2)) + "│", row: row, column: left, limit: left + width)
      frame.write(line, row: row, column: left + 2, style: number == 0 ? .heading : .plain, limit: left + width - 1)
    }
    frame.write("└" + border + "┘", row: top + height - 1, column: left, limit: left + width)
    frame.cursor = nil
  }
}
