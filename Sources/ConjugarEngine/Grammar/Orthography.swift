/// Spelling rules of Spanish that every verb obeys: how a stem meets an ending, where the written
/// accent goes, how clitics attach. Irregular verbs are described elsewhere, as data; what is here is
/// what the grammar calls orthographic, and applies to regular verbs too (busqué, creyó, plañó).
enum Orthography {
  // Letters are classified by their Unicode scalar: a switch on a number is much faster than
  // hashing or comparing Characters, and the engine asks these questions millions of times.
  private static func scalar(_ c: Character) -> UInt32 { c.unicodeScalars.first!.value }

  /// a, e, o, with or without accent.
  static func isStrong(_ c: Character) -> Bool {
    switch scalar(c) {
    case 0x61, 0x65, 0x6F, 0xE1, 0xE9, 0xF3: true
    default: false
    }
  }

  /// i, u, ü, with or without accent.
  static func isWeak(_ c: Character) -> Bool {
    switch scalar(c) {
    case 0x69, 0x75, 0xFC, 0xED, 0xFA: true
    default: false
    }
  }

  static func isVowel(_ c: Character) -> Bool { isStrong(c) || isWeak(c) }

  /// á, é, í, ó, ú.
  static func hasAccent(_ c: Character) -> Bool {
    switch scalar(c) {
    case 0xE1, 0xE9, 0xED, 0xF3, 0xFA: true
    default: false
    }
  }

  static func withoutAccent(_ c: Character) -> Character {
    switch scalar(c) {
    case 0xE1: "a"
    case 0xE9: "e"
    case 0xED: "i"
    case 0xF3: "o"
    case 0xFA: "u"
    default: c
    }
  }

  static func withAccent(_ c: Character) -> Character {
    switch scalar(c) {
    case 0x61: "á"
    case 0x65: "é"
    case 0x69: "í"
    case 0x6F: "ó"
    case 0x75: "ú"
    default: c
    }
  }

  /// Whether the word has a written accent, without splitting it into Characters.
  static func containsAccent(_ word: String) -> Bool {
    word.unicodeScalars.contains {
      switch $0.value {
      case 0xE1, 0xE9, 0xED, 0xF3, 0xFA: true
      default: false
      }
    }
  }

  /// The word with its acute accents removed (ü and ñ are kept).
  static func withoutAccents(_ word: String) -> String {
    guard containsAccent(word) else { return word }
    return String(word.map(withoutAccent))
  }

  /// Folds a word for accent-insensitive search: no accents, no diaeresis, lower case.
  static func folded(_ word: String) -> String {
    String(word.lowercased().map { $0 == "ü" ? "u" : withoutAccent($0) })
  }

  // MARK: Stem + ending

  /// Joins a stem to an ending. The stem is spelled as it is before `reference`, the vowel that
  /// follows it in the infinitive (or in the form it was taken from): "sac" before "a".
  /// The sound of its last consonant is kept before the ending's vowel (saqué, venzo, cojo, sigo,
  /// delinco, averigüé), an unstressed i between vowels becomes y (creyó, huyendo) or is absorbed
  /// after ñ, ll and i (plañó, bulló, rio), and a stressed i after a strong vowel is written í (creíste).
  static func attach(_ stem: String, _ ending: String, reference: Character) -> String {
    guard let first = ending.first, let last = stem.last else { return stem + ending }
    var stem = stem
    var ending = ending
    let front = isFront(first)
    let referenceFront = isFront(reference)

    // 1. Keep the consonant's sound.
    if front != referenceFront {
      if stem.hasSuffix("qu") {
        if !front { stem.removeLast(2); stem += "c" }
      } else if stem.hasSuffix("gu") && referenceFront {
        if !front { stem.removeLast() }  // seguir: sigo
      } else if stem.hasSuffix("gu") {
        if front { stem.removeLast(); stem += "ü" }  // aguar: agüé
      } else if stem.hasSuffix("gü") {
        if !front { stem.removeLast(); stem += "u" }
      } else if last == "c" {
        stem.removeLast()
        stem += referenceFront ? "z" : "qu"  // vencer: venzo; sacar: saqué
      } else if last == "z" {
        if front { stem.removeLast(); stem += "c" }  // rozar: rocé
      } else if last == "g" {
        stem.removeLast()
        stem += referenceFront ? "j" : "gu"  // coger: cojo; pagar: pagué
      }
    }

    // 2. An ending's i, in contact with the stem.
    if first == "i" {
      let next = ending.dropFirst().first
      let beforeVowel = next.map(isVowel) ?? false
      if beforeVowel {
        if stem.hasSuffix("ñ") || stem.hasSuffix("ll") || stem.last == "i" || stem.last == "í" {
          ending.removeFirst()  // plañó, bulló, rio
        } else if endsInVowel(stem) {
          ending.removeFirst()
          ending = "y" + ending  // creyó, huyendo
          if stem.last == "ü" { stem.removeLast(); stem += "u" }  // arguyó
        }
      } else if let last = stem.last, isStrong(last) {
        ending.removeFirst()
        ending = "í" + ending  // creíste, oímos, caído
      }
    }
    return stem + ending
  }

  /// e, i, é, í: the vowels before which c and g soften.
  static func isFront(_ c: Character) -> Bool {
    switch scalar(c) {
    case 0x65, 0x69, 0xE9, 0xED: true
    default: false
    }
  }

  /// Whether the stem ends in a vowel that is pronounced (not the silent u of gu, qu).
  static func endsInVowel(_ stem: String) -> Bool {
    guard let last = stem.last, isVowel(last) else { return false }
    if last == "u" {
      let before = stem.dropLast().last
      return before != "g" && before != "q"
    }
    return true
  }

