#include "server/common/reply.h"

#include <algorithm>
#include <limits>

namespace spacedock::server {

v1::Response ok_response() {
  return {};
}

v1::Response error_response(v1::ErrorCode code, std::string message, std::string rule) {
  v1::Response response;
  response.set_code(code);
  response.set_message(std::move(message));
  response.set_rule(std::move(rule));
  return response;
}

v1::Response internal_error() {
  return error_response(v1::INTERNAL, "the server could not do that; try again");
}

v1::Response rate_limited(std::string message, std::chrono::milliseconds retry_after) {
  v1::Response response = error_response(v1::RATE_LIMITED, std::move(message));
  response.set_retry_after_ms(static_cast<std::uint32_t>(
      std::clamp<std::int64_t>(retry_after.count(), 1, std::numeric_limits<std::uint32_t>::max())));
  return response;
}

}  // namespace spacedock::server
