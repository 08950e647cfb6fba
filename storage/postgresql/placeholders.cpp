#include "storage/postgresql/placeholders.h"

namespace spacedock::storage::postgresql {

NumberedSql number_parameters(std::string_view sql) {
  NumberedSql out;
  out.sql.reserve(sql.size() + 16);
  std::size_t i = 0;
  // Copies through the end of a quoted or commented span that starts at i; a doubled quote
  // inside ('it''s') simply ends the span and starts another.
  const auto copy_until = [&](std::string_view end, std::size_t skip) {
    const std::size_t stop = sql.find(end, i + skip);
    const std::size_t next = stop == std::string_view::npos ? sql.size() : stop + end.size();
    out.sql.append(sql.substr(i, next - i));
    i = next;
  };
  while (i < sql.size()) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      copy_until(std::string_view(&sql[i], 1), 1);
    } else if (sql.substr(i, 2) == "--") {
      copy_until("\n", 2);
    } else if (sql.substr(i, 2) == "/*") {
      copy_until("*/", 2);
    } else if (c == '?') {
      out.sql += '$';
      out.sql += std::to_string(++out.parameters);
      ++i;
    } else {
      out.sql += c;
      ++i;
    }
  }
  return out;
}

}  // namespace spacedock::storage::postgresql
