/// The `--format table` output, for people: the tenses side by side, as many as fit the width,
/// with the irregular letters marked by `highlight` (ANSI attributes on a terminal).
public enum TableFormat {
  public struct Style: Sendable {
    public var highlightOn: String
    public var highlightOff: String
    public static let plain = Style(highlightOn: "", highlightOff: "")
    public static let color = Style(highlightOn: "\u{1B}[1;31m", highlightOff: "\u{1B}[0m")
    public static let monochrome = Style(highlightOn: "\u{1B}[1;4m", highlightOff: "\u{1B}[0m")

    public init(highlightOn: String, highlightOff: String) {
      self.highlightOn = highlightOn
      self.highlightOff = highlightOff
    }
  }

  public static let groups: [(String, [Tense])] = [
    ("Indicativo", [.presente, .preterito, .imperfecto, .futuro, .condicional]),
    ("Subjuntivo", [.presenteSubjuntivo, .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo]),
    ("Imperativo", [.imperativoAfirmativo, .imperativoNegativo]),
    ("Indicativo compuesto", [.perfecto, .pluscuamperfecto, .preteritoAnterior, .futuroPerfecto, .condicionalPerfecto]),
    ("Subjuntivo compuesto", [.perfectoSubjuntivo, .pluscuamperfectoSubjuntivoRa, .pluscuamperfectoSubjuntivoSe,
      .futuroPerfectoSubjuntivo]),
  ]

  /// The table of `paradigm`: the gerundio, participio, tenses and persons of `selection`, and the progressive after
  /// them when it is given; with `ipa`, each form's IPA on the line under it.
  public static func render(
    _ paradigm: Paradigm, irregularities: Irregularities, style: Style, width: Int = 80,
    selection: FormSelection = .all, progressive: Progressive? = nil, ipa: Pronunciation? = nil
  ) -> String {
    func mark(_ form: String, _ span: Range<Int>?) -> (text: String, length: Int) {
      guard let span, !style.highlightOn.isEmpty else { return (form, form.count) }
      let chars = Array(form)
      let text = String(chars[..<span.lowerBound]) + style.highlightOn + String(chars[span])
        + style.highlightOff + String(chars[span.upperBound...])
      return (text, chars.count)
    }
    func cell(_ forms: [String], _ spans: [Range<Int>?]) -> (text: String, length: Int) {
      if forms.isEmpty { return ("—", 1) }
      let parts = forms.enumerated().map { mark($1, $0 < spans.count ? spans[$0] : nil) }
      return (parts.map(\.text).joined(separator: "/"), parts.map(\.length).reduce(0, +) + parts.count - 1)
    }

    /// The IPA of `forms`, as a cell; nil without `ipa`.
    func ipaCell(_ forms: [String]) -> (text: String, length: Int)? {
      guard let ipa else { return nil }
      return cell(ipa[forms], [])
    }
    /// A line, and the IPA under what follows `label`.
    func line(_ label: String, _ text: String, ipa: (text: String, length: Int)?) -> String {
      label + text + "\n" + (ipa.map { pad("", label.count) + $0.text + "\n" } ?? "")
    }

    var out = line("", paradigm.infinitive + (paradigm.translation.map { " — \($0)" } ?? ""), ipa: ipaCell([paradigm.infinitive]))
    out += "model: \(paradigm.model)" + (paradigm.known ? "" : " (\(notInTheCatalog(paradigm)))") + "\n"
    if selection.nonFinite {
      out += line("gerundio: ", cell(paradigm.gerundio, irregularities.gerundio).text, ipa: ipaCell(paradigm.gerundio))
      out += line("participio: ", cell(paradigm.participio, irregularities.participio).text, ipa: ipaCell(paradigm.participio))
    }

    let labelWidth = 10
    let persons = selection.persons
    func block(
      _ title: String, _ tenses: [Tense], heading: (Tense) -> String = { $0.shortName },
      _ forms: (Tense, Person) -> (text: String, length: Int), ipa: (Tense, Person) -> (text: String, length: Int)?
    ) {
      let tenses = tenses.filter(selection.tenses.contains)
      guard !tenses.isEmpty else { return }
      let widths = Dictionary(uniqueKeysWithValues: tenses.map { tense in
        (tense, max(heading(tense).count, persons.map { max(forms(tense, $0).length, ipa(tense, $0)?.length ?? 0) }.max() ?? 0) + 2)
      })
      let rows = fitted(tenses, width: width, labelWidth: labelWidth) { widths[$0]! }
      out += "\n\(title)\n"
      for (number, row) in rows.enumerated() {
        if number > 0 { out += "\n" }
        var header = pad("", labelWidth) + row.map { pad(heading($0), widths[$0]!) }.joined()
        while header.last == " " { header.removeLast() }
        out += header + "\n"
        for person in persons {
          func add(_ label: String, _ cell: (Tense) -> (text: String, length: Int)) {
            out += pad(label, labelWidth)
            for tense in row {
              let c = cell(tense)
              out += c.text + String(repeating: " ", count: max(0, widths[tense]! - c.length))
            }
            while out.last == " " { out.removeLast() }
            out += "\n"
          }
          add(person.label(in: row[0])) { forms($0, person) }
          if ipa(row[0], person) != nil { add("") { ipa($0, person)! } }
        }
      }
    }
    for (title, tenses) in groups {
      block(title, tenses, { cell(paradigm[$0, $1], irregularities[$0, $1]) }, ipa: { ipaCell(paradigm[$0, $1]) })
    }
    if let progressive {
      block(
        "Progresivo (estar + gerundio)", Progressive.tenses, heading: Progressive.heading,
        { cell(progressive[$0, $1], []) }, ipa: { ipaCell(progressive[$0, $1]) })
    }
    return out
  }

  /// Splits `columns` into rows that fit `width` beside a label of `labelWidth`: as many side by
  /// side as fit, and at least one on each row.
  public static func fitted<Column>(
    _ columns: [Column], width: Int, labelWidth: Int, columnWidth: (Column) -> Int
  ) -> [[Column]] {
    var rows: [[Column]] = [[]]
    var used = labelWidth
    for column in columns {
      if used + columnWidth(column) > width && !rows[rows.count - 1].isEmpty {
        rows.append([])
        used = labelWidth
      }
      rows[rows.count - 1].append(column)
      used += columnWidth(column)
    }
    return rows
  }

  /// not in the catalog: conjugated like calentar / as verbs in -ducir are / as a regular verb.
  public static func notInTheCatalog(_ paradigm: Paradigm) -> String {
    let how =
      switch paradigm.follows {
      case .some(let ending) where ending.hasPrefix("-"): "as verbs in \(ending) are"
      case .some(let verb): "like \(verb)"
      case nil: "as a regular verb"
      }
    return "not in the catalog: conjugated " + how
  }

  private static func pad(_ s: String, _ width: Int) -> String {
    s + String(repeating: " ", count: max(0, width - s.count))
  }
}
