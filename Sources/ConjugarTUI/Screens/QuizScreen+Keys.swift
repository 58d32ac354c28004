import ConjugarCore
import SpeechClient
import TerminalClient

/// The quiz screen's keys: those on the bottom line for each phase, and its help (`?`).
extension QuizScreen {
  var hints: [KeyHint] {
    switch phase {
    case .ready:
      return [KeyHint("Enter", "start"), KeyHint("r", "review"), KeyHint("d", "drill")]
        + (speechAvailable ? [KeyHint("l", "listen")] : [])
    case .asking(let asking) where asking.leaving != nil: return [KeyHint("y", "yes"), KeyHint("n", "no")]
    case .asking(let asking):
      if let verdict = asking.verdict {
        // On a miss, "I was right" first: at 40 columns the line keeps the first that fit, and the
        // verdict itself says any key goes on.
        return (verdict.mayBeCountedRight ? [KeyHint("!", "I was right")] : [])
          + [KeyHint("Enter", asking.session.isFinished ? "the results" : "next question"), KeyHint("u", "undo")]
          + (verdict.leech != nil ? [KeyHint("t", "table")] : [])
          + (asking.speaksAnswers ? [KeyHint("^R", "say again")] : [])
      }
      let noun = asking.kind.noun
      if asking.session.current?.mode == .recognition {
        switch asking.naming.step {
        case .verb: return [KeyHint("Enter", "then the tense"), KeyHint("^D", "don't know"), KeyHint("Esc", "leave \(noun)")]
        case .tense: return [KeyHint("↑↓", "tense"), KeyHint("Enter", "then the person"), KeyHint("⌫", "back")]
        case .person: return [KeyHint("↑↓", "person"), KeyHint("Enter", "answer"), KeyHint("⌫", "back")]
        }
      }
      return [KeyHint("Enter", "answer"), KeyHint("^D", "don't know"), KeyHint("^N", "skip"), KeyHint("Esc", "leave \(noun)")]
        + (asking.session.current?.mode == .listening
          ? [KeyHint("^R", "hear again")] : asking.speaksAnswers ? [KeyHint("^R", "say again")] : [])
        + [KeyHint("a' n~ u:", "á ñ ü")]
    case .finished(let results):
      // The line keeps the first that fit: at 80 columns, with a miss, u and Esc too.
      return (results.session.missed.isEmpty ? [] : [KeyHint("p", "practise \(results.session.missed.count) missed")])
        + (results.asking.savesDrill ? [KeyHint("s", "save drill")] : [])
        + [KeyHint("u", "undo last"), KeyHint("Enter", "open verb"), KeyHint("Esc", "done"), KeyHint("↑↓", "select")]
    }
  }

  var help: [KeyHint] {
    switch phase {
    case .ready:
      return [
        KeyHint("Enter", "start a quiz with the settings shown (change them in 4 Settings)"),
        KeyHint("r", "review: the forms due, the most forgotten first, then a few new ones a day"),
        KeyHint("d", "drill: the Practice screen, to compose a drill (tenses, persons, verbs, length, mode)"),
        KeyHint(
          "l",
          "listening drill: a form is said with its pronoun, not shown; write the form you hear"
            + (speechAvailable ? "" : " (\(Speech.unavailableReason), which Scripts/setup installs)")),
      ]
    case .asking(let asking):
      // A review, a practice or a drill keeps no score: its help speaks of it, without points.
      let kind = asking.kind
      let scored = kind == .quiz
      return [
        KeyHint("Enter", "answer; the verdict shows, with the letters that differ marked and what the mistake was"),
        KeyHint("any key", "on the verdict: the next question (the timer stops while the verdict shows); Esc asks to leave, q to quit "
          + "(after the last question, q quits at once, every answer kept)"),
        KeyHint("u", "on the verdict: take the answer back (out of the history and the schedule) and answer again"),
        KeyHint("!", "on the verdict of a miss (not of Ctrl-D's): I was right (a typo, a form I accept): counted right, rated good"
          + (scored ? ", the score with it" : "") + "; marked so in the history"),
        KeyHint("t", "on the verdict of a leech (a form forgotten as many times as the Leeches setting says): its verb's table"),
        KeyHint("Ctrl-D", "I don't know: the right form shown, the question counted a miss (rated again)"),
        KeyHint("Ctrl-N", "skip: leave the question out, unanswered and unrated"),
        KeyHint("← → Home End", "move in the answer"), KeyHint("Backspace Del", "delete"),
        KeyHint("Ctrl-U", "clear the answer"),
        KeyHint(
          "↑ ↓ ⌫",
          "recognition: after the infinitive and Enter, pick the tense, Enter, then the person, Enter; Backspace goes back a step. Every reading of the form counts."),
        KeyHint(
          "Ctrl-R",
          "listening: hear the form again; otherwise say the right form of the last answer again (speak answers: 4 Settings; needs espeak-ng)"),
        KeyHint("a' e' i' o' u'", "type á é í ó ú"), KeyHint("n~", "type ñ"), KeyHint("u:", "type ü"),
        KeyHint("Esc", "leave the \(kind.noun) (asks first)"),
      ] + (scored ? [KeyHint("", Scoring.pointsExplanation)] : [])
    case .finished(let results):
      let kind = results.kind
      return [
        KeyHint("↑ ↓  k j", "select an answer"), KeyHint("Enter", "open the verb of the answer selected"),
        KeyHint("p", "practise the forms still missed at the end (one asked again and answered right is not), now"),
        KeyHint("u", "take the last answer back" + (kind == .quiz ? " (the score with it)" : "") + " and answer it again"),
        KeyHint("Esc", "back to the start of the quiz screen"),
      ] + (results.asking.savesDrill ? [KeyHint("s", "save this drill by name, on the Practice screen")] : [])
    }
  }
}
