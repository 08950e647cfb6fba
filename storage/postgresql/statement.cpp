#include "storage/postgresql/statement.h"

#include <libpq-fe.h>

#include <charconv>
#include <climits>

#include "storage/database.h"

namespace spacedock::storage::postgresql {
namespace {

// Type OIDs, fixed in PostgreSQL's catalog (catalog/pg_type.dat).
constexpr unsigned kBool = 16;
constexpr unsigned kBytea = 17;
constexpr unsigned kName = 19;
constexpr unsigned kInt8 = 20;
constexpr unsigned kInt2 = 21;
constexpr unsigned kInt4 = 23;
constexpr unsigned kText = 25;
constexpr unsigned kUnknown = 705;
constexpr unsigned kBpchar = 1042;
constexpr unsigned kVarchar = 1043;
constexpr unsigned kNumeric = 1700;

// A two's-complement big-endian integer of 1 to 8 bytes (int2, int4, int8; bool is 0 or 1).
std::int64_t big_endian(const unsigned char* bytes, int length) {
  std::uint64_t bits = 0;
  for (int i = 0; i < length; ++i)
    bits = bits << 8 | bytes[i];
  if (length < 8 && length > 0 && (bytes[0] & 0x80)) bits |= ~std::uint64_t{0} << (8 * length);
  return static_cast<std::int64_t>(bits);
}

// numeric's binary form: digit count, weight (the power of 10000 of the first digit), sign,
// display scale, then the base-10000 digits; all 16-bit big-endian. What sum() returns over
// bigint, say.
std::int64_t numeric_integer(const unsigned char* bytes, int length) {
  const auto word = [&](int i) { return static_cast<int>(bytes[2 * i] << 8 | bytes[2 * i + 1]); };
  if (length < 8) throw StorageError("a numeric value too short to read");
  const int digits = word(0);
  const auto weight = static_cast<std::int16_t>(word(1));
  const int sign = word(2);
  if (length < 8 + 2 * digits) throw StorageError("a numeric value too short to read");
  if (sign != 0 && sign != 0x4000) throw StorageError("a numeric value that is not a number");
  std::int64_t value = 0;
  for (int i = 0; i <= weight; ++i) {
    const int digit = i < digits ? word(4 + i) : 0;
    if (__builtin_mul_overflow(value, 10000, &value) ||
        __builtin_add_overflow(value, digit, &value))
      throw StorageError("a numeric value beyond 64 bits");
  }
  return sign == 0x4000 ? -value : value;
}

}  // namespace

Statement::Statement(Connection& connection, std::string_view sql)
    : connection_(connection), prepared_(connection.cached(sql)) {
  if (!prepared_) {
    own_.text = number_parameters(sql);
    prepared_ = &own_;
  }
  parameters_.resize(static_cast<std::size_t>(prepared_->text.parameters));
}

Statement::Parameter& Statement::parameter(int index) {
  if (index < 1 || index > static_cast<int>(parameters_.size())) {
    throw StorageError("no parameter " + std::to_string(index) + " in \"" + prepared_->text.sql +
                       "\"");
  }
  return parameters_[static_cast<std::size_t>(index - 1)];
}

void Statement::bind_int(int index, std::int64_t value) {
  Parameter& p = parameter(index);
  const auto bits = static_cast<std::uint64_t>(value);
  for (int i = 0; i < 8; ++i)
    p.word[i] = static_cast<char>(bits >> (56 - 8 * i));
  p.type = kInt8;
  p.bytes = std::string_view(p.word, 8);
}

void Statement::bind_bytes(int index, unsigned type, std::string_view bytes) {
  if (bytes.size() > INT_MAX) throw StorageError("a parameter too long to send");
  Parameter& p = parameter(index);
  p.type = type;
  // A null pointer would send SQL NULL instead of an empty value.
  p.bytes = bytes.data() ? bytes : std::string_view("", 0);
}

void Statement::bind_text(int index, std::string_view text) {
  // Binary, so that a NUL byte reaches the server (which refuses it in text) instead of ending
  // the value there, as it would in text form.
  bind_bytes(index, kText, text);
}

void Statement::bind_blob(int index, std::string_view bytes) {
  bind_bytes(index, kBytea, bytes);
}

void Statement::bind_null(int index) {
  parameter(index) = Parameter{};
}

void Statement::execute() {
  const std::size_t n = parameters_.size();
  std::vector<unsigned> types(n);
  std::vector<const char*> values(n);
  std::vector<int> lengths(n);
  std::vector<int> formats(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Parameter& p = parameters_[i];
    types[i] = p.type;
    if (p.type == 0) continue;  // NULL
    values[i] = p.bytes.data();
    lengths[i] = static_cast<int>(p.bytes.size());
    formats[i] = 1;
  }
  pg_conn* conn = connection_.handle();
  const int count = static_cast<int>(n);
  constexpr int kBinaryResults = 1;
  Result result;
  if (prepared_ == &own_) {
    result.reset(PQexecParams(conn, own_.text.sql.c_str(), count, types.data(), values.data(),
                              lengths.data(), formats.data(), kBinaryResults));
  } else {
    const std::string& name = connection_.prepare(*prepared_, types);
    result.reset(PQexecPrepared(conn, name.c_str(), count, values.data(), lengths.data(),
                                formats.data(), kBinaryResults));
  }
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
    throw_error(conn, result.get(), "cannot run \"" + prepared_->text.sql + "\"");
  }
  result_ = std::move(result);
  row_ = -1;
}

