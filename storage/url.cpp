#include "storage/url.h"

#include <algorithm>
#include <cctype>

#include "storage/database.h"

namespace spacedock::storage {

DatabaseUrl parse_database_url(std::string_view url) {
  if (url.starts_with("sqlite:")) return {Backend::kSqlite, std::string(url.substr(7))};
  if (url.starts_with("postgresql://") || url.starts_with("postgres://")) {
    return {Backend::kPostgresql, std::string(url)};
  }
  if (url.starts_with("postgresql:") || url.starts_with("postgres:")) {
    // Not echoed: it may hold a password.
    throw StorageError("a PostgreSQL URL starts with postgresql:// or postgres://");
  }
  // An RFC 3986 scheme (a letter, then letters, digits, '+', '-' or '.') before "://".
  const auto end = url.find("://");
  const std::string_view scheme = url.substr(0, end);
  const bool is_scheme =
      end != std::string_view::npos && !scheme.empty() &&
      std::isalpha(static_cast<unsigned char>(scheme[0])) &&
      std::all_of(scheme.begin(), scheme.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
      });
  if (is_scheme) {
    throw StorageError("unknown database URL scheme \"" + std::string(scheme) +
                       "\": use sqlite:PATH, a file path, or postgresql://...");
  }
  return {Backend::kSqlite, std::string(url)};
}

}  // namespace spacedock::storage
