import ClockClient
import FileStorage
import Foundation
import ScoreboardClient

extension HistoryMaintenance {
  /// The maintenance of `scores.sqlite` in `directory`, and of its `backups/` folder there
  /// (``Backups``, ``HistoryDoctor``, ``HistoryDatabase/checkIntegrity(ofFileAt:files:)``), its
  /// files looked at, set aside and marked through `files`, a file set aside named by `clock`'s time.
  public static func live(directory: URL, files: FileClient, clock: WallClock) -> HistoryMaintenance {
    let path = directory.appendingPathComponent(HistoryDatabase.fileName).path
    return HistoryMaintenance(
      backUp: { now in Backups.makeIfDue(ofDatabaseAt: path, in: directory, now: now, files: files) },
      backups: { Backups.list(in: directory, files: files) },
      checkIntegrity: { HistoryDatabase.checkIntegrity(ofFileAt: path, files: files) },
      examine: { scheduler in HistoryDoctor.examine(directory: directory, scheduler: scheduler, files: files) },
      restore: { file in try HistoryDoctor.restore(file, directory: directory, files: files, now: clock.now) },
      backupFolder: directory.appendingPathComponent(Backups.folder).path)
  }
}
