import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file-system call: what was being done, to which path, and the system's reason.
public struct FileSystemError: Error, CustomStringConvertible, Equatable {
  /// What could not be done, as in "Can't <action> <path>".
  public var action: String
  public var path: String
  /// The `errno` value.
  public var code: Int32
  /// Our words for a failure no `errno` names ("not a regular file: a FIFO, a socket or a device").
  public var explanation: String?

  public init(_ action: String, _ path: String, code: Int32, explanation: String? = nil) {
    self.action = action
    self.path = path
    self.code = code
    self.explanation = explanation
  }

  /// A read of something that is no file and no folder: a FIFO, a socket, a device.
  public static func notARegularFile(_ action: String, _ path: String) -> FileSystemError {
    FileSystemError(action, path, code: EINVAL, explanation: "not a regular file (a FIFO, a socket or a device)")
  }

  /// The system's wording for `code`: "Permission denied", "Not a directory".
  public var reason: String { explanation ?? String(cString: strerror(code)) }

  public var description: String { "Can't \(action) \(path): \(reason)" }
}

/// What the file operations tell and take: a file's identity, what reading found, what a path
/// names; and the helpers on paths and dates that touch nothing.
public enum Files {
  /// The identity of a file (device and inode), to tell whether a path still names the same file.
  public struct Identity: Equatable, Sendable, CustomStringConvertible {
    var device: UInt64
    var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }

    /// "2049:1234567", as a mark written beside a file names the file it is about.
    public var description: String { "\(device):\(inode)" }
  }

  /// What reading a small file found.
  public enum ReadResult: Equatable, Sendable {
    /// No file there (or no folder above it).
    case missing
    /// The whole file.
    case contents([UInt8], Identity)
    /// Larger than the limit: not read.
    case tooLarge(Identity)
    /// Not a regular file, or not readable; the identity when it could be taken.
    case unreadable(FileSystemError, Identity?)
  }

  /// What a path names, following symbolic links.
  public enum Kind: Equatable, Sendable {
    /// Nothing (or a symbolic link to nothing, or a path that cannot be looked at).
    case missing
    case file
    case directory
    /// Anything else: a FIFO, a socket, a device, a loop of symbolic links. Opening one may block
    /// (a FIFO), swallow what is written (/dev/null) or fail.
    case special
  }

  /// What is at a path itself (a symbolic link is a link, not what it leads to), and its size.
  public struct Entry: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case file, directory, link, special }
    public var kind: Kind
    /// In bytes (a link's is its target's length).
    public var size: Int

    public init(_ kind: Kind, size: Int = 0) {
      self.kind = kind
      self.size = size
    }
  }

  /// `bytes` as text if they are UTF-8; a byte order mark at the start is no part of the text (as
  /// Foundation's `String(contentsOfFile:)` reads a file: an editor on Windows may write one).
  public static func text(_ bytes: [UInt8]) -> String? {
    guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
    return String(decoding: withoutByteOrderMark(bytes), as: UTF8.self)
  }

  /// `bytes` without the UTF-8 byte order mark they may start with.
  public static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
  }

  /// The folder that holds `path` ("/" for "/a", "." for "a").
  package static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// `date` in UTC as `20261121T153000Z`, for file names.
  package static func compactUTC(_ date: Date) -> String {
    let parts = utcParts(date)
    return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
      + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
  }

  /// `date` in UTC as ISO 8601 to the second: `2026-11-21T15:30:00Z`.
  package static func iso8601UTC(_ date: Date) -> String {
    let parts = utcParts(date)
    return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2) + "T" + pad(parts.hour, 2) + ":"
      + pad(parts.minute, 2) + ":" + pad(parts.second, 2) + "Z"
  }

  /// Whole seconds since 1970 (rounded down), clamped to what the calendar functions handle.
  package static func unixSeconds(_ date: Date) -> Int64 {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return 0 }
    return Int64(max(-62_135_596_800, min(253_402_300_799, seconds.rounded(.down))))
  }

  private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    var time = time_t(unixSeconds(date))
    var parts = tm()
    gmtime_r(&time, &parts)
    return (
      Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min),
      Int(parts.tm_sec)
    )
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

