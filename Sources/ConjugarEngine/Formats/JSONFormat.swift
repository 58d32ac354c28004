/// The `--format json` contract: one object per verb, on one line.
/// `{"infinitive": "tener", "translation": "to have", "model": "tener", "known": true,
///   "gerundio": [...], "participio": [...], "tenses": {TENSE: {PERSON: [FORMS]}}}`;
/// a verb not in the catalog has `"known": false, "follows": "calentar"` (or "-ducir", or null).
/// Written directly rather than through an encoder: the key order is part of the contract and a
/// whole-catalog dump must stay fast. It is written as UTF-8 bytes, the forms straight from the
/// paradigm's Latin-1 letters, with no String in between.
public enum JSONFormat {
  public static func line(_ paradigm: Paradigm) -> String {
    var out = ByteWriter(capacity: 8_192)
    write(paradigm, into: &out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// Appends the line of `paradigm`, without a newline, to `out`.
  public static func write(_ paradigm: Paradigm, into out: inout [UInt8]) {
    var writer = ByteWriter(capacity: 8_192)
    write(paradigm, into: &writer)
    out.append(contentsOf: writer.bytes)
  }

  static func write(_ paradigm: Paradigm, into out: inout ByteWriter) {
    out.append(ascii: "{\"infinitive\": ")
    string(paradigm.infinitive, into: &out)
    out.append(ascii: ", \"translation\": ")
    if let translation = paradigm.translation { string(translation, into: &out) } else { out.append(ascii: "null") }
    out.append(ascii: ", \"model\": ")
    string(paradigm.model, into: &out)
    out.append(ascii: paradigm.known ? ", \"known\": true" : ", \"known\": false")
    if !paradigm.known {  // what a verb outside the catalog is conjugated like; null: a regular verb
      out.append(ascii: ", \"follows\": ")
      if let follows = paradigm.follows { string(follows, into: &out) } else { out.append(ascii: "null") }
    }
    let keys = keys
    paradigm.withLetters { letters in
      keys.bytes.withUnsafeBufferPointer { keyBytes in
        out.append(ascii: ", \"gerundio\": ")
        array(paradigm.table, FormTable.gerundioCell, letters.table, into: &out)
        out.append(ascii: ", \"participio\": ")
        array(paradigm.table, FormTable.participioCell, letters.table, into: &out)
        out.append(ascii: ", \"tenses\": {")
        for (t, tense) in Tense.allCases.enumerated() {
          out.append(UnsafeBufferPointer(rebasing: keyBytes[keys.tenses[t]]))
          for (p, person) in Person.allCases.enumerated() {
            out.append(UnsafeBufferPointer(rebasing: keyBytes[keys.persons[p]]))
            if tense.isCompound {
              compound(paradigm, tense, person, letters, into: &out)
            } else {
              array(paradigm.table, FormTable.index(tense, person), letters.table, into: &out)
            }
          }
          out.append(UInt8(ascii: "}"))
        }
      }
    }
    out.append(ascii: "}}")
  }

  /// The keys of the tenses (`, "preterito": {`) and of the persons (`, "tu": `), one after another:
  /// made once, for the whole-catalog dump writes them 2 million times.
  private static let keys: (bytes: [UInt8], tenses: [Range<Int>], persons: [Range<Int>]) = {
    var bytes: [UInt8] = []
    func add(_ key: String) -> Range<Int> {
      let start = bytes.count
      bytes += key.utf8
      return start..<bytes.count
    }
    let tenses = Tense.allCases.enumerated().map { add(($0 > 0 ? ", " : "") + "\"\($1.rawValue)\": {") }
    let persons = Person.allCases.enumerated().map { add(($0 > 0 ? ", " : "") + "\"\($1.rawValue)\": ") }
    return (bytes, tenses, persons)
  }()

  /// The forms of a cell. Forms are Spanish letters and spaces only (the engine builds them from
  /// validated infinitives), so they are written without the escaping check that `string` makes.
  static func array(_ table: FormTable, _ cell: Int, _ letters: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter) {
    out.append(UInt8(ascii: "["))
    let forms = table.forms(cell)
    for n in forms {
      if n > forms.lowerBound { out.append(ascii: ", ") }
      out.append(UInt8(ascii: "\""))
      out.appendUTF8(latin1: UnsafeBufferPointer(rebasing: letters[table.range(ofForm: n)]))
      out.append(UInt8(ascii: "\""))
    }
    out.append(UInt8(ascii: "]"))
  }

  /// Writes "he tenido" straight from its parts, without building each form first.
  static func compound(
    _ paradigm: Paradigm, _ tense: Tense, _ person: Person, _ letters: Paradigm.Letters, into out: inout ByteWriter
  ) {
    out.append(UInt8(ascii: "["))
    var first = true
    paradigm.forEachCompound(tense, person, letters) { clitic, haber, participle in
      if !first { out.append(ascii: ", ") }
      first = false
      out.append(UInt8(ascii: "\""))
      if let clitic {
        out.appendUTF8(latin1: clitic)
        out.append(Letter.space)
      }
      out.appendUTF8(latin1: haber)
      out.append(Letter.space)
      out.appendUTF8(latin1: participle)
      out.append(UInt8(ascii: "\""))
    }
    out.append(UInt8(ascii: "]"))
  }

  static func string(_ s: String, into out: inout ByteWriter) {
    out.append(UInt8(ascii: "\""))
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      var s = s
      s.withUTF8 { out.append($0) }
    } else {
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out.append(ascii: "\\\"")
        case "\\": out.append(ascii: "\\\\")
        case "\n": out.append(ascii: "\\n")
        case "\t": out.append(ascii: "\\t")
        case "\r": out.append(ascii: "\\r")
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            out.append(Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
          } else {
            out.append(Array(String(scalar).utf8))
          }
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

/// The `--format tsv` output: one line per form — infinitive, tense, person, forms joined by "/".
/// Non-finite forms use the tense names "gerundio" and "participio" and an empty person. A verb not
/// in the catalog begins with a line of tense "not-in-catalog" whose forms are what it follows
/// (calentar, -ducir), empty for a regular verb.
public enum TSVFormat {
  public static let header = "infinitive\ttense\tperson\tforms"

  public static func lines(_ paradigm: Paradigm) -> String {
    var out = ""
    let verb = paradigm.infinitive
    if !paradigm.known { out += "\(verb)\tnot-in-catalog\t\t\(paradigm.follows ?? "")\n" }
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
