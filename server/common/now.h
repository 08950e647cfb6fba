#pragma once

#include <chrono>
#include <cstdint>

namespace spacedock::server {

// Wall-clock milliseconds since the epoch: what the database and the protocol store.
inline std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace spacedock::server
