/// The classes of defective verbs the catalog names with "D": which forms such a verb has.
/// A form outside the class does not exist and is left empty, never invented.
enum Defectiveness: String, Sendable, CaseIterable {
  /// Impersonal: third person singular only (llover: llueve, ha llovido; no imperative).
  case imper
  /// Third persons only (acaecer, concernir: concierne, conciernen).
  case terciop
  /// Third persons only, as *terciop* (empecer).
  case tercio
  /// Only the forms whose ending begins with i (abolir: abolimos, abolía, aboliré; no *abolo*).
  case imorfo
  /// Only the forms whose ending begins with e or i (balbucir: balbuces, balbucimos; no *balbuzo*).
  case eimorfo
  /// The present and imperfect, indicative and subjunctive, and their compounds (soler: suelo, solía, suela).
  case omorfo
  /// The preterite and the imperfect subjunctive, and their compounds (soler: solí, soliera, hube solido).
  case osmorfo
  /// Infinitive and participle only (usucapir, usucapido; with *haber*: ha usucapido).
  case bimorfop
  /// Infinitive and gerund only (raspahilar, raspahilando).
  case bimorfog
  /// Infinitive and the affirmative imperative of the second person only (abarse: ábate, abaos).
  case trimorfo
  /// The preterite and the imperfect and future subjunctive only (reponer, "to reply": repuso, repusiera).
  case ogmorfo
  /// Haber's impersonal use: third person singular only, with *hay* in the present.
  case hay

  func allows(_ tense: Tense, _ person: Person, conjugation: Conjugation) -> Bool {
    switch self {
    case .imper, .hay:
      return person == .el && tense.mood != .imperativo
    case .terciop, .tercio:
      return person.isThird && tense.mood != .imperativo
    case .imorfo, .eimorfo:
      if tense.isCompound { return true }
      if tense == .imperativoAfirmativo && person == .yo { return false }
      guard let first = Endings.regularInitial(tense, person, conjugation) else { return false }
      let letter = Orthography.withoutAccent(first)
      return letter == Letter.i || (self == .eimorfo && letter == Letter.e)
    case .omorfo:
      return [.presente, .imperfecto, .presenteSubjuntivo, .perfecto, .pluscuamperfecto, .perfectoSubjuntivo]
        .contains(tense)
    case .osmorfo:
      return [.preterito, .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .preteritoAnterior,
        .pluscuamperfectoSubjuntivoRa, .pluscuamperfectoSubjuntivoSe].contains(tense)
    case .bimorfop:
      return tense.isCompound
    case .bimorfog:
      return false
    case .trimorfo:
      return tense == .imperativoAfirmativo && [.tu, .vos, .vosotros].contains(person)
    case .ogmorfo:
      return [.preterito, .imperfectoSubjuntivoRa, .imperfectoSubjuntivoSe, .futuroSubjuntivo].contains(tense)
    }
  }

  var hasGerund: Bool { ![.bimorfop, .trimorfo, .ogmorfo].contains(self) }
  var hasParticiple: Bool { ![.bimorfog, .trimorfo, .ogmorfo].contains(self) }
}
