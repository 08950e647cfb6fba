// The chat requests of a connection: FollowLobbyChat, SendChat and MuteUser (chat.proto).
#include "server/chat/chat.h"
#include "server/persistence/persistence.h"
#include "server/relay/relay.h"
#include "server/session/connection.h"
#include "storage/accounts.h"

namespace spacedock::server {

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
  const v1::ServerMessage message =
      Chat::message(v1::CHAT_CHANNEL_LOBBY, 0, who.account_id, who.username, request.text());
  services_.chat.say_in_lobby(message, who.account_id);
  if (services_.relay) services_.relay->say_in_lobby(message, who.account_id);
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
        if (self->services_.relay)
          self->services_.relay->mute(listener, (*account)->id, !request.unmute());
        reply(v1::Response());
      });
}

}  // namespace spacedock::server
