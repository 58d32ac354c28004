import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileClient {
  /// Every operation a failing double: a test states the files it uses.
  public static let failing = FileClient(
    entry: { _ in unimplementedFiles("entry") }, read: { _, _ in unimplementedFiles("read") },
    stream: { _, _ in unimplementedFiles("stream") }, write: { _, _ in unimplementedFiles("write") },
    list: { _ in unimplementedFiles("list") }, createDirectory: { _ in unimplementedFiles("createDirectory") },
    remove: { _ in unimplementedFiles("remove") }, identity: { _ in unimplementedFiles("identity") },
    consume: { _, _ in unimplementedFiles("consume") }, lock: { _ in unimplementedFiles("lock") },
    kind: { _ in unimplementedFiles("kind") }, entryIdentity: { _ in unimplementedFiles("entryIdentity") },
    moveAside: { _, _, _ in unimplementedFiles("moveAside") }, appendLine: { _, _, _ in unimplementedFiles("appendLine") },
    writeNew: { _, _ in unimplementedFiles("writeNew") },
    createOwnDirectory: { _ in unimplementedFiles("createOwnDirectory") },
    copy: { _, _ in unimplementedFiles("copy") }, rename: { _, _ in unimplementedFiles("rename") },
    temporaryDirectory: "/nonexistent/tmp")
}

// FileStorage sits under Unimplemented's users; the same words as its `unimplemented`.
private func unimplementedFiles(_ name: String) -> Never {
  fatalError("FileClient.\(name) was called, but this World does not provide it: state the dependency in the test.")
}

/// A file system in memory, for tests: files, folders, symbolic links (to absolute paths, followed
/// anywhere in a path as the system follows them) and special files (a FIFO) by absolute path;
/// what a test puts there and what the code wrote, to look at.
public final class InMemoryFiles: Sendable {
  public enum Node: Equatable, Sendable {
    case file([UInt8])
    case directory
    /// A symbolic link to this path.
    case link(String)
    /// A FIFO, a socket, a device.
    case special
  }

  private struct State {
    var nodes: [String: Node] = ["/": .directory]
    var locks: Set<String> = []
    var inodes: [String: UInt64] = [:]
  }

  private let state = Mutex(State())

  public init(_ files: [String: String] = [:]) {
    for (path, text) in files { put(path, .file(Array(text.utf8))) }
  }

  /// Puts `node` at `path`, its folders made.
  public func put(_ path: String, _ node: Node) {
    state.withLock { state in
      var parent = FilePaths.parent(of: path)
      while state.nodes[parent] == nil {
        state.nodes[parent] = .directory
        parent = FilePaths.parent(of: parent)
      }
      state.nodes[path] = node
    }
  }

  /// What is at `path` itself.
  public func node(_ path: String) -> Node? { state.withLock { $0.nodes[path] } }

