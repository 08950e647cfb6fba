#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/state/ids.h"

namespace spacedock::stccg::scenario {

// One line of a scenario, split into words, "card names" and the marks : , = (a `#` starts a
// comment), and read left to right. Every problem throws ParseError naming the line.
class LineReader {
 public:
  LineReader(std::string_view line, int number);

  // The line as written, without its comment.
  const std::string& code() const { return code_; }
  [[noreturn]] void fail(const std::string& message) const;

  bool done() const { return next_ >= tokens_.size(); }
  bool peek(std::string_view text) const;  // the next token is this word or mark
  bool peek_name() const;
  bool accept(std::string_view text);
  void expect(std::string_view text);
  void finish() const;  // nothing may follow

  std::string word();
  std::string name();
  std::vector<std::string> names();  // "name", "name", ...
  long long number();
  LocIndex loc();
  Seat player();        // A or B (0 or 1)
  Seat maybe_player();  // kNoSeat when none follows

 private:
  struct Token {
    enum class Kind : std::uint8_t { kWord, kName, kMark };
    Kind kind;
    std::string text;
  };
  std::string take(Token::Kind kind, const char* what);
  std::string found() const;

  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  std::string code_;
  int number_;
};

}  // namespace spacedock::stccg::scenario
