import Foundation
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// What makes a form a leech and what its miss does, as the settings say (Leeches, Leech action).
public struct LeechRule: Sendable, Equatable {
  /// A form forgotten this many times since it was learned is a leech.
  public var lapses: Int
  /// Whether a leech's miss suspends its form.
  public var suspends: Bool

  public init(lapses: Int, suspends: Bool) {
    self.lapses = lapses
    self.suspends = suspends
  }

  /// The settings' rule; nil when leeches are off.
  public init?(_ settings: SettingValues) {
    guard let lapses = settings.leechThreshold.count else { return nil }
    self.init(lapses: lapses, suspends: settings.leechAction == .suspend)
  }
}

extension Session {
  /// An answer as the session kept it (``keepLastAnswer(in:from:)``): its form's new review state,
  /// what it earned, when the form comes back, and whether it was a leech's miss.
  public struct Kept: Sendable, Equatable {
    /// The form's review state after the answer.
    public var state: ItemState
    /// What the answer earned.
    public var rating: Rating
    /// When the form is due again (suspended by a leech's miss, it is not asked until unsuspended).
    public var comesBack: Date { state.card.due }
    /// A leech's miss: the form's lapses, and whether the miss suspended it.
    public var leech: Leech?
  }

  /// A miss of a leech (``LeechRule``).
  public struct Leech: Sendable, Equatable {
    /// The times the form was forgotten since it was learned.
    public var lapses: Int
    /// Whether this miss suspended it (the rule says so, and it was not suspended already); an
    /// undo of the answer takes the suspension back.
    public var suspended: Bool

    public init(lapses: Int, suspended: Bool) {
      self.lapses = lapses
      self.suspended = suspended
    }
  }

  /// Keeps the last answer in `history` (the World's score board) with its item's new review state, and a
  /// leech's suspension if the rule says so, in one transaction, the moment it is given (every
  /// session does: a quiz stopped early loses nothing); what was kept, or why it could not be.
  public mutating func keepLastAnswer(in history: Scoreboard, from origin: AnswerOrigin) -> Result<Kept, any Error> {
    guard let answer = answers.last else { return .failure(CancellationError()) }
    let suspending = leeches.flatMap { $0.suspends ? $0.lapses : nil }
    let kept: KeptAnswer
    do {
      kept = try history.answers.recordAnswer(answer.answered, origin, suspending)
    } catch {
      return .failure(error)
    }
    self.kept[answers.count - 1] = kept
    // Outside the scored quiz, a form rated again or hard in its learning steps comes back in
    // this session when the step is due.
    if origin == .review, [.again, .hard].contains(answer.rating),
      [.learning, .relearning].contains(kept.state.card.state)
    {
      bringBack(answer.question, at: kept.state.card.due)
    }
    bringBackDue()
    let leech = leeches.flatMap { rule in
      kept.state.isLeech(missedBy: answer.answered, at: rule.lapses)
        ? Leech(lapses: kept.state.lapses, suspended: kept.suspended != nil) : nil
    }
    return .success(Kept(state: kept.state, rating: answer.rating, leech: leech))
  }

  /// "I was right" (`!`): the last answer, judged wrong or right but for accents, counted right —
  /// rated good — in the session (its score with it) and in the World's history: the answer as
  /// judged is taken back exactly (as `u` takes it back: a finished quiz's score and a leech's
  /// suspension with it) and kept again, right and marked as overridden, so that it can be
  /// audited. Nil when the last answer was right already.
  public mutating func overrideLastAnswer(in history: Scoreboard, from origin: AnswerOrigin) throws -> Kept? {
    guard let last = answers.last, last.result != .correct else { return nil }
    try undoLastAnswer(in: history)
    answerAgain(last)
    return try keepLastAnswer(in: history, from: origin).get()
  }

  /// Takes the last answer back: out of the World's history (its item's state and the statistics
  /// as they were, a suspension it made taken back) if it was kept, with the score of the finished
  /// quiz it ended, and out of the session, whose question is asked again. (Given the score board
  /// alone: what it uses.)
  public mutating func undoLastAnswer(in history: Scoreboard) throws {
    guard !answers.isEmpty else { return }
    if let id = reportedScore {
      try history.answers.withdrawScore(id)
      reportedScore = nil
    }
    if let kept = kept[answers.count - 1] { try history.answers.undoAnswer(kept) }
    kept[answers.count - 1] = nil
    undoLast()
  }
}
