#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace spacedock::server {

// The header of a server's WebSocket data frame (RFC 6455 §5.2): final, binary, unmasked, with
// the payload's length in 7, 16 or 64 bits. The session writes its messages as this header and
// the payload as it is, straight into the connection's buffer.
class BinaryFrameHeader {
 public:
  explicit BinaryFrameHeader(std::uint64_t payload_size) {
    constexpr unsigned char kFinalBinary = 0x82;  // FIN, opcode 2
    bytes_[0] = static_cast<char>(kFinalBinary);
    if (payload_size < 126) {
      bytes_[1] = static_cast<char>(payload_size);
      size_ = 2;
    } else if (payload_size <= 0xffff) {
      bytes_[1] = 126;
      put_big_endian(payload_size, 2);
      size_ = 4;
    } else {
      bytes_[1] = 127;
      put_big_endian(payload_size, 8);
      size_ = 10;
    }
  }

  std::string_view bytes() const { return {bytes_.data(), size_}; }

 private:
  void put_big_endian(std::uint64_t value, std::size_t width) {
    for (std::size_t i = 0; i < width; ++i)
      bytes_[2 + i] = static_cast<char>(value >> (8 * (width - 1 - i)));
  }

  std::array<char, 10> bytes_{};
  std::size_t size_ = 0;
};

}  // namespace spacedock::server
