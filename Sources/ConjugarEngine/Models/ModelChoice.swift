/// One way a verb is conjugated, as the catalog states it: a model and its modifiers.
/// "abolir" has two: partir, and partir restricted to the forms whose ending begins with i.
public struct ModelChoice: Sendable, Hashable {
  /// The paradigm verb: "contar".
  public var model: String
  /// "D": a defective class.
  var defective: Defectiveness?
  /// "PR": a second, irregular participle, as a replacement in the regular one ("imid" → "es": impreso).
  var participle: Replacement?
  /// "PS": a spelling variant of the participle ("ito" → "ipto": adscripto).
  var participleSpelling: Replacement?
  /// "M": `true` keeps the accents of monosyllables written before 2010 (rió, guié, fié).
  var oldMonosyllableAccents = false
  /// "V": the model's alternative stems (yacer: yazgo is 1, yago is 2).
  var variant: Int?

  struct Replacement: Sendable, Hashable {
    let from: String
    let to: String
  }

  public init(model: String) { self.model = model }

  /// Whether the catalog changes the model for this verb (defective, another participle, a
  /// variant): then the verb does not simply follow its model.
  public var hasModifiers: Bool {
    defective != nil || participle != nil || participleSpelling != nil || oldMonosyllableAccents || variant != nil
  }

  /// Parses the catalog's compact notation: `model;D=imper;PR=eíd/it;M=true;V=1`.
  init?(_ text: Substring) {
    var parts = text.split(separator: ";")
    guard !parts.isEmpty else { return nil }
    model = String(parts.removeFirst())
    for part in parts {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { return nil }
      let value = pair[1]
      switch pair[0] {
      case "D":
        guard let d = Defectiveness(rawValue: String(value)) else { return nil }
        defective = d
      case "PR", "PS":
        let halves = value.split(separator: "/")
        guard halves.count == 2 else { return nil }
        let replacement = Replacement(from: String(halves[0]), to: String(halves[1]))
        if pair[0] == "PR" { participle = replacement } else { participleSpelling = replacement }
      case "M": oldMonosyllableAccents = value == "true"
      case "V":
        guard let n = Int(value) else { return nil }
        variant = n
      default: return nil
      }
    }
  }
}
