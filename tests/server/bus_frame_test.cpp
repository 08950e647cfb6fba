#include "server/cluster/bus_frame.h"

#include <doctest/doctest.h>

#include <string>

namespace sd = spacedock;
using sd::server::cluster::frame;
using sd::server::cluster::Frame;
using sd::server::cluster::Repeats;
using sd::server::cluster::unframe;

TEST_CASE("bus frame: origin, sequence and payload come back as they were framed") {
  const std::string payload("\0\xff relayed bytes", 16);
  const std::string framed = frame("b#00c0ffee", 0x0102030405060708, payload);
  const auto parts = unframe(framed);
  REQUIRE(parts.has_value());
  CHECK(parts->origin == "b#00c0ffee");
  CHECK(parts->sequence == 0x0102030405060708);
  CHECK(parts->payload == payload);

  const auto empty = unframe(frame("a#1", 1, ""));
  REQUIRE(empty.has_value());
  CHECK(empty->payload.empty());
}

TEST_CASE("bus frame: bytes that are not a frame are refused") {
  CHECK_FALSE(unframe("").has_value());
  CHECK_FALSE(unframe("short").has_value());
  // The origin's length says 200 bytes, and 3 follow.
  std::string truncated(8, '\0');
  truncated.push_back(static_cast<char>(200));
  truncated += "a#1";
  CHECK_FALSE(unframe(truncated).has_value());
}

TEST_CASE("bus frame: a batch sent again after a cut connection is delivered once") {
  Repeats repeats;
  const auto received = [&](const char* origin, std::uint64_t sequence) {
    return !repeats.seen_before(Frame{origin, sequence, "x"});
  };
  // Redis published 5 and 6 before the connection broke; the batch 5 to 8 comes again.
  CHECK(received("a#1", 5));
  CHECK(received("a#1", 6));
  CHECK_FALSE(received("a#1", 5));
  CHECK_FALSE(received("a#1", 6));
  CHECK(received("a#1", 7));
  CHECK(received("a#1", 8));
  // Numbers skip the messages sent to other nodes; each sender is counted apart, and a node
  // restarted under the same id is another sender.
  CHECK(received("a#1", 12));
  CHECK(received("b#1", 3));
  CHECK(received("a#2", 1));
  CHECK_FALSE(received("a#1", 12));
}
