/// Spelling rules of Spanish that every verb obeys: how a stem meets an ending, where the written
/// accent goes, how clitics attach. Irregular verbs are described elsewhere, as data; what is here is
/// what the grammar calls orthographic, and applies to regular verbs too (busqué, creyó, plañó).
///
/// Words are Latin-1 letters (see `Letter`): a letter is a byte, and classifying one is a switch
/// on a number, for the engine asks these questions millions of times.
enum Orthography {
  /// a, e, o, with or without accent.
  static func isStrong(_ c: UInt8) -> Bool {
    switch c {
    case 0x61, 0x65, 0x6F, 0xE1, 0xE9, 0xF3: true
    default: false
    }
  }

  /// i, u, ü, with or without accent.
  static func isWeak(_ c: UInt8) -> Bool {
    switch c {
    case 0x69, 0x75, 0xFC, 0xED, 0xFA: true
    default: false
    }
  }

  static func isVowel(_ c: UInt8) -> Bool { isStrong(c) || isWeak(c) }

  /// á, é, í, ó, ú.
  static func hasAccent(_ c: UInt8) -> Bool {
    switch c {
    case 0xE1, 0xE9, 0xED, 0xF3, 0xFA: true
    default: false
    }
  }

  static func withoutAccent(_ c: UInt8) -> UInt8 {
    switch c {
    case 0xE1: Letter.a
    case 0xE9: Letter.e
    case 0xED: Letter.i
    case 0xF3: Letter.o
    case 0xFA: Letter.u
    default: c
    }
  }

  static func withAccent(_ c: UInt8) -> UInt8 {
    switch c {
    case 0x61: Letter.á
    case 0x65: Letter.é
    case 0x69: Letter.í
    case 0x6F: Letter.ó
    case 0x75: Letter.ú
    default: c
    }
  }

  /// e, i, é, í: the vowels before which c and g soften.
  static func isFront(_ c: UInt8) -> Bool {
    switch c {
    case 0x65, 0x69, 0xE9, 0xED: true
    default: false
    }
  }

  static func withoutAccent(_ c: Character) -> Character {
    guard let letter = latin1(c) else { return c }
    return Character(Unicode.Scalar(withoutAccent(letter)))
  }

  static func withAccent(_ c: Character) -> Character {
    guard let letter = latin1(c) else { return c }
    return Character(Unicode.Scalar(withAccent(letter)))
  }

  private static func latin1(_ c: Character) -> UInt8? {
    guard c.unicodeScalars.count == 1, let value = c.unicodeScalars.first?.value, value < 0x100 else { return nil }
    return UInt8(value)
  }

  /// Whether the word has a written accent.
  static func containsAccent(_ word: [UInt8]) -> Bool { word.contains(where: hasAccent) }

  /// The word with its acute accents removed (ü and ñ are kept).
  static func withoutAccents(_ word: [UInt8]) -> [UInt8] {
    guard containsAccent(word) else { return word }
    return word.map(withoutAccent)
  }

  // MARK: Stem + ending

  /// Joins a stem, the whole of `word`, to an ending. The stem is spelled as it is before
  /// `reference`, the vowel that follows it in the infinitive (or in the form it was taken from):
  /// "sac" before "a".
  /// The sound of its last consonant is kept before the ending's vowel (saqué, venzo, cojo, sigo,
  /// delinco, averigüé), an unstressed i between vowels becomes y (creyó, huyendo) or is absorbed
  /// after ñ, ll and i (plañó, bulló, rio), and a stressed i after a strong vowel is written í (creíste).
  static func attach(_ ending: [UInt8], to word: inout [UInt8], reference: UInt8) {
    guard let first = ending.first, let last = word.last else {
      word += ending
      return
    }
    let front = isFront(first)
    let referenceFront = isFront(reference)

    // 1. Keep the consonant's sound.
    if front != referenceFront {
      if hasSuffix(word, Letter.q, Letter.u) {
        if !front { word.removeLast(2); word.append(Letter.c) }
      } else if hasSuffix(word, Letter.g, Letter.u) && referenceFront {
        if !front { word.removeLast() }  // seguir: sigo
      } else if hasSuffix(word, Letter.g, Letter.u) {
        if front { word[word.count - 1] = Letter.ü }  // aguar: agüé
      } else if hasSuffix(word, Letter.g, Letter.ü) {
        if !front { word[word.count - 1] = Letter.u }
      } else if last == Letter.c {
        word.removeLast()
        if referenceFront { word.append(Letter.z) } else { word += [Letter.q, Letter.u] }  // vencer: venzo; sacar: saqué
      } else if last == Letter.z {
        if front { word[word.count - 1] = Letter.c }  // rozar: rocé
      } else if last == Letter.g {
        if referenceFront { word[word.count - 1] = Letter.j } else { word.append(Letter.u) }  // coger: cojo; pagar: pagué
      }
    }

    // 2. An ending's i, in contact with the stem.
    if first == Letter.i {
      let beforeVowel = ending.count > 1 && isVowel(ending[1])
      if beforeVowel {
        let last = word.last
        if last == Letter.ñ || hasSuffix(word, Letter.l, Letter.l) || last == Letter.i || last == Letter.í {
          word += ending.dropFirst()  // plañó, bulló, rio
          return
        } else if endsInVowel(word) {
          if last == Letter.ü { word[word.count - 1] = Letter.u }  // arguyó
          word.append(Letter.y)  // creyó, huyendo
          word += ending.dropFirst()
          return
        }
      } else if let last = word.last, isStrong(last) {
        word.append(Letter.í)  // creíste, oímos, caído
        word += ending.dropFirst()
        return
      }
    }
    word += ending
  }

