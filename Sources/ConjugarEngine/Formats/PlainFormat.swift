/// A verb's forms for a screen reader (`conjugar conjugate VERB --format plain`): one line per form,
/// a sentence that stands alone — the verb, the tense, the person, the forms — and what the table
/// shows by colour said in words: the letters that make a form irregular. No columns to cross.
public enum PlainFormat {
  /// "tener, presente, yo: tengo, irregular: g." — the lines of `paradigm`'s forms in `selection`.
  public static func render(_ paradigm: Paradigm, irregularities: Irregularities, selection: FormSelection = .all) -> String {
    func said(_ forms: [String], _ spans: [Range<Int>?]) -> String {
      guard !forms.isEmpty else { return "none" }
      return forms.enumerated().map { index, form in
        guard index < spans.count, let span = spans[index], span.upperBound <= form.count else { return form }
        return "\(form), irregular: \(String(Array(form)[span]))"
      }.joined(separator: "; or ")
    }
    var lines = ["\(paradigm.infinitive)\(paradigm.translation.map { " (\($0))" } ?? ""), model \(paradigm.model)."]
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
    return lines.joined(separator: "\n") + "\n"
  }
}
