import CSQLite

/// One of SQLite's result codes, extended (`SQLITE_IOERR_READ`) or primary (`SQLITE_IOERR`).
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code of an extended one (its low byte).
  public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  public var description: String { "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))" }

  public static let SQLITE_OK = ResultCode(rawValue: CSQLite.SQLITE_OK)
  public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
  public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
  public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
  public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
  public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
  public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
  public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
}

/// An error SQLite reported (or one of ours given one of its codes): the code, SQLite's message,
/// and the statement it came from.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
  /// The code as SQLite gave it (extended codes are on: `SQLITE_CORRUPT_INDEX`).
  public var extendedResultCode: ResultCode
  /// Its primary code (`SQLITE_CORRUPT`), as GRDB's errors gave it.
  public var resultCode: ResultCode { extendedResultCode.primaryResultCode }
  public var message: String?
  public var sql: String?

  public init(resultCode: ResultCode = .SQLITE_ERROR, message: String? = nil, sql: String? = nil) {
    extendedResultCode = resultCode
    self.message = message
    self.sql = sql
  }

  /// The last error of `connection`.
  init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    self.init(
      resultCode: ResultCode(rawValue: code),
      message: connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)), sql: sql)
  }

  /// "SQLite error 19: UNIQUE constraint failed: answers.uid - while executing `INSERT …`".
  public var description: String {
    var description = "SQLite error \(resultCode.rawValue)"
    if let message { description += ": \(message)" }
    if let sql { description += " - while executing `\(sql.trimmingWhitespace)`" }
    return description
  }
}

/// A row whose column is not of the type asked for (a NULL where a value is needed, a text where a
/// number is).
public struct RowDecodingError: Error, CustomStringConvertible, Sendable {
  public var column: String
  public var type: String
  public var value: String

  @usableFromInline init(column: String, type: String, value: String) {
    self.column = column
    self.type = type
    self.value = value
  }

  public var description: String { "could not decode \(type) from database value \(value) at column \(column)" }
}

extension String {
  var trimmingWhitespace: Substring {
    let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == ";" }
    guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
    return self[start...end]
  }
}
