import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value as SQLite keeps it: one of its five storage classes.
public struct DatabaseValue: Sendable, Hashable {
  public enum Storage: Sendable, Hashable {
    case null
    case int64(Int64)
    case double(Double)
    case string(String)
    case blob(Data)
  }

  public var storage: Storage

  public init(storage: Storage) { self.storage = storage }

  public static let null = DatabaseValue(storage: .null)

  public var isNull: Bool { storage == .null }

  /// The value of a statement's column in the current row.
  @usableFromInline init(_ statement: OpaquePointer, _ column: Int32) {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: storage = .int64(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: storage = .double(sqlite3_column_double(statement, column))
    case SQLITE_TEXT: storage = .string(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
    case SQLITE_BLOB: storage = .blob(Data(column: column, of: statement))
    default: storage = .null
    }
  }

  /// An argument or a function's value, as SQLite hands it over.
  init(_ value: OpaquePointer) {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: storage = .int64(sqlite3_value_int64(value))
    case SQLITE_FLOAT: storage = .double(sqlite3_value_double(value))
    case SQLITE_TEXT: storage = .string(sqlite3_value_text(value).map { String(cString: $0) } ?? "")
    case SQLITE_BLOB:
      if let bytes = sqlite3_value_blob(value) {
        storage = .blob(Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))))
      } else {
        storage = .blob(Data())
      }
    default: storage = .null
    }
  }

  /// Binds the value to a statement's parameter: a text as a C string (up to a NUL), a blob as
  /// its bytes, both copied by SQLite.
  @discardableResult
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    switch storage {
    case .null: return sqlite3_bind_null(statement, index)
    case .int64(let value): return sqlite3_bind_int64(statement, index, value)
    case .double(let value): return sqlite3_bind_double(statement, index, value)
    case .string(let value): return sqlite3_bind_text(statement, index, value, -1, csqlite_transient())
    case .blob(let value):
      return value.withUnsafeBytes {
        sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), csqlite_transient())
      }
    }
  }

  /// Equal values; an integer and a double are equal when the double is that integer exactly.
  public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.null, .null): return true
    case let (.int64(l), .int64(r)): return l == r
    case let (.double(l), .double(r)): return l == r
    case let (.int64(l), .double(r)): return Int64(exactly: r) == l
    case let (.double(l), .int64(r)): return Int64(exactly: l) == r
    case let (.string(l), .string(r)): return l == r
    case let (.blob(l), .blob(r)): return l == r
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .null: hasher.combine(0)
    case .int64(let value): hasher.combine(Double(value))
    case .double(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .blob(let value): hasher.combine(value)
    }
  }
}

extension Data {
  /// A blob column's bytes (none for an empty blob).
  @usableFromInline init(column: Int32, of statement: OpaquePointer) {
    if let bytes = sqlite3_column_blob(statement, column) {
      self.init(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    } else {
      self.init()
    }
  }
}

/// A Swift value that is kept in a column, and read back from one.
///
/// Two ways back, as GRDB reads them: from a copied value (``fromDatabaseValue(_:)``), strictly
/// (an integer is no text); and from a statement's current row (``fromColumn(_:_:)``), as SQLite
/// converts (`sqlite3_column_int64` of a text is its number, or 0).
public protocol DatabaseValueConvertible {
  var databaseValue: DatabaseValue { get }
  static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
  /// A column that is not NULL, of the statement's current row.
  static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Self?
  /// What a NULL reads as: nil (a NULL is no value of the type), but for optionals and
  /// ``DatabaseValue`` itself.
  static var fromNull: Self? { get }
}

extension DatabaseValueConvertible {
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Self? {
    fromDatabaseValue(DatabaseValue(statement, column))
  }
  public static var fromNull: Self? { nil }
  @discardableResult
  public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { databaseValue.bind(to: statement, at: index) }
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
  public static var fromNull: DatabaseValue? { .null }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
    value.isNull ? .some(nil) : Wrapped.fromDatabaseValue(value).map { .some($0) }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Wrapped?? {
    Wrapped.fromColumn(statement, column).map { .some($0) }
  }
  @inlinable public static var fromNull: Wrapped?? { .some(nil) }
}

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self)) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
    switch value.storage {
    case .int64(let value): return value
    case .double(let value): return value >= Double(Int64.min) && value < Double(Int64.max) ? Int64(value) : nil
    default: return nil
    }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Int64? {
    sqlite3_column_int64(statement, column)
  }
}

extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? { Int64.fromDatabaseValue(value).flatMap { Int(exactly: $0) } }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Int? {
    Int(sqlite3_column_int64(statement, column))
  }
}

extension Int32: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
    Int64.fromDatabaseValue(value).flatMap { Int32(exactly: $0) }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Int32? {
    sqlite3_column_int(statement, column)
  }
}

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(self)) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
    switch value.storage {
    case .int64(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Double? {
    sqlite3_column_double(statement, column)
  }
}

extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self ? 1 : 0)) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
    switch value.storage {
    case .int64(let value): return value != 0
    case .double(let value): return value != 0
    default: return nil
    }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Bool? {
    sqlite3_column_int64(statement, column) != 0
  }
}

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .string(self)) }
  /// A text; a blob of UTF-8, as SQLite reads one as text.
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
    switch value.storage {
    case .string(let value): return value
    case .blob(let data): return String(validating: data, as: UTF8.self)
    default: return nil
    }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> String? {
    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
  }
}

extension Data: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { DatabaseValue(storage: .blob(self)) }
  @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
    switch value.storage {
    case .blob(let data): return data
    case .string(let string): return Data(string.utf8)
    default: return nil
    }
  }
  @inlinable public static func fromColumn(_ statement: OpaquePointer, _ column: Int32) -> Data? {
    Data(column: column, of: statement)
  }
}
