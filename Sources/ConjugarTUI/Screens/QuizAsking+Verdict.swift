import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// The quiz screen's verdict view: the answer just given, in place of the next question.
extension QuizScreen.Asking {
  /// The verdict on the answer just given, in place of the next question until a key: what was
  /// asked, the answer and the right form with the letters that differ marked, what the mistake
  /// was, and (in a review) when the form comes back.
  func drawVerdict(_ verdict: Verdict, in frame: inout Frame, area: Area) {
    let quiz = session
    drawTitle(number: quiz.answers.count, in: &frame, area: area)
    let width = area.width
    let recognition = verdict.question.mode == .recognition
    let asked = recognition ? verdict.question.accepted[0] : verdict.question.description(width: width - 2)
    var rows: [QuestionRow] = [.blank, .text(Line(" " + asked, .heading))]
    if let sentence = verdict.question.sentence {
      rows += wrapped(sentence, width: width - 2).map { .context(Line(" " + $0, .dim)) }
    }
    rows.append(.blank)
    let expected = verdict.question.accepted[0]
    let right = verdict.question.accepted.contains(verdict.given)
    switch verdict.result {
    case .correct: rows.append(.text(Line(" ✓ Right", .correct)))
    case .accentsOnly:
      rows.append(.text(Line(" ~ Right but for the accents" + (kind == .quiz ? " (half points)" : ""), .almost)))
    case .wrong: rows.append(.text(Line(verdict.given.isEmpty ? " ✗ Not known: shown" : " ✗ Wrong", .wrong)))
    }
    if verdict.given.isEmpty {
      // I don't know: the right form, nothing of the learner's.
      rows.append(.text(Line("   right: " + (recognition ? verdict.question.verb : expected), .dim)))
    } else if recognition {
      let named = NamedReading(text: verdict.given).map(\.description) ?? verdict.given
      rows += wrapped(named, width: width - 10).enumerated().map { number, text in
        var line = Line(number == 0 ? "   yours: " : "          ", .dim)
        line.add(text)
        return .text(line)
      }
    } else if right || verdict.result == .correct {
      // Right as typed, or right with what is no mistake (the no, a pronoun): the form itself.
      rows.append(.text(Line("   " + (right ? verdict.given : expected))))
    } else {
      let (given, wanted) = differingLetters(verdict.given, expected)
      var yours = Line("   yours: ", .dim)
      yours.add(verdict.given, marking: given, .difference)
      var correct = Line("   right: ", .dim)
      correct.add(expected, marking: wanted, .difference)
      rows += [.text(yours), .text(correct)]
    }
    if let feedback = verdict.feedback {
      rows.append(.blank)
      rows += wrapped(feedback, width: width - 3).map { .text(Line("   " + $0)) }
    }
    if let schedule = verdict.schedule {
      // A leech this miss suspended comes back only when taken back.
      let next = verdict.leech?.suspended == true ? "suspended" : "again \(schedule.comesBack)"
      rows.append(.text(Line("   Rated \(schedule.rating.name) · \(next)", .dim)))
    }
    if let leech = verdict.leech {
      let lapses = leech.lapses
      rows.append(.blank)
      let text =
        leech.suspended
        ? (width >= 60
          ? "A leech, now suspended: you have forgotten this \(lapses) times since you learned it. Press t to look "
            + "at its table; Progress, f takes it back."
          : "A leech, suspended: forgotten \(lapses) times. t: table")
        : width >= 60
        ? "A leech: you have forgotten this \(lapses) times since you learned it. Press t to look at its table."
        : "A leech: forgotten \(lapses) times. t: table"
      rows += wrapped(text, width: width - 3).map { .text(Line("   " + $0, .almost)) }
    }
    let next = quiz.isFinished ? "the results" : "the next question"
    rows += [.blank, .hint(Line(" Press any key for \(next).", .dim))]
    draw(fitted(rows, height: area.height), in: &frame, area: area)
    frame.cursor = nil
  }
}
