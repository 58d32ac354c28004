import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A small file read whole and replaced atomically. (The same operations as SettingsClient's
// `Files`, which this module cannot use without depending on SettingsClient.)
enum StateFile {
  /// The file's bytes, or nil if it is missing, not a regular file, unreadable or over `limit`.
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else { return nil }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return nil
      }
      count += n
    }
    return count > limit ? nil : Array(bytes.prefix(count))
  }

  /// Replaces the file at `path` with `bytes` through a flushed temporary file renamed over it,
  /// creating the folder if needed; false if it could not.
  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let directory = parent(of: path)
    guard createDirectory(directory) else { return false }
    let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
    let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
      if n < 0, errno == EINTR { continue }
      if n < 0 { break }
      written += n
    }
    let flushed = written == bytes.count && fsync(descriptor) == 0
    guard close(descriptor) == 0, flushed, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
    removeAbandonedTemporaryFiles(in: directory, prefix: ".\(name).tmp-")
    return true
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

  /// `mkdir -p`, with mode 0700.
  static func createDirectory(_ path: String) -> Bool {
    if mkdir(path, 0o700) == 0 || isDirectory(path) { return true }
    guard errno == ENOENT else { return false }
    let parent = parent(of: path)
    guard parent != path, createDirectory(parent) else { return false }
    return mkdir(path, 0o700) == 0 || isDirectory(path)
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }
}

// Inside `StateFile`, `read` and `write` name its methods; these name the system calls.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
