import ConjugarEngine
import FileStorage
import Foundation
import PlainText
import RandomClient
import ScoreboardClient
import SyncClient

/// A sync: pull (git), merge the other machines' answers, write this machine's new ones, commit
/// and push (git). Offline, or a push refused, is a notice: the merge and the files written stand,
/// and the next sync pushes them.
public struct SyncRun {
  public typealias Report = SyncReport

  let setup: SyncSetup
  let data: URL
  let board: Scoreboard
  let conjugator: Conjugator

  /// Read every file of the other machines again, merged before or not.
  let everything: Bool
  /// How git is run: the program (``Git/live``), or a test's double.
  let git: Git.Runner
  /// Where the data folder and the sync folder are read and written.
  let files: FileClient

  public init(
    setup: SyncSetup, data: URL, board: Scoreboard, conjugator: Conjugator, everything: Bool = false,
    git: @escaping Git.Runner, files: FileClient
  ) {
    self.setup = setup
    self.data = data
    self.board = board
    self.conjugator = conjugator
    self.everything = everything
    self.git = git
    self.files = files
  }

  /// Another sync of this home is running.
  public struct Busy: Error, CustomStringConvertible {
    public var description: String { "another sync of this history is running" }
  }

  /// The machine id is read from the data folder, or made (from `random`) and kept there.
  public func run(now: Date, random: RandomSource) throws -> Report {
    // One sync at a time per home: the lock is the kernel's, gone with its process (a kill too).
    try files.createDirectory(data.path)
    guard let lock = try files.lock(data.appendingPathComponent("sync.lock").path) else { throw Busy() }
    defer { lock.release() }
    var report = Report()
    let machine = try MachineID.load(in: data, random: random, files: files)
    let folder = SyncFolder(root: setup.root(in: data), machine: machine, files: files)
    // A folder that is gone (a disk not mounted, a share not there) is not made again here: the
    // sync would go to wherever the path now leads, unseen by the other machines.
    if case .folder(let root) = setup, files.identity(root.appendingPathComponent("machines").path) == nil {
      throw SyncFailure(
        "the sync folder \(root.path) is missing (a disk not mounted?); mount it, or set it up again: "
          + "conjugar sync init --folder \(root.path)")
    }
    let git = Git(directory: folder.root, runner: self.git)
    /// Logs `outcome`; a failure is a notice, "`failure`: git's message" (`what` by default).
    func note(_ outcome: Git.Outcome, _ what: String, failure: String? = nil) {
      report.gitLog += "$ git \(what)\n\(outcome.output)\n"
      if !outcome.succeeded { report.notices.append("\(failure ?? what): \(outcome.line)") }
    }

    // 1. Pull, after what a killed sync left: git's lock (no other sync runs: ours is held) and a
    // rebase stopped half-way. A remote not reached is not pushed to either.
    var remoteBranch: String?
    var reached = true
    if case .git(let remote) = setup {
      let dotGit = folder.root.appendingPathComponent(".git")
      try? files.remove(dotGit.appendingPathComponent("index.lock").path)
      for stopped in ["rebase-merge", "rebase-apply"] where files.exists(dotGit.appendingPathComponent(stopped).path) {
        note(git.run(["rebase", "--abort"]), "rebase --abort")
      }
      let heads = git.run(["ls-remote", "--heads", "origin"])
      note(heads, "ls-remote", failure: "can't reach \(remote)")
      reached = heads.succeeded
      if heads.succeeded {
        remoteBranch = heads.output.split(whereSeparator: \.isNewline).first
          .flatMap { $0.split(separator: "\t").last }.map { String($0.dropFirst("refs/heads/".count)) }
        if let branch = remoteBranch {
          note(git.run(["pull", "--rebase", "--quiet", "origin", branch]), "pull")
        }
      }
    }

    // 2. The answers the others took back, taken back here, before any merge (a merge never brings
    // one back).
    let (withdrawn, badWithdrawn) = folder.othersWithdrawn()
    if !withdrawn.isEmpty { report.withdrawn = try board.answers.withdrawAnswers(withdrawn) }

    // 2b. Merge the others' answers, each file checked as an import checks it. A file merged before
    // (its name and size in `sync-merged`: a machine never changes a file it wrote) is not read
    // again, unless `everything`.
    let (found, skipped) = folder.othersFiles()
    report.skipped = skipped + badWithdrawn
    let mergedList = data.appendingPathComponent("sync-merged").path
    let merged = everything ? [] : Set(Self.lines(of: mergedList, files))
    var newlyMerged: [String] = []
    var answers: [AnsweredQuestion] = []
    let check = HistoryCheck(conjugator: conjugator, now: now)
    for file in found {
      let record = "\(file.machine)/\(file.name) \(file.size)"
      if merged.contains(record) { continue }
      guard let text = files.text(file.url.path, limit: SyncFolder.largestFile) else {
        report.skipped.append("machines/\(file.machine)/\(file.name): unreadable")
        continue
      }
      let (read, bad) = HistoryFile.read(text, .csv, checking: check)
      if let first = bad.first {
        report.skipped.append(
          "machines/\(file.machine)/\(file.name): \(first)" + (bad.count > 1 ? " (and \(bad.count - 1) more bad rows)" : ""))
        continue
      }
      answers += read
      report.filesRead += 1
      newlyMerged.append(record)
    }
    if !answers.isEmpty { report.merged = try board.answers.mergeAnswers(answers) }
    if !newlyMerged.isEmpty {
      let all = (everything ? [] : merged.sorted()) + newlyMerged
      try files.write(all.joined(separator: "\n") + "\n", to: mergedList)
    }

    // 3. The memory model: the one fitted last, on any machine, is put in use here (every form
    // replayed with it); this machine's, written for the others.
    let local = try board.memory.fittedMemory()
    if let newest = folder.othersMemory().max(by: { $0.memory.date < $1.memory.date }),
      newest.memory.date > (local?.date ?? .distantPast)
    {
      _ = try board.memory.applyFittedMemory(newest.memory)
      report.memoryFrom = newest.machine
    }
    try folder.writeMemory(try board.memory.fittedMemory())

    // 3b. The forms' marks (suspended, reset): the others' applied here (the later event wins;
    // a form reset is replayed from the answers after it), then all of them written for the others.
    let (events, badMarks) = folder.othersMarks(conjugator: conjugator, now: now)
    report.skipped += badMarks
    if !events.isEmpty { report.marksChanged = try board.items.mergeItemMarks(events) }
    try folder.writeMarks(try board.items.itemMarks())

    // The files left alone, kept for `sync status` (`sync-left-alone`, one a line).
    let before = Set(Self.leftAlone(in: data, files))
    report.newlySkipped = report.skipped.filter { !before.contains($0) }
    try? files.write(report.skipped.map { $0 + "\n" }.joined(), to: Self.leftAloneFile(in: data))

    // 4. Write this machine's new answers, and every answer taken back it knows of.
    try folder.writeWithdrawn(try board.answers.withdrawn())
    let own = try board.answers.ownAnswers(folder.writtenUpTo())
    report.filesWritten = try folder.write(own)
    report.written = own.count

    // 5. Commit and push.
    if case .git = setup {
      let relative = "machines/\(machine)"
      let changed = git.run(["status", "--porcelain", "--untracked-files=all", "--", relative]).output
        .split(whereSeparator: \.isNewline).compactMap { $0.split(separator: "/").last.map(String.init) }
      if !changed.isEmpty {
        note(git.run(["add", "--", relative]), "add")
        note(
          git.run([
            "-c", "user.name=conjugar", "-c", "user.email=\(machine)@conjugar", "commit", "--quiet", "-m",
            Self.commitTitle(answers: report.written, files: changed, machine: machine), "--", relative,
          ]), "commit")
      }
      let local = git.run(["symbolic-ref", "--short", "HEAD"]).output.trimmingWhitespace()
      let branch = remoteBranch ?? (local.isEmpty ? "main" : local)
      if reached, git.run(["rev-parse", "--verify", "--quiet", "HEAD"]).succeeded {
        var push = git.run(["push", "--quiet", "origin", "HEAD:refs/heads/\(branch)"])
        if !push.succeeded && remoteBranch != nil {
          // Another machine pushed first: its commits under ours, and once more.
          note(git.run(["pull", "--rebase", "--quiet", "origin", branch]), "pull")
          push = git.run(["push", "--quiet", "origin", "HEAD:refs/heads/\(branch)"])
        }
        note(push, "push")
      }
    }
    try? files.write(report.gitLog, to: Self.logFile(in: data))
    return report
  }

