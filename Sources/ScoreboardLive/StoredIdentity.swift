import Foundation
import SQLite
import ScoreboardClient

/// An answer's identity as the database keeps it (`answers.uid`, `withdrawn.uid`; migration 12):
/// the 64 bits its sixteen hexadecimal digits spell, as 8 bytes, big-endian, in a BLOB — half the
/// bytes of the text, in the table and in each of the three indexes that hold it. The rest of the
/// program, and every file it writes (the history CSV, a sync's files, the export), keep the
/// sixteen digits (``AnswerIdentity``): each statement that binds or reads an identity converts here,
/// and nowhere else.
///
/// SQLite compares BLOBs by their bytes (memcmp), and big-endian bytes compare as the lowercase
/// digits they were written from do, so `ORDER BY date, uid` (the one order, ``Replay``) is the
/// order it was with the text.
enum StoredIdentity {
  /// The 64 bits of `id`, or nil if it is no identity (``AnswerIdentity/bits(_:)``).
  static func bits(_ id: String) -> UInt64? { AnswerIdentity.bits(id) }

  /// The sixteen lowercase digits of `bits`.
  static func text(_ bits: UInt64) -> String { AnswerIdentity.digits(bits) }

  /// The 8 bytes of `bits`, big-endian.
  static func bytes(_ bits: UInt64) -> Data { withBytes(bits) { Data($0) } }

  /// `body` given the 8 bytes of `bits`, big-endian, where they lie (a bulk import binds them so,
  /// no `Data` made for each).
  static func withBytes<Result>(_ bits: UInt64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeBytes(of: bits.bigEndian, body)
  }

  /// The bits of 8 bytes, big-endian; nil for any other length.
  static func bits(bytes: Data) -> UInt64? {
    guard bytes.count == 8 else { return nil }
    return bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// What is bound for the identity `id`: its 8 bytes. A text that is no identity (never made here:
  /// every identity kept is checked first) goes in as it is, as before this form, so that reading it
  /// back names it as damage (``identity(_:)``, then ``AnswerIdentity/matches(_:)``).
  static func value(_ id: String) -> DatabaseValue {
    bits(id).map { bytes($0).databaseValue } ?? id.databaseValue
  }

  /// The identity of a value of a `uid` column: 8 bytes as their digits; NULL, none. A text is read
  /// as it is: the form before migration 12, which migration 10's replay reads and `conjugar doctor`
  /// may find in a file not migrated yet (one that is no identity is damage, which
  /// ``AnswerIdentity/matches(_:)`` names). Anything else is damage that SQLite did not see.
  static func identity(_ value: DatabaseValue) throws -> String? {
    switch value.storage {
    case .null: return nil
    case .string(let text): return text
    case .blob(let data):
      guard let bits = bits(bytes: data) else { throw Schema.damaged("an identity of \(data.count) bytes, not 8") }
      return text(bits)
    case .int64, .double: throw Schema.damaged("an identity that is a number")
    }
  }

  /// The bits of a value of a `uid` column that holds an identity (8 bytes, or its digits as text),
  /// else nil.
  static func bits(_ value: DatabaseValue) -> UInt64? {
    switch value.storage {
    case .blob(let data): bits(bytes: data)
    case .string(let text): bits(text)
    default: nil
    }
  }

  // MARK: Migration 12

  /// Every identity kept as text (migration 9's form) rewritten as its 8 bytes, in `answers` and
  /// in `withdrawn`; a text that is no identity (damage: a salvage sets its answer aside) is left as
  /// it is. The columns stay declared TEXT, and no table is made again: a column's TEXT affinity
  /// converts numbers to text, never a BLOB, which SQLite keeps as it is given.
  static func migrate(_ db: Database) throws {
    // SQLite 3.40 has no unhex(): the conversion is this type's, as a function of the statement.
    // NULL for a value that is no identity, which then keeps its own (`coalesce`).
    let toBytes = DatabaseFunction("conjugar_identity_bytes", argumentCount: 1, pure: true) { values in
      guard case .string(let text) = values[0].storage, let bits = bits(text) else { return nil }
      return bytes(bits)
    }
    db.add(function: toBytes)
    defer { db.remove(function: toBytes) }
    // The indexes that hold the identity, dropped while every row changes and made again as they
    // were: each row's change would move its entry in all three, the unique one in random order
    // (997,731 answers: 10.5 s so, 44 s with the indexes kept; docs/performance.md).
    let indexes = try Row.fetchAll(
      db,
      sql: """
        SELECT name, sql FROM sqlite_master
        WHERE type = 'index' AND tbl_name = 'answers' AND name IN ('answers_uid', 'answers_order', 'answers_item')
        """)
    for index in indexes { try db.execute(sql: "DROP INDEX \(index[0] as String)") }
    try db.execute(
      sql: "UPDATE answers SET uid = coalesce(conjugar_identity_bytes(uid), uid) WHERE typeof(uid) = 'text'")
    try db.execute(sql: "UPDATE withdrawn SET uid = coalesce(conjugar_identity_bytes(uid), uid) WHERE typeof(uid) = 'text'")
    for index in indexes { try db.execute(sql: index[1] as String) }
  }
}
