import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations themselves, on POSIX calls so that each failure has the system's reason:
/// the live ``FileClient`` and nothing else (every other module goes through a `FileClient`).
enum Files {
  /// The system's error number behind an error of `FileManager` (its underlying POSIX error), else EIO.
  static func errorNumber(of error: any Error) -> Int32 {
    ((error as? CocoaError)?.userInfo["NSUnderlyingError"] as? POSIXError)?.code.rawValue ?? EIO
  }

  typealias Identity = FileClient.Identity
  typealias ReadResult = FileClient.ReadResult
  typealias Kind = FileClient.Kind
  typealias Entry = FileClient.Entry
}

extension Files {
  /// Reads `path` whole if it is a regular file of at most `limit` bytes. Opens without blocking,
  /// so a FIFO left at the path cannot hang the app.
  static func read(_ path: String, limit: Int) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .missing }
      return .unreadable(FileSystemError("read", path, code: code), identity(of: path))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      return .unreadable(FileSystemError("read", path, code: errno), nil)
    }
    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      let kind = info.st_mode & S_IFMT
      return .unreadable(
        kind == S_IFDIR ? FileSystemError("read", path, code: EISDIR) : .notARegularFile("read", path), identity)
    }
    if info.st_size > limit { return .tooLarge(identity) }
    // Room for the file as fstat found it and one byte more, grown (up to one byte past the limit)
    // if the file grew since: a large limit costs nothing for a small file.
    var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)) + 1)
    var count = 0
    while count <= limit {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count)) }
      let n = bytes.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .unreadable(FileSystemError("read", path, code: errno), identity)
      }
      count += n
    }
    if count > limit { return .tooLarge(identity) }
    return .contents(Array(bytes.prefix(count)), identity)
  }

  /// The identity of the file at `path` (not following a final symbolic link), if there is one.
  static func identity(of path: String) -> Identity? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// What is at `path`, following symbolic links.
  static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ELOOP ? .special : .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .special
    }
  }

  /// The identity of the file `path` leads to, following symbolic links, if there is one.
  static func identity(following path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Creates the folder at `path` and any missing parents (`mkdir -p`), with mode 0700 as the XDG
  /// specification asks for the folders an application creates. An existing folder is fine.
  /// `mode`: 0755 for a folder others may read (the sync folder), before the umask.
  static func createDirectory(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
    if mkdir(path, mode) == 0 || isDirectory(path) { return }
    let code = errno
    guard code == ENOENT else {
      throw FileSystemError("create the folder", path, code: code == EEXIST ? ENOTDIR : code)
    }
    let parent = FilePaths.parent(of: path)
    guard parent != path else { throw FileSystemError("create the folder", path, code: code) }
    try createDirectory(parent, mode: mode)
    if mkdir(path, mode) == 0 || isDirectory(path) { return }
    let again = errno
    throw FileSystemError("create the folder", path, code: again == EEXIST ? ENOTDIR : again)
  }

  /// Whether `path` names a folder (following symbolic links).
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Replaces the file at `path` with `bytes`, atomically: the bytes go to a temporary file in the
  /// same folder, which is flushed to disk and then renamed over `path`. A reader (or a crash)
  /// sees the old file or the new one, never a half-written one; of two writers, the last wins.
  /// Creates the folder if it is missing.
  ///
  /// With `replacing` false, a file already at `path` stays as it is, and `EEXIST` is thrown.
  static func writeAtomically(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(FileSystemError) {
    do {
      try writeAtomically(to: path, replacing: replacing) { write in try write(bytes) }
    } catch let error as FileSystemError {
      throw error
    } catch {
      preconditionFailure("only the file's own writes can fail: \(error)")
    }
  }

  /// Replaces the file at `path`, atomically, with what `produce` writes through the function it is
  /// given, in as many pieces as it likes (an export of a million answers, never whole in memory).
  /// What `produce` throws leaves the file as it was and is thrown on; a failure of the file's own
  /// is a ``FileSystemError``. With `replacing` false, a file already at `path` stays as it is, and
  /// `EEXIST` is thrown.
  static func writeAtomically(
    to path: String, replacing: Bool = true, _ produce: (_ write: ([UInt8]) throws(FileSystemError) -> Void) throws -> Void
  ) throws {
    let directory = FilePaths.parent(of: path)
    try createDirectory(directory)
    let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(suffix)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileSystemError("write", path, code: errno) }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      try produce { bytes throws(FileSystemError) in try writeAll(bytes, to: descriptor, path: path) }
      guard fsync(descriptor) == 0 else { throw FileSystemError("write", path, code: errno) }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw FileSystemError("write", path, code: errno) }
    if replacing {
      guard rename(temporary, path) == 0 else { throw FileSystemError("write", path, code: errno) }
    } else {
      // A hard link is made whole or not at all, and never over a file already there.
      guard link(temporary, path) == 0 else { throw FileSystemError("write", path, code: errno) }
      unlink(temporary)
    }
    renamed = true
    // Make the rename itself durable (best effort: some file systems refuse to sync a folder).
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
    removeAbandonedTemporaryFiles(in: directory, prefix: ".\(name).tmp-")
  }

  /// Removes the temporary files of writers killed mid-write: `<prefix><pid>-…` whose process is
  /// gone. (Those of running processes, this one included, may be in use.)
  static func removeAbandonedTemporaryFiles(in directory: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink("\(directory)/\(name)")
    }
  }

  /// Writes all of `bytes`, retrying after interruptions and short writes.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileSystemError("write", path, code: errno)
      }
      written += n
    }
  }

  /// Renames the file at `path` to `<path>.corrupt-<UTC time>` (adding -2, -3… if that name is
  /// taken), keeping it for the learner to inspect, and returns the new file name (without folder).
  ///
  /// With `expected`, moves nothing and throws `ESTALE` if `path` no longer names that file (another
  /// process replaced it in the meantime).
  static func moveAside(_ path: String, expected: Identity?, now: Date) throws(FileSystemError) -> String {
    // A symbolic link at the path still names the file read if it leads to it (the link, not the
    // file it leads to, is then set aside).
    if let expected, identity(of: path) != expected, identity(following: path) != expected {
      throw FileSystemError("set aside", path, code: identity(of: path) == nil ? ENOENT : ESTALE)
    }
    let base = "\(path).corrupt-\(UnixTime.compact(now))"
    var target = base
    var attempt = 1
    while identity(of: target) != nil {
      attempt += 1
      target = "\(base)-\(attempt)"
    }
    guard rename(path, target) == 0 else { throw FileSystemError("set aside", path, code: errno) }
    return String(target[(target.lastIndex(of: "/").map { target.index(after: $0) } ?? target.startIndex)...])
  }

}

