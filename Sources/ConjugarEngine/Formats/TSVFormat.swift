/// The `--format tsv` output: one line per form — infinitive, tense, person, forms joined by "/".
/// Non-finite forms use the tense names "gerundio" and "participio" and an empty person; the
/// progressive (with `--progressive`) the tense names "progresivo-presente" and so on. A verb not
/// in the catalog begins with a line of tense "not-in-catalog" whose forms are what it follows
/// (calentar, -ducir), empty for a regular verb.
public enum TSVFormat {
  public static let header = "infinitive\ttense\tperson\tforms"

  public static func lines(_ paradigm: Paradigm, selection: FormSelection = .all, progressive: Progressive? = nil) -> String {
    var out = ""
    let verb = paradigm.infinitive
    if !paradigm.known { out += "\(verb)\tnot-in-catalog\t\t\(paradigm.follows ?? "")\n" }
    out += "\(verb)\tgerundio\t\t\(paradigm.gerundio.joined(separator: "/"))\n"
    out += "\(verb)\tparticipio\t\t\(paradigm.participio.joined(separator: "/"))\n"
    for tense in selection.tenses {
      for person in selection.persons {
        out += "\(verb)\t\(tense.rawValue)\t\(person.rawValue)\t\(paradigm[tense, person].joined(separator: "/"))\n"
      }
    }
    if let progressive {
      for tense in Progressive.tenses where selection.tenses.contains(tense) {
        for person in selection.persons {
          out += "\(verb)\tprogresivo-\(tense.rawValue)\t\(person.rawValue)\t\(progressive[tense, person].joined(separator: "/"))\n"
        }
      }
    }
    return out
  }
}
