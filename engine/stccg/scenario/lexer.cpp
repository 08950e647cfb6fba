#include "engine/stccg/scenario/lexer.h"

#include <charconv>

#include "engine/stccg/scenario/script.h"

namespace spacedock::stccg::scenario {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool is_mark(char c) {
  return c == ':' || c == ',' || c == '=';
}

}  // namespace

LineReader::LineReader(std::string_view line, int number) : number_(number) {
  std::size_t i = 0;
  while (i < line.size() && line[i] != '#') {
    const char c = line[i];
    if (is_space(c)) {
      ++i;
    } else if (c == '"') {
      std::string text;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;  // \" and \\ inside a name
        text += line[i];
      }
      if (i >= line.size()) fail("a card name has no closing \"");
      ++i;
      tokens_.push_back({Token::Kind::kName, std::move(text)});
    } else if (is_mark(c)) {
      tokens_.push_back({Token::Kind::kMark, std::string(1, c)});
      ++i;
    } else {
      const std::size_t start = i;
      while (i < line.size() && !is_space(line[i]) && !is_mark(line[i]) && line[i] != '"' &&
             line[i] != '#') {
        ++i;
      }
      tokens_.push_back({Token::Kind::kWord, std::string(line.substr(start, i - start))});
    }
  }
  std::string_view kept = line.substr(0, i);
  while (!kept.empty() && is_space(kept.back()))
    kept.remove_suffix(1);
  code_ = std::string(kept);
}

void LineReader::fail(const std::string& message) const {
  throw ParseError(number_, message);
}

bool LineReader::peek(std::string_view text) const {
  return !done() && tokens_[next_].kind != Token::Kind::kName && tokens_[next_].text == text;
}

bool LineReader::peek_name() const {
  return !done() && tokens_[next_].kind == Token::Kind::kName;
}

bool LineReader::accept(std::string_view text) {
  if (!peek(text)) return false;
  ++next_;
  return true;
}

void LineReader::expect(std::string_view text) {
  if (!accept(text)) fail("expected '" + std::string(text) + "'" + found());
}

void LineReader::finish() const {
  if (!done()) fail("unexpected '" + tokens_[next_].text + "'");
}

std::string LineReader::word() {
  return take(Token::Kind::kWord, "a word");
}

std::string LineReader::name() {
  return take(Token::Kind::kName, "a \"card name\"");
}

std::vector<std::string> LineReader::names() {
  std::vector<std::string> out{name()};
  while (accept(","))
    out.push_back(name());
  return out;
}

long long LineReader::number() {
  const std::string text = word();
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) fail("'" + text + "' is no number");
  return value;
}

LocIndex LineReader::loc() {
  const long long value = number();
  if (value < 0 || value >= kNoLoc) fail("no location " + std::to_string(value));
  return static_cast<LocIndex>(value);
}

Seat LineReader::player() {
  const std::string text = word();
  if (text == "A" || text == "0") return 0;
  if (text == "B" || text == "1") return 1;
  fail("expected a player (A or B), found '" + text + "'");
}

Seat LineReader::maybe_player() {
  return peek("A") || peek("B") || peek("0") || peek("1") ? player() : kNoSeat;
}

std::string LineReader::take(Token::Kind kind, const char* what) {
  if (done() || tokens_[next_].kind != kind) fail(std::string("expected ") + what + found());
  return tokens_[next_++].text;
}

std::string LineReader::found() const {
  return done() ? ", found the end of the line" : ", found '" + tokens_[next_].text + "'";
}

}  // namespace spacedock::stccg::scenario
