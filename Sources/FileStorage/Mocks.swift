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
      var parent = Files.parent(of: path)
      while state.nodes[parent] == nil {
        state.nodes[parent] = .directory
        parent = Files.parent(of: parent)
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

  private func identity(_ path: String) -> Files.Identity {
    let path = canonical(path) ?? path
    return state.withLock { state in
      if let inode = state.inodes[path] { return Files.Identity(device: 1, inode: inode) }
      let inode = UInt64(state.inodes.count + 1)
      state.inodes[path] = inode
      return Files.Identity(device: 1, inode: inode)
    }
  }

  private func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
    guard let path = canonical(path, last: false) else { throw FileSystemError("write", path, code: ELOOP) }
    let parent = Files.parent(of: path)
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
      let parent = Files.parent(of: path)
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
        case .file(let bytes): Files.Entry(.file, size: bytes.count)
        case .directory: Files.Entry(.directory)
        case .link(let target): Files.Entry(.link, size: target.utf8.count)
        case .special: Files.Entry(.special)
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
        return self.paths.filter { $0.hasPrefix(prefix) && $0.count > prefix.count && !$0.dropFirst(prefix.count).contains("/") }
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
      temporaryDirectory: "/tmp")
  }
}