/// The files and folders the app keeps or reads outside its database, as isowords' FileClient:
/// the files a learner names (`history import FILE`, `--verbs-file`), the sync folder, the sync's
/// own small files. ``live`` is the file system; a test gives ``InMemoryFiles`` or ``failing``.
/// (The stores of the other clients, in their Live files, call ``Files`` themselves.)
public struct FileClient: Sendable {
  /// What is at `path` itself (nil: nothing), not following a final symbolic link.
  public var entry: @Sendable (_ path: String) -> Files.Entry?
  /// The file at `path` whole, when it is a regular file of at most `limit` bytes (links followed).
  public var read: @Sendable (_ path: String, _ limit: Int) -> Files.ReadResult
  /// The file at `path`, a piece at a time, however large; throws if it can't be read.
  public var stream: @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void
  /// Replaces the file at `path` atomically with what `produce` writes (``Files/writeAtomically(to:_:)``):
  /// the old file or the new one, never half of one; the folders made if missing.
  public var write:
    @Sendable (_ path: String, _ produce: (_ write: ([UInt8]) throws(FileSystemError) -> Void) throws -> Void) throws -> Void
  /// The names in the folder at `path` (not `.` and `..`); none if it is no folder.
  public var list: @Sendable (_ path: String) -> [String]
  /// Makes the folder at `path` and its parents (`mkdir -p`); an existing folder is fine.
  public var createDirectory: @Sendable (_ path: String) throws(FileSystemError) -> Void
  /// Removes what is at `path`, a folder with all it holds; nothing there is fine.
  public var remove: @Sendable (_ path: String) throws(FileSystemError) -> Void
  /// The file `path` leads to (links followed), to tell whether two paths name one file.
  public var identity: @Sendable (_ path: String) -> Files.Identity?
  /// The file at `path` a piece at a time, removed as the reading starts: a file of a moment
  /// (an export on its way to standard output) is gone even if the reader is stopped half way.
  public var consume: @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void
  /// Takes the lock on the file at `path` (made if missing): nil if another holds it; held until
  /// the ``Lock`` is released or goes, or its process ends (a kill too). Throws if the lock file
  /// can't be opened.
  public var lock: @Sendable (_ path: String) throws(FileSystemError) -> Lock?
  /// The folder for the files of a moment (`$TMPDIR`, else /tmp).
  public var temporaryDirectory: String

  public init(
    entry: @escaping @Sendable (_ path: String) -> Files.Entry?,
    read: @escaping @Sendable (_ path: String, _ limit: Int) -> Files.ReadResult,
    stream: @escaping @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void,
    write: @escaping @Sendable (
      _ path: String, _ produce: (_ write: ([UInt8]) throws(FileSystemError) -> Void) throws -> Void
    ) throws -> Void,
    list: @escaping @Sendable (_ path: String) -> [String],
    createDirectory: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
    remove: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
    identity: @escaping @Sendable (_ path: String) -> Files.Identity?,
    consume: @escaping @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void,
    lock: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Lock?,
    temporaryDirectory: String
  ) {
    self.entry = entry
    self.read = read
    self.stream = stream
    self.write = write
    self.list = list
    self.createDirectory = createDirectory
    self.remove = remove
    self.identity = identity
    self.consume = consume
    self.lock = lock
    self.temporaryDirectory = temporaryDirectory
  }

  /// A lock held: released once, by ``release()`` or when it goes.
  public final class Lock: Sendable {
    private let onRelease: Mutex<(@Sendable () -> Void)?>

    public init(release: @escaping @Sendable () -> Void) { onRelease = Mutex(release) }
    public func release() { onRelease.withLock { $0.take() }?() }
    deinit { release() }
  }
}

extension FileClient {
  /// Replaces the file at `path` with `bytes`, atomically.
  public func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    do {
      try write(path) { write in try write(bytes) }
    } catch let error as FileSystemError {
      throw error
    } catch {
      throw FileSystemError("write", path, code: EIO, explanation: "\(error)")
    }
  }

  /// Replaces the file at `path` with `text` in UTF-8, atomically.
  public func write(_ text: String, to path: String) throws(FileSystemError) { try write(Array(text.utf8), to: path) }

  /// The file at `path` as UTF-8 text (``Files/text(_:)``), when it is a regular file of at most
  /// `limit` bytes that is UTF-8; nil otherwise (missing, too large, unreadable, not text).
  public func text(_ path: String, limit: Int) -> String? {
    guard case .contents(let bytes, _) = read(path, limit) else { return nil }
    return Files.text(bytes)
  }

  /// Whether something is at `path` (a link to nothing too).
  public func exists(_ path: String) -> Bool { entry(path) != nil }
}
