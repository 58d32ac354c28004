import FileStorage
import Foundation
import Testing

/// The file system and its double in memory answer the same operations the same way, so a test
/// that gives `InMemoryFiles` sees what the program would see on disk.
@Suite struct FileClientTests {
  /// The same story told to both: a folder, a file, a link, a read, a write, a listing, a lock.
  private func story(_ files: FileClient, root: String) throws -> [String] {
    var told: [String] = []
    func say(_ line: String) { told.append(line) }
    say("missing: \(files.read("\(root)/a/b.txt", 100))")
    try files.write("hola\n", to: "\(root)/a/b.txt")
    say("entry: \(String(describing: files.entry("\(root)/a/b.txt")))")
    say("folder: \(String(describing: files.entry("\(root)/a")?.kind))")
    say("text: \(String(describing: files.text("\(root)/a/b.txt", limit: 100)))")
    say("too large: \(files.text("\(root)/a/b.txt", limit: 4) == nil)")
    if case .tooLarge = files.read("\(root)/a/b.txt", 4) { say("read over the limit: tooLarge") }
    if case .unreadable(let error, _) = files.read("\(root)/a", 100) { say("a folder read: \(error.reason)") }
    var streamed: [UInt8] = []
    try files.stream("\(root)/a/b.txt") { streamed += $0 }
    say("streamed: \(String(decoding: streamed, as: UTF8.self))")
    do throws(FileSystemError) {
      try files.stream("\(root)/a/none") { _ in }
    } catch {
      say("stream of nothing: \(error.reason)")
    }
    try files.createDirectory("\(root)/a/c/d")
    try files.write("adiós\n", to: "\(root)/a/b.txt")
    say("replaced: \(String(describing: files.text("\(root)/a/b.txt", limit: 100)))")
    say("list: \(files.list("\(root)/a").sorted())")
    say("list of a file: \(files.list("\(root)/a/b.txt"))")
    do throws(FileSystemError) {
      try files.write("x", to: "\(root)/a/b.txt/e")
    } catch {
      say("a write under a file: \(error.reason)")
    }
    let lock = try files.lock("\(root)/a/lock")
    say("locked: \(lock != nil), again: \(try files.lock("\(root)/a/lock") != nil)")
    lock?.release()
    say("after release: \(try files.lock("\(root)/a/lock") != nil)")
    do throws(FileSystemError) {
      _ = try files.lock("\(root)/a/c")
    } catch {
      say("a lock on a folder: \(error.reason)")
    }
    say("identity: \(files.identity("\(root)/a/b.txt") != nil), of nothing: \(files.identity("\(root)/none") == nil)")
    try files.write("a moment\n", to: "\(root)/a/tmp")
    var consumed: [UInt8] = []
    try files.consume("\(root)/a/tmp") { consumed += $0 }
    say("consumed: \(String(decoding: consumed, as: UTF8.self)), then \(files.read("\(root)/a/tmp", 100))")
    try files.copy("\(root)/a/b.txt", "\(root)/a/copy")
    say("copied: \(String(describing: files.text("\(root)/a/copy", limit: 100))), size \(files.size("\(root)/a/copy"))")
    say("a copy onto a file: \((try? files.copy("\(root)/a/b.txt", "\(root)/a/copy")) == nil ? "refused" : "made")")
    try files.rename("\(root)/a/copy", "\(root)/a/renamed")
    say("renamed: \(files.exists("\(root)/a/copy")) \(String(describing: files.text("\(root)/a/renamed", limit: 100)))")
    do throws(FileSystemError) {
      try files.rename("\(root)/a/none", "\(root)/a/other")
    } catch {
      say("a rename of nothing: \(error.reason)")
    }
    try files.remove("\(root)/a/renamed")
    try files.remove("\(root)/a/c")
    try files.remove("\(root)/a/nothing")
    say("after remove: \(files.list("\(root)/a").sorted())")
    return told
  }

  @Test func theDoubleInMemoryAnswersAsTheFileSystemDoes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fileclient-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let onDisk = try story(.live, root: root)
    let inMemory = try story(InMemoryFiles().client, root: root)
    #expect(onDisk == inMemory)
    #expect(onDisk.contains("replaced: Optional(\"adiós\\n\")"))
    #expect(onDisk.contains("locked: true, again: false"))
    #expect(onDisk.contains("after release: true"))
  }

  @Test func aLinkIsALinkToEntryAndFollowedByEverythingElse() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fileclient-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileClient.live.write("hola", to: "\(root)/real/file")
    try FileManager.default.createSymbolicLink(atPath: "\(root)/link", withDestinationPath: "\(root)/real/file")
    try FileManager.default.createSymbolicLink(atPath: "\(root)/folder", withDestinationPath: "\(root)/real")
    let memory = InMemoryFiles(["\(root)/real/file": "hola"])
    memory.put("\(root)/link", .link("\(root)/real/file"))
    memory.put("\(root)/folder", .link("\(root)/real"))
    for files in [FileClient.live, memory.client] {
      #expect(files.entry("\(root)/link")?.kind == .link)
      #expect(files.text("\(root)/link", limit: 10) == "hola")
      #expect(files.entry("\(root)/folder/file")?.kind == .file, "a link to a folder is followed inside a path")
      #expect(files.list("\(root)/folder") == ["file"])
      #expect(files.identity("\(root)/folder/file") == files.identity("\(root)/real/file"))
      try files.write("adiós", to: "\(root)/folder/new")
      #expect(files.text("\(root)/real/new", limit: 10) == "adiós")
    }
  }

  /// A FIFO (or a socket, a device) is no file to read, and is said so in words of our own.
  @Test func aFIFOIsNoRegularFile() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fileclient-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileClient.live.createDirectory(root)
    #expect(mkfifo("\(root)/fifo", 0o600) == 0)
    let memory = InMemoryFiles()
    memory.put("\(root)/fifo", .special)
    for files in [FileClient.live, memory.client] {
      #expect(files.entry("\(root)/fifo")?.kind == .special)
      guard case .unreadable(let error, _) = files.read("\(root)/fifo", 100) else {
        Issue.record("a FIFO read")
        continue
      }
      #expect(error.reason == "not a regular file (a FIFO, a socket or a device)")
    }
  }

  /// A large limit costs nothing for a small file: what is read is the file.
  @Test func aSmallFileReadUnderAHugeLimit() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fileclient-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileClient.live.write("0123456789", to: "\(root)/f")
    guard case .contents(let bytes, _) = FileClient.live.read("\(root)/f", 1 << 40) else {
      Issue.record("not read")
      return
    }
    #expect(bytes == Array("0123456789".utf8))
  }
}
