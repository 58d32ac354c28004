/// A text found in another as it is written, scalar for scalar (Foundation's `.literal` search):
/// what this project used Foundation's `replacingOccurrences(of:with:)`, `contains(_:)`,
/// `range(of:options: .backwards)` and `padding(toLength:withPad:startingAt:)` for, without its
/// internationalisation linked in. Not Swift's comparison by characters, in which `"` followed by a
/// combining accent is no `"` (a CSV field's quote would not be doubled), nor `\r\n` a `\n`.
/// `@inlinable`, so that a caller specializes them for its String or Substring: unspecialized, each
/// scalar compared went through generic `Collection` code (a salvage's check of every text for
/// U+FFFD was most of the damage fuzz test's time).
extension StringProtocol {
  /// Whether `text` is in this one.
  @inlinable public func contains(literal text: String) -> Bool { firstRange(ofLiteral: text) != nil }

  /// This text with every `text` in it, from the start, replaced by `replacement`.
  @inlinable public func replacing(literal text: String, with replacement: String) -> String {
    var result = String.UnicodeScalarView()
    let scalars = unicodeScalars
    var index = scalars.startIndex
    var copied = index
    while !text.isEmpty, index < scalars.endIndex {
      if scalars[index...].starts(with: text.unicodeScalars) {
        result.append(contentsOf: scalars[copied..<index])
        result.append(contentsOf: replacement.unicodeScalars)
        index = scalars.index(index, offsetBy: text.unicodeScalars.count)
        copied = index
      } else {
        scalars.formIndex(after: &index)
      }
    }
    result.append(contentsOf: scalars[copied...])
    return String(result)
  }

  /// Where `text` first is in this one.
  @inlinable public func firstRange(ofLiteral text: String) -> Range<Index>? {
    guard !text.isEmpty else { return nil }
    let scalars = unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if scalars[index...].starts(with: text.unicodeScalars) {
        return index..<scalars.index(index, offsetBy: text.unicodeScalars.count)
      }
      scalars.formIndex(after: &index)
    }
    return nil
  }

  /// Where `text` last is in this one.
  @inlinable public func lastRange(ofLiteral text: String) -> Range<Index>? {
    guard !text.isEmpty else { return nil }
    let scalars = unicodeScalars
    var index = scalars.endIndex
    while index > scalars.startIndex {
      scalars.formIndex(before: &index)
      if scalars[index...].starts(with: text.unicodeScalars) {
        return index..<scalars.index(index, offsetBy: text.unicodeScalars.count)
      }
    }
    return nil
  }

  /// This text cut or padded with spaces to `length` UTF-16 units, as Foundation's
  /// `padding(toLength: length, withPad: " ", startingAt: 0)` counts them.
  @inlinable public func padded(toLength length: Int) -> String {
    var result = String.UnicodeScalarView()
    var units = 0
    for scalar in unicodeScalars {
      guard units + scalar.utf16.count <= length else { break }
      units += scalar.utf16.count
      result.append(scalar)
    }
    return String(result) + String(repeating: " ", count: length - units)
  }
}
