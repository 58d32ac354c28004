import CSQLite

/// A compiled statement of one connection (``Database``). Each use resets it and binds every
/// argument anew; a run to its end resets it again, so that it holds no lock once done.
public final class Statement {
  public let sqliteStatement: OpaquePointer
  unowned let database: Database
  public let sql: String
  /// How many arguments it takes (`?`, or `?NNN`: the highest number).
  let parameterCount: Int32

  init(_ statement: OpaquePointer, sql: String, database: Database) {
    sqliteStatement = statement
    self.sql = sql
    self.database = database
    parameterCount = sqlite3_bind_parameter_count(statement)
  }

  deinit { sqlite3_finalize(sqliteStatement) }

  /// Resets the statement and binds `arguments`, one for each of its parameters.
  func prepare(_ arguments: StatementArguments) throws {
    sqlite3_reset(sqliteStatement)
    guard arguments.values.count == Int(parameterCount) else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "wrong number of statement arguments: \(arguments.values.count)", sql: sql)
    }
    for (index, value) in arguments.values.enumerated() {
      let code = value.bind(to: sqliteStatement, at: Int32(index + 1))
      guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }
  }

  /// Takes the next row: true if there is one, false at the end (the statement then reset).
  func step() throws -> Bool {
    switch sqlite3_step(sqliteStatement) {
    case SQLITE_ROW: return true
    case SQLITE_DONE:
      sqlite3_reset(sqliteStatement)
      return false
    case let code:
      let error = database.error(code, sql: sql)
      sqlite3_reset(sqliteStatement)
      throw error
    }
  }

  /// Runs the statement to its end (its rows, if any, unread).
  public func execute(arguments: StatementArguments = []) throws {
    try prepare(arguments)
    while try step() {}
  }
}

/// A statement's arguments, in order: `[verb, tense, 3, nil]`.
public struct StatementArguments: ExpressibleByArrayLiteral {
  public var values: [DatabaseValue]

  public init(_ values: [DatabaseValue]) { self.values = values }

  public init<S: Sequence>(_ values: S) where S.Element == (any DatabaseValueConvertible)? {
    self.values = values.map { $0?.databaseValue ?? .null }
  }

  public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) { self.init(elements) }

  public var isEmpty: Bool { values.isEmpty }
}
