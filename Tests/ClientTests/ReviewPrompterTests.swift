import ClockClient
import Foundation
import Testing

@testable import ReviewPrompterClient

@Suite struct ReviewPrompterTests {
  static let day: TimeInterval = 24 * 60 * 60

  /// The answers to `count` actions: "P" for the invitation, "-" for none.
  static func actions(_ count: Int, _ prompter: ReviewPrompter) -> String {
    String((0..<count).map { _ in prompter.promptableActionHappened() == ReviewPrompter.invitation ? "P" : "-" })
  }

  @Test func invitesOnTheThirdActionAndThenNotFor90Days() throws {
    try withTemporaryDirectory { directory in
      let (clock, hand) = WallClock.manual()
      let prompter = ReviewPrompter.live(directory: directory, clock: clock)
      #expect(Self.actions(3, prompter) == "--P")
      for _ in 0..<89 {
        hand.advance(by: Self.day)
        #expect(prompter.promptableActionHappened() == nil)
      }
      hand.advance(by: Self.day - 1)
      #expect(prompter.promptableActionHappened() == nil)
      hand.advance(by: 1)  // 90 days since the invitation
      #expect(prompter.promptableActionHappened() == ReviewPrompter.invitation)
      #expect(Self.actions(5, prompter) == "-----")
    }
  }

  @Test func after90DaysItWaitsForAFewActionsAgain() throws {
    try withTemporaryDirectory { directory in
      let (clock, hand) = WallClock.manual()
      let prompter = ReviewPrompter.live(directory: directory, clock: clock)
      #expect(Self.actions(3, prompter) == "--P")
      hand.advance(by: 200 * Self.day)
      #expect(Self.actions(4, prompter) == "--P-")
    }
  }

  @Test func theCountAndTheDateSurviveANewInstance() throws {
    try withTemporaryDirectory { directory in
      let (clock, hand) = WallClock.manual()
      #expect(Self.actions(2, ReviewPrompter.live(directory: directory, clock: clock)) == "--")
      #expect(Self.actions(1, ReviewPrompter.live(directory: directory, clock: clock)) == "P")
      hand.advance(by: 30 * Self.day)
      #expect(Self.actions(5, ReviewPrompter.live(directory: directory, clock: clock)) == "-----")
      hand.advance(by: 60 * Self.day)
      #expect(Self.actions(1, ReviewPrompter.live(directory: directory, clock: clock)) == "P")

      let file = directory.appendingPathComponent("review-prompter.json")
      let state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      #expect(state["actions"] as? Int == 0)
      #expect(state["lastPrompt"] as? String == "2027-04-15T08:00:00Z")
      #expect(try fileNames(in: directory) == ["review-prompter.json"])
    }
  }

  static let corruptStates: [[UInt8]] = [
    Array("not json at all".utf8),
    [0xFF, 0xFE, 0x00, 0x7B],
    Array(#"{"actions": "many"}"#.utf8),
    Array(#"{"actions": 2, "lastPrompt": "yesterday"}"#.utf8),
    [],
    Array(("{\"actions\": 2" + String(repeating: " ", count: 70_000) + "}").utf8),
  ]

  @Test(arguments: corruptStates.indices)
  func aCorruptStateFileCountsAsAFreshStart(_ index: Int) throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("review-prompter.json")
      try Data(Self.corruptStates[index]).write(to: file)
      let prompter = ReviewPrompter.live(directory: directory, clock: WallClock.manual().0)
      #expect(Self.actions(1, prompter) == "-")
      let state = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      #expect(state?["actions"] as? Int == 1)
      #expect(Self.actions(2, prompter) == "-P")
    }
  }

  @Test func handEditedValuesAreTolerated() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("review-prompter.json")
      let (clock, hand) = WallClock.manual()
      let prompter = ReviewPrompter.live(directory: directory, clock: clock)
      // A count that would overflow.
      try Data(#"{"actions": 9223372036854775807}"#.utf8).write(to: file)
      #expect(Self.actions(1, prompter) == "P")
      // A last invitation in the future (a clock set wrong then) counts from now, not from then.
      try Data(#"{"actions": 5, "lastPrompt": "2099-01-01T00:00:00Z"}"#.utf8).write(to: file)
      #expect(Self.actions(3, prompter) == "---")
      hand.advance(by: 90 * Self.day)
      #expect(Self.actions(1, prompter) == "P")
    }
  }

  @Test func whereNothingCanBeSavedItNeverInvites() throws {
    try withTemporaryDirectory { directory in
      let prompter = ReviewPrompter.live(directory: try unwritableDirectory(in: directory), clock: WallClock.manual().0)
      #expect(Self.actions(10, prompter) == "----------")
    }
  }

  /// The state says the next action is due, but it cannot be written back: no invitation, which
  /// would otherwise come back on every action.
  @Test func anInvitationThatCannotBeRememberedIsNotShown() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("review-prompter.json")
      try Data(#"{"actions": 2}"#.utf8).write(to: file)
      let failing = LiveReviewPrompter(path: file.path, write: { _, _ in false })
      for _ in 0..<3 { #expect(failing.actionHappened(now: Date(timeIntervalSince1970: 1_800_000_000)) == nil) }
      let working = LiveReviewPrompter(path: file.path)
      #expect(working.actionHappened(now: Date(timeIntervalSince1970: 1_800_000_000)) == ReviewPrompter.invitation)
    }
  }

  @Test func manyActionsAtOnceInviteOnce() throws {
    try withTemporaryDirectory { directory in
      let prompter = ReviewPrompter.live(directory: directory, clock: WallClock.manual().0)
      let problems = problemsRunningConcurrently(40) { _ in
        prompter.promptableActionHappened() == ReviewPrompter.invitation ? "invited" : nil
      }
      #expect(problems.count == 1)
      let state =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: directory.appendingPathComponent("review-prompter.json"))) as? [String: Any]
      #expect(state?["actions"] as? Int == 37)
    }
  }
}