// Inside `Files`, `read` names the method above; these name the system calls.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

extension Files {
  /// Appends `line` (which ends in a newline) to the file at `path` in one `write` on a descriptor
  /// opened with `O_APPEND`, so the lines of several threads or programs never interleave; false
  /// if it could not. O_NONBLOCK: a FIFO left at the path (no reader) fails at once instead of
  /// hanging. A line cut short (a full disk) is ended, so the next starts a line of its own.
  /// `createFolders`: make the file's folders if they are missing.
  @discardableResult
  static func appendLine(_ line: String, to path: String, createFolders: Bool = false) -> Bool {
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK
    var descriptor = open(path, flags, 0o600)
    if descriptor < 0, errno == ENOENT, createFolders {
      guard (try? createDirectory(FilePaths.parent(of: path))) != nil else { return false }
      descriptor = open(path, flags, 0o600)
    }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(line.utf8)
    guard !bytes.isEmpty else { return true }
    var written: Int
    repeat {
      written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, $0.count) }
    } while written < 0 && errno == EINTR
    if written >= 0, written < bytes.count {
      _ = "\n".utf8CString.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, 1) }
    }
    return written == bytes.count
  }
}

extension FileClient {
  /// The file system.
  public static let live = FileClient(
    entry: { path in Files.entry(at: path) },
    read: { path, limit in Files.read(path, limit: limit) },
    stream: { path, piece throws(FileSystemError) in try Files.stream(path, removingIt: false, piece) },
    write: { path, produce in try Files.writeAtomically(to: path, produce) },
    list: { path in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] },
    // As `mkdir -p` makes them (0755 before the umask): the sync folder may be shared. (The app's
    // own folders are made by its stores, 0700.)
    createDirectory: { path throws(FileSystemError) in try Files.createDirectory(path, mode: 0o755) },
    remove: { path throws(FileSystemError) in
      guard Files.entry(at: path) != nil else { return }
      do {
        try FileManager.default.removeItem(atPath: path)
      } catch {
        throw FileSystemError("remove", path, code: Files.errorNumber(of: error))
      }
    },
    identity: { path in Files.identity(following: path) },
    consume: { path, piece throws(FileSystemError) in try Files.stream(path, removingIt: true, piece) },
    lock: { path throws(FileSystemError) in try Files.lock(path) },
    kind: { path in Files.kind(of: path) },
    entryIdentity: { path in Files.identity(of: path) },
    moveAside: { path, expected, now throws(FileSystemError) in try Files.moveAside(path, expected: expected, now: now) },
    appendLine: { line, path, createFolders in Files.appendLine(line, to: path, createFolders: createFolders) },
    writeNew: { path, bytes throws(FileSystemError) in try Files.writeAtomically(bytes, to: path, replacing: false) },
    createOwnDirectory: { path throws(FileSystemError) in try Files.createDirectory(path) },
    copy: { from, to throws(FileSystemError) in
      do {
        try FileManager.default.copyItem(atPath: from, toPath: to)
      } catch {
        throw FileSystemError("copy", from, code: Files.errorNumber(of: error))
      }
    },
    rename: { from, to throws(FileSystemError) in try Files.move(from, to: to) },
    temporaryDirectory: {
      // $TMPDIR, else /tmp (as Foundation's NSTemporaryDirectory on Linux), without a final slash.
      let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      return directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    }())
}

