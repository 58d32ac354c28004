import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition
import SpeechClient
import TerminalClient

/// The quiz screen's results view: the end of a session, each answer, and its keys.
extension QuizScreen {
  mutating func handleResults(
    _ key: Key, _ quiz: Session, _ outcome: Session.Outcome, in area: Area, settings: SettingValues
  ) -> Action? {
    switch key {
    case .escape:
      phase = .ready
    case .character("u"):
      return undo(quiz)
    case .enter:
      guard quiz.answers.indices.contains(selected) else { return nil }
      return .openVerb(quiz.answers[selected].question.verb)
    case .character("s") where savesDrill:
      return .saveDrill
    case .character("p"):
      guard !quiz.missed.isEmpty else { return nil }
      start(.practice(quiz.missed, in: Current), .practice, speaks: settings.speakAnswers.isOn)
      return sayQuestion()
    default:
      let count = quiz.answers.count
      if let moved = moved(selected, by: key, count: count, height: max(1, (area.height - 1) / 2)) {
        selected = moved
        // The selected answer's two lines show.
        let (lines, first) = resultLines(quiz, outcome, width: area.width)
        let height = max(0, area.height - 1)
        let top = first + 2 * selected
        offset = scrollOffset(offset, showing: top + 1, count: lines.count, height: height)
        offset = min(offset, top)
      }
    }
    return nil
  }

  // MARK: After the quiz

  func drawResults(_ quiz: Session, _ outcome: Session.Outcome, in frame: inout Frame, area: Area) {
    let title =
      switch kind {
      case .quiz: " Quiz finished: \(outcome.score) points"
      case .review: " Review finished: \(quiz.answers.count) forms"
      case .practice: " Practice finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
      case .listening: " Listening drill finished: \(quiz.count(.correct)) of \(quiz.answers.count) right"
      }
    frame.write(title, row: area.top, column: area.left, style: .heading, limit: area.right)
    let list = Area(top: area.top + 1, left: area.left, width: area.width, height: max(0, area.height - 1))
    var (lines, first) = resultLines(quiz, outcome, width: area.width)
    if lines.indices.contains(first + 2 * selected) { lines[first + 2 * selected].style(.selected) }
    frame.draw(lines, offset: clampedOffset(offset, count: lines.count, height: list.height), in: list)
  }

  /// Below the score: the time, level, region and rank, the counts, then two lines per question:
  /// what was asked, then the answer given and, if it was not right, the right one. With the
  /// index of the first question's line.
  func resultLines(_ quiz: Session, _ outcome: Session.Outcome, width: Int) -> (lines: [Line], first: Int) {
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
