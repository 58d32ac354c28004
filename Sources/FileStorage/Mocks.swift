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
    remove: { _ in unimplementedFiles("remove") }, lock: { _ in unimplementedFiles("lock") },
    temporaryDirectory: "/nonexistent/tmp")
}

// FileStorage sits under Unimplemented's users; the same words as its `unimplemented`.
private func unimplementedFiles(_ name: String) -> Never {
  fatalError("FileClient.\(name) was called, but this World does not provide it: state the dependency in the test.")
}

/// A file system in memory, for tests: files, folders, symbolic links and special files (a FIFO)
/// by absolute path; what a test puts there and what the code wrote, to look at.
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

  private func resolved(_ path: String) -> Node? {
    var path = path
    for _ in 0..<8 {
      guard case .link(let target) = node(path) else { return node(path) }
      path = target
    }
    return nil
  }

  private func identity(_ path: String) -> Files.Identity {
    state.withLock { state in
      if let inode = state.inodes[path] { return Files.Identity(device: 1, inode: inode) }
      let inode = UInt64(state.inodes.count + 1)
      state.inodes[path] = inode
      return Files.Identity(device: 1, inode: inode)
    }
  }

  private func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
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
    switch resolved(path) {
    case .directory: return
    case nil:
      let parent = Files.parent(of: path)
      if parent != path { try makeDirectory(parent) }
      put(path, .directory)
    default: throw FileSystemError("create the folder", path, code: ENOTDIR)
    }
  }

  public var client: FileClient {
    FileClient(
      entry: { path in
        switch self.node(path) {
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
        default: return .unreadable(FileSystemError("read", path, code: EISDIR), self.identity(path))
        }
      },
      stream: { path, piece throws(FileSystemError) in
        guard case .file(let bytes) = self.resolved(path) else {
          throw FileSystemError("read", path, code: self.node(path) == nil ? ENOENT : EISDIR)
        }
        piece(bytes)
      },
      write: { path, produce in
        var bytes: [UInt8] = []
        try produce { piece throws(FileSystemError) in bytes += piece }
        try self.writeFile(path, bytes)
      },
      list: { path in
        guard case .directory = self.resolved(path) else { return [] }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return self.paths.filter { $0.hasPrefix(prefix) && $0.count > prefix.count && !$0.dropFirst(prefix.count).contains("/") }
          .map { String($0.dropFirst(prefix.count)) }
      },
      createDirectory: { path throws(FileSystemError) in try self.makeDirectory(path) },
      remove: { path in
        self.state.withLock { state in
          for key in state.nodes.keys where key == path || key.hasPrefix(path + "/") { state.nodes[key] = nil }
        }
      },
      lock: { path in
        let taken = self.state.withLock { state in state.locks.insert(path).inserted }
        guard taken else { return nil }
        if self.node(path) == nil { self.put(path, .file([])) }
        return FileClient.Lock { self.state.withLock { _ = $0.locks.remove(path) } }
      },
      temporaryDirectory: "/tmp")
  }
}
