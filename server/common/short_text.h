#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace spacedock::server {

// Why a short text a user gives (a deck's name, a chat message) is refused, if it is: control
// characters, only spaces, or more than `max_characters` UTF-8 characters. `what` names it in
// the message ("a deck name").
inline std::optional<std::string> short_text_problem(std::string_view text,
                                                     std::size_t max_characters,
                                                     std::string_view what) {
  std::size_t characters = 0;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return std::string(what) + " may not hold control characters";
    characters += (byte & 0xc0) != 0x80;  // continuation bytes do not start a character
  }
  if (text.find_first_not_of(' ') == std::string_view::npos || characters > max_characters)
    return std::string(what) + " has 1 to " + std::to_string(max_characters) + " characters";
  return std::nullopt;
}

}  // namespace spacedock::server
