// libFuzzer target: rules scenario files. Any text either parses or is refused with a
// ParseError naming the line; nothing else may escape.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/stccg/scenario/script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    spacedock::stccg::scenario::parse(text);
  } catch (const spacedock::stccg::scenario::ParseError&) {
  }
  return 0;
}
