#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
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

// A few titles a handler names. contains() asks a 64-bit mask first, so a card of any other
// title (nearly every card it is asked about) is turned away in a few instructions.
template <std::size_t N>
class TitleSet {
 public:
  template <typename... Titles>
  consteval explicit TitleSet(Titles... titles) : keys_{title_key(titles)...} {
    for (TitleKey key : keys_)
      mask_ |= bit_of(key);
  }

  constexpr bool contains(TitleKey key) const {
    return (mask_ & bit_of(key)) != 0 && std::find(keys_.begin(), keys_.end(), key) != keys_.end();
  }

 private:
  // The top six bits of the key: FNV-1a's multiplications mix into them the most.
  static constexpr std::uint64_t bit_of(TitleKey key) { return std::uint64_t{1} << (key >> 58); }

  std::array<TitleKey, N> keys_;
  std::uint64_t mask_ = 0;
};

template <typename... Titles>
TitleSet(Titles...) -> TitleSet<sizeof...(Titles)>;

}  // namespace spacedock::stccg
