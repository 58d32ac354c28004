import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import FileStorage
import Foundation
import ScoreboardClient
import SettingsClient

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor", abstract: "Check the history's database, list its backups, or put a backup back.",
    discussion: """
      Checks scores.sqlite without changing it: SQLite's integrity_check, the foreign keys, and the \
      review states and statistics against the answers they are made from. A damaged database is \
      salvaged by whatever opens it next, the trainer or any command that reads the history: every \
      answer still readable copied into a new file, the damaged one kept beside it. The trainer copies the database once a \
      day into backups/ in the data folder, the last 7 kept. Exit status 0 when every check passes, \
      1 otherwise.
      """)

  @Option(help: "A backup (a file in backups/, or any copy) to put in place of the database; the database is kept aside first.")
  var restore: String?

  func run() throws {
    let maintenance = Current.maintenance
    if let restore {
      do {
        let kept = try maintenance.restore(restore)
        StandardOutput.line("Restored \(restore)" + (kept.map { "; the database it replaces is kept as \($0)." } ?? "."))
      } catch {
        throw CommandFailure("nothing restored: \(error)")
      }
      return
    }
    let examination = maintenance.examine(Current.settings.values.scheduler)
    if examination.checks.isEmpty {
      StandardOutput.line("Database: none yet at \(examination.path): nothing has been answered.")
    } else {
      let readable = examination.salvageable ? " readable" : ""
      StandardOutput.line(
        "Database: \(examination.path) (\(Self.size(examination.bytes)), \(Self.count(examination.answers, "answer"))\(readable), "
          + "\(Self.count(examination.items, "form")))")
    }
    for check in examination.checks {
      StandardOutput.line("\(check.name): " + (check.problems.isEmpty ? "ok" : "PROBLEM"))
      for problem in check.problems { StandardOutput.line("  \(problem)") }
    }
    if examination.backups.isEmpty {
      StandardOutput.line("Backups: none yet (the trainer makes one a day in \(maintenance.backupFolder))")
    } else {
      StandardOutput.line("Backups (the last \(HistoryMaintenance.backupsKept) are kept; restore one with --restore FILE):")
      for backup in examination.backups.reversed() { StandardOutput.line("  \(backup.path)  \(Self.size(backup.bytes))") }
    }
    if examination.salvageable {
      StandardOutput.line(
        "The database is damaged: the next start of conjugar, or any command that reads the history "
          + "(conjugar stats, say), salvages the \(Self.count(examination.answers, "answer")) readable into a new file "
          + "and keeps the damaged one beside it; or restore a backup with --restore FILE.")
      throw ExitCode(1)
    }

  }

  /// "19,873 answers": grouped as the other commands group their counts.
  static func count(_ n: Int, _ noun: String) -> String { n.counted(noun) }

  /// "1,013 KB", "19.4 MB".
  static func size(_ bytes: Int) -> String {
    bytes < 1 << 20 ? "\(((bytes + 1023) / 1024).grouped) KB" : (Double(bytes) / Double(1 << 20)).fixed(1) + " MB"
  }
}
