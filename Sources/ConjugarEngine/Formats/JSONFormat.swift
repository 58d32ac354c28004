/// The `--format json` contract: one object per verb, on one line.
/// `{"infinitive": "tener", "translation": "to have", "model": "tener", "known": true,
///   "gerundio": [...], "participio": [...], "tenses": {TENSE: {PERSON: [FORMS]}}}`;
/// a verb not in the catalog has `"known": false, "follows": "calentar"` (or "-ducir", or null).
/// Written directly rather than through an encoder: the key order is part of the contract and a
/// whole-catalog dump must stay fast. It is written as UTF-8 bytes, the forms straight from the
/// paradigm's Latin-1 letters, with no String in between.
/// With `--tenses`/`--persons`, only those keys (with `--tenses`, no `gerundio` and `participio`); with `--progressive`, a last key
/// `"progresivo": {TENSE: {PERSON: [FORMS]}}` for the simple tenses of the indicative and subjunctive.
/// With `--ipa`, a last key `"ipa"`: the object's forms in IPA, in the same shape and order
/// (`{"infinitive": IPA, "gerundio": [...], "participio": [...], "tenses": {...}}`, and
/// `"progresivo"` with `--progressive`).
public enum JSONFormat {
  public static func line(
    _ paradigm: Paradigm, selection: FormSelection = .all, progressive: Progressive? = nil, ipa: Pronunciation? = nil
  ) -> String {
    var out = ByteWriter(capacity: 8_192)
    write(paradigm, selection: selection, progressive: progressive, ipa: ipa, into: &out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// Appends the line of `paradigm`, without a newline, to `out`.
  public static func write(
    _ paradigm: Paradigm, selection: FormSelection = .all, progressive: Progressive? = nil, into out: inout [UInt8]
  ) {
    var writer = ByteWriter(capacity: 8_192)
    write(paradigm, selection: selection, progressive: progressive, into: &writer)
    out.append(contentsOf: writer.bytes)
  }

  static func write(
    _ paradigm: Paradigm, selection: FormSelection = .all, progressive: Progressive? = nil, ipa: Pronunciation? = nil,
    into out: inout ByteWriter
  ) {
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
        if selection.nonFinite {
          out.append(ascii: ", \"gerundio\": ")
          array(paradigm.table, FormTable.gerundioCell, letters.table, into: &out)
          out.append(ascii: ", \"participio\": ")
          array(paradigm.table, FormTable.participioCell, letters.table, into: &out)
        }
        // A key after the first starts with ", "; the first written drops it.
        func key(_ range: Range<Int>, first: Bool) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(rebasing: keyBytes[first && keyBytes[range.lowerBound] == UInt8(ascii: ",") ? range.lowerBound + 2 ..< range.upperBound : range])
        }
        out.append(ascii: ", \"tenses\": {")
        for (i, tense) in selection.tenses.enumerated() {
          out.append(key(keys.tenses[tense.index], first: i == 0))
          for (j, person) in selection.persons.enumerated() {
            out.append(key(keys.persons[person.index], first: j == 0))
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
    out.append(UInt8(ascii: "}"))
    if let progressive {
      out.append(ascii: ", \"progresivo\": ")
      tenses(Progressive.tenses.filter(selection.tenses.contains), selection.persons, { progressive[$0, $1] }, into: &out)
    }
    if let ipa {
      out.append(ascii: ", \"ipa\": {\"infinitive\": ")
      string(ipa[paradigm.infinitive], into: &out)
      if selection.nonFinite {
        out.append(ascii: ", \"gerundio\": ")
        strings(ipa[paradigm.gerundio], into: &out)
        out.append(ascii: ", \"participio\": ")
        strings(ipa[paradigm.participio], into: &out)
      }
      out.append(ascii: ", \"tenses\": ")
      tenses(selection.tenses, selection.persons, { ipa[paradigm[$0, $1]] }, into: &out)
      if let progressive {
        out.append(ascii: ", \"progresivo\": ")
        tenses(Progressive.tenses.filter(selection.tenses.contains), selection.persons, { ipa[progressive[$0, $1]] }, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "}"))
  }

  /// `{TENSE: {PERSON: [STRINGS]}}`, from Strings (the progressive, the IPA).
  private static func tenses(
    _ tenses: [Tense], _ persons: [Person], _ strings: (Tense, Person) -> [String], into out: inout ByteWriter
  ) {
    out.append(UInt8(ascii: "{"))
    for (i, tense) in tenses.enumerated() {
      if i > 0 { out.append(ascii: ", ") }
      string(tense.rawValue, into: &out)
      out.append(ascii: ": {")
      for (j, person) in persons.enumerated() {
        if j > 0 { out.append(ascii: ", ") }
        string(person.rawValue, into: &out)
        out.append(ascii: ": ")
        self.strings(strings(tense, person), into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "}"))
  }

  /// `[STRINGS]`.
  private static func strings(_ strings: [String], into out: inout ByteWriter) {
    out.append(UInt8(ascii: "["))
    for (k, element) in strings.enumerated() {
      if k > 0 { out.append(ascii: ", ") }
      string(element, into: &out)
    }
    out.append(UInt8(ascii: "]"))
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
    paradigm.forEachCompound(tense, person, letters) { compound in
      if !first { out.append(ascii: ", ") }
      first = false
      out.append(UInt8(ascii: "\""))
      compound.spell { out.appendUTF8(latin1: $0) } space: { out.append(Letter.space) }
      out.append(UInt8(ascii: "\""))
    }
    out.append(UInt8(ascii: "]"))
  }

  static func string(_ s: String, into out: inout ByteWriter) {
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      out.append(UInt8(ascii: "\""))
      var s = s
      s.withUTF8 { out.append($0) }
      out.append(UInt8(ascii: "\""))
    } else {
      out.append(Array(quoted(s).utf8))
    }
  }

  /// `string` as a JSON string literal: quotes, backslashes, control characters and the line
  /// separators escaped. Every JSON string the program writes goes through here.
  public static func quoted(_ string: String) -> String {
    var quoted = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}
