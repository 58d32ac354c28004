/// How well an item was remembered at a review: FSRS's four grades, with py-fsrs's numbers.
public enum Rating: Int, Sendable, Codable, CaseIterable, Comparable {
  /// Forgotten: the answer was wrong, or the learner asked to be shown it.
  case again = 1
  /// Remembered with trouble: right but for the accents, or right after a hint.
  case hard = 2
  /// Remembered.
  case good = 3
  /// Remembered at once: right at the first try, and fast.
  case easy = 4

  /// The name the history and the command line use: `again`, `hard`, `good`, `easy`.
  public var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  /// The rating named `name` (`again`, `hard`, `good`, `easy`), or nil.
  public init?(name: String) {
    guard let rating = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = rating
  }

  public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What became of one question, as far as the rating cares. (The store's `AnswerResult` has the
/// first three; `shown` is an answer the learner asked to see instead of giving one.)
public enum AnswerOutcome: String, Sendable, Codable, CaseIterable {
  case correct
  case accentsOnly = "accents-only"
  case wrong
  case shown
}

extension Rating {
  /// The rating an answer earns:
  /// - wrong, or "show me" → `again`;
  /// - right but for the accents, or right after a hint → `hard`;
  /// - right → `good`;
  /// - right at the first try, without a hint, within ``easyLimit(letters:)`` seconds → `easy`.
  ///
  /// With only the result known (an imported answer, an old history), the defaults give the rating
  /// from the result alone: correct → good, accents-only → hard, wrong → again.
  ///
  /// - Parameters:
  ///   - firstTry: the first answer given to this question (not a retry after feedback).
  ///   - hinted: a hint was shown before the answer.
  ///   - seconds: the response time, when known; unknown never earns `easy`.
  ///   - letters: the letters of the expected form, which lengthen the time allowed for `easy`.
  public init(result: AnswerOutcome, firstTry: Bool = false, hinted: Bool = false, seconds: Double? = nil, letters: Int = 0) {
    switch result {
    case .wrong, .shown: self = .again
    case .accentsOnly: self = .hard
    case .correct:
      if hinted {
        self = .hard
      } else if firstTry, let seconds, seconds <= Self.easyLimit(letters: letters) {
        self = .easy
      } else {
        self = .good
      }
    }
  }

  /// The time within which a right answer is `easy`: 1.5 s to read and start, plus 0.15 s a letter.
  /// (Counted in hundredths, so that 9 letters give 2.85 s and not 2.8499999999999996.)
  public static func easyLimit(letters: Int) -> Double { Double(150 + 15 * max(0, letters)) / 100 }
}
