#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace spacedock::server::cluster {

// What Bus puts around each message it publishes, so that a receiver can drop one it has had
// already: the sender's name (its node address) and the sender's count of messages sent. A
// batch whose connection failed half-way is sent again whole, and Redis may have published
// its first messages already.
struct Frame {
  std::string_view origin;
  std::uint64_t sequence = 0;
  std::string_view payload;
};

// An 8-byte big-endian sequence number, the origin's length in one byte, the origin, the payload.
std::string frame(std::string_view origin, std::uint64_t sequence, std::string_view payload);
// The parts of a framed message (views into `bytes`); nullopt if it is not one.
std::optional<Frame> unframe(std::string_view bytes);

// The last sequence number received from each sender. A sender's messages reach a receiver in
// the order it sent them (one connection to Redis, which is single-threaded), so one numbered
// at or below the last is a repeat.
class Repeats {
 public:
  // Whether `frame` was received before; remembers it if not.
  bool seen_before(const Frame& frame);

 private:
  std::unordered_map<std::string, std::uint64_t> last_;
};

}  // namespace spacedock::server::cluster
