import CSQLite

/// One connection to an SQLite database, used by one thread at a time (``DatabaseQueue`` sees to
/// that): its statements, its transactions, its functions.
public final class Database {
  public let sqliteConnection: OpaquePointer
  /// The statements compiled once and kept, by their SQL.
  private var cache: [String: Statement] = [:]

  /// Opens the database at `path` (`:memory:` for a new one in memory) as GRDB did: extended result
  /// codes, the busy timeout, foreign keys enforced, double-quoted strings refused; then
  /// `prepare`; then one read of the schema, so that a file that is no database fails here, not at
  /// its first use.
  init(path: String, configuration: Configuration) throws {
    var connection: OpaquePointer?
    let flags = (configuration.readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = DatabaseError(code: code, connection: connection)
      sqlite3_close_v2(connection)
      throw error
    }
    sqliteConnection = connection
    sqlite3_extended_result_codes(connection, 1)
    if let timeout = configuration.busyTimeout { sqlite3_busy_timeout(connection, Int32(timeout * 1000)) }
    csqlite_refuse_double_quoted_strings(connection)
    try execute(sql: "PRAGMA foreign_keys = ON")
    try configuration.prepare?(self)
    _ = try Row.fetchOne(self, sql: "SELECT * FROM sqlite_master LIMIT 1")
  }

  deinit {
    cache.removeAll()
    sqlite3_close_v2(sqliteConnection)
  }

  func error(_ code: Int32, sql: String? = nil) -> DatabaseError {
    DatabaseError(code: code, connection: sqliteConnection, sql: sql)
  }

  // MARK: Statements

  /// `sql` compiled: one statement.
  public func makeStatement(sql: String) throws -> Statement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(sqliteConnection, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw error(code, sql: sql) }
    guard let statement else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no statement", sql: sql) }
    return Statement(statement, sql: sql, database: self)
  }

  /// `sql` compiled once and kept for the connection's life.
  public func cachedStatement(sql: String) throws -> Statement {
    if let statement = cache[sql] { return statement }
    let statement = try makeStatement(sql: sql)
    cache[sql] = statement
    return statement
  }

  /// Runs every statement of `sql`, in order; `arguments` go to a lone statement.
  public func execute(sql: String, arguments: StatementArguments = []) throws {
    guard arguments.isEmpty else { return try makeStatement(sql: sql).execute(arguments: arguments) }
    try sql.withCString { start in
      var rest: UnsafePointer<CChar>? = start
      while let current = rest, current.pointee != 0 {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(sqliteConnection, current, -1, &statement, &rest)
        guard code == SQLITE_OK else { throw error(code, sql: String(cString: current)) }
        // A comment or white space alone compiles to no statement.
        guard let statement else { continue }
        defer { sqlite3_finalize(statement) }
        while true {
          let step = sqlite3_step(statement)
          if step == SQLITE_DONE { break }
          if step != SQLITE_ROW { throw error(step, sql: String(cString: sqlite3_sql(statement))) }
        }
      }
    }
  }

  /// The rowid of the last row inserted on this connection.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(sqliteConnection) }

  /// Whether a table (or view) of that name exists, whatever its case.
  public func tableExists(_ name: String) throws -> Bool {
    try Bool.fetchOne(
      self, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE)",
      arguments: [name]) ?? false
  }

  // MARK: Transactions

  public enum TransactionKind: String {
    case deferred = "DEFERRED", immediate = "IMMEDIATE", exclusive = "EXCLUSIVE"
  }

  public enum TransactionCompletion { case commit, rollback }

  public var isInsideTransaction: Bool { sqlite3_get_autocommit(sqliteConnection) == 0 }

  /// Runs `body` in a transaction: committed if it says so, rolled back if it says so or throws
  /// (if SQLite has not already rolled it back).
  public func inTransaction(_ kind: TransactionKind = .deferred, _ body: () throws -> TransactionCompletion) throws {
    try cachedStatement(sql: "BEGIN \(kind.rawValue) TRANSACTION").execute()
    let completion: TransactionCompletion
    do {
      completion = try body()
    } catch {
      if isInsideTransaction { try? cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
      throw error
    }
    switch completion {
    case .commit:
      do {
        try cachedStatement(sql: "COMMIT TRANSACTION").execute()
      } catch {
        if isInsideTransaction { try? cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
        throw error
      }
    case .rollback:
      if isInsideTransaction { try cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
    }
  }

  // MARK: Functions

  /// Makes `function` callable from this connection's SQL.
  public func add(function: DatabaseFunction) {
    let flags = SQLITE_UTF8 | (function.pure ? SQLITE_DETERMINISTIC : 0)
    // SQLite holds the function (retained) until it drops it: replaced, removed, or the connection
    // closed (then `xDestroy` releases it).
    sqlite3_create_function_v2(
      sqliteConnection, function.name, function.argumentCount, flags, Unmanaged.passRetained(function).toOpaque(),
      { context, count, arguments in
        let function = Unmanaged<DatabaseFunction>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
        let values = (0..<Int(count)).map { DatabaseValue(arguments![$0]!) }
        do {
          let result = try function.body(values)?.databaseValue ?? .null
          switch result.storage {
          case .null: sqlite3_result_null(context)
          case .int64(let value): sqlite3_result_int64(context, value)
          case .double(let value): sqlite3_result_double(context, value)
          case .string(let value): sqlite3_result_text(context, value, -1, csqlite_transient())
          case .blob(let value):
            value.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), csqlite_transient()) }
          }
        } catch {
          sqlite3_result_error(context, "\(error)", -1)
        }
      }, nil, nil, { Unmanaged<DatabaseFunction>.fromOpaque($0!).release() })
  }

  /// Takes `function` away from this connection's SQL.
  public func remove(function: DatabaseFunction) {
    let flags = SQLITE_UTF8 | (function.pure ? SQLITE_DETERMINISTIC : 0)
    sqlite3_create_function_v2(sqliteConnection, function.name, function.argumentCount, flags, nil, nil, nil, nil, nil)
  }
}

/// A function of Swift's that SQL can call.
public final class DatabaseFunction {
  let name: String
  let argumentCount: Int32
  let pure: Bool
  let body: ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?

  public init(
    _ name: String, argumentCount: Int32, pure: Bool = false,
    function: @escaping ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
  ) {
    self.name = name
    self.argumentCount = argumentCount
    self.pure = pure
    body = function
  }
}

/// How a connection is opened.
public struct Configuration {
  /// Opened for reading only (`SQLITE_OPEN_READONLY`).
  public var readonly = false
  /// How long to wait for another connection's lock, in seconds; nil: not at all.
  public var busyTimeout: Double?
  /// Run once the connection is open, before anything else reads it.
  public var prepare: ((Database) throws -> Void)?

  public init() {}
}
