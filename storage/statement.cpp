#include "storage/statement.h"

namespace spacedock::storage {

Statement::BackendStatement Statement::prepare(Database& db, std::string_view sql) {
  if (auto* lite = std::get_if<sqlite::Connection>(&db.connection_)) {
    return BackendStatement(std::in_place_type<sqlite::Statement>, *lite, sql);
  }
  return BackendStatement(std::in_place_type<postgresql::Statement>,
                          *std::get_if<postgresql::Connection>(&db.connection_), sql);
}

Statement::Statement(Database& db, std::string_view sql) : statement_(prepare(db, sql)) {}

Statement::Statement(Database& db, PerDialect sql) : Statement(db, sql.in(db.backend())) {}

std::int64_t Statement::returning_id() {
  if (!step()) throw StorageError("an INSERT ... RETURNING id returned no row");
  const std::int64_t id = column_int(0);
  // To the end: SQLite finishes the statement there (and commits it, outside a transaction),
  // so that an error then is not lost.
  run();
  return id;
}

std::optional<std::int64_t> Statement::column_optional_int(int column) const {
  if (is_null(column)) return std::nullopt;
  return column_int(column);
}

}  // namespace spacedock::storage
