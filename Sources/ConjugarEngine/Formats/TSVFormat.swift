/// The `--format tsv` output: one line per form — infinitive, tense, person, forms joined by "/".
/// Non-finite forms use the tense names "gerundio" and "participio" and an empty person.
public enum TSVFormat {
  public static let header = "infinitive\ttense\tperson\tforms"

  public static func lines(_ paradigm: Paradigm) -> String {
    var out = ""
    let verb = paradigm.infinitive
    out += "\(verb)\tgerundio\t\t\(paradigm.gerundio.joined(separator: "/"))\n"
    out += "\(verb)\tparticipio\t\t\(paradigm.participio.joined(separator: "/"))\n"
    for tense in Tense.allCases {
      for person in Person.allCases {
        out += "\(verb)\t\(tense.rawValue)\t\(person.rawValue)\t\(paradigm[tense, person].joined(separator: "/"))\n"
      }
    }
    return out
  }
}
