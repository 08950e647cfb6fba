// The server writes its WebSocket data frames itself; their headers follow RFC 6455 §5.2.
#include "server/net/ws_frame.h"

#include <doctest/doctest.h>

#include <string>

using spacedock::server::BinaryFrameHeader;

namespace {

std::string bytes(std::initializer_list<unsigned char> values) {
  return {values.begin(), values.end()};
}

}  // namespace

TEST_CASE("a frame's length takes 7 bits up to 125 bytes, then 16, then 64") {
  CHECK(BinaryFrameHeader(0).bytes() == bytes({0x82, 0}));
  CHECK(BinaryFrameHeader(125).bytes() == bytes({0x82, 125}));
  CHECK(BinaryFrameHeader(126).bytes() == bytes({0x82, 126, 0, 126}));
  CHECK(BinaryFrameHeader(65535).bytes() == bytes({0x82, 126, 0xff, 0xff}));
  CHECK(BinaryFrameHeader(65536).bytes() == bytes({0x82, 127, 0, 0, 0, 0, 0, 1, 0, 0}));
  CHECK(BinaryFrameHeader(0x0102030405060708).bytes() ==
        bytes({0x82, 127, 1, 2, 3, 4, 5, 6, 7, 8}));
}
