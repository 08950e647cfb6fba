#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "server/common/recipient.h"
#include "spacedock/v1/envelope.pb.h"

namespace spacedock::server {

// The lobby's chat room, and who has muted whom (chat.proto). Match chat goes through the match,
// which knows who follows it as what. Safe from any thread.
class Chat {
 public:
  // Why a text may not be said (empty, too long, control characters), if it may not.
  static std::optional<std::string> text_problem(std::string_view text);
  // The event a message is pushed as.
  static v1::ServerMessage message(v1::ChatChannel channel, std::uint64_t match_id,
                                   std::int64_t account_id, const std::string& username,
                                   std::string text);

  void follow_lobby(const std::shared_ptr<Recipient>& recipient);
  void unfollow_lobby(const Recipient* recipient);
  // To every follower of the lobby chat but those who muted the speaker.
  void say_in_lobby(const v1::ServerMessage& message, std::int64_t speaker);

  void mute(std::int64_t listener, std::int64_t speaker, bool muted);
  bool muted(std::int64_t listener, std::int64_t speaker) const;

 private:
  mutable std::mutex mutex_;
  std::map<const Recipient*, std::weak_ptr<Recipient>> lobby_;
  std::map<std::int64_t, std::set<std::int64_t>> mutes_;  // listener -> speakers muted
};

}  // namespace spacedock::server
