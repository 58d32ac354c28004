import Foundation
import ScoreboardClient

/// One history on every machine: the sync's set-up, a sync, its status, its end. The live value
/// (ConjugarCore's Sync/Live.swift) keeps the files in the data folder and runs git as a program of
/// its own; a test's double answers without either.
public struct SyncClient: Sendable {
  /// How this machine syncs; nil when sync is not set up.
  public var setup: @Sendable () -> SyncSetup?
  /// Sets sync up (a clone of the repository, or `machines/` in the folder) and keeps the set-up;
  /// returns this machine's id. A failure is a ``SyncFailure`` that says why, and nothing is kept.
  public var initialize: @Sendable (SyncSetup) throws -> String
  /// A sync of `board`: pull, merge the other machines' answers, write this machine's, push;
  /// `everything` reads the others' files merged before again.
  public var run: @Sendable (_ board: Scoreboard, _ everything: Bool) throws -> SyncReport
  /// What `conjugar sync status` says; nil when sync is not set up.
  public var status: @Sendable () throws -> SyncStatus?
  /// Stops syncing: forgets the set-up (the repository, its clone and the folder left as they
  /// are); returns the set-up forgotten, nil when there was none.
  public var off: @Sendable () throws -> SyncSetup?
  /// At the trainer's quit: a sync in a process of its own, which outlives the trainer, when sync
  /// is set up.
  public var startAfterQuit: @Sendable () -> Void

  public init(
    setup: @escaping @Sendable () -> SyncSetup?, initialize: @escaping @Sendable (SyncSetup) throws -> String,
    run: @escaping @Sendable (_ board: Scoreboard, _ everything: Bool) throws -> SyncReport,
    status: @escaping @Sendable () throws -> SyncStatus?, off: @escaping @Sendable () throws -> SyncSetup?,
    startAfterQuit: @escaping @Sendable () -> Void
  ) {
    self.setup = setup
    self.initialize = initialize
    self.run = run
    self.status = status
    self.off = off
    self.startAfterQuit = startAfterQuit
  }
}

/// How this machine syncs: through a folder, or a git repository cloned into the data folder. Kept
/// in the data folder as one line, `folder PATH` or `git URL`.
public enum SyncSetup: Sendable, Equatable {
  case folder(URL)
  case git(String)

  /// Where a git repository is cloned.
  public static func workTree(in data: URL) -> URL { data.appendingPathComponent("sync-repository") }

  /// The folder the machines' files are in.
  public func root(in data: URL) -> URL {
    switch self {
    case .folder(let url): url
    case .git: Self.workTree(in: data)
    }
  }

  public var description: String {
    switch self {
    case .folder(let url): "the folder \(url.path)"
    case .git(let remote): "the git repository \(remote)"
    }
  }
}

/// What a sync did.
public struct SyncReport: Sendable {
  /// Answers of other machines added, and already kept.
  public var merged = ImportSummary(added: 0, alreadyKept: 0)
  /// Files of other machines read, and those left alone with why: all of them, and those not
  /// left alone at the sync before (each is said once; `conjugar sync status` lists them all).
  public var filesRead = 0
  public var skipped: [String] = []
  public var newlySkipped: [String] = []
  /// This machine's answers written out, in files.
  public var written = 0
  public var filesWritten = 0
  /// The machine whose fitted memory model was put in use here, if one was.
  public var memoryFrom: String?
  /// Forms whose marks (suspended, unsuspended, reset) changed here by the other machines'.
  public var marksChanged = 0
  /// Answers taken back here because another machine took them back.
  public var withdrawn = 0
  /// What git said when something failed (one line each, git's message whole), and everything
  /// it said, the commands that worked too.
  public var notices: [String] = []
  public var gitLog = ""

  public init() {}
}

/// How sync stands: `conjugar sync status`.
public struct SyncStatus: Sendable, Equatable {
  public var setup: SyncSetup
  public var machine: String
  /// The other machines seen, each with the count of its files.
  public var otherMachines: [(id: String, files: Int)]
  /// The last of this machine's answers written out.
  public var writtenUpTo: Int64
  /// The files of other machines the last sync left alone, with why.
  public var leftAlone: [String]
  /// Everything git said at the last sync.
  public var gitLog: String

  public init(
    setup: SyncSetup, machine: String, otherMachines: [(id: String, files: Int)], writtenUpTo: Int64,
    leftAlone: [String], gitLog: String
  ) {
    self.setup = setup
    self.machine = machine
    self.otherMachines = otherMachines
    self.writtenUpTo = writtenUpTo
    self.leftAlone = leftAlone
    self.gitLog = gitLog
  }

  public static func == (a: SyncStatus, b: SyncStatus) -> Bool {
    a.setup == b.setup && a.machine == b.machine && a.otherMachines.map(\.id) == b.otherMachines.map(\.id)
      && a.otherMachines.map(\.files) == b.otherMachines.map(\.files) && a.writtenUpTo == b.writtenUpTo
      && a.leftAlone == b.leftAlone && a.gitLog == b.gitLog
  }
}

/// Why sync could not be set up, or a sync could not run, in a sentence.
public struct SyncFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
