/// How a verb outside the catalog is conjugated when it is plainly a relative of one inside it:
/// a catalog verb after a prefix (precalentar is pre + calentar: precaliento), or, where none
/// fits, a family whose verbs all follow one model (transducir: -ducir, like conducir).
enum Relatives {
  /// Spanish prefixes that make verbs of verbs (RAE, Nueva gramática, ch. 10).
  static let prefixes = [
    "a", "ab", "ad", "ante", "anti", "archi", "auto", "bien", "circun", "co", "com", "con", "contra", "de", "des",
    "di", "dis", "em", "en", "entre", "ex", "extra", "hiper", "im", "in", "infra", "inter", "intra", "mal",
    "micro", "multi", "per", "pos", "post", "pre", "pro", "re", "retro", "semi", "sobre", "so", "su", "sub",
    "super", "sus", "trans", "tras", "ultra",
  ]

  /// Verbs that make no compounds: a word that ends in them after a prefix (reser, coír) is not theirs.
  static let noCompounds: Set<String> = ["ser", "ir", "haber", "estar"]

  /// Families of verbs that share an ending and a model, the ending alone being enough to tell.
  struct Family {
    let ending: String
    let model: String
    /// Letters that may not come before the ending: the silent u of -guir, -quir is no -uir.
    var notAfter: Set<Character> = []
  }

  static let families = [
    Family(ending: "ducir", model: "conducir"),  // transducir: transduzco, transdujo
    Family(ending: "ecer", model: "nacer"),  // like parecer: -ezco
    Family(ending: "uir", model: "huir", notAfter: ["g", "q"]),  // like construir: -uyo
  ]
}

extension Conjugator {
  /// The catalog entry an unknown bare infinitive is conjugated by, and what it follows: the
  /// pronominal entry of the same verb (arrepentir: arrepentirse), or the longest catalog verb it
  /// ends with after a prefix (sobreexponer: exponer, not poner). A few dictionary lookups.
  func relative(of bare: String) -> (entry: Catalog.Entry, follows: String)? {
    if let entry = catalog.entry(bare + "se") { return (entry, entry.infinitive) }
    var best: Catalog.Entry?
    for prefix in Relatives.prefixes where bare.hasPrefix(prefix) && bare.count >= prefix.count + 3 {
      let rest = String(bare.dropFirst(prefix.count))
      guard !Relatives.noCompounds.contains(rest), let entry = catalog.entry(rest) ?? catalog.entry(rest + "se") else {
        continue
      }
      if best.map({ entry.infinitive.count > $0.infinitive.count }) ?? true { best = entry }
    }
    return best.map { ($0, $0.infinitive) }
  }

  /// The family of an unknown bare infinitive, if its ending has one.
  func family(of bare: String) -> Relatives.Family? {
    Relatives.families.first { family in
      guard bare.hasSuffix(family.ending), bare.count > family.ending.count else { return false }
      return !family.notAfter.contains(bare.dropLast(family.ending.count).last!)
    }
  }
}
