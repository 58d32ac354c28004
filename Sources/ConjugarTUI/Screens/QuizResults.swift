import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

extension QuizScreen {
  /// The quiz screen after a session: its end, each answer, one selected (Enter opens its verb).
  struct Results {
    /// The session finished, as it was asked: `u` takes its last answer back and asks it again.
    var asking: Asking
    let outcome: Session.Outcome
    /// The answer selected.
    var selected = 0
    var offset = 0

    var session: Session { asking.session }
    var kind: Session.Kind { asking.kind }

    /// Enter opens the selected answer's verb, s saves the drill, the arrows select (Esc, u and p
    /// are the screen's: they leave the results).
    mutating func handle(_ key: Key, in area: Area) -> Action? {
      let quiz = session
      switch key {
      case .enter:
        guard quiz.answers.indices.contains(selected) else { return nil }
        return .openVerb(quiz.answers[selected].question.verb)
      case .character("s") where asking.savesDrill:
        return .saveDrill
      default:
        let count = quiz.answers.count
        if let moved = moved(selected, by: key, count: count, height: max(1, (area.height - 1) / 2)) {
          selected = moved
          // The selected answer's two lines show.
          let (lines, first) = resultLines(width: area.width)
          let height = max(0, area.height - 1)
          let top = first + 2 * selected
          offset = scrollOffset(offset, showing: top + 1, count: lines.count, height: height)
          offset = min(offset, top)
        }
      }
      return nil
    }

    func draw(in frame: inout Frame, area: Area) {
      let quiz = session
      let title =
        switch kind {
        case .quiz: " Quiz finished: \(outcome.score) points"
        case .review: " Review finished: \(quiz.answers.count) forms"
        case .practice: " Practice finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
        case .listening: " Listening drill finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
        }
      frame.write(title, row: area.top, column: area.left, style: .heading, limit: area.right)
      let list = Area(top: area.top + 1, left: area.left, width: area.width, height: max(0, area.height - 1))
      var (lines, first) = resultLines(width: area.width)
      if lines.indices.contains(first + 2 * selected) { lines[first + 2 * selected].style(.selected) }
      frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: list.height), in: list)
    }

    /// Below the score: the time, level, region and rank, the counts, then two lines per question:
    /// what was asked, then the answer given and, if it was not right, the right one. With the
    /// index of the first question's line.
    func resultLines(width: Int) -> (lines: [Line], first: Int) {
      let quiz = session
      var summary = ["Time \(minutesAndSeconds(outcome.seconds))"]
      if kind == .quiz { summary += [quiz.scoring.difficulty.name, quiz.scoring.region.name] }
      if let rank = outcome.rank { summary.append("rank \(rank) on the score board") }
      let counts =
        "\(quiz.count(.correct)) right, \(quiz.count(.accentsOnly)) right but for the accents, \(quiz.count(.wrong)) wrong"
        + (quiz.relearned == 0 ? "" : "; \(quiz.relearned) asked again after a miss, at the end of its learning step")
      var lines = wrapped(summary.joined(separator: ", "), width: width - 2).map { Line(" " + $0) }
      lines += wrapped(counts, width: width - 2).map { Line(" " + $0, .dim) }
      lines.append(Line())
      let first = lines.count
      for (number, answer) in quiz.answers.enumerated() {
        let question = answer.question
        let numbered = (number + 1 < 10 ? "  " : " ") + "\(number + 1). "
        let recognition = question.mode == .recognition
        // A recognition shows the form, and the reading named.
        let asked = recognition ? question.accepted[0] + ": " : ""
        lines.append(Line(numbered + asked + question.description(width: width - numbered.count - asked.count)))
        let expected = recognition ? "as above" : question.accepted[0]
        let given = recognition
          ? NamedReading(text: answer.given).map(\.description) ?? answer.given : AnswerChecker.normalized(answer.given)
        var verdict = Line("     ")
        switch answer.result {
        case .correct:
          verdict.add("✓ " + given, .correct)
        case .accentsOnly:
          verdict.add("~ " + given, .almost)
          verdict.add("  right: " + expected)
        case .wrong:
          verdict.add("✗ " + given, .wrong)
          verdict.add("  right: " + expected)
        }
        lines.append(verdict)
      }
      return (lines, first)
    }
  }
}
