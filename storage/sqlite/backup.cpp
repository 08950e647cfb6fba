#include "storage/sqlite/backup.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>

#include "storage/database.h"

namespace spacedock::storage::sqlite {
namespace {

struct Closer {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Handle = std::unique_ptr<sqlite3, Closer>;

Handle open_raw(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  Handle handle(db);
  if (rc != SQLITE_OK) {
    throw StorageError("cannot open " + path + ": " +
                       (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
  }
  sqlite3_busy_timeout(db, 5000);
  return handle;
}

}  // namespace

std::size_t backup(const std::string& from, const std::string& to) {
  if (!std::filesystem::exists(from)) throw StorageError("no database at " + from);
  Handle source = open_raw(from, SQLITE_OPEN_READONLY);
  Handle target = open_raw(to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  sqlite3_backup* copy = sqlite3_backup_init(target.get(), "main", source.get(), "main");
  if (!copy) throw StorageError(std::string("backup: ") + sqlite3_errmsg(target.get()));
  int rc = SQLITE_OK;
  do {
    // 256 pages a step, then a pause so that the server's writes go on.
    rc = sqlite3_backup_step(copy, 256);
    if (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  const auto pages = static_cast<std::size_t>(sqlite3_backup_pagecount(copy));
  sqlite3_backup_finish(copy);
  if (rc != SQLITE_DONE) {
    std::filesystem::remove(to);
    throw StorageError(std::string("backup failed: ") + sqlite3_errstr(rc));
  }
  return pages;
}

}  // namespace spacedock::storage::sqlite
