#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>

#include "clients/common/client.h"
#include "tests/server/test_client.h"

namespace spacedock::testing {

// The next event for which `wanted(event)` holds; the others are dropped.
inline boost::asio::awaitable<v1::Event> next_event_where(client::Client& c, auto wanted) {
  for (;;) {
    v1::Event event = co_await c.next_event();
    if (wanted(event)) co_return event;
  }
}

// Waits for the client's next prompt in `match` and answers it with its first option.
inline boost::asio::awaitable<v1::Response> answer_next_prompt(client::Client& c,
                                                               std::uint64_t match) {
  const v1::Event event = co_await next_event_where(
      c, [&](const v1::Event& e) { return e.match_id() == match && e.has_prompt(); });
  co_return co_await call(c, [&](auto& m) {
    m.mutable_submit_decision()->set_match_id(match);
    m.mutable_submit_decision()->set_decision_id(event.prompt().decision_id());
    m.mutable_submit_decision()->add_option_ids(event.prompt().options(0).id());
  });
}

}  // namespace spacedock::testing
