#include "clients/cli/session.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "clients/cli/format.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;

// How long to keep trying after the connection drops (a server restart takes a moment).
constexpr auto kReconnectFor = std::chrono::seconds(30);

}  // namespace

Session::Session(asio::any_io_executor executor, client::Url url, std::uint64_t seed)
    : url_(std::move(url)), inbox_(std::move(executor)), random_(seed) {}

asio::awaitable<int> Session::run() {
  const auto executor = co_await asio::this_coro::executor;
  asio::co_spawn(executor, read_input(inbox_), asio::detached);
  const std::string error = co_await connect_once();
  if (!error.empty()) {
    say("error: " + error);
    co_return 1;
  }
  say("connected to " + url_.host + ":" + url_.port + "; type help for the commands");
  for (;;) {
    if (inbox_.lost) {
      if (inbox_.input_ended && inbox_.lines.empty() && !waiting_) break;  // nothing left to do
      co_await ensure_connected();
    } else if (!inbox_.events.empty()) {
      v1::Event event = std::move(inbox_.events.front());
      inbox_.events.pop_front();
      co_await handle(std::move(event));
    } else if (auto_ && followed_ && !followed_->prompts.empty()) {
      co_await answer_at_random();
    } else if (holding_input()) {
      co_await inbox_.wait(snapshot_due_.value_or(Clock::time_point::max()));
    } else if (!inbox_.lines.empty()) {
      const std::string line = std::move(inbox_.lines.front());
      inbox_.lines.pop_front();
      std::optional<Command> command;
      try {
        command = parse_command(line);
      } catch (const std::invalid_argument& e) {
        say(std::string("error: ") + e.what());
      }
      if (!command) continue;
      const bool go_on = co_await execute(*command);
      if (!go_on) break;
    } else if (inbox_.input_ended) {
      break;
    } else {
      co_await inbox_.wait(Clock::time_point::max());
    }
  }
  if (connection_) co_await connection_->close();
  co_return exit_status_;
}

bool Session::holding_input() {
  if (snapshot_due_ && Clock::now() >= *snapshot_due_) {
    say("error: the server sent no fresh view in time");
    snapshot_due_.reset();
  }
  if (waiting_ && (!followed_ || followed_->over)) waiting_ = false;
  return waiting_ || snapshot_due_;
}

asio::awaitable<std::string> Session::connect_once() {
  try {
    connection_ = co_await Connection::open(
        url_, [this](v1::Event event) { inbox_.push_event(std::move(event)); },
        [this](const std::string& why) { inbox_.connection_lost(why); });
  } catch (const std::exception& e) {
    co_return "cannot connect to " + std::string(url_.tls ? "wss://" : "ws://") + url_.host + ":" +
        url_.port + url_.path + ": " + describe_exception(e);
  }
  connection_->rate_limits().on_wait = [this](const v1::Response& response,
                                              std::chrono::milliseconds wait) {
    say("the server asks to slow down (" + response.message() + "); trying again in " +
        std::to_string((wait.count() + 999) / 1000) + " s");
  };
  if (!token_.empty()) {
    v1::ClientMessage authenticate;
    authenticate.mutable_authenticate()->set_token(token_);
    const auto response = co_await call(std::move(authenticate), "log in with the saved session");
    if (!ok(response)) token_.clear();
  }
  if (followed_) {
    v1::ClientMessage resume;
    resume.mutable_resume()->set_match_id(followed_->match_id);
    resume.mutable_resume()->set_last_seq(followed_->last_seq);
    resume.mutable_resume()->set_as_spectator(followed_->spectator);
    const auto response = co_await call(std::move(resume), "resume");
    if (ok(response)) followed_->info = response->match();
  }
  co_return std::string();
}

asio::awaitable<void> Session::ensure_connected() {
  if (connection_ && connection_->alive()) {
    inbox_.lost.reset();  // an earlier connection's loss, already recovered from
    co_return;
  }
  say("connection lost" + (inbox_.lost ? " (" + *inbox_.lost + ")" : std::string()) +
      "; reconnecting");
  inbox_.lost.reset();
  connection_.reset();
  const auto give_up = Clock::now() + kReconnectFor;
  auto delay = std::chrono::milliseconds(200);
  const auto executor = co_await asio::this_coro::executor;
  asio::steady_timer timer(executor);
  for (;;) {
    const std::string error = co_await connect_once();
    if (error.empty()) break;
    if (Clock::now() + delay > give_up) {
      say("error: " + error + "; the next command will try again");
      exit_status_ = 1;
      waiting_ = false;
      co_return;
    }
    timer.expires_after(delay);
    co_await timer.async_wait(asio::use_awaitable);
    delay = std::min(delay * 2, std::chrono::milliseconds(2000));
  }
  say("reconnected");
}

asio::awaitable<std::optional<v1::Response>> Session::request(v1::ClientMessage message,
                                                              std::string what) {
  // One attempt only: a lost connection is retried at length by the main loop.
  if (!connection_ || !connection_->alive()) {
    const std::string error = co_await connect_once();
    if (!error.empty()) {
      say("error: " + what + ": " + error);
      co_return std::nullopt;
    }
  }
  auto response = co_await call(std::move(message), std::move(what));
  co_return response;
}

asio::awaitable<std::optional<v1::Response>> Session::call(v1::ClientMessage message,
                                                           std::string what) {
  try {
    v1::Response response = co_await connection_->call(std::move(message));
    if (response.code() != v1::OK) say("error: " + what + ": " + describe_error(response));
    co_return response;
  } catch (const std::exception& e) {
    say("error: " + what + ": " + describe_exception(e));
  }
  co_return std::nullopt;
}

}  // namespace spacedock::cli
