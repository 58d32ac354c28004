import ConjugarCore
import FileStorage
import ScoreboardClient

/// A file the learner names on the command line (`history import FILE`, `import FILE`,
/// `items import FILE`), read whole through `Current.fileSystem`; each way it can fail said in
/// one sentence that ends with what was not done ("nothing imported").
enum NamedFile {
  /// Larger than any history kept (the database's limit is 512 MB): not read.
  static let largest = 1 << 30

  /// The bytes of `file`, or a ``CommandFailure``: it does not exist, can't be read (the system's
  /// reason), is larger than `limit`.
  static func bytes(_ file: String, limit: Int = largest, otherwise nothing: String) throws -> [UInt8] {
    switch Current.fileSystem.read(file, limit) {
    case .missing: throw CommandFailure("\(file) does not exist; \(nothing)")
    case .unreadable(let failure, _): throw CommandFailure("can't read \(file): \(failure.reason); \(nothing)")
    case .tooLarge: throw CommandFailure("\(file) is larger than \(limit >> 20) MB; \(nothing)")
    case .contents(let bytes, _): return bytes
    }
  }

  /// The bytes of `file`, which must be UTF-8 text (a byte order mark at its start is no part of
  /// it: ``TextFile/text(_:)``).
  static func utf8(_ file: String, limit: Int = largest, otherwise nothing: String) throws -> [UInt8] {
    let bytes = try bytes(file, limit: limit, otherwise: nothing)
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw CommandFailure("\(file) is not UTF-8 text; \(nothing)")
    }
    return Array(TextFile.withoutByteOrderMark(bytes))
  }

  /// Refuses `file` as a place to write to when it is the history's own database or one of its
  /// journals (`--output ~/.local/share/conjugar/scores.sqlite` would put a CSV in its place).
  static func refuseTheHistory(_ file: String) throws {
    guard let target = Current.fileSystem.identity(file) else { return }
    let database = Current.scoreboard.location  // its file, or "in memory"
    for path in [database] + Scoreboard.journalSuffixes.map({ database + $0 })
    where Current.fileSystem.identity(path) == target {
      throw CommandFailure("\(file) is the history's own database; give another file; nothing written")
    }
  }

  /// The text of `file`, which must be UTF-8.
  static func text(_ file: String, limit: Int = largest, otherwise nothing: String) throws -> String {
    String(decoding: try utf8(file, limit: limit, otherwise: nothing), as: UTF8.self)
  }
}
