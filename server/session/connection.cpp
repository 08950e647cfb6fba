#include "server/session/connection.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/chat/chat.h"
#include "server/common/metrics.h"
#include "server/common/sessions.h"
#include "server/match/lobby.h"
#include "server/quick_match/queue.h"
#include "server/relay/relay.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kRememberedAnswers = 64;
constexpr const char* kServerVersion = "spacedock 0.1.0";

std::shared_ptr<const std::string> serialize(const v1::ServerMessage& message) {
  return std::make_shared<const std::string>(message.SerializeAsString());
}

}  // namespace

Connection::Connection(Services& services, asio::any_io_executor strand, Send send, Close close,
                       std::string peer, asio::ip::address address)
    : services_(services),
      strand_(std::move(strand)),
      send_(std::move(send)),
      close_(std::move(close)),
      peer_(std::move(peer)),
      address_(std::move(address)),
      requests_(services.config.requests_per_second, services.config.request_burst) {}

std::optional<v1::Response> Connection::over_rate() {
  const auto now = SteadyClock::now();
  if (const auto wait = requests_.take(now); wait.count() > 0) {
    return rate_limited("too many requests: at most " +
                            std::to_string(static_cast<int>(services_.config.requests_per_second)) +
                            " a second per connection; slow down and retry",
                        wait);
  }
  if (const auto wait = services_.throttles.requests.take(address_, now); wait.count() > 0) {
    return rate_limited(
        "too many requests from your address: at most " +
            std::to_string(static_cast<int>(services_.config.address_requests_per_second)) +
            " a second in all; slow down and retry",
        wait);
  }
  return std::nullopt;
}

void Connection::push(const v1::ServerMessage& message) {
  send_(serialize(message));
}

void Connection::end_session() {
  asio::post(strand_, [self = shared_from_this()] {
    spdlog::info("{}: logged out elsewhere; closing", self->peer_);
    self->identity_.reset();
    self->account_id_ = 0;
    self->token_digest_.clear();
    self->close_("logged out");
  });
}

void Connection::follow_elsewhere(std::int64_t match_id) {
  asio::post(strand_, [self = shared_from_this(), match_id] {
    spdlog::info("{}: match {} moved to another server node; closing so that it resumes there",
                 self->peer_, match_id);
    self->close_("match " + std::to_string(match_id) +
                 " moved to another server node: reconnect and resume it");
  });
}

void Connection::resume_stored(const v1::Resume& resume) {
  asio::post(strand_, [self = shared_from_this(), resume] {
    if (!self->identity_) return;
    self->following_.erase(static_cast<std::int64_t>(resume.match_id()));
    const Reply resumed = [peer = self->peer_, id = resume.match_id()](const v1::Response& r) {
      if (r.code() != v1::OK)
        spdlog::warn("{}: match {} is over, and cannot be replayed here: {}", peer, id,
                     r.message());
    };
    self->with_match(resume.match_id(), resumed,
                     [self, who = *self->identity_, resume, resumed](auto match) {
                       match->resume(self, who, resume, self->tracking(match, resumed));
                     });
  });
}

void Connection::closed() {
  services_.sessions.remove(this);
  unfollow_all();
}

void Connection::unfollow_all() {
  services_.chat.unfollow_lobby(this);
  leave_quick_match_queue();
  for (auto& [id, match] : following_)
    match->disconnected(this);
  following_.clear();
}

Reply Connection::reply_for(std::uint64_t request_id, std::function<void()> next) {
  return [self = shared_from_this(), request_id, next = std::move(next)](v1::Response response) {
    response.set_request_id(request_id);
    const v1::ErrorCode code = response.code();
    v1::ServerMessage message;
    *message.mutable_response() = std::move(response);
    auto bytes = serialize(message);
    // Queued at once, on whatever thread answers: the events the request causes, pushed after
    // this call, then follow the answer (envelope.proto), as the protocol promises.
    self->send_(bytes);
    asio::post(self->strand_, [self, request_id, code, bytes = std::move(bytes), next] {
      self->services_.metrics.requests_total.Increment();
      if (code != v1::OK) self->services_.metrics.error(code);
      // An answer that invites a retry is not remembered, so that the retry runs.
      const bool retryable =
          code == v1::RATE_LIMITED || code == v1::INTERNAL || code == v1::UNAVAILABLE;
      if (request_id != 0 && !retryable) {
        self->answered_.emplace_back(request_id, bytes);
        if (self->answered_.size() > kRememberedAnswers) self->answered_.pop_front();
      }
      next();
    });
  };
}

