import CSQLite

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
}

/// One connection to a database file. Not thread-safe by itself: the score board keeps it in a
/// `Mutex` and uses it from one thread at a time.
final class SQLiteConnection {
  private let handle: OpaquePointer

  /// Opens (creating if needed) the database at `path`, waiting up to `busyTimeout` milliseconds
  /// for other connections' locks.
  init(path: String, busyTimeout: Int32) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard let handle else { throw SQLiteError(code: status, message: "out of memory opening \(path)") }
    guard status == SQLITE_OK else {
      let error = SQLiteError(code: status & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    sqlite3_busy_timeout(handle, busyTimeout)
  }

  deinit { sqlite3_close_v2(handle) }

  /// The error SQLite reports for the last call on this connection.
  var lastError: SQLiteError {
    SQLiteError(code: sqlite3_errcode(handle) & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
  }

  /// Runs one or more statements that take no parameters.
  func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    guard status == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
      sqlite3_free(message)
      throw SQLiteError(code: status & 0xFF, message: text)
    }
  }

  /// Prepares `sql`, hands the statement to `body`, and finalizes it whatever happens.
  func withStatement<T>(_ sql: String, _ body: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw lastError
    }
    defer { sqlite3_finalize(statement) }
    return try body(Statement(handle: statement, connection: self))
  }

  /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`, which waits for another
  /// writer rather than failing half-way), committed if `body` returns, rolled back if it throws.
  func inTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // After some errors SQLite has already rolled back; then this fails, harmlessly.
      try? execute("ROLLBACK")
      throw error
    }
  }

  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// A prepared statement, valid inside `withStatement` only.
  struct Statement {
    let handle: OpaquePointer
    let connection: SQLiteConnection

    /// Binds parameters 1, 2, … to `values` (clearing earlier bindings).
    func bind(_ values: [Value]) throws(SQLiteError) {
      sqlite3_reset(handle)
      sqlite3_clear_bindings(handle)
      for (offset, value) in values.enumerated() {
        let index = Int32(offset + 1)
        let status: Int32
        switch value {
        case .integer(let number):
          status = sqlite3_bind_int64(handle, index, number)
        case .text(let text):
          // Not through a C string: keeps any NUL inside, and binds "" as text, not NULL.
          let bytes = Array(text.utf8) + [0]
          status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
              sqlite3_bind_text(handle, index, $0.baseAddress, Int32(bytes.count - 1), csqlite_transient())
            }
          }
        }
        guard status == SQLITE_OK else { throw connection.lastError }
      }
    }

    /// Runs the statement to its end (for statements that return no rows).
    func run() throws(SQLiteError) {
      while try step() {}
    }

    /// Advances to the next row: true if there is one, false when done.
    func step() throws(SQLiteError) -> Bool {
      switch sqlite3_step(handle) {
      case SQLITE_ROW: return true
      case SQLITE_DONE: return false
      default: throw connection.lastError
      }
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func text(_ column: Int32) -> String {
      guard let bytes = sqlite3_column_text(handle, column) else { return "" }
      let count = Int(sqlite3_column_bytes(handle, column))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
  }

  enum Value {
    case integer(Int64)
    case text(String)
  }
}
