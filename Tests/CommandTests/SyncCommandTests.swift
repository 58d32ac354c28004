import ConjugarCore
import Foundation
import ScoreboardClient
import SyncClient
import Synchronization
import Testing

@testable import conjugar

/// `conjugar sync`, run with a sync double: what it says of a report, of git's failures and of a
/// set-up, and its exit status.
@Suite struct SyncCommandTests {
  static let setup = SyncSetup.git("ssh://nas/history.git")

  static func world(setUp: Bool = true, report: SyncReport = SyncReport()) throws -> World {
    var world = try historyWorld(CommandFixtures.answers)
    world.sync = SyncClient(
      setup: { setUp ? Self.setup : nil }, initialize: { _ in "0123456789abcdef" }, run: { _, _ in report },
      status: { nil }, off: { setUp ? Self.setup : nil }, startAfterQuit: { Issue.record("a command started a sync process") })
    return world
  }

  @Test func aSyncSaysWhatItMergedAndWrote() throws {
    var report = SyncReport()
    report.merged = ImportSummary(added: 120, alreadyKept: 30)
    report.filesRead = 2
    report.written = 45
    let result = run(["sync"], in: try Self.world(report: report))
    #expect(result.status == 0)
    #expect(result.output == "Merged 120 answers from other machines (30 already kept, 2 files read); wrote 45 of yours.\n")
    #expect(result.error == "")
  }

  @Test func gitsFailureIsSaidAndTheStatusIsOne() throws {
    var report = SyncReport()
    report.notices = ["can't reach ssh://nas/history.git: ssh: Could not resolve hostname nas"]
    report.newlySkipped = ["machines/ab/answers-1-2.csv: line 3: not a verb"]
    report.skipped = report.newlySkipped
    let result = run(["sync"], in: try Self.world(report: report))
    #expect(result.status == 1)
    #expect(
      result.error == """
        conjugar: left alone: machines/ab/answers-1-2.csv: line 3: not a verb
        conjugar: can't reach ssh://nas/history.git: ssh: Could not resolve hostname nas
        conjugar: what was merged and written stands; the next sync pushes it (git's log: conjugar sync status)

        """)
  }

  @Test func syncWithoutASetUpIsRefused() throws {
    let result = run(["sync"], in: try Self.world(setUp: false))
    #expect(result.status == 1)
    #expect(result.error == "conjugar: sync is not set up: conjugar sync init URL (a git repository) or --folder DIR\n")
  }

  @Test func initTwiceIsRefused() throws {
    let result = run(["sync", "init", "ssh://other/x.git"], in: try Self.world())
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("conjugar: sync is already set up, through the git repository ssh://nas/history.git"))
  }

  @Test func initSaysThisMachinesID() throws {
    let given = Mutex<SyncSetup?>(nil)
    var world = try Self.world(setUp: false)
    world.sync.initialize = { setup in
      given.withLock { $0 = setup }
      return "0123456789abcdef"
    }
    let result = run(["sync", "init", "ssh://nas/history.git"], in: world)
    #expect(result.status == 0)
    #expect(given.withLock { $0 } == Self.setup)
    #expect(
      result.output
        == "Sync set up through the git repository ssh://nas/history.git; this machine is 0123456789abcdef. Run `conjugar sync`.\n")
  }

  @Test func aCloneThatFailsIsSaid() throws {
    var world = try Self.world(setUp: false)
    world.sync.initialize = { _ in throw SyncFailure("can't clone ssh://nas/history.git: fatal: no such repository") }
    let result = run(["sync", "init", "ssh://nas/history.git"], in: world)
    #expect(result.status == 1)
    #expect(result.error == "conjugar: can't clone ssh://nas/history.git: fatal: no such repository\n")
  }

  @Test func statusListsTheMachinesAndWhatWasLeftAlone() throws {
    var world = try Self.world()
    world.sync.status = {
      SyncStatus(
        setup: Self.setup, machine: "0123456789abcdef", otherMachines: [("aaaa000011112222", 3)], writtenUpTo: 17,
        leftAlone: ["machines/x/y.csv: unreadable"], gitLog: "")
    }
    let result = run(["sync", "status"], in: world)
    #expect(
      result.output == """
        Sync through the git repository ssh://nas/history.git; this machine is 0123456789abcdef.
        Other machines: aaaa000011112222 (3 files)
        Written from this machine: up to answer 17.
        Left alone: machines/x/y.csv: unreadable

        """)
  }
}
