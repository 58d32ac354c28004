/// Plain text's white space, by Unicode's properties alone: what Foundation's `CharacterSet` gave,
/// without Foundation's internationalisation (ICU) linked in for it (docs/performance.md).
extension Unicode.Scalar {
  /// A space (Unicode's category Zs), the tab, or the zero-width space (U+200B, a space in Unicode
  /// before 4.0.1): Foundation's `CharacterSet.whitespaces`.
  public var isSpace: Bool { self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator }

  /// A space or a line break (LF, VT, FF, CR, NEL, U+2028, U+2029): Unicode's White_Space and the
  /// zero-width space, Foundation's `CharacterSet.whitespacesAndNewlines`.
  public var isSpaceOrLineBreak: Bool { self == "\u{200B}" || properties.isWhitespace }
}

extension StringProtocol {
  /// The text without the spaces and tabs at either end (`trimmingCharacters(in: .whitespaces)`).
  public func trimmingSpaces() -> String { trimming(\.isSpace) }

  /// The text without the spaces and line breaks at either end
  /// (`trimmingCharacters(in: .whitespacesAndNewlines)`).
  public func trimmingWhitespace() -> String { trimming(\.isSpaceOrLineBreak) }

  /// The text without the scalars at either end that `trimmed` says go: scalar by scalar, as
  /// Foundation trims (a combining mark after a trimmed space stays).
  func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !trimmed($0) })!
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[first...last])
    return text
  }
}
