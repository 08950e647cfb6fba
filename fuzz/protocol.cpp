// libFuzzer target: the protocol decoder. Any frame either parses as a ClientMessage or is
// refused; a parsed one serializes and parses back to the same message, as the server relies on
// when it remembers answers and logs requests.
#include <google/protobuf/stubs/logging.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "spacedock/v1/envelope.pb.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Malformed frames are the point here: libprotobuf's report on each would drown the output
  // (and slow the fuzzer down), as the server keeps them out of its log too.
  google::protobuf::SetLogHandler(
      [](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  spacedock::v1::ClientMessage message;
  if (!message.ParseFromArray(data, static_cast<int>(size))) return 0;
  const std::string bytes = message.SerializeAsString();
  spacedock::v1::ClientMessage again;
  if (!again.ParseFromString(bytes) || again.SerializeAsString() != bytes) std::abort();
  // What the dispatcher reads first: the body and the request id.
  (void)message.body_case();
  (void)message.request_id();
  return 0;
}