  static func hasSuffix(_ word: [UInt8], _ a: UInt8, _ b: UInt8) -> Bool {
    word.count >= 2 && word[word.count - 2] == a && word[word.count - 1] == b
  }

  /// Whether `attach` leaves this stem and every regular ending of its conjugation as they are,
  /// and no form they make is a monosyllable (whose written accent `finish` would take away).
  /// -ar endings begin with a, á, e, é, o or ó: only a c, g, z or the u of gu, qu changes before
  /// e; a vowel before them is in hiatus with theirs, but for an unstressed i or u, which forms one
  /// syllable with it, so the stem must have another (cambi-é, not fi-é). -er and -ir endings also
  /// begin with i, which changes after a vowel, ñ or ll: the stem must end in a consonant.
  static func joinsPlainly(_ stem: [UInt8], _ conjugation: Conjugation) -> Bool {
    guard let last = stem.last, let first = nucleus(stem, from: 0) else { return false }
    switch last {
    case Letter.c, Letter.g, Letter.z, Letter.q: return false
    default: break
    }
    guard conjugation == .ar else {
      return !isVowel(last) && last != Letter.ñ && !hasSuffix(stem, Letter.l, Letter.l)
    }
    guard last == Letter.i || last == Letter.u || last == Letter.ü else { return true }
    if last != Letter.i, stem.count > 1, stem[stem.count - 2] == Letter.g || stem[stem.count - 2] == Letter.q {
      return false
    }
    return nucleus(stem, from: first.upperBound + 1) != nil
  }

  /// Whether the stem ends in a vowel that is pronounced (not the silent u of gu, qu).
  static func endsInVowel(_ stem: [UInt8]) -> Bool {
    guard let last = stem.last, isVowel(last) else { return false }
    if last == Letter.u, stem.count > 1 {
      let before = stem[stem.count - 2]
      return before != Letter.g && before != Letter.q
    }
    return true
  }

  // MARK: Syllables and stress

  /// The first vowel group at or after `start` that carries a syllable, as an index range into `word`.
  /// Follows the orthographic convention of 2010: any weak vowel without accent forms a diphthong
  /// with its neighbour (so fie, guio, hui are monosyllables); two strong vowels, or a stressed weak
  /// one beside a strong one, are in hiatus.
  static func nucleus(_ word: [UInt8], from start: Int) -> ClosedRange<Int>? {
    var i = start
    while i < word.count, !isSyllabic(word, i) { i += 1 }
    guard i < word.count else { return nil }
    var end = i
    while end + 1 < word.count, isSyllabic(word, end + 1), !isHiatus(word[end], word[end + 1]) { end += 1 }
    return i...end
  }

  static func isMonosyllable(_ word: [UInt8]) -> Bool {
    guard let first = nucleus(word, from: 0) else { return false }
    return nucleus(word, from: first.upperBound + 1) == nil
  }

  private static func isSyllabic(_ word: [UInt8], _ i: Int) -> Bool {
    let c = word[i]
    if c == Letter.y {  // a vowel only at the end of a word after a vowel: hay, doy
      return i == word.count - 1 && i > 0 && isVowel(word[i - 1])
    }
    guard isVowel(c) else { return false }
    if c == Letter.u, i > 0, word[i - 1] == Letter.q || word[i - 1] == Letter.g, i + 1 < word.count,
      isFront(word[i + 1])
    {
      return false  // the silent u of que, gui
    }
    return true
  }

