#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection, used by one thread at a time: each access waits for the one before to end.
/// (Not re-entrant: an access from inside another on the same queue traps, as GRDB's did.)
public final class DatabaseQueue: @unchecked Sendable {
  /// Touched only with `lock` held.
  private let database: Database
  private let lock: UnsafeMutablePointer<pthread_mutex_t>

  /// The database at `path`, opened as `configuration` says.
  public init(path: String, configuration: Configuration = Configuration()) throws {
    database = try Database(path: path, configuration: configuration)
    lock = .allocate(capacity: 1)
    // An error-checking mutex: an access from inside another (which would wait for ever) traps.
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
    pthread_mutex_init(lock, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// A new, empty database in SQLite's memory, gone with the queue.
  public convenience init() throws { try self.init(path: ":memory:") }

  /// `body` with the connection, as it is: no transaction begun.
  public func inDatabase<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(pthread_mutex_lock(lock) != EDEADLK, "a database access from inside another on the same queue")
    defer { pthread_mutex_unlock(lock) }
    return try body(database)
  }

  /// The same; said of an access that manages its own transactions.
  public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T { try inDatabase(body) }

  /// `body` in a transaction (`BEGIN IMMEDIATE`), committed if it returns, rolled back if it throws.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    try inDatabase { db in
      var result: T?
      try db.inTransaction(.immediate) {
        result = try body(db)
        return .commit
      }
      return result!
    }
  }

  /// `body` reading one snapshot of the database (a deferred transaction), unable to write
  /// (`PRAGMA query_only`).
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try inDatabase { db in
      try db.cachedStatement(sql: "PRAGMA query_only = 1").execute()
      defer { try? db.cachedStatement(sql: "PRAGMA query_only = 0").execute() }
      guard !db.isInsideTransaction else { return try body(db) }
      var result: T?
      try db.inTransaction(.deferred) {
        result = try body(db)
        return .commit
      }
      return result!
    }
  }
}
