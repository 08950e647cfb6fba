#include "server/chat/chat.h"

#include <vector>

#include "server/common/now.h"
#include "server/common/short_text.h"

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

void Chat::follow_lobby(const std::shared_ptr<Recipient>& recipient) {
  std::lock_guard lock(mutex_);
  lobby_[recipient.get()] = recipient;
}

void Chat::unfollow_lobby(const Recipient* recipient) {
  std::lock_guard lock(mutex_);
  lobby_.erase(recipient);
}

void Chat::say_in_lobby(const v1::ServerMessage& message, std::int64_t speaker) {
  std::vector<std::shared_ptr<Recipient>> listeners;
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

}  // namespace spacedock::server