  private static func isHiatus(_ a: UInt8, _ b: UInt8) -> Bool {
    if isStrong(a) && isStrong(b) { return true }
    if (a == Letter.í || a == Letter.ú) && isStrong(b) { return true }
    if (b == Letter.í || b == Letter.ú) && isStrong(a) { return true }
    return false
  }

  /// The syllable stressed when no accent is written: the next-to-last for words ending in a
  /// vowel, n or s, and the last otherwise; nil for a word without a vowel.
  private static func naturallyStressedNucleus(_ word: [UInt8]) -> ClosedRange<Int>? {
    guard var last = nucleus(word, from: 0) else { return nil }
    var beforeLast: ClosedRange<Int>?
    while let next = nucleus(word, from: last.upperBound + 1) {
      beforeLast = last
      last = next
    }
    guard let beforeLast else { return last }
    let plain = withoutAccent(word[word.count - 1])
    let llana = isVowel(plain) || plain == Letter.n || plain == Letter.s
    return llana ? beforeLast : last
  }

  /// The letter of a syllable that takes the written accent: its strong vowel, or the last one.
  private static func accentSlot(_ word: [UInt8], _ nucleus: ClosedRange<Int>) -> Int {
    nucleus.first(where: { isStrong(word[$0]) }) ?? nucleus.upperBound
  }

  /// Removes the written accent of a monosyllable (dio, vio, fue, fie, hui): monosyllables take no
  /// accent but the diacritic one, which this is never asked about.
  static func removeMonosyllableAccent(_ form: inout [UInt8]) {
    // The longest accented monosyllables of verbs have six letters (guiáis, friáis): twelve bytes
    // of UTF-8 at most, where every accented letter takes two.
    guard form.count <= 12, containsAccent(form) else { return }
    guard form.count + form.count(where: { $0 >= 0x80 }) <= 12 else { return }
    guard isMonosyllable(form) else { return }  // creí, río: the accent marks a hiatus
    for i in form.indices { form[i] = withoutAccent(form[i]) }
  }

  /// Writes the accent a word needs once it is longer than the form it came from: a monosyllabic
  /// form stressed on its only syllable (ten, pon, ve, di), given a prefix, becomes an oxytone that
  /// follows the general rules (mantén, compón, prevé; but sobresal, deshaz).
  static func prefixed(_ prefix: [UInt8], _ form: [UInt8]) -> [UInt8] {
    guard !prefix.isEmpty else { return form }
    guard isMonosyllable(form), let n = nucleus(form, from: 0) else { return prefix + form }
    let last = withoutAccent(form[form.count - 1])
    let needsAccent = isVowel(last) || last == Letter.n || last == Letter.s
    var result = form.map(withoutAccent)
    if needsAccent { result[accentSlot(form, n)] = withAccent(result[accentSlot(form, n)]) }
    return prefix + result
  }

  // MARK: Clitics

  /// Attaches an enclitic pronoun, moving the written accent as the new length requires:
  /// lava + te → lávate, lavá + te → lavate, lavando + se → lavándose, vestid + os → vestíos.
  /// `dropping` removes the last letter of the form first (lavemos + nos → lavémonos, lavad + os → lavaos).
  static func enclitic(_ form: [UInt8], _ clitic: [UInt8], dropping: Bool = false) -> [UInt8] {
    guard let stressed = naturallyStressedNucleus(form) else { return form + clitic }
    let slot = form.firstIndex(where: hasAccent) ?? accentSlot(form, stressed)
    var word = form
    if dropping { word.removeLast() }

    // A stressed i or u beside a strong vowel keeps its accent whatever the length: reírse, oíos.
    let c = word[slot]
    if c == Letter.í || c == Letter.ú {
      if (slot > 0 && isStrong(word[slot - 1])) || (slot + 1 < word.count && isStrong(word[slot + 1])) {
        return word + clitic
      }
    }
    word[slot] = withoutAccent(word[slot])
    word += clitic
    // A stressed i or u that the clitic puts beside a strong vowel is in hiatus, which the accent
    // marks: huid + os → huíos, as construid + os → construíos.
    if isWeak(word[slot]), slot + 1 < word.count, isStrong(word[slot + 1]) {
      word[slot] = withAccent(word[slot])
      return word
    }
    if naturallyStressedNucleus(word)!.contains(slot) { return word }
    word[slot] = withAccent(word[slot])
    return word
  }
}
