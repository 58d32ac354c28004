import ClockClient
import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import SyncClient

#if canImport(Glibc)
  import Glibc
#endif

extension SyncClient {
  /// Sync kept in `data` (`sync`, the set-up; `machine-id`; the clone in `sync-repository`), git
  /// run by `git` (the program, or a test's double), the merged answers checked by `conjugator`
  /// as of `clock`'s now, the machine id made from `random`, every file read and written through
  /// `files`.
  public static func live(
    data: URL, conjugator: @escaping @Sendable () -> Conjugator, clock: WallClock, random: RandomSource,
    files: FileClient, git: @escaping Git.Runner = Git.live
  ) -> SyncClient {
    SyncClient(
      setup: { SyncSetup.load(in: data, files) },
      initialize: { setup in try initialize(setup, data: data, random: random, files: files, git: git) },
      run: { board, everything in
        guard let setup = SyncSetup.load(in: data, files) else { throw SyncFailure("sync is not set up") }
        return try SyncRun(
          setup: setup, data: data, board: board, conjugator: conjugator(), everything: everything, git: git,
          files: files
        ).run(now: clock.now(), random: random)
      },
      status: { try status(data: data, random: random, files: files) },
      off: {
        guard let setup = SyncSetup.load(in: data, files) else { return nil }
        try files.remove(SyncSetup.file(in: data))
        return setup
      },
      startAfterQuit: { if SyncSetup.load(in: data, files) != nil { startSyncProcess() } })
  }

  private static func initialize(
    _ setup: SyncSetup, data: URL, random: RandomSource, files: FileClient, git: @escaping Git.Runner
  ) throws -> String {
    switch setup {
    case .folder(let url):
      do {
        try files.createDirectory(url.appendingPathComponent("machines").path)
      } catch {
        throw SyncFailure("can't use \(url.path): \(error.reason)")
      }
    case .git(let remote):
      let tree = SyncSetup.workTree(in: data)
      try? files.remove(tree.path)
      try files.createDirectory(data.path)
      let clone = Git(directory: data, runner: git).run(["clone", "--quiet", remote, tree.path])
      guard clone.succeeded else {
        try? files.remove(tree.path)
        throw SyncFailure("can't clone \(remote): \(clone.line)")
      }
    }
    try setup.save(in: data, files)
    return try MachineID.load(in: data, random: random, files: files)
  }

  private static func status(data: URL, random: RandomSource, files: FileClient) throws -> SyncStatus? {
    guard let setup = SyncSetup.load(in: data, files) else { return nil }
    let machine = try MachineID.load(in: data, random: random, files: files)
    let folder = SyncFolder(root: setup.root(in: data), machine: machine, files: files)
    let byMachine = Dictionary(grouping: folder.othersFiles().files, by: \.machine)
    return SyncStatus(
      setup: setup, machine: machine, otherMachines: byMachine.keys.sorted().map { ($0, byMachine[$0]!.count) },
      writtenUpTo: folder.writtenUpTo(), leftAlone: SyncRun.leftAlone(in: data, files),
      gitLog: files.text(SyncRun.logFile(in: data), limit: 64 << 20) ?? "")
  }

  /// `conjugar sync` as a process of its own, in a session of its own (closing the terminal does
  /// not stop it), its output to nowhere.
  private static func startSyncProcess() {
    guard let executable = executablePath() else { return }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    #if os(Linux)
      let newSession: Int16 = 0x80  // glibc's POSIX_SPAWN_SETSID, which Swift does not import
    #else
      let newSession = Int16(POSIX_SPAWN_SETSID)
    #endif
    posix_spawnattr_setflags(&attributes, newSession)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let arguments = [executable, "sync"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    _ = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
  }

  /// This program's file: on Linux the kernel's link `/proc/self/exe`, as Foundation's
  /// `Bundle.main.executablePath` reads it there (without its internationalisation libraries).
  private static func executablePath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard length > 0 else { return nil }
      return String(decoding: buffer.prefix(length).map(UInt8.init(bitPattern:)), as: UTF8.self)
    #else
      return Bundle.main.executablePath
    #endif
  }
}
