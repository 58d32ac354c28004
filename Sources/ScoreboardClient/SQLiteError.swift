/// A SQLite failure, with SQLite's own message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`…).
  public var code: Int32
  public var message: String

  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }

  /// Damage inside the file: SQLite's, or a row that is no answer (``Schema/answer(_:)``); the file
  /// is then marked, and the next opening salvages it.
  public var isDamage: Bool { code == Self.corrupt || code == Self.notADatabase }

  /// SQLite's primary result codes `SQLITE_CORRUPT` and `SQLITE_NOTADB` (part of its stable C
  /// interface; the interface module does not link SQLite).
  private static let corrupt: Int32 = 11
  private static let notADatabase: Int32 = 26
}
