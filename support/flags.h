#pragma once

#include <algorithm>
#include <charconv>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace spacedock::support {

// Command-line "--flag value" pairs, taken one by one; whatever is left unknown is an error.
// A flag given twice takes its last value, so that a wrapper's default can be overridden
// (tools/run --listen ...). Throws std::invalid_argument with a message fit for the user.
class Flags {
 public:
  // `first` may be past the end: a command given with no arguments at all.
  Flags(int argc, char** argv, int first) : args_(argv + std::min(first, argc), argv + argc) {}

  std::optional<std::string> take(std::string_view flag) {
    std::optional<std::string> value;
    for (std::size_t i = 0; i < args_.size();) {
      if (args_[i] != flag) {
        ++i;
        continue;
      }
      if (i + 1 >= args_.size()) throw std::invalid_argument(std::string(flag) + " needs a value");
      value = args_[i + 1];
      args_.erase(args_.begin() + static_cast<long>(i), args_.begin() + static_cast<long>(i) + 2);
    }
    return value;
  }

  // A flag that takes no value: whether it was given.
  bool take_switch(std::string_view flag) { return std::erase(args_, std::string(flag)) > 0; }

  template <typename Number>
  void take_number(std::string_view flag, Number& out) {
    if (auto text = take(flag)) out = parse_number<Number>(flag, *text);
  }

  template <typename Number>
  static Number parse_number(std::string_view flag, const std::string& text) {
    Number value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) {
      throw std::invalid_argument(std::string(flag) + ": '" + text + "' is not a number");
    }
    return value;
  }

  void finish() const {
    if (!args_.empty()) throw std::invalid_argument("unknown argument '" + args_.front() + "'");
  }

 private:
  std::vector<std::string> args_;
};

}  // namespace spacedock::support
