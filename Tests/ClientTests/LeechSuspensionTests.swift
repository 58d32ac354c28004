import Foundation
import ScoreboardClient
import SpacedRepetition
import Testing

/// A leech's miss suspends its form in the answer's own transaction when asked to
/// (`recordAnswer`'s `suspendingLeechesAt`), and its undo takes the suspension back with it: in the
/// database and in memory alike.
@Suite struct LeechSuspensionTests {
  static let tener = ItemMarksTests.tener

  /// Learned (right on three days), then forgotten: a lapse at the fourth answer.
  static let learned = [0, 1, 10].map { ItemMarksTests.answer(tener, .correct, at: Double($0) * 86_400) }
  static let forgotten = ItemMarksTests.answer(tener, .wrong, at: 60 * 86_400)

  @Test func aLeechsMissSuspendsItAndItsUndoTakesItBack() throws {
    try ItemMarksTests.boards { board in
      _ = try board.answers.importAnswers(Self.learned)
      let before = try board.items.items(nil)
      let kept = try board.answers.recordAnswer(Self.forgotten, .review, 1)
      try #require(kept.state.lapses == 1)
      #expect(kept.suspended == Self.forgotten.date)
      #expect(try board.items.itemMarks().suspended == [Self.tener])
      try board.answers.undoAnswer(kept)
      #expect(try board.items.itemMarks().suspended == [])
      #expect(try board.items.items(nil) == before)
    }
  }

  @Test func belowTheThresholdOrUnaskedNothingIsSuspended() throws {
    try ItemMarksTests.boards { board in
      _ = try board.answers.importAnswers(Self.learned)
      #expect(try board.answers.recordAnswer(Self.forgotten, .review, 2).suspended == nil)
      #expect(try board.answers.recordAnswer(ItemMarksTests.answer(Self.tener, .wrong, at: 61 * 86_400), .review).suspended == nil)
      #expect(try board.items.itemMarks().suspended == [])
    }
  }

  /// A form suspended already: the miss suspends nothing, so its undo leaves the suspension.
  @Test func aSuspensionTheMissDidNotMakeStays() throws {
    try ItemMarksTests.boards { board in
      _ = try board.answers.importAnswers(Self.learned)
      _ = try board.items.markItems([ItemEvent(item: Self.tener, action: .suspend, date: ItemMarksTests.start + 86_400)])
      let kept = try board.answers.recordAnswer(Self.forgotten, .review, 1)
      #expect(kept.suspended == nil)
      try board.answers.undoAnswer(kept)
      #expect(try board.items.itemMarks().suspended == [Self.tener])
    }
  }
}
