import CSQLite

/// A row of a statement's results: either the statement's current row, read in place while a
/// cursor is on it (as SQLite converts: ``DatabaseValueConvertible/fromColumn(_:_:)``), or a copy of
/// its values (``fetchAll(_:sql:arguments:)``, ``fetchOne(_:sql:arguments:)``), read strictly.
public struct Row {
  @usableFromInline enum Values {
    case statement(OpaquePointer)
    case copied([DatabaseValue], names: [String])
  }
  @usableFromInline let values: Values

  /// The statement's current row, copied.
  init(copying statement: OpaquePointer) {
    let count = sqlite3_column_count(statement)
    values = .copied(
      (0..<count).map { DatabaseValue(statement, $0) },
      names: (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) })
  }

  init(in statement: OpaquePointer) { values = .statement(statement) }

  @inlinable public var count: Int {
    switch values {
    case .statement(let statement): Int(sqlite3_column_count(statement))
    case .copied(let values, _): values.count
    }
  }

  public var databaseValues: [DatabaseValue] { (0..<count).map(databaseValue) }

  @usableFromInline func databaseValue(_ index: Int) -> DatabaseValue {
    switch values {
    case .statement(let statement): DatabaseValue(statement, Int32(index))
    case .copied(let values, _): values[index]
    }
  }

  @usableFromInline func name(_ index: Int) -> String {
    switch values {
    case .statement(let statement): String(cString: sqlite3_column_name(statement, Int32(index)))
    case .copied(_, let names): names[index]
    }
  }

  /// The column's value; a NULL only for a type that can be one (an optional, ``DatabaseValue``).
  /// (Inlinable: made for each type where it is called, not looked up at each column.)
  @inlinable public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, atIndex index: Int) throws -> Value {
    precondition(index >= 0 && index < count, "no column \(index) in a row of \(count)")
    let value: Value?
    switch values {
    case .statement(let statement):
      value = sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
        ? Value.fromNull : Value.fromColumn(statement, Int32(index))
    case .copied(let values, _):
      value = values[index].isNull ? Value.fromNull : Value.fromDatabaseValue(values[index])
    }
    guard let value else {
      throw RowDecodingError(column: "\(index) (\(name(index)))", type: "\(Value.self)", value: "\(databaseValue(index).storage)")
    }
    return value
  }

  /// The value of the leftmost column of that name (whatever its case).
  public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, forColumn name: String) throws -> Value {
    let lowercased = name.lowercased()
    guard let index = (0..<count).first(where: { self.name($0).lowercased() == lowercased }) else {
      throw RowDecodingError(column: name, type: "\(Value.self)", value: "no such column")
    }
    return try decode(atIndex: index)
  }

  /// The column's value; a crash if it is not of that type (for a value the query guarantees).
  @inlinable public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
    do {
      return try decode(atIndex: index)
    } catch {
      fatalError("\(error)")
    }
  }
}

/// The rows of a statement, one at a time, each read in place: valid until the next.
public final class RowCursor {
  let statement: Statement
  var done = false

  init(_ statement: Statement, arguments: StatementArguments) throws {
    self.statement = statement
    try statement.prepare(arguments)
  }

  public func next() throws -> Row? {
    guard !done else { return nil }
    do {
      if try statement.step() { return Row(in: statement.sqliteStatement) }
    } catch {
      done = true
      throw error
    }
    done = true
    return nil
  }

  // A cursor left before its end leaves the statement reset: no lock held.
  deinit { if !done { sqlite3_reset(statement.sqliteStatement) } }
}

extension Row {
  public static func fetchCursor(_ statement: Statement, arguments: StatementArguments = []) throws -> RowCursor {
    try RowCursor(statement, arguments: arguments)
  }

  public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> RowCursor {
    try RowCursor(db.makeStatement(sql: sql), arguments: arguments)
  }

  public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Row] {
    try statement.prepare(arguments)
    var rows: [Row] = []
    while try statement.step() { rows.append(Row(copying: statement.sqliteStatement)) }
    return rows
  }

  public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
    try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
  }

  public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Row? {
    try statement.prepare(arguments)
    guard try statement.step() else { return nil }
    defer { sqlite3_reset(statement.sqliteStatement) }
    return Row(copying: statement.sqliteStatement)
  }

  public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
    try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
  }
}

extension DatabaseValueConvertible {
  /// The first column of every row.
  public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Self] {
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    var values: [Self] = []
    // The rows are read in place: the cursor (and its statement) kept until the last is read.
    try withExtendedLifetime(rows) {
      while let row = try rows.next() { values.append(try row.decode(atIndex: 0)) }
    }
    return values
  }

  public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
    try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
  }

  /// The first column of the first row; nil if there is none, or if it is NULL.
  public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Self? {
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    return try withExtendedLifetime(rows) {
      guard let row = try rows.next() else { return nil }
      return try row.decode(Self?.self, atIndex: 0)
    }
  }

  public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
    try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
  }
}
