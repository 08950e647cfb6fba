#pragma once

#include <cstdint>
#include <string_view>

namespace spacedock::stccg {

// A card title as a number (FNV-1a), so that two cards' titles compare as integers and a title
// a handler names becomes its key at compile time. The card database refuses two different
// titles with one key (CardDb::load), so within it equal keys mean equal titles.
using TitleKey = std::uint64_t;

constexpr TitleKey title_key(std::string_view title) {
  TitleKey key = 0xcbf29ce484222325;
  for (char c : title) {
    key ^= static_cast<unsigned char>(c);
    key *= 0x100000001b3;
  }
  return key;
}

}  // namespace spacedock::stccg
