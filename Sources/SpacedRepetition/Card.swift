import Foundation

/// Where an item is in its life, with py-fsrs's numbers.
public enum CardState: Int, Sendable, Codable, CaseIterable {
  /// New, or still going through the learning steps (minutes apart).
  case learning = 1
  /// Graduated: reviewed at intervals of whole days.
  case review = 2
  /// Forgotten in review, going through the relearning steps before it graduates again.
  case relearning = 3

  /// The name the command line uses: `learning`, `review`, `relearning`.
  public var name: String {
    switch self {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }

  /// The state named `name`, or nil.
  public init?(name: String) {
    guard let state = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = state
  }
}

/// The review state of one item: py-fsrs's `Card` without its id (the item is the caller's key).
public struct Card: Sendable, Equatable, Codable {
  public var state: CardState
  /// The learning or relearning step the item is at (0-based); nil in review.
  public var step: Int?
  /// S: the days after which the chance of recalling the item has fallen to 90 %.
  /// Nil until the first review.
  public var stability: Double?
  /// D: how hard the item is, from 1 (easiest) to 10. Nil until the first review.
  public var difficulty: Double?
  /// When the item should next be asked.
  public var due: Date
  /// When it was last reviewed; nil before the first review.
  public var lastReview: Date?

  public init(
    state: CardState, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?
  ) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
  }

  /// A new item, never reviewed: learning, at step 0, due at `due` (py-fsrs: now).
  public init(due: Date) {
    self.init(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
  }
}
