import Foundation
import SQLite
import Testing

/// The layer over SQLite's C API (`Sources/SQLite`): what the score board relies on, each stated
/// here once rather than only through the history's tests.
@Suite struct SQLiteLayerTests {
  func table() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB);
          -- a comment between statements compiles to none
          INSERT INTO t VALUES (1, 2.5, 'x', x'00ff');
          INSERT INTO t VALUES (NULL, NULL, '42', NULL);
          """)
    }
    return queue
  }

  @Test func aCursorsRowConvertsAsSQLiteDoesACopiedRowStrictly() throws {
    let queue = try table()
    try queue.read { db throws in
      let rows = try Row.fetchCursor(db, sql: "SELECT s, i FROM t ORDER BY rowid")
      _ = try rows.next()
      let second = try #require(try rows.next())
      // The text '42' read as a number in place, as sqlite3_column_int64 reads it…
      #expect(try second.decode(Int64.self, atIndex: 0) == 42)
      #expect(try second.decode(Int64?.self, atIndex: 1) == nil)
      #expect(throws: RowDecodingError.self) { try second.decode(Int64.self, atIndex: 1) }
      #expect(try rows.next() == nil)
      // …but a copied row's text is no number.
      let copied = try #require(try Row.fetchAll(db, sql: "SELECT s, i, r, b FROM t ORDER BY rowid").last)
      #expect(throws: RowDecodingError.self) { try copied.decode(Int64.self, atIndex: 0) }
      #expect(try copied.decode(String.self, forColumn: "S") == "42")
      #expect(copied.databaseValues == [DatabaseValue(storage: .string("42")), .null, .null, .null])
      let first = try #require(try Row.fetchOne(db, sql: "SELECT i, r, b FROM t ORDER BY rowid"))
      #expect(try first.decode(Double.self, atIndex: 0) == 1)
      #expect(try first.decode(Data.self, atIndex: 2) == Data([0, 255]))
      #expect(first[1] as Double == 2.5)
    }
  }

  @Test func fetchOneIsNilForNoRowAndForNull() throws {
    let queue = try table()
    try queue.read { db throws in
      #expect(try Int.fetchOne(db, sql: "SELECT i FROM t WHERE s = 'none'") == nil)
      #expect(try Int.fetchOne(db, sql: "SELECT i FROM t WHERE s = '42'") == nil)
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 2)
      #expect(try String.fetchAll(db, sql: "SELECT s FROM t ORDER BY rowid") == ["x", "42"])
      #expect(try DatabaseValue.fetchAll(db, sql: "SELECT i FROM t ORDER BY rowid") == [DatabaseValue(storage: .int64(1)), .null])
    }
  }

  @Test func argumentsAreCountedAndBound() throws {
    let queue = try table()
    try queue.write { db in
      let insert = try db.cachedStatement(sql: "INSERT INTO t (i, s) VALUES (?1, ?2)")
      try insert.execute(arguments: [7, nil])
      #expect(db.lastInsertedRowID == 3)
      #expect(throws: DatabaseError.self) { try insert.execute(arguments: [8]) }
      let cached = try db.cachedStatement(sql: "INSERT INTO t (i, s) VALUES (?1, ?2)")
      #expect(cached === insert)
      #expect(try Bool.fetchOne(db, sql: "SELECT s IS NULL FROM t WHERE i = ?", arguments: [7]) == true)
    }
  }

  @Test func aWriteThatThrowsIsRolledBackAndAReadCannotWrite() throws {
    let queue = try table()
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try queue.write { db in
        try db.execute(sql: "DELETE FROM t")
        throw Stop()
      }
    }
    #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") } == 2)
    let error = try #require(throws: DatabaseError.self) {
      try queue.read { db in try db.execute(sql: "DELETE FROM t") }
    }
    #expect(error.resultCode.primaryResultCode == .SQLITE_READONLY)
    // The connection is not left read-only, nor in a transaction.
    try queue.write { db in try db.execute(sql: "DELETE FROM t WHERE i = 1") }
    try queue.inDatabase { db in #expect(!db.isInsideTransaction) }
  }

  @Test func errorsCarrySQLitesCodeMessageAndStatement() throws {
    let queue = try DatabaseQueue()
    let error = try #require(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: "SELECT * FROM nowhere") } }
    #expect(error.resultCode == .SQLITE_ERROR)
    #expect("\(error)" == "SQLite error 1: no such table: nowhere - while executing `SELECT * FROM nowhere`")
    // A double-quoted word is a name, never a text.
    #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: #"SELECT "not a column""#) } }
  }

  @Test func aFileThatIsNoDatabaseFailsAtTheOpening() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-database-\(UUID().uuidString)").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: DatabaseError.self) { try DatabaseQueue(path: path) }
    #expect(error.resultCode.primaryResultCode == .SQLITE_NOTADB)
  }

  @Test func foreignKeysAreEnforced() throws {
    let queue = try DatabaseQueue()
    let error = try #require(throws: DatabaseError.self) {
      try queue.write { db in
        try db.execute(sql: "CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id))")
        try db.execute(sql: "INSERT INTO c VALUES (1)")
      }
    }
    #expect(error.resultCode.primaryResultCode == ResultCode(rawValue: 19))  // SQLITE_CONSTRAINT
  }

  @Test func aFunctionIsCallableUntilRemoved() throws {
    let queue = try DatabaseQueue()
    let twice = DatabaseFunction("twice", argumentCount: 1, pure: true) { values in
      Int64.fromDatabaseValue(values[0]).map { $0 * 2 }
    }
    try queue.inDatabase { db throws in
      db.add(function: twice)
      #expect(try Int.fetchOne(db, sql: "SELECT twice(21)") == 42)
      #expect(try Int.fetchOne(db, sql: "SELECT twice('x')") == nil)
      db.remove(function: twice)
      #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: "SELECT twice(21)") }
    }
  }

  @Test func theMigratorRunsEachMigrationOnceAndKnowsANewerDatabase() throws {
    let queue = try DatabaseQueue()
    var runs = 0
    var migrator = DatabaseMigrator()
    migrator.registerMigration("1") { db in
      runs += 1
      try db.execute(sql: "CREATE TABLE a (x)")
    }
    try migrator.migrate(queue)
    try migrator.migrate(queue)
    #expect(runs == 1)
    // A migration that fails leaves nothing of itself, and is not recorded.
    var failing = migrator
    failing.registerMigration("2") { db in
      try db.execute(sql: "CREATE TABLE b (x)")
      try db.execute(sql: "SELECT * FROM nowhere")
    }
    #expect(throws: DatabaseError.self) { try failing.migrate(queue) }
    try queue.read { db throws in
      #expect(try !db.tableExists("b"))
      #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == ["1"])
      #expect(try !migrator.hasBeenSuperseded(db))
    }
    var newer = migrator
    newer.registerMigration("2") { db in try db.execute(sql: "CREATE TABLE b (x)") }
    try newer.migrate(queue)
    try queue.read { db throws in
      #expect(try migrator.hasBeenSuperseded(db))
      #expect(try !newer.hasBeenSuperseded(db))
    }
  }
}
