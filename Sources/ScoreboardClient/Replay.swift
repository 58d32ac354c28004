import Foundation
import SpacedRepetition

/// How the forms' review states follow from the answers: the one rule, so that every copy of a
/// history (two machines that sync, an export imported, a salvaged file) computes the same
/// schedule from the same answers.
///
/// - **Which answers count**: a form's answers after its last reset (``ItemMarks/counts(_:)``).
/// - **In what order**: one total order, the same on every machine (``precedes(_:_:)``): the time
///   as the history keeps it (whole seconds), then the answer's identity (``AnswerIdentity``),
///   never the order in which a machine happened to keep them. The database orders its answers the
///   same way (`ORDER BY date, uid`).
/// - **The fold**: each answer's state from the one before (``ItemState/after(_:_:scheduler:)``).
///
/// Replaying everything (a fitted memory put in use, the doctor's check), one form (an undo, a
/// reset), an import, a bulk import and a salvage all go through here.
public struct Replay: Sendable {
  public var scheduler: Scheduler
  /// The marks that say which answers count.
  public var marks: ItemMarks

  public init(scheduler: Scheduler, marks: ItemMarks) {
    self.scheduler = scheduler
    self.marks = marks
  }

  /// Whether `a` comes before `b`: the earlier second, then, within a second, the smaller
  /// identity (an answer without one, from before identities, first).
  public static func precedes(_ a: AnsweredQuestion, _ b: AnsweredQuestion) -> Bool {
    let x = second(a.date), y = second(b.date)
    return x != y ? x < y : (a.id ?? "") < (b.id ?? "")
  }

  /// `answers` in the order of ``precedes(_:_:)``.
  public static func ordered(_ answers: some Sequence<AnsweredQuestion>) -> [AnsweredQuestion] {
    answers.sorted(by: precedes)
  }

  /// The second the history keeps a date as.
  public static func second(_ date: Date) -> Int64 {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    return seconds.isFinite ? Int64(max(-1e15, min(1e15, seconds))) : 0
  }

  /// Folds `answer` onto `states` if it counts; `answer` must come after every answer folded so far
  /// for its form (``follows(_:_:)``).
  public func fold(_ answer: AnsweredQuestion, onto states: inout [Item: ItemState]) {
    guard marks.counts(answer) else { return }
    states[answer.item] = state(after: states[answer.item], answer)
  }

  /// The state `answer` leaves after `state`, whether it counts or not: what the verdict of an
  /// answer that does not count says (given before a reset another machine made later by its
  /// clock, it leaves its form's state as it was).
  public func state(after state: ItemState?, _ answer: AnsweredQuestion) -> ItemState {
    ItemState.after(state, answer, scheduler: scheduler)
  }

  /// Every form's state from `answers`, which are in the order of ``precedes(_:_:)``.
  public func states(ofOrdered answers: some Sequence<AnsweredQuestion>) -> [Item: ItemState] {
    var states: [Item: ItemState] = [:]
    for answer in answers { fold(answer, onto: &states) }
    return states
  }

  /// Every form's state from `answers`, in any order.
  public func states(of answers: some Sequence<AnsweredQuestion>) -> [Item: ItemState] {
    states(ofOrdered: Self.ordered(answers))
  }

  /// Whether `answer` can be folded onto `state` rather than the form replayed from its answers:
  /// it comes after every answer `state` was made of (a later second than its last review; in the
  /// same second the identities decide, which the state does not keep).
  public static func follows(_ state: ItemState?, _ answer: AnsweredQuestion) -> Bool {
    guard let last = state?.card.lastReview else { return true }
    return second(answer.date) > second(last)
  }
}
