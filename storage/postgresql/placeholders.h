#pragma once

#include <string>
#include <string_view>

namespace spacedock::storage::postgresql {

// SQL with SQLite's ? parameters, rewritten with PostgreSQL's $1, $2... in order.
struct NumberedSql {
  std::string sql;
  int parameters = 0;
};

// A ? inside a quoted literal ('...'), a quoted name ("...") or a comment (-- or /* */) is left
// alone. Dollar-quoted and E'...' strings are not recognized: the storage SQL uses neither.
NumberedSql number_parameters(std::string_view sql);

}  // namespace spacedock::storage::postgresql