  /// The text of the file at `path` (following links), if it is one.
  public func text(_ path: String) -> String? {
    guard case .file(let bytes) = resolved(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Every path held, sorted.
  public var paths: [String] { state.withLock { $0.nodes.keys.sorted() } }

  /// `path` with every symbolic link in it followed (the last one too unless `last` is false); nil
  /// for a loop of links.
  private func canonical(_ path: String, last: Bool = true) -> String? {
    var components = path.split(separator: "/").map(String.init)
    var resolved = ""
    var index = 0
    var links = 0
    while index < components.count {
      let next = resolved + "/" + components[index]
      if last || index < components.count - 1, case .link(let target) = node(next) {
        links += 1
        guard links <= 16 else { return nil }
        components = target.split(separator: "/").map(String.init) + components[(index + 1)...]
        resolved = ""
        index = 0
        continue
      }
      resolved = next
      index += 1
    }
    return resolved.isEmpty ? "/" : resolved
  }

  /// What `path` leads to.
  private func resolved(_ path: String) -> Node? { canonical(path).flatMap(node) }

  /// What is at `path` itself (its folders' links followed).
  private func itself(_ path: String) -> Node? { canonical(path, last: false).flatMap(node) }

  private func identity(_ path: String, last: Bool = true) -> FileClient.Identity {
    let path = canonical(path, last: last) ?? path
    return state.withLock { state in
      if let inode = state.inodes[path] { return FileClient.Identity(device: 1, inode: inode) }
      let inode = UInt64(state.inodes.count + 1)
      state.inodes[path] = inode
      return FileClient.Identity(device: 1, inode: inode)
    }
  }

  private func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
    guard let path = canonical(path, last: false) else { throw FileSystemError("write", path, code: ELOOP) }
    let parent = FilePaths.parent(of: path)
    switch resolved(parent) {
    case .directory: break
    case nil: try makeDirectory(parent)
    default: throw FileSystemError("write", path, code: ENOTDIR)
    }
    if case .directory = resolved(path) { throw FileSystemError("write", path, code: EISDIR) }
    put(path, .file(bytes))
  }

  private func makeDirectory(_ path: String) throws(FileSystemError) {
    guard let path = canonical(path) else { throw FileSystemError("create the folder", path, code: ELOOP) }
    switch node(path) {
    case .directory: return
    case nil:
      let parent = FilePaths.parent(of: path)
      if parent != path { try makeDirectory(parent) }
      put(path, .directory)
    default: throw FileSystemError("create the folder", path, code: ENOTDIR)
    }
  }

  /// The bytes of the file `path` leads to, or why there are none.
  private func bytes(_ path: String) throws(FileSystemError) -> [UInt8] {
    switch resolved(path) {
    case .file(let bytes): return bytes
    case nil: throw FileSystemError("read", path, code: ENOENT)
    case .directory: throw FileSystemError("read", path, code: EISDIR)
    default: throw .notARegularFile("read", path)
    }
  }

  public var client: FileClient {
    FileClient(
      entry: { path in
        switch self.itself(path) {
        case nil: nil
        case .file(let bytes): FileClient.Entry(.file, size: bytes.count)
        case .directory: FileClient.Entry(.directory)
        case .link(let target): FileClient.Entry(.link, size: target.utf8.count)
        case .special: FileClient.Entry(.special)
        }
      },
      read: { path, limit in
        switch self.resolved(path) {
        case nil: return .missing
        case .file(let bytes):
          return bytes.count > limit ? .tooLarge(self.identity(path)) : .contents(bytes, self.identity(path))
        case .directory: return .unreadable(FileSystemError("read", path, code: EISDIR), self.identity(path))
        default: return .unreadable(.notARegularFile("read", path), self.identity(path))
        }
      },
      stream: { path, piece throws(FileSystemError) in piece(try self.bytes(path)) },
      write: { path, produce in
        var bytes: [UInt8] = []
        try produce { piece throws(FileSystemError) in bytes += piece }
        try self.writeFile(path, bytes)
      },
      list: { path in
        guard let path = self.canonical(path), case .directory = self.node(path) else { return [] }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return self.paths.filter { $0.hasPrefix(prefix) && $0.count > prefix.count && !$0.dropFirst(prefix.count).unicodeScalars.contains("/") }
          .map { String($0.dropFirst(prefix.count)) }
      },
      createDirectory: { path throws(FileSystemError) in try self.makeDirectory(path) },
      remove: { path in
        let path = self.canonical(path, last: false) ?? path
        self.state.withLock { state in
          for key in state.nodes.keys where key == path || key.hasPrefix(path + "/") { state.nodes[key] = nil }
        }
      },
      identity: { path in self.resolved(path) == nil ? nil : self.identity(path) },
      consume: { path, piece throws(FileSystemError) in
        let bytes = try self.bytes(path)
        self.state.withLock { _ = $0.nodes.removeValue(forKey: path) }
        piece(bytes)
      },
      lock: { path throws(FileSystemError) in
        if case .directory = self.resolved(path) { throw FileSystemError("lock", path, code: EISDIR) }
        let taken = self.state.withLock { state in state.locks.insert(path).inserted }
        guard taken else { return nil }
        if self.node(path) == nil { self.put(path, .file([])) }
        return FileClient.Lock { self.state.withLock { _ = $0.locks.remove(path) } }
      },
      kind: { path in
        guard let path = self.canonical(path) else { return .special }
        switch self.node(path) {
        case nil: return .missing
        case .file: return .file
        case .directory: return .directory
        case .link, .special: return .special
        }
      },
      entryIdentity: { path in self.itself(path) == nil ? nil : self.identity(path, last: false) },
      moveAside: { path, expected, now throws(FileSystemError) in
        if let expected, self.itself(path).map({ _ in self.identity(path, last: false) }) != expected,
          self.resolved(path).map({ _ in self.identity(path) }) != expected
        {
          throw FileSystemError("set aside", path, code: self.itself(path) == nil ? ENOENT : ESTALE)
        }
        guard let source = self.canonical(path, last: false), let node = self.node(source) else {
          throw FileSystemError("set aside", path, code: ENOENT)
        }
        let base = "\(source).corrupt-\(UnixTime.compact(now))"
        var target = base
        var attempt = 1
        while self.node(target) != nil {
          attempt += 1
          target = "\(base)-\(attempt)"
        }
        self.state.withLock { state in
          state.nodes[source] = nil
          state.nodes[target] = node
          state.inodes[target] = state.inodes.removeValue(forKey: source)
        }
        return String(target[(target.lastIndex(of: "/").map { target.index(after: $0) } ?? target.startIndex)...])
      },
      appendLine: { line, path, createFolders in
        switch self.resolved(path) {
        case .file(let bytes):
          return (try? self.writeFile(path, bytes + Array(line.utf8))) != nil
        case nil:
          guard createFolders || self.resolved(FilePaths.parent(of: path)) == .directory else { return false }
          return (try? self.writeFile(path, Array(line.utf8))) != nil
        default: return false
        }
      },
      writeNew: { path, bytes throws(FileSystemError) in
        guard self.itself(path) == nil else { throw FileSystemError("write", path, code: EEXIST) }
        try self.writeFile(path, bytes)
      },
      createOwnDirectory: { path throws(FileSystemError) in try self.makeDirectory(path) },
      copy: { from, to throws(FileSystemError) in
        guard self.itself(to) == nil else { throw FileSystemError("copy", from, code: EEXIST) }
        try self.writeFile(to, try self.bytes(from))
      },
      rename: { from, to throws(FileSystemError) in
        guard let source = self.canonical(from, last: false), let node = self.node(source) else {
          throw FileSystemError("rename", from, code: ENOENT)
        }
        let target = self.canonical(to, last: false) ?? to
        self.state.withLock { state in
          state.nodes[source] = nil
          state.nodes[target] = node
          state.inodes[target] = state.inodes.removeValue(forKey: source)
        }
      },
      temporaryDirectory: "/tmp")
  }
}