  static func leftAloneFile(in data: URL) -> String { data.appendingPathComponent("sync-left-alone").path }

  /// git's output in the last sync (`sync status --log`).
  package static func logFile(in data: URL) -> String { data.appendingPathComponent("sync-last.log").path }

  /// The files of other machines the last sync left alone, with why.
  public static func leftAlone(in data: URL, _ files: FileClient) -> [String] { lines(of: leftAloneFile(in: data), files) }

  /// The lines of one of sync's own lists (none if it is missing or unreadable).
  static func lines(of file: String, _ files: FileClient) -> [String] {
    (files.text(file, limit: 256 << 20) ?? "").split(separator: "\n").map(String.init)
  }

  /// A commit's title: what it carries of `files` (this machine's, changed), "conjugar: 1 answer
  /// from <id>", "conjugar: 443,195 answers and marks from <id>", "conjugar: answers taken back
  /// from <id>".
  static func commitTitle(answers: Int, files: [String], machine: String) -> String {
    var carried = answers > 0 ? [answers.counted("answer")] : []
    if files.contains(SyncFolder.marksName) { carried.append("marks") }
    if files.contains(SyncFolder.withdrawnName) { carried.append("answers taken back") }
    if files.contains(SyncFolder.memoryName) { carried.append("the memory model") }
    let list = carried.count > 1 ? carried.dropLast().joined(separator: ", ") + " and " + carried.last! : carried.first ?? "files"
    return "conjugar: \(list) from \(machine)"
  }
}

extension SyncReport {
  /// "Synced: 120 answers merged, 45 of yours written." (the trainer's bottom line)
  public var shortSummary: String {
    "Synced: \(merged.added.counted("answer")) merged, \(written.grouped) of yours written."
  }

  /// "Merged 120 answers from other machines (30 already kept, 2 files read); wrote 45 of yours."
  public var summary: String {
    "Merged \(merged.added.counted("answer")) from other machines "
      + "(\(merged.alreadyKept.grouped) already kept, \(filesRead.counted("file")) read); "
      + "wrote \(written.grouped) of yours."
      + (marksChanged > 0 ? " \(marksChanged.grouped) form\(marksChanged == 1 ? "'s" : "s'") marks changed." : "")
      + (withdrawn > 0 ? " \(withdrawn.counted("answer")) taken back on another machine taken back here." : "")
  }
}
