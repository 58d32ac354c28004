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

  public static func render(
    _ paradigm: Paradigm, irregularities: Irregularities, style: Style, width: Int = 80
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
      let parts = zip(forms, spans).map(mark)
      return (parts.map(\.text).joined(separator: "/"), parts.map(\.length).reduce(0, +) + parts.count - 1)
    }

    var out = paradigm.infinitive
    if let translation = paradigm.translation { out += " — \(translation)" }
    out += "\nmodel: \(paradigm.model)" + (paradigm.known ? "" : " (\(notInTheCatalog(paradigm)))")
    out += "\ngerundio: " + cell(paradigm.gerundio, irregularities.gerundio).text
    out += "\nparticipio: " + cell(paradigm.participio, irregularities.participio).text + "\n"

    let labelWidth = 10
    for (title, tenses) in groups {
      // Split the group into rows of tenses that fit the width.
      var rows: [[Tense]] = [[]]
      var used = labelWidth
      let widths = Dictionary(uniqueKeysWithValues: tenses.map { tense in
        (tense, max(tense.shortName.count, Person.allCases.map { cell(paradigm[tense, $0], irregularities[tense, $0]).length }.max() ?? 0) + 2)
      })
      for tense in tenses {
        if used + widths[tense]! > width && !rows[rows.count - 1].isEmpty {
          rows.append([])
          used = labelWidth
        }
        rows[rows.count - 1].append(tense)
        used += widths[tense]!
      }
      out += "\n\(title)\n"
      for row in rows {
        var header = pad("", labelWidth) + row.map { pad($0.shortName, widths[$0]!) }.joined()
        while header.last == " " { header.removeLast() }
        out += header + "\n"
        for person in Person.allCases {
          out += pad(person.shortPronoun, labelWidth)
          for tense in row {
            let c = cell(paradigm[tense, person], irregularities[tense, person])
            out += c.text + String(repeating: " ", count: max(0, widths[tense]! - c.length))
          }
          while out.last == " " { out.removeLast() }
          out += "\n"
        }
      }
    }
    return out
  }

  /// not in the catalog: conjugated like calentar / as verbs in -ducir are / as a regular verb.
  static func notInTheCatalog(_ paradigm: Paradigm) -> String {
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
