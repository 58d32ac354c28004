/// The `--format tsv` output: one line per form — infinitive, tense, person, forms joined by "/".
/// Non-finite forms (unless `selection` leaves them out) use the tense names "gerundio" and
/// "participio" and an empty person; the
/// progressive (with `--progressive`) the tense names "progresivo-presente" and so on. A verb not
/// in the catalog begins with a line of tense "not-in-catalog" whose forms are what it follows
/// (calentar, -ducir), empty for a regular verb. With `--ipa`, a fifth column `ipa`: the forms'
/// IPA, joined by "/" in the same order (empty on the not-in-catalog line).
public enum TSVFormat {
  public static let header = "infinitive\ttense\tperson\tforms"

  /// The header, with the `ipa` column when the lines have it.
  public static func header(ipa: Bool) -> String { header + (ipa ? "\tipa" : "") }

  public static func lines(
    _ paradigm: Paradigm, selection: FormSelection = .all, progressive: Progressive? = nil, ipa: Pronunciation? = nil
  ) -> String {
    var out = ""
    let verb = paradigm.infinitive
    func line(_ tense: String, _ person: String, _ forms: [String], ipa transcribed: String? = nil) {
      out += "\(verb)\t\(tense)\t\(person)\t\(forms.joined(separator: "/"))"
      if let ipa { out += "\t" + (transcribed ?? ipa[forms].joined(separator: "/")) }
      out += "\n"
    }
    if !paradigm.known { line("not-in-catalog", "", paradigm.follows.map { [$0] } ?? [], ipa: "") }
    if selection.nonFinite {
      line("gerundio", "", paradigm.gerundio)
      line("participio", "", paradigm.participio)
    }
    for tense in selection.tenses {
      for person in selection.persons { line(tense.rawValue, person.rawValue, paradigm[tense, person]) }
    }
    if let progressive {
      for tense in Progressive.tenses where selection.tenses.contains(tense) {
        for person in selection.persons { line("progresivo-\(tense.rawValue)", person.rawValue, progressive[tense, person]) }
      }
    }
    return out
  }
}
