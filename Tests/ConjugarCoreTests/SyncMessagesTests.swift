@testable import ConjugarCore
import Foundation
import ScoreboardClient
import SyncClient
import Testing

/// What a sync says: git's message whole, counts as a person writes them, commit titles that say
/// what they carry (issue 33, item 17).
@Suite struct SyncMessagesTests {
  @Test func gitsMessageIsShownWhole() {
    let offline = Git.Outcome(
      status: 128,
      output: """
        fatal: '/x/remote.git' does not appear to be a git repository
        fatal: Could not read from remote repository.

        Please make sure you have the correct access rights
        and the repository exists.

        """)
    #expect(
      offline.line == "fatal: '/x/remote.git' does not appear to be a git repository; "
        + "fatal: Could not read from remote repository; Please make sure you have the correct access rights; "
        + "and the repository exists.")
    #expect(Git.Outcome(status: 128, output: "fatal: repository '/x' does not exist\n").line == "fatal: repository '/x' does not exist")
    #expect(Git.Outcome(status: 1, output: "\n").line == "git exited with status 1")
  }

  @Test func theSummaryCountsAsPeopleWrite() {
    var report = SyncRun.Report()
    report.merged = ImportSummary(added: 443_195, alreadyKept: 1_000)
    report.filesRead = 1
    report.written = 1
    #expect(report.summary == "Merged 443,195 answers from other machines (1,000 already kept, 1 file read); wrote 1 of yours.")
    #expect(report.shortSummary == "Synced: 443,195 answers merged, 1 of yours written.")
    // An unsuspend is a change of marks too: no kinds named that may not have happened.
    report.marksChanged = 1
    report.withdrawn = 1
    #expect(report.summary.hasSuffix(" 1 form's marks changed. 1 answer taken back on another machine taken back here."))
    report.marksChanged = 2
    #expect(report.summary.contains(" 2 forms' marks changed. "))
  }

  @Test func aCommitSaysWhatItCarries() {
    func title(_ answers: Int, _ files: [String]) -> String { SyncRun.commitTitle(answers: answers, files: files, machine: "m") }
    #expect(title(1, ["answers-1-1.csv"]) == "conjugar: 1 answer from m")
    #expect(title(443_195, ["answers-1-10000.csv", "marks.csv"]) == "conjugar: 443,195 answers and marks from m")
    #expect(title(0, ["marks.csv"]) == "conjugar: marks from m")
    #expect(title(0, ["withdrawn.csv"]) == "conjugar: answers taken back from m")
    #expect(title(2, ["answers-3-4.csv", "marks.csv", "withdrawn.csv", "memory"])
      == "conjugar: 2 answers, marks, answers taken back and the memory model from m")
  }

  @Test func countsAreGrouped() {
    #expect(0.grouped == "0" && 999.grouped == "999" && 1_000.grouped == "1,000" && 443_195.grouped == "443,195")
    #expect(1_234_567.grouped == "1,234,567" && (-1_000).grouped == "-1,000")
    #expect(1.counted("file") == "1 file" && 0.counted("file") == "0 files")
  }
}
