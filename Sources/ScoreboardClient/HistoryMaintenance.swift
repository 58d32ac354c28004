import Foundation
import SpacedRepetition

/// The care of the history's file, beside what the score board reads and writes in it: the daily
/// backups, SQLite's full integrity check, and `conjugar doctor`'s examination and restore. The
/// score board's live value runs the check (and, at the trainer's start, the backup) in the
/// background after each opening; a damaged file found is marked, and salvaged at the next
/// opening.
public struct HistoryMaintenance: Sendable {
  /// Makes the copy of the day of `now` (its UTC day) in the backups folder if there is none yet,
  /// and keeps the last ``backupsKept``; what went wrong, if anything (a full disk: the trainer
  /// goes on).
  public var backUp: @Sendable (_ now: Date) -> String?
  /// The copies in the backups folder, oldest first.
  public var backups: @Sendable () -> [Backup]
  /// SQLite's full `integrity_check` of the file, on a connection of its own: damage found is
  /// marked beside the file (``Scoreboard/damage``), and the next opening salvages it.
  public var checkIntegrity: @Sendable () -> Void
  /// How the history is, without changing it (the damage mark aside): SQLite's integrity check,
  /// the foreign keys, the review states (replayed from the answers by `scheduler`, with the
  /// fitted weights over it when there are some) and the statistics against the answers; the
  /// backups.
  public var examine: @Sendable (_ scheduler: Scheduler) -> Examination
  /// Puts the backup at `file` in place of the history, once SQLite finds it whole, the history
  /// there (and its journals) kept aside first; returns the name that one was kept as.
  public var restore: @Sendable (_ file: String) throws -> String?
  /// The backups folder.
  public var backupFolder: String

  /// The backups folder's name, in the data folder.
  public static let backupFolderName = "backups"
  /// How many daily copies are kept.
  public static let backupsKept = 7

  public init(
    backUp: @escaping @Sendable (_ now: Date) -> String?, backups: @escaping @Sendable () -> [Backup],
    checkIntegrity: @escaping @Sendable () -> Void, examine: @escaping @Sendable (_ scheduler: Scheduler) -> Examination,
    restore: @escaping @Sendable (_ file: String) throws -> String?, backupFolder: String
  ) {
    self.backUp = backUp
    self.backups = backups
    self.checkIntegrity = checkIntegrity
    self.examine = examine
    self.restore = restore
    self.backupFolder = backupFolder
  }

  /// A copy in the backups folder.
  public struct Backup: Sendable, Equatable {
    public var path: String
    /// Its day, as its name says: 2026-11-25.
    public var day: String
    public var bytes: Int

    public init(path: String, day: String, bytes: Int) {
      self.path = path
      self.day = day
      self.bytes = bytes
    }
  }

  /// What the examination found.
  public struct Examination: Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var answers: Int
    public var items: Int
    /// Each check, and what it found: "ok" or the problems.
    public var checks: [(name: String, problems: [String])]
    public var backups: [Backup]
    /// The file is damaged: `answers` and `items` are what a salvage reads of it, and the next
    /// opening salvages it.
    public var salvageable = false

    public init(
      path: String, bytes: Int, answers: Int, items: Int, checks: [(name: String, problems: [String])],
      backups: [Backup], salvageable: Bool = false
    ) {
      self.path = path
      self.bytes = bytes
      self.answers = answers
      self.items = items
      self.checks = checks
      self.backups = backups
      self.salvageable = salvageable
    }

    public var isHealthy: Bool { checks.allSatisfy { $0.problems.isEmpty } }

    public static func == (a: Examination, b: Examination) -> Bool {
      a.path == b.path && a.answers == b.answers && a.items == b.items && a.backups == b.backups
        && a.checks.map(\.name) == b.checks.map(\.name) && a.checks.map(\.problems) == b.checks.map(\.problems)
    }
  }
}
