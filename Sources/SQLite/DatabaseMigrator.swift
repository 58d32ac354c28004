/// The migrations of a schema, in order, each run once: in its own transaction (`BEGIN IMMEDIATE`),
/// recorded in it, so that a database is at one version or the next, never between.
///
/// They are recorded by identifier in `grdb_migrations`, the table GRDB's migrator kept them in
/// (this project's databases were migrated by it before): the same table, the same rows.
public struct DatabaseMigrator {
  private var migrations: [(identifier: String, migrate: (Database) throws -> Void)] = []

  public init() {}

  /// Appends a migration.
  public mutating func registerMigration(_ identifier: String, migrate: @escaping (Database) throws -> Void) {
    precondition(!migrations.contains { $0.identifier == identifier }, "migration \(identifier) registered twice")
    migrations.append((identifier, migrate))
  }

  /// Runs, in order, each migration not yet applied.
  public func migrate(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
      for migration in migrations where !applied.contains(migration.identifier) {
        try db.inTransaction(.immediate) {
          try migration.migrate(db)
          try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
          return .commit
        }
      }
    }
  }

  /// Whether a migration this migrator does not know was applied: the database is a newer
  /// version's.
  public func hasBeenSuperseded(_ db: Database) throws -> Bool {
    guard try db.tableExists("grdb_migrations") else { return false }
    let known = Set(migrations.map(\.identifier))
    return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains { !known.contains($0) }
  }
}
