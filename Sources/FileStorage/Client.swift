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

/// Time as the files write it: whole seconds since 1970, and UTC dates as text. Pure: nothing
/// here touches the disk or reads the clock.
public enum UnixTime {
  /// Whole seconds since 1970 (rounded down), clamped to what the calendar functions handle.
  public static func seconds(_ date: Date) -> Int64 {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return 0 }
    return Int64(max(-62_135_596_800, min(253_402_300_799, seconds.rounded(.down))))
  }

  /// `date` in UTC as ISO 8601 to the second: `2026-11-21T15:30:00Z`.
  public static func iso8601(_ date: Date) -> String {
    let parts = utcParts(date)
    return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2) + "T" + pad(parts.hour, 2) + ":"
      + pad(parts.minute, 2) + ":" + pad(parts.second, 2) + "Z"
  }

  /// The UTC day of `date`, `2026-11-21` (the daily backups' names).
  public static func day(_ date: Date) -> String {
    let parts = utcParts(date)
    return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
  }

  /// `date` in UTC as `20261121T153000Z`, for file names.
  public static func compact(_ date: Date) -> String {
    let parts = utcParts(date)
    return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
      + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
  }

  private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    var time = time_t(seconds(date))
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

/// A file's bytes as text. Pure.
public enum TextFile {
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
}

/// Paths as text. Pure.
public enum FilePaths {
  /// The folder that holds `path` ("/" for "/a", "." for "a").
  public static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// What follows the last dot of the path's last part ("csv" for "a/b.csv", "gz" for "b.tar.gz"),
  /// or "" if none does (a name that starts with its only dot, ".csv", has none).
  public static func pathExtension(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    let name = trimmed.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

extension FileClient {
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
}

/// The files and folders the app keeps or reads outside its database, as isowords' FileClient:
/// the files a learner names (`history import FILE`, `--verbs-file`), the sync folder, the sync's
/// own small files. ``live`` is the file system; a test gives ``InMemoryFiles`` or ``failing``.
/// The live stores of the other clients (settings, the history's database, the logs) are given one
/// too: no module but this one makes a file-system call of its own through `Files`.
public struct FileClient: Sendable {
  /// What is at `path` itself (nil: nothing), not following a final symbolic link.
  public var entry: @Sendable (_ path: String) -> Entry?
  /// The file at `path` whole, when it is a regular file of at most `limit` bytes (links followed).
  public var read: @Sendable (_ path: String, _ limit: Int) -> ReadResult
  /// The file at `path`, a piece at a time, however large; throws if it can't be read.
  public var stream: @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void
  /// Replaces the file at `path` atomically with what `produce` writes (a temporary file renamed over it):
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
  public var identity: @Sendable (_ path: String) -> Identity?
  /// The file at `path` a piece at a time, removed as the reading starts: a file of a moment
  /// (an export on its way to standard output) is gone even if the reader is stopped half way.
  public var consume: @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void
  /// Takes the lock on the file at `path` (made if missing): nil if another holds it; held until
  /// the ``Lock`` is released or goes, or its process ends (a kill too). Throws if the lock file
  /// can't be opened.
  public var lock: @Sendable (_ path: String) throws(FileSystemError) -> Lock?
  /// What `path` names, following symbolic links (a FIFO, a device: ``Kind/special``).
  public var kind: @Sendable (_ path: String) -> Kind
  /// The identity of what is at `path` itself (a symbolic link's own, not its target's).
  public var entryIdentity: @Sendable (_ path: String) -> Identity?
  /// Renames the file at `path` to `<path>.corrupt-<UTC time of now>` (`-2`, `-3`… if taken) and
  /// returns the new name (without folder); with `expected`, moves nothing and throws `ESTALE` if
  /// `path` no longer names that file.
  public var moveAside:
    @Sendable (_ path: String, _ expected: Identity?, _ now: Date) throws(FileSystemError) -> String
  /// Appends `line` (ending in a newline) to the file at `path` in one write, so the lines of
  /// several writers never interleave; false if it could not. `createFolders`: make the file's
  /// folders if missing.
  public var appendLine: @Sendable (_ line: String, _ path: String, _ createFolders: Bool) -> Bool
  /// Writes a new file at `path` atomically; a file already there stays as it is and `EEXIST` is
  /// thrown.
  public var writeNew: @Sendable (_ path: String, _ bytes: [UInt8]) throws(FileSystemError) -> Void
  /// Makes the folder at `path` and its parents for the app's own files (0700, as the XDG
  /// specification asks); an existing folder is fine. (``createDirectory``: 0755, a folder others
  /// may read.)
  public var createOwnDirectory: @Sendable (_ path: String) throws(FileSystemError) -> Void
  /// Copies the file at `from` to `to` (links followed), which must not exist yet.
  public var copy: @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void
  /// Renames `from` to `to` (`rename(2)`: in one step, replacing what is at `to`).
  public var rename: @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void
  /// The folder for the files of a moment (`$TMPDIR`, else /tmp).
  public var temporaryDirectory: String

  public init(
    entry: @escaping @Sendable (_ path: String) -> Entry?,
    read: @escaping @Sendable (_ path: String, _ limit: Int) -> ReadResult,
    stream: @escaping @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void,
    write: @escaping @Sendable (
      _ path: String, _ produce: (_ write: ([UInt8]) throws(FileSystemError) -> Void) throws -> Void
    ) throws -> Void,
    list: @escaping @Sendable (_ path: String) -> [String],
    createDirectory: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
    remove: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
    identity: @escaping @Sendable (_ path: String) -> Identity?,
    consume: @escaping @Sendable (_ path: String, _ piece: ([UInt8]) -> Void) throws(FileSystemError) -> Void,
    lock: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Lock?,
    kind: @escaping @Sendable (_ path: String) -> Kind,
    entryIdentity: @escaping @Sendable (_ path: String) -> Identity?,
    moveAside: @escaping @Sendable (_ path: String, _ expected: Identity?, _ now: Date) throws(FileSystemError) -> String,
    appendLine: @escaping @Sendable (_ line: String, _ path: String, _ createFolders: Bool) -> Bool,
    writeNew: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) throws(FileSystemError) -> Void,
    createOwnDirectory: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
    copy: @escaping @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void,
    rename: @escaping @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void,
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
    self.kind = kind
    self.entryIdentity = entryIdentity
    self.moveAside = moveAside
    self.appendLine = appendLine
    self.writeNew = writeNew
    self.createOwnDirectory = createOwnDirectory
    self.copy = copy
    self.rename = rename
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

  /// The file at `path` as UTF-8 text (``TextFile/text(_:)``), when it is a regular file of at most
  /// `limit` bytes that is UTF-8; nil otherwise (missing, too large, unreadable, not text).
  public func text(_ path: String, limit: Int) -> String? {
    guard case .contents(let bytes, _) = read(path, limit) else { return nil }
    return TextFile.text(bytes)
  }

  /// Whether something is at `path` (a link to nothing too).
  public func exists(_ path: String) -> Bool { entry(path) != nil }

  /// The size in bytes of the file at `path` itself; 0 when there is none.
  public func size(_ path: String) -> Int { entry(path)?.size ?? 0 }
}
