#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::server {

// The account a request comes from.
struct Identity {
  std::int64_t account_id = 0;
  std::string username;
  bool organiser = false;
};

// Answers a request; the connection it came on sends it and fills in the request id.
using Reply = std::function<void(v1::Response)>;

v1::Response ok_response();
v1::Response error_response(v1::ErrorCode code, std::string message, std::string rule = {});
// A failure of the server's own (the database, say): the request may simply be tried again.
v1::Response internal_error();
// RATE_LIMITED, with when to try again (Response.retry_after_ms).
v1::Response rate_limited(std::string message, std::chrono::milliseconds retry_after);

}  // namespace spacedock::server