  // MARK: Syllables and stress

  /// The vowel groups that carry a syllable each, as index ranges into `chars`.
  /// Follows the orthographic convention of 2010: any weak vowel without accent forms a diphthong
  /// with its neighbour (so fie, guio, hui are monosyllables); two strong vowels, or a stressed weak
  /// one beside a strong one, are in hiatus.
  static func nuclei(_ chars: [Character]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    var i = 0
    while i < chars.count {
      guard isSyllabic(chars, i) else { i += 1; continue }
      var end = i
      while end + 1 < chars.count, isSyllabic(chars, end + 1), !isHiatus(chars[end], chars[end + 1]) {
        end += 1
      }
      result.append(i...end)
      i = end + 1
    }
    return result
  }

  private static func isSyllabic(_ chars: [Character], _ i: Int) -> Bool {
    let c = chars[i]
    if c == "y" {  // a vowel only at the end of a word after a vowel: hay, doy
      return i == chars.count - 1 && i > 0 && isVowel(chars[i - 1])
    }
    guard isVowel(c) else { return false }
    if c == "u", i > 0, chars[i - 1] == "q" || chars[i - 1] == "g", i + 1 < chars.count,
      isFront(chars[i + 1])
    {
      return false  // the silent u of que, gui
    }
    return true
  }

  private static func isHiatus(_ a: Character, _ b: Character) -> Bool {
    if isStrong(a) && isStrong(b) { return true }
    if (a == "í" || a == "ú") && isStrong(b) { return true }
    if (b == "í" || b == "ú") && isStrong(a) { return true }
    return false
  }

  /// The index of the stressed syllable among `nuclei`: the written accent if there is one,
  /// otherwise the next-to-last syllable for words ending in a vowel, n or s, and the last otherwise.
  static func stressedNucleus(_ chars: [Character], _ nuclei: [ClosedRange<Int>]) -> Int {
    if let accent = chars.firstIndex(where: hasAccent),
      let n = nuclei.firstIndex(where: { $0.contains(accent) })
    {
      return n
    }
    return defaultStress(chars, nuclei)
  }

  private static func defaultStress(_ chars: [Character], _ nuclei: [ClosedRange<Int>]) -> Int {
    guard let last = chars.last, nuclei.count > 1 else { return 0 }
    let plain = withoutAccent(last)
    let llana = isVowel(plain) || plain == "n" || plain == "s"
    return llana ? nuclei.count - 2 : nuclei.count - 1
  }

  /// The letter of a syllable that takes the written accent: its strong vowel, or the last one.
  private static func accentSlot(_ chars: [Character], _ nucleus: ClosedRange<Int>) -> Int {
    nucleus.first(where: { isStrong(chars[$0]) }) ?? nucleus.upperBound
  }

  /// Removes the written accent of a monosyllable (dio, vio, fue, fie, hui): monosyllables take no
  /// accent but the diacritic one, which this is never asked about.
  static func monosyllableWithoutAccent(_ form: String) -> String {
    // The longest accented monosyllables of verbs have six letters (guiáis, friáis).
    guard form.utf8.count <= 12, containsAccent(form) else { return form }
    let chars = Array(form)
    guard nuclei(chars).count == 1 else { return form }  // creí, río: the accent marks a hiatus
    return String(chars.map(withoutAccent))
  }

  /// Writes the accent a word needs once it is longer than the form it came from: a monosyllabic
  /// form stressed on its only syllable (ten, pon, ve, di), given a prefix, becomes an oxytone that
  /// follows the general rules (mantén, compón, prevé; but sobresal, deshaz).
  static func prefixed(_ prefix: String, _ form: String) -> String {
    guard !prefix.isEmpty else { return form }
    let chars = Array(form)
    let ns = nuclei(chars)
    guard ns.count == 1, let n = ns.first else { return prefix + form }
    let last = withoutAccent(chars[chars.count - 1])
    let needsAccent = isVowel(last) || last == "n" || last == "s"
    var result = chars.map(withoutAccent)
    if needsAccent { result[accentSlot(chars, n)] = withAccent(result[accentSlot(chars, n)]) }
    return prefix + String(result)
  }

  // MARK: Clitics

  /// Attaches an enclitic pronoun, moving the written accent as the new length requires:
  /// lava + te → lávate, lavá + te → lavate, lavando + se → lavándose, vestid + os → vestíos.
  /// `dropping` removes the last letter of the form first (lavemos + nos → lavémonos, lavad + os → lavaos).
  static func enclitic(_ form: String, _ clitic: String, dropping: Bool = false) -> String {
    var chars = Array(form)
    let ns = nuclei(chars)
    guard !ns.isEmpty else { return form + clitic }
    let stressed = stressedNucleus(chars, ns)
    let slot = chars.firstIndex(where: hasAccent) ?? accentSlot(chars, ns[stressed])
    if dropping { chars.removeLast() }

    // A stressed i or u beside a strong vowel keeps its accent whatever the length: reírse, oíos.
    let c = chars[slot]
    if c == "í" || c == "ú" {
      let neighbours = [slot - 1, slot + 1].filter { chars.indices.contains($0) }.map { chars[$0] }
      if neighbours.contains(where: isStrong) { return String(chars) + clitic }
    }
    var word = chars
    word[slot] = withoutAccent(word[slot])
    word += Array(clitic)
    let wordNuclei = nuclei(word)
    let natural = defaultStress(word, wordNuclei)
    if wordNuclei[natural].contains(slot) { return String(word) }
    word[slot] = withAccent(word[slot])
    return String(word)
  }
}
