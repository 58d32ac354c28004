/// Counts as the messages write them, in every module (the history's checks, the screens, the commands):
/// one way to group a number.
extension Int {
  /// "12,345": thousands separated by commas.
  public var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }

  /// "1 answer", "443,195 answers": the count and `noun`, plural unless the count is 1.
  public func counted(_ noun: String) -> String { "\(grouped) \(noun)\(self == 1 ? "" : "s")" }
}
