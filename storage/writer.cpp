#include "storage/writer.h"

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

// "SDwriter" in ASCII; the migrations' key is another.
constexpr std::int64_t kWriterLockKey = 6000051936843556210;

}  // namespace

bool try_claim_writer(Database& db) {
  if (db.backend() == Backend::kSqlite) return true;
  Statement claim(db, "SELECT pg_try_advisory_lock(?)::integer");
  claim.bind_int(1, kWriterLockKey);
  return claim.step() && claim.column_int(0) != 0;
}

}  // namespace spacedock::storage
