/// A verb's forms for a screen reader (`conjugar conjugate VERB --format plain`, and the plain
/// mode's `:table`): one line per form, a sentence that stands alone — the verb, the tense, the
/// person, the forms — and what the table shows by colour said in words: the letters that make a
/// form irregular. No columns to cross.
public enum PlainFormat {
  /// "tener, presente, yo: tengo, irregular in the letter g." — the lines of `paradigm`'s forms in
  /// `selection`.
  public static func render(_ paradigm: Paradigm, irregularities: Irregularities, selection: FormSelection = .all) -> String {
    lines(paradigm, irregularities: irregularities, selection: selection).joined(separator: "\n") + "\n"
  }

  /// ``render(_:irregularities:selection:)``'s lines, each without its line break.
  public static func lines(_ paradigm: Paradigm, irregularities: Irregularities, selection: FormSelection = .all) -> [String] {
    func said(_ forms: [String], _ spans: [Range<Int>?]) -> String {
      guard !forms.isEmpty else { return "none" }
      return forms.enumerated().map { index, form in
        guard index < spans.count, let span = spans[index], span.upperBound <= form.count else { return form }
        return "\(form), \(irregular(Array(form), span))"
      }.joined(separator: "; or ")
    }
    var lines = ["\(paradigm.infinitive)\(paradigm.translation.map { " (\(aside($0)))" } ?? ""), model \(paradigm.model)."]
    if selection.nonFinite {
      lines.append("\(paradigm.infinitive), gerundio: \(said(paradigm.gerundio, irregularities.gerundio)).")
      lines.append("\(paradigm.infinitive), participio: \(said(paradigm.participio, irregularities.participio)).")
    }
    for tense in selection.tenses {
      for person in selection.persons {
        let who = tense.mood == .imperativo ? person.imperativePronoun : person.pronoun
        let forms = paradigm[tense, person]
        if forms.isEmpty && tense.mood == .imperativo { continue }  // no imperative of yo
        lines.append("\(paradigm.infinitive), \(tense.spanishName), \(who): \(said(forms, irregularities[tense, person])).")
      }
    }
    return lines
  }

  /// What the table marks in colour, in words a listener follows: "irregular in the letter g",
  /// "irregular in the letters v and a", or, every letter marked, "wholly irregular" (ten).
  static func irregular(_ form: [Character], _ span: Range<Int>) -> String {
    guard span.count < form.count else { return "wholly irregular" }
    let letters = form[span].map(String.init)
    guard letters.count > 1 else { return "irregular in the letter \(letters.joined())" }
    return "irregular in the letters \(letters.dropLast().joined(separator: ", ")) and \(letters.last!)"
  }

  /// A gloss to say inside parentheses: its own parentheses taken away, their words kept ("to pass
  /// (an exam), to approve" is "to pass an exam, to approve"), so that no parentheses are heard
  /// inside parentheses; the words in them complete the meaning they follow.
  public static func aside(_ gloss: String) -> String {
    let words = gloss.filter { $0 != "(" && $0 != ")" }
    return words.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
