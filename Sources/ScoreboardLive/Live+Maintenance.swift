import Foundation
import ScoreboardClient

extension HistoryMaintenance {
  /// The maintenance of `scores.sqlite` in `directory`, and of its `backups/` folder there
  /// (``Backups``, ``HistoryDoctor``, ``HistoryDatabase/checkIntegrity(ofFileAt:)``).
  public static func live(directory: URL) -> HistoryMaintenance {
    let path = directory.appendingPathComponent(HistoryDatabase.fileName).path
    return HistoryMaintenance(
      backUp: { now in Backups.makeIfDue(ofDatabaseAt: path, in: directory, now: now) },
      backups: { Backups.list(in: directory) },
      checkIntegrity: { HistoryDatabase.checkIntegrity(ofFileAt: path) },
      examine: { scheduler in HistoryDoctor.examine(directory: directory, scheduler: scheduler) },
      restore: { file in try HistoryDoctor.restore(file, directory: directory) },
      backupFolder: directory.appendingPathComponent(Backups.folder).path)
  }
}
