import Foundation
import PlainText

/// How much a day of the week carries (Anki's easy days, issue 41): a normal day, a reduced day
/// (about half a normal day's minutes) or a minimum day (about none). ``DayPlan`` reads them.
public enum DayKind: String, Sendable, Codable, CaseIterable {
  case normal, reduced, minimum

  /// The share of a normal day's minutes the day should carry.
  public var capacity: Double {
    switch self {
    case .normal: 1
    case .reduced: 0.5
    case .minimum: 0
    }
  }
}

/// What each day of the week carries, written `sat:minimum,sun:reduced` (the days not named are
/// normal; `none`: every day normal).
public struct EasyDays: Sendable, Equatable, Codable, RawRepresentable {
  /// Sunday first, as `Calendar`'s weekdays 1…7.
  public var kinds: [DayKind]

  /// The names of the days, Sunday first.
  public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// Every day normal.
  public static let none = EasyDays(kinds: Array(repeating: .normal, count: 7))

  public init(kinds: [DayKind]) {
    precondition(kinds.count == 7, "a kind for each day of the week")
    self.kinds = kinds
  }

  /// `sat:minimum,sun:reduced`, `none` or empty; nil if a day or a kind is not one, or a day is
  /// named twice.
  public init?(rawValue: String) {
    let text = rawValue.trimmingSpaces().lowercased()
    var kinds = Self.none.kinds
    guard text != "none" && !text.isEmpty else {
      self.kinds = kinds
      return
    }
    var named = Set<Int>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
      guard pair.count == 2, let day = Self.dayNames.firstIndex(of: String(pair[0].prefix(3))),
        pair[0].count == 3, let kind = DayKind(rawValue: pair[1]), named.insert(day).inserted
      else { return nil }
      kinds[day] = kind
    }
    self.kinds = kinds
  }

  /// `sat:minimum,sun:reduced` (Monday first), or `none`.
  public var rawValue: String {
    let order = [1, 2, 3, 4, 5, 6, 0]
    let parts = order.filter { kinds[$0] != .normal }.map { "\(Self.dayNames[$0]):\(kinds[$0].rawValue)" }
    return parts.isEmpty ? "none" : parts.joined(separator: ",")
  }

  /// Whether some day is not normal.
  public var isSet: Bool { kinds.contains { $0 != .normal } }


  /// The kind of the local day `day` (days since 1970-01-01).
  public func kind(ofDay day: Int) -> DayKind { kinds[Self.weekday(ofDay: day)] }

  /// The weekday of the local day `day`, Sunday 0 (``Civil/weekday(ofDay:)``).
  @inlinable public static func weekday(ofDay day: Int) -> Int { Civil.weekday(ofDay: day) }
}
