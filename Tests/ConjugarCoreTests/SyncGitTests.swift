import ConjugarCore
import ConjugarEngine
import ConjugarWorlds
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SyncClient
import Synchronization
import Testing

/// The sync's steps through git, with git a double (`Git.Runner`) that answers as a remote offline,
/// a push refused by another machine's push and a rebase stopped in conflict would: no git, no
/// network, the order of the steps and what the learner is told checked.
@Suite struct SyncGitTests {
  /// A git that answers each command by its first argument (ls-remote, pull, push…), in turn, and
  /// records every command it is given.
  final class ScriptedGit: Sendable {
    private let state: Mutex<(answers: [String: [Git.Outcome]], commands: [String])>

    init(_ answers: [String: [Git.Outcome]]) { state = Mutex((answers, [])) }

    var commands: [String] { state.withLock { $0.commands } }

    var runner: Git.Runner {
      { arguments, _ in
        self.state.withLock { state in
          let verb = arguments.first { !$0.hasPrefix("-") && !$0.contains("=") && $0 != "-c" } ?? ""
          state.commands.append(arguments.joined(separator: " "))
          guard var queue = state.answers[verb], !queue.isEmpty else { return Git.Outcome(status: 0, output: "") }
          let answer = queue.removeFirst()
          state.answers[verb] = queue.isEmpty ? [answer] : queue  // the last answer stays
          return answer
        }
      }
    }
  }

  static let ok = Git.Outcome(status: 0, output: "")
  static let heads = Git.Outcome(status: 0, output: "0123456789abcdef\trefs/heads/main\n")

  /// A home set up to sync through a git remote (its work tree made by hand: git is a double), with
  /// one answer of its own to write out.
  static func home(_ root: URL) throws -> (data: URL, board: Scoreboard) {
    let data = root.appendingPathComponent("home")
    try SyncSetup.git("ssh://nas/history.git").save(in: data, .live)
    try FileManager.default.createDirectory(
      at: SyncSetup.workTree(in: data).appendingPathComponent(".git"), withIntermediateDirectories: true)
    let board = Scoreboard.live(directory: data)
    _ = try board.answers.recordAnswer(
      AnsweredQuestion(
        verb: "tener", tense: "preterito", person: "yo", expected: "tuve", given: "tuve", result: .correct,
        date: Date(timeIntervalSince1970: 1_763_000_000)), .review)
    return (data, board)
  }

  static func sync(_ home: (data: URL, board: Scoreboard), _ git: ScriptedGit) throws -> SyncRun.Report {
    try SyncRun(
      setup: .load(in: home.data, .live)!, data: home.data, board: home.board, conjugator: sharedConjugator, git: git.runner,
      files: .live
    ).run(now: Date(timeIntervalSince1970: 1_764_000_000), random: .live)
  }

  static func temporary() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-sync-git-\(UUID().uuidString)")
  }

  /// Offline: the remote is not reached; what is merged and written stands, nothing is pushed, and
  /// the learner is told git's message whole.
  @Test func aRemoteOfflineIsSaidAndNothingIsPushed() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let home = try Self.home(root)
    let git = ScriptedGit([
      "ls-remote": [Git.Outcome(status: 128, output: "fatal: unable to access 'ssh://nas/history.git/': Could not resolve host: nas\n")],
      "status": [Git.Outcome(status: 0, output: "?? machines/x/answers-1-1.csv\n")],
    ])
    let report = try Self.sync(home, git)
    #expect(report.written == 1 && report.filesWritten == 1, "the answer written out all the same")
    #expect(report.notices == ["can't reach ssh://nas/history.git: fatal: unable to access 'ssh://nas/history.git/': Could not resolve host: nas"])
    #expect(!git.commands.contains { $0.contains("push") }, "\(git.commands)")
    #expect(!git.commands.contains { $0.contains("pull") }, "\(git.commands)")
    #expect(git.commands.contains { $0.contains("commit") }, "committed, for the next sync to push")
  }

  /// Another machine pushed first: the push is refused, the sync pulls its commits under ours
  /// (rebase) and pushes once more, and says nothing.
  @Test func aPushRefusedIsPulledUnderAndPushedAgain() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let home = try Self.home(root)
    let git = ScriptedGit([
      "ls-remote": [Self.heads],
      "status": [Git.Outcome(status: 0, output: "?? machines/x/answers-1-1.csv\n")],
      "push": [Git.Outcome(status: 1, output: "! [rejected] HEAD -> main (fetch first)\n"), Self.ok],
    ])
    let report = try Self.sync(home, git)
    #expect(report.notices.isEmpty, "\(report.notices)")
    let order = git.commands.filter { $0.hasPrefix("pull") || $0.hasPrefix("push") }
    #expect(order == [
      "pull --rebase --quiet origin main", "push --quiet origin HEAD:refs/heads/main",
      "pull --rebase --quiet origin main", "push --quiet origin HEAD:refs/heads/main",
    ], "\(git.commands)")
  }

  /// A pull whose rebase stops in conflict is said; the next sync finds the rebase stopped half-way
  /// (its folder in .git) and aborts it before anything else.
  @Test func aRebaseInConflictIsSaidAndAbortedByTheNextSync() throws {
    let root = Self.temporary()
    defer { try? FileManager.default.removeItem(at: root) }
    let home = try Self.home(root)
    let conflict = Git.Outcome(status: 1, output: "CONFLICT (add/add): Merge conflict in machines/x/answers-1-1.csv\n")
    let first = ScriptedGit(["ls-remote": [Self.heads], "pull": [conflict]])
    let report = try Self.sync(home, first)
    #expect(report.notices.first == "pull: CONFLICT (add/add): Merge conflict in machines/x/answers-1-1.csv", "\(report.notices)")
    // git leaves the rebase stopped: its folder in .git.
    let stopped = SyncSetup.workTree(in: home.data).appendingPathComponent(".git/rebase-merge")
    try FileManager.default.createDirectory(at: stopped, withIntermediateDirectories: true)
    let next = ScriptedGit(["ls-remote": [Self.heads]])
    _ = try Self.sync(home, next)
    #expect(next.commands.first == "rebase --abort", "\(next.commands)")
  }
}