extension Files {
  /// `rename(2)`: `from` becomes `to` in one step.
  static func move(_ from: String, to: String) throws(FileSystemError) {
    guard rename(from, to) == 0 else { throw FileSystemError("rename", from, code: errno) }
  }

  /// What is at `path` itself (`lstat`), if anything.
  static func entry(at path: String) -> Entry? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    let kind: Entry.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .file
      case S_IFDIR: .directory
      case S_IFLNK: .link
      default: .special
      }
    return Entry(kind, size: Int(info.st_size))
  }

  /// The file at `path` a megabyte at a time; with `removingIt`, its name removed once it is open
  /// (the file goes with the last descriptor, however the reading ends).
  static func stream(_ path: String, removingIt: Bool, _ piece: ([UInt8]) -> Void) throws(FileSystemError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileSystemError("read", path, code: errno) }
    defer { close(descriptor) }
    if removingIt { unlink(path) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
      if n == 0 { return }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileSystemError("read", path, code: errno)
      }
      piece(Array(buffer[..<n]))
    }
  }

  /// The kernel's lock (`flock`) on the file at `path`, made if missing, if no one holds it. A
  /// child another thread forks holds a copy of a lock until it execs: a moment's wait (up to a
  /// second) before the lock counts as held.
  static func lock(_ path: String) throws(FileSystemError) -> FileClient.Lock? {
    let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileSystemError("lock", path, code: errno) }
    var tries = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      tries += 1
      guard tries < 20 else {
        close(descriptor)
        return nil
      }
      usleep(50_000)
    }
    return FileClient.Lock { close(descriptor) }
  }
}