void Connection::handle(std::string_view frame, std::function<void()> next) {
  v1::ClientMessage request;
  if (!request.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    reply_for(0,
              std::move(next))(error_response(v1::MALFORMED, "the frame is not a ClientMessage"));
    return;
  }
  const std::uint64_t id = request.request_id();
  if (id != 0) {
    for (const auto& [answered_id, bytes] : answered_) {
      if (answered_id == id) {  // a retry: answer again without running it twice
        send_(bytes);
        next();
        return;
      }
    }
  }
  if (auto refused = over_rate()) {
    services_.metrics.rate_limited_total.Increment();
    reply_for(id, std::move(next))(*std::move(refused));
    return;
  }
  dispatch(request, reply_for(id, std::move(next)));
}

void Connection::on_hello(const v1::Hello& hello, const Reply& reply) {
  if (hello.protocol_version() != v1::PROTOCOL_VERSION_CURRENT) {
    return reply(error_response(
        v1::VERSION_MISMATCH,
        "this server speaks protocol version " + std::to_string(v1::PROTOCOL_VERSION_CURRENT)));
  }
  greeted_ = true;
  v1::Response response;
  auto* welcome = response.mutable_welcome();
  welcome->set_server_version(kServerVersion);
  welcome->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  welcome->set_max_frame_bytes(services_.config.max_frame_bytes);
  welcome->set_judge_delay_ms(services_.config.judge_delay.count());
  welcome->set_card_image_template(services_.config.card_image_template);
  for (v1::Game game : engine::hosted_games())
    welcome->add_games(game);
  spdlog::debug("{}: hello from {}", peer_, hello.client_name());
  reply(std::move(response));
}

void Connection::on_ping(const v1::Ping& ping, const Reply& reply) {
  v1::Response response;
  response.mutable_pong()->set_nonce(ping.nonce());
  response.mutable_pong()->set_server_time_ms(now_ms());
  reply(std::move(response));
}

bool Connection::require_login(const Reply& reply) const {
  if (identity_) return true;
  reply(error_response(v1::UNAUTHENTICATED, "log in first"));
  return false;
}

std::shared_ptr<MatchPort> Connection::find_match(std::uint64_t id, const Reply& reply) {
  if (auto followed = followed_through_relay(id)) return followed;
  auto match = services_.lobby.find(static_cast<std::int64_t>(id));
  if (!match && services_.relay) {
    return services_.relay->remote(static_cast<std::int64_t>(id), shared_from_this(), *identity_);
  }
  if (!match) {
    reply(error_response(v1::NOT_FOUND, "no match " + std::to_string(id)));
  } else if (match->moved_away()) {
    reply(error_response(v1::UNAVAILABLE, "match " + std::to_string(id) +
                                              " has moved to another server node; reconnect "
                                              "and resume it"));
    return nullptr;
  }
  return match;
}

std::shared_ptr<MatchPort> Connection::followed_through_relay(std::uint64_t id) const {
  if (!services_.relay) return nullptr;
  const auto followed = following_.find(static_cast<std::int64_t>(id));
  return followed == following_.end() ? nullptr : followed->second;
}

Reply Connection::tracking(const std::shared_ptr<MatchPort>& match, Reply reply) {
  return [self = shared_from_this(), match, reply = std::move(reply)](v1::Response response) {
    if (response.code() == v1::OK) {
      asio::post(self->strand_, [self, match] { self->following_[match->id()] = match; });
    }
    reply(std::move(response));
  };
}

}  // namespace spacedock::server
