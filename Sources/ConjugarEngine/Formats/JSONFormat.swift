/// The `--format json` contract: one object per verb, on one line.
/// `{"infinitive": "tener", "translation": "to have", "model": "tener", "known": true,
///   "gerundio": [...], "participio": [...], "tenses": {TENSE: {PERSON: [FORMS]}}}`
/// Written directly rather than through an encoder: the key order is part of the contract and a
/// whole-catalog dump must stay fast.
public enum JSONFormat {
  public static func line(_ paradigm: Paradigm) -> String {
    var out = "{\"infinitive\": "
    out.reserveCapacity(6_000)
    string(paradigm.infinitive, into: &out)
    out += ", \"translation\": "
    if let translation = paradigm.translation { string(translation, into: &out) } else { out += "null" }
    out += ", \"model\": "
    string(paradigm.model, into: &out)
    out += paradigm.known ? ", \"known\": true" : ", \"known\": false"
    out += ", \"gerundio\": "
    array(paradigm.gerundio, into: &out)
    out += ", \"participio\": "
    array(paradigm.participio, into: &out)
    out += ", \"tenses\": {"
    for (t, tense) in Tense.allCases.enumerated() {
      out += tenseKeys[t]
      for (p, person) in Person.allCases.enumerated() {
        out += personKeys[p]
        if tense.isCompound {
          compound(paradigm, tense, person, into: &out)
        } else {
          array(paradigm[tense, person], into: &out)
        }
      }
      out += "}"
    }
    out += "}}"
    return out
  }

  // Keys built once: the whole-catalog dump writes them 2 million times.
  private static let tenseKeys = Tense.allCases.enumerated().map { ($0 > 0 ? ", " : "") + "\"\($1.rawValue)\": {" }
  private static let personKeys = Person.allCases.enumerated().map { ($0 > 0 ? ", " : "") + "\"\($1.rawValue)\": " }

  /// Forms are Spanish letters and spaces only (the engine builds them from validated infinitives),
  /// so they are written without the escaping check that `string` makes.
  static func array(_ items: [String], into out: inout String) {
    switch items.count {
    case 0: out += "[]"
    case 1: out += "[\"" + items[0] + "\"]"
    default:
      out += "[\""
      out += items.joined(separator: "\", \"")
      out += "\"]"
    }
  }

  /// Writes "he tenido" straight from its parts, without building each form first.
  static func compound(_ paradigm: Paradigm, _ tense: Tense, _ person: Person, into out: inout String) {
    out += "["
    var first = true
    paradigm.forEachCompound(tense, person) { clitic, haber, participle in
      out += first ? "\"" : ", \""
      first = false
      if let clitic {
        out += clitic
        out += " "
      }
      out += haber
      out += " "
      out += participle
      out += "\""
    }
    out += "]"
  }

  static func string(_ s: String, into out: inout String) {
    out += "\""
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      out += s
    } else {
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
    }
    out += "\""
  }
}

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
