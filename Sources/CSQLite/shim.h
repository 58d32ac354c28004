#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a macro cast Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
// sqlite3_db_config is variadic, which Swift cannot call: double-quoted string literals refused
// (a double-quoted word is an identifier, never a string), in statements and in the schema.
static inline void csqlite_refuse_double_quoted_strings(sqlite3 *db) {
  sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
}
#endif
