import ArgumentParser
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import SyncClient

struct Sync: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: "One history on every machine: through your own git repository, or a folder a sync tool keeps.",
    discussion: """
      Each machine writes only its own files (machines/<its id>/answers-*.csv, the history's CSV) and \
      merges the others' (an answer already kept is not added again); the review schedule follows \
      from the merged answers. git runs as a program of its own. Offline, or a push refused, is \
      said with git's message, and the exit status is 1: what was merged and written stands, and \
      the next sync pushes it.
      """,
    subcommands: [Run.self, Init.self, Status.self, Off.self],
    defaultSubcommand: Run.self)

  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init", abstract: "Set up sync: a git repository (its URL, or a path to a bare repository) or --folder DIR.",
      discussion: "Sync set up already is refused: `conjugar sync off` first, then init, sets up another.")

    @Argument(help: "The git repository: a URL (ssh, https) or a path to a bare repository.")
    var remote: String?

    @Option(help: "A folder every machine sees instead (Syncthing, Dropbox, NFS); made if missing.")
    var folder: String?

    func validate() throws {
      if (remote == nil) == (folder == nil) { throw ValidationError("Give a git repository or --folder DIR, one of them.") }
    }

    func run() throws {
      if let existing = Current.sync.setup() {
        throw CommandFailure("sync is already set up, through \(existing.description): `conjugar sync off` first to set up another")
      }
      let setup: SyncSetup = folder.map { .folder(URL(fileURLWithPath: $0).standardizedFileURL) } ?? .git(remote!)
      do {
        let machine = try Current.sync.initialize(setup)
        StandardOutput.line("Sync set up through \(setup.description); this machine is \(machine). Run `conjugar sync`.")
      } catch {
        throw CommandFailure("\(error)")
      }
    }
  }

  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "now", abstract: "Pull, merge the other machines' answers, write yours, push (the default).")

    @Flag(help: "Read every file of the other machines again, not only those not merged yet.")
    var all = false

    func run() throws {
      guard Current.sync.setup() != nil else {
        throw CommandFailure("sync is not set up: conjugar sync init URL (a git repository) or --folder DIR")
      }
      let board = try Current.history()
      let report: SyncReport
      do {
        report = try Current.sync.run(board, all)
      } catch {
        throw CommandFailure("sync stopped: \(error)")
      }
      StandardOutput.line(report.summary)
      if let machine = report.memoryFrom {
        StandardOutput.line("The memory model fitted on \(machine) is in use here now (every form rescheduled with it).")
      }
      for skipped in report.newlySkipped { StandardError.write("conjugar: left alone: \(skipped)\n") }
      let saidBefore = report.skipped.count - report.newlySkipped.count
      if saidBefore > 0 {
        StandardError.write(
          "conjugar: \(saidBefore.counted("file")) still left alone, as at the last sync (conjugar sync status names them)\n")
      }
      for notice in report.notices { StandardError.write("conjugar: \(notice)\n") }
      if !report.notices.isEmpty {
        throw CommandFailure("what was merged and written stands; the next sync pushes it (git's log: conjugar sync status)")
      }
    }
  }

  struct Off: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "off", abstract: "Stop syncing: forget the set-up, leaving the repository (or folder) and its clone as they are.")

    func run() throws {
      let setup: SyncSetup
      do {
        guard let forgotten = try Current.sync.off() else {
          StandardOutput.line("Sync is not set up: nothing to stop.")
          return
        }
        setup = forgotten
      } catch {
        throw CommandFailure("sync is still on: \(error)")
      }
      let left =
        switch setup {
        case .git: "the git repository and its clone in \(SyncSetup.workTree(in: Current.files.data).path) are left as they are"
        case .folder: "the folder is left as it is"
        }
      StandardOutput.line("Sync is off: this machine no longer syncs through \(setup.description); \(left). `conjugar sync init` sets it up again.")
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "How sync is set up, the machines seen, the files left alone at the last sync, and git's last words.")

    func run() throws {
      guard let status = try Current.sync.status() else {
        StandardOutput.line("Sync is not set up: conjugar sync init URL (a git repository) or --folder DIR.")
        return
      }
      StandardOutput.line("Sync through \(status.setup.description); this machine is \(status.machine).")
      let others = status.otherMachines.map { "\($0.id) (\($0.files.counted("file")))" }
      StandardOutput.line("Other machines: \(others.isEmpty ? "none yet" : others.joined(separator: ", "))")
      StandardOutput.line("Written from this machine: up to answer \(status.writtenUpTo).")
      for each in status.leftAlone { StandardOutput.line("Left alone: \(each)") }
      if !status.gitLog.isEmpty { StandardOutput.line("git, at the last sync:\n" + status.gitLog) }
    }
  }
}
