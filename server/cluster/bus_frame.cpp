#include "server/cluster/bus_frame.h"

namespace spacedock::server::cluster {
namespace {

constexpr std::size_t kSequenceBytes = 8;
constexpr std::size_t kMaxOrigin = 255;

}  // namespace

std::string frame(std::string_view origin, std::uint64_t sequence, std::string_view payload) {
  if (origin.size() > kMaxOrigin) origin = origin.substr(0, kMaxOrigin);
  std::string out;
  out.reserve(kSequenceBytes + 1 + origin.size() + payload.size());
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((sequence >> shift) & 0xff));
  out.push_back(static_cast<char>(origin.size()));
  out.append(origin);
  out.append(payload);
  return out;
}

std::optional<Frame> unframe(std::string_view bytes) {
  if (bytes.size() < kSequenceBytes + 1) return std::nullopt;
  Frame out;
  for (std::size_t i = 0; i < kSequenceBytes; ++i)
    out.sequence = (out.sequence << 8) | static_cast<unsigned char>(bytes[i]);
  const std::size_t origin_size = static_cast<unsigned char>(bytes[kSequenceBytes]);
  bytes.remove_prefix(kSequenceBytes + 1);
  if (bytes.size() < origin_size) return std::nullopt;
  out.origin = bytes.substr(0, origin_size);
  out.payload = bytes.substr(origin_size);
  return out;
}

bool Repeats::seen_before(const Frame& frame) {
  auto [last, first] = last_.try_emplace(std::string(frame.origin), frame.sequence);
  if (first) return false;
  if (frame.sequence <= last->second) return true;
  last->second = frame.sequence;
  return false;
}

}  // namespace spacedock::server::cluster
