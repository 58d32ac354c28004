import ClockClient
import ConjugarWorlds
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Testing

/// Suspending and resetting forms, in the database and in memory alike: a suspended form is never
/// due; a reset form is new again, its answers kept, and every replay (an import, the fitted
/// memory, the doctor) leaves out the answers before the reset.
@Suite struct ItemMarksTests {
  static let start = HistoryDatabaseTests.start
  static let tener = Item(verb: "tener", tense: "presente", person: "yo")
  static let ser = Item(verb: "ser", tense: "presente", person: "yo")

  static func answer(_ item: Item, _ result: AnswerResult, at offset: TimeInterval) -> AnsweredQuestion {
    AnsweredQuestion(
      verb: item.verb, tense: item.tense, person: item.person, expected: "x", given: result == .wrong ? "y" : "x",
      result: result, date: start + offset)
  }

  /// The live board in a temporary folder, and the in-memory one, each given the same answers.
  static func boards(_ body: (Scoreboard) throws -> Void) throws {
    try withTemporaryDirectory { directory in try body(Scoreboard.live(directory: directory)) }
    try body(Scoreboard.inMemory())
  }

  @Test func aSuspendedFormIsNeverDueUntilTakenBack() throws {
    try Self.boards { board in
      _ = try board.answers.importAnswers([Self.answer(Self.tener, .wrong, at: 0), Self.answer(Self.ser, .wrong, at: 0)])
      let later = Self.start + 10 * 86_400
      #expect(try board.items.dueCount(later) == 2)
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 100)]) == 1)
      #expect(try board.items.dueCount(later) == 1)
      // A suspended form not yet due is not taken from the count of those due.
      #expect(try board.items.dueCount(Self.start) == 0)
      #expect(try board.items.dueItems(later, 10, []).map(\.item) == [Self.ser])
      #expect(try board.items.itemMarks().suspended == [Self.tener])
      // Still remembered: the browser lists it.
      #expect(try board.items.items(nil).map(\.item).contains(Self.tener))
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 200)]) == 1)
      #expect(try board.items.dueCount(later) == 2)
    }
  }

  /// The later event wins whatever the order they arrive in (two machines' events, merged).
  @Test func theLaterEventWinsInAnyOrder() throws {
    let events = [
      ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 100),
      ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 300),
      ItemEvent(item: Self.ser, action: .unsuspend, date: Self.start + 100),
      ItemEvent(item: Self.ser, action: .suspend, date: Self.start + 200),
    ]
    var results: Set<[Item]> = []
    for order in [events, events.reversed(), [events[1], events[3], events[0], events[2]]] {
      try Self.boards { board in
        for event in order { _ = try board.items.mergeItemMarks([event]) }
        results.insert(try board.items.itemMarks().suspended.sorted())
        #expect(try board.items.itemMarks().events == ItemMarks([
          Self.tener: ItemMark(suspended: false, suspendedChanged: Self.start + 300),
          Self.ser: ItemMark(suspended: true, suspendedChanged: Self.start + 200),
        ]).events)
      }
    }
    #expect(results == [[Self.ser]])
    // An event already applied changes nothing.
    try Self.boards { board in
      _ = try board.items.mergeItemMarks(events)
      #expect(try board.items.mergeItemMarks(events) == 0)
    }
  }

  /// The learner's marks (issue 32, part 5): an event only for a form whose mark it changes, so
  /// that nothing travels by sync for a form already so, and the count says what changed.
  @Test func aMarkThatChangesNothingIsNotKept() throws {
    try Self.boards { board in
      _ = try board.answers.importAnswers([Self.answer(Self.tener, .wrong, at: 0)])
      let suspended = [ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 100)]
      // Suspended twice: the second changes nothing, not even the date.
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 100)]) == 1)
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 200)]) == 0)
      #expect(try board.items.itemMarks().events == suspended)
      // Taken back, a form never suspended: nothing for it.
      #expect(try board.items.markItems([
        ItemEvent(item: Self.ser, action: .unsuspend, date: Self.start + 300),
        ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 300),
      ]) == 1)
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 400)]) == 0)
      #expect(try board.items.itemMarks().events == [ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 300)])
      // A form never practised has no memory to reset; one practised has.
      #expect(try board.items.markItems([ItemEvent(item: Self.ser, action: .reset, date: Self.start + 500)]) == 0)
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .reset, date: Self.start + 500)]) == 1)
      #expect(try board.items.markItems([ItemEvent(item: Self.tener, action: .reset, date: Self.start + 600)]) == 0)
      #expect(try board.items.itemMarks().events == [
        ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 300),
        ItemEvent(item: Self.tener, action: .reset, date: Self.start + 500),
      ])
    }
  }

  /// Another machine's marks are merged whole: a later suspend of a form suspended here dates its
  /// mark again, so that an unsuspend between the two loses on every machine, whatever the order.
  @Test func aMergeKeepsTheLaterDateOfAMarkAlreadySo() throws {
    let early = ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 100)
    let between = ItemEvent(item: Self.tener, action: .unsuspend, date: Self.start + 200)
    let late = ItemEvent(item: Self.tener, action: .suspend, date: Self.start + 300)
    for order in [[early, late, between], [between, early, late], [late, between, early]] {
      try Self.boards { board in
        for event in order { _ = try board.items.mergeItemMarks([event]) }
        #expect(try board.items.itemMarks().events == [late])
      }
    }
  }

  @Test func aResetFormIsNewAgainAndItsAnswersStay() throws {
    try Self.boards { board in
      _ = try board.answers.importAnswers([
        Self.answer(Self.tener, .correct, at: 0), Self.answer(Self.tener, .wrong, at: 86_400),
        Self.answer(Self.ser, .correct, at: 0),
      ])
      _ = try board.items.markItems([ItemEvent(item: Self.tener, action: .reset, date: Self.start + 2 * 86_400)])
      #expect(try board.items.items(nil).map(\.item) == [Self.ser])
      #expect(try board.answers.history(10).count == 3)
      // Answered again: a first review, whatever came before the reset.
      let kept = try board.answers.recordAnswer(Self.answer(Self.tener, .correct, at: 3 * 86_400), .review)
      #expect(kept.before == nil)
      #expect(kept.state.reps == 1)
      // An older answer imported after the reset does not count either, nor does a refit.
      _ = try board.answers.importAnswers([Self.answer(Self.tener, .wrong, at: 1000)])
      #expect(try board.items.items(nil).first { $0.item == Self.tener } == kept.state)
      _ = try board.memory.applyFittedMemory(nil)
      #expect(try board.items.items(nil).first { $0.item == Self.tener } == kept.state)
    }
  }

  @Test func theDoctorReplaysFromTheReset() throws {
    try withTemporaryDirectory { directory in
      let board = Scoreboard.live(directory: directory)
      _ = try board.answers.importAnswers((0..<12_000).map { Self.answer(Self.tener, .correct, at: TimeInterval($0) * 60) })
      _ = try board.items.markItems([ItemEvent(item: Self.tener, action: .reset, date: Self.start + 12_000 * 60)])
      _ = try board.answers.recordAnswer(Self.answer(Self.tener, .wrong, at: 12_001 * 60), .review)
      let examination = HistoryMaintenance.live(directory: directory, files: .live, clock: .live).examine(Scheduler())
      #expect(examination.isHealthy, "\(examination.checks)")
      // The bulk import path (from 10,000 answers) replays from the reset too.
      _ = try board.answers.importAnswers((0..<10_000).map { Self.answer(Self.ser, .correct, at: TimeInterval($0) * 60) }
        + [Self.answer(Self.tener, .correct, at: 5)])
      #expect(try board.items.items(nil).first { $0.item == Self.tener }?.reps == 1)
    }
  }
}