bool Statement::step() {
  if (!result_) execute();
  return ++row_ < PQntuples(result_.get());
}

void Statement::run() {
  if (!result_) execute();
}

void Statement::reset() {
  result_.reset();
  row_ = -1;
  for (Parameter& p : parameters_)
    p = Parameter{};
}

std::int64_t Statement::changes() const {
  const std::string_view count = result_ ? PQcmdTuples(result_.get()) : "";
  std::int64_t changed = 0;
  std::from_chars(count.data(), count.data() + count.size(), changed);
  return changed;
}

const char* Statement::value(int column) const {
  if (!result_ || row_ < 0 || row_ >= PQntuples(result_.get())) {
    throw StorageError("no row to read in \"" + prepared_->text.sql + "\"");
  }
  if (column < 0 || column >= PQnfields(result_.get())) {
    throw StorageError("no column " + std::to_string(column) + " in \"" + prepared_->text.sql +
                       "\"");
  }
  return PQgetvalue(result_.get(), row_, column);
}

bool Statement::is_null(int column) const {
  value(column);
  return PQgetisnull(result_.get(), row_, column);
}

std::int64_t Statement::column_int(int column) const {
  if (is_null(column)) return 0;  // as SQLite reads NULL
  const auto* bytes = reinterpret_cast<const unsigned char*>(value(column));
  const int length = PQgetlength(result_.get(), row_, column);
  switch (PQftype(result_.get(), column)) {
    case kBool:
    case kInt2:
    case kInt4:
    case kInt8:
      return big_endian(bytes, length);
    case kNumeric:
      return numeric_integer(bytes, length);
    default:
      throw StorageError("column " + std::to_string(column) + " of \"" + prepared_->text.sql +
                         "\" is not an integer");
  }
}

std::string Statement::column_text(int column) const {
  if (is_null(column)) return {};
  switch (PQftype(result_.get(), column)) {
    case kText:
    case kVarchar:
    case kBpchar:
    case kName:
    case kUnknown:
      return column_blob(column);
    default:
      throw StorageError("column " + std::to_string(column) + " of \"" + prepared_->text.sql +
                         "\" is not text");
  }
}

std::string Statement::column_blob(int column) const {
  const char* bytes = value(column);
  return std::string(bytes, static_cast<std::size_t>(PQgetlength(result_.get(), row_, column)));
}

}  // namespace spacedock::storage::postgresql
