/// Text for searching: lower case, without accents and tildes, as bytes ("Está" and "esta" are
/// the same). A search forgives a missing tilde too (año finds ano): it is not an answer.
public func folded(_ text: String) -> [UInt8] {
  // Most infinitives are plain lower-case ASCII already (the list folds 14,000 of them at start),
  // and most glosses ASCII: lower-casing is then all there is to do.
  if text.utf8.allSatisfy({ $0 < 0x80 }) {
    return text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
  }
  var result: [UInt8] = []
  result.reserveCapacity(text.utf8.count)
  for character in text.lowercased() {
    switch character {
    case "á", "à", "â", "ä": result.append(UInt8(ascii: "a"))
    case "é", "è", "ê", "ë": result.append(UInt8(ascii: "e"))
    case "í", "ì", "î", "ï": result.append(UInt8(ascii: "i"))
    case "ó", "ò", "ô", "ö": result.append(UInt8(ascii: "o"))
    case "ú", "ù", "û", "ü": result.append(UInt8(ascii: "u"))
    case "ñ": result.append(UInt8(ascii: "n"))
    case "ç": result.append(UInt8(ascii: "c"))
    default: result += character.utf8
    }
  }
  return result
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs in these bytes. (Plain loops: a search runs on every key typed.)
  public func includes(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    var start = 0
    while start + needle.count <= count {
      if occurs(needle, at: start) { return true }
      start += 1
    }
    return false
  }

  /// Whether `needle` occurs here from `start`.
  public func occurs(_ needle: [UInt8], at start: Int) -> Bool {
    guard start + needle.count <= count else { return false }
    var i = 0
    while i < needle.count {
      if self[start + i] != needle[i] { return false }
      i += 1
    }
    return true
  }
}
