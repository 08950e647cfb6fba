// Chat requests of a Connection (FollowLobbyChat, SendChat, MuteUser), and the lobby's room.
#include "server/lobby/chat.h"

#include <vector>

#include "server/common/short_text.h"
#include "server/session/connection.h"
#include "storage/accounts.h"

namespace spacedock::server {
namespace {

constexpr std::size_t kMaxChatCharacters = 500;

}  // namespace

std::optional<std::string> Chat::text_problem(std::string_view text) {
  return short_text_problem(text, kMaxChatCharacters, "a chat message");
}

v1::ServerMessage Chat::message(v1::ChatChannel channel, std::uint64_t match_id,
                                std::int64_t account_id, const std::string& username,
                                std::string text) {
  v1::ServerMessage out;
  auto* event = out.mutable_event();
  event->set_match_id(match_id);
  auto* chat = event->mutable_chat();
  chat->set_channel(channel);
  chat->set_account_id(static_cast<std::uint64_t>(account_id));
  chat->set_username(username);
  chat->set_text(std::move(text));
  chat->set_at_ms(now_ms());
  return out;
}

void Chat::follow_lobby(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock(mutex_);
  lobby_[connection.get()] = connection;
}

void Chat::unfollow_lobby(const Connection* connection) {
  std::lock_guard lock(mutex_);
  lobby_.erase(connection);
}

void Chat::say_in_lobby(const v1::ServerMessage& message, std::int64_t speaker) {
  std::vector<std::shared_ptr<Connection>> listeners;
  {
    std::lock_guard lock(mutex_);
    for (auto it = lobby_.begin(); it != lobby_.end();) {
      if (auto c = it->second.lock()) {
        listeners.push_back(std::move(c));
        ++it;
      } else {
        it = lobby_.erase(it);
      }
    }
  }
  for (const auto& listener : listeners)
    listener->push_chat(message, speaker);
}

void Chat::mute(std::int64_t listener, std::int64_t speaker, bool muted) {
  std::lock_guard lock(mutex_);
  if (muted) {
    mutes_[listener].insert(speaker);
  } else if (auto it = mutes_.find(listener); it != mutes_.end()) {
    it->second.erase(speaker);
  }
}

bool Chat::muted(std::int64_t listener, std::int64_t speaker) const {
  std::lock_guard lock(mutex_);
  auto it = mutes_.find(listener);
  return it != mutes_.end() && it->second.count(speaker) != 0;
}

void Connection::push_chat(const v1::ServerMessage& message, std::int64_t speaker) {
  if (!services_.chat.muted(account_id_.load(), speaker)) push(message);
}

void Connection::on_follow_lobby_chat(const v1::FollowLobbyChat& request, const Reply& reply) {
  if (request.stop()) {
    services_.chat.unfollow_lobby(this);
  } else {
    services_.chat.follow_lobby(shared_from_this());
  }
  reply(v1::Response());
}

void Connection::on_send_chat(const v1::SendChat& request, const Reply& reply) {
  if (auto problem = Chat::text_problem(request.text()))
    return reply(error_response(v1::BAD_REQUEST, *problem));
  const Identity& who = *identity_;
  const bool lobby = request.match_id() == 0;
  auto followed = following_.find(static_cast<std::int64_t>(request.match_id()));
  if (!lobby && followed == following_.end()) {
    return reply(error_response(v1::FORBIDDEN, "follow that match to chat in it"));
  }
  // Only what would be said counts toward the rate.
  if (const auto wait = chat_.take(SteadyClock::now()); wait.count() > 0) {
    return reply(rate_limited("you are chatting too fast; wait a moment", wait));
  }
  if (!lobby) return followed->second->chat(this, who, request.text(), reply);
  reply(v1::Response());  // before the message itself reaches this connection
  services_.chat.say_in_lobby(
      Chat::message(v1::CHAT_CHANNEL_LOBBY, 0, who.account_id, who.username, request.text()),
      who.account_id);
}

void Connection::on_mute_user(const v1::MuteUser& request, Reply reply) {
  auto account = std::make_shared<std::optional<storage::Account>>();
  services_.db.submit(
      [account, name = request.username()](storage::Database& db) {
        *account = storage::find_account(db, name);
      },
      [self = shared_from_this(), account, request,
       reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(error_response(v1::INTERNAL, "the server could not do that"));
        if (!*account) return reply(error_response(v1::NOT_FOUND, "there is no such user"));
        const std::int64_t listener = self->account_id_.load();
        if ((*account)->id == listener)
          return reply(error_response(v1::BAD_REQUEST, "you cannot mute yourself"));
        self->services_.chat.mute(listener, (*account)->id, !request.unmute());
        reply(v1::Response());
      });
}

}  // namespace spacedock::server
