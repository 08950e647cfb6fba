#include "server/relay/relay.h"

#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <random>

#include "server/chat/chat.h"
#include "server/common/sessions.h"
#include "server/common/throttle.h"
#include "server/match/lobby.h"
#include "server/persistence/persistence.h"
#include "server/relay/remote_match.h"
#include "server/tournament/tournaments.h"
#include "storage/matches.h"
#include "storage/ownership.h"

namespace spacedock::server {

namespace asio = boost::asio;

namespace {

// How soon a stream's repair is tried again when its Resume was not answered.
constexpr auto kRepairRetry = std::chrono::milliseconds(200);
// How long a `gone` is kept to be sent again once Redis is back: it may have been lost with it.
constexpr auto kGoneKept = std::chrono::seconds(30);

// The node id in a node's address, "b" in "b#<incarnation>".
std::string node_of(const std::string& address) {
  return address.substr(0, address.rfind('#'));
}

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A random name for this run of the process, in hex.
std::string incarnation() {
  std::random_device random;
  const std::uint64_t value = (std::uint64_t{random()} << 32) | random();
  return fmt::format("{:016x}", value);
}

}  // namespace

// A distant connection as the matches of this node see it: what they send it goes to its node.
class Relay::StandIn : public Recipient {
 public:
  StandIn(Relay& relay, std::string node, std::uint64_t connection)
      : relay_(relay), node_(std::move(node)), connection_(connection) {}

  void push(const v1::ServerMessage& message) override {
    relay::ToConnection out;
    out.set_connection(connection_);
    *out.mutable_push() = message;
    relay_.send_to(node_, out);
  }
  void push_chat(const v1::ServerMessage& message, std::int64_t speaker) override {
    relay::ToConnection out;
    out.set_connection(connection_);
    *out.mutable_chat()->mutable_message() = message;
    out.mutable_chat()->set_speaker(speaker);
    relay_.send_to(node_, out);
  }
  // Sessions are revoked, and streams moved, on the node that holds the connection.
  void end_session() override {}
  void resume_stored(const v1::Resume&) override {}
  // Pairs are made on the nodes holding both players' connections.
  void host_quick_match(SeatPartner seat_partner) override {
    seat_partner(error_response(v1::INTERNAL, "a relayed connection cannot host a match"),
                 [](v1::Response) {});
  }
  void follow_elsewhere(std::int64_t match_id) override {
    relay::ToConnection out;
    out.set_connection(connection_);
    out.set_moved(match_id);
    relay_.send_to(node_, out);
  }

 private:
  Relay& relay_;
  const std::string node_;
  const std::uint64_t connection_;
};

Relay::Relay(Services& services, std::string redis_url, std::chrono::milliseconds timeout)
    : services_(services),
      timeout_(timeout),
      address_(services.config.node_id + "#" + incarnation()),
      bus_(
          std::move(redis_url), address_,
          {cluster::Bus::channel_of(services.config.node_id), cluster::Bus::channel_of(address_),
           cluster::Bus::kEveryNode},
          [this](std::string bytes) { receive(std::move(bytes)); },
          [this] { resume_every_stream("Redis is back"); }) {}

Relay::~Relay() {
  stop();
}

void Relay::start() {
  bus_.start();
  relay::Broadcast started;
  started.set_started(true);
  broadcast(std::move(started));
}

void Relay::stop() {
  bus_.stop();
  std::lock_guard lock(mutex_);
  pending_.clear();
  hosted_.clear();
}

std::shared_ptr<MatchPort> Relay::remote(std::int64_t match_id,
                                         const std::shared_ptr<Recipient>& connection,
                                         Identity who) {
  return std::make_shared<RemoteMatch>(*this, match_id, number_of(connection), std::move(who));
}

std::uint64_t Relay::number_of(const std::shared_ptr<Recipient>& connection) {
  std::lock_guard lock(mutex_);
  if (auto found = numbers_.find(connection.get()); found != numbers_.end()) {
    if (auto known = connections_.find(found->second);
        known != connections_.end() && known->second.connection.lock() == connection)
      return found->second;
  }
  // A connection is numbered once and never again, so that a stream meant for one that closed
  // cannot reach a new one at the same address. Closed ones are swept as the table doubles.
  if (connections_.size() >= 64 && (connections_.size() & (connections_.size() - 1)) == 0) {
    std::erase_if(connections_, [&](const auto& entry) {
      if (!entry.second.connection.expired()) return false;
      if (auto n = numbers_.find(entry.second.key); n != numbers_.end() && n->second == entry.first)
        numbers_.erase(n);
      return true;
    });
  }
  const std::uint64_t number = next_connection_++;
  connections_[number] = Local{connection, connection.get()};
  numbers_[connection.get()] = number;
  return number;
}

std::shared_ptr<Recipient> Relay::local(std::uint64_t number) {
  std::lock_guard lock(mutex_);
  auto found = connections_.find(number);
  return found == connections_.end() ? nullptr : found->second.connection.lock();
}

std::optional<std::string> Relay::cached_owner(std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  auto found = owners_.find(match_id);
  if (found == owners_.end()) return std::nullopt;
  return found->second;
}

void Relay::forget_owner(std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  owners_.erase(match_id);
}

void Relay::call(relay::MatchCall call, Reply reply) {
  if (call.has_gone()) remember_gone(call);
  route(std::move(call), std::move(reply));
}

void Relay::route(relay::MatchCall call, Reply reply) {
  const std::int64_t match_id = call.match_id();
  if (auto owner = cached_owner(match_id)) return send_call(*owner, std::move(call), reply);
  struct Found {
    std::optional<std::string> owner;
    bool live = false;
  };
  auto found = std::make_shared<Found>();
  services_.db.submit(
      [found, match_id](storage::Database& db) {
        found->owner = storage::owner_of(db, match_id);
        if (auto record = storage::load_match(db, match_id)) {
          found->live = record->status == storage::MatchStatus::kWaiting ||
                        record->status == storage::MatchStatus::kActive;
        }
      },
      [this, found, call = std::move(call), reply](std::exception_ptr error) mutable {
        const std::int64_t id = call.match_id();
        if (!reply) {
          if (!error && found->owner) send_call(*found->owner, std::move(call), nullptr);
          return;
        }
        if (error) return reply(error_response(v1::INTERNAL, "the server could not look it up"));
        // This node's own matches are in its lobby; one it owns but has not in memory yet is
        // being read back from its log.
        const bool here =
            found->owner && *found->owner == node_id() && services_.lobby.find(id) != nullptr;
        if (!found->owner || (*found->owner == node_id() && !here)) {
          if (!found->live)
            return reply(error_response(v1::NOT_FOUND, "no match " + std::to_string(id)));
          // Between owners: adopted from a silent node, or being read back here.
          return reply(error_response(v1::UNAVAILABLE, "match " + std::to_string(id) +
                                                           " is moving between server nodes; "
                                                           "try again in a moment"));
        }
        {
          std::lock_guard lock(mutex_);
          owners_[id] = *found->owner;
        }
        send_call(*found->owner, std::move(call), std::move(reply));
      });
}

void Relay::send_call(const std::string& owner, relay::MatchCall call, Reply reply) {
  if (reply) {
    auto timer = std::make_unique<asio::steady_timer>(services_.io, timeout_);
    std::uint64_t id = 0;
    {
      std::lock_guard lock(mutex_);
      id = next_call_++;
      timer->async_wait([this, id](boost::system::error_code ec) {
        if (ec) return;
        Reply late;
        std::int64_t match_id = 0;
        {
          std::lock_guard guard(mutex_);
          auto found = pending_.find(id);
          if (found == pending_.end()) return;
          late = std::move(found->second.reply);
          match_id = found->second.match_id;
          pending_.erase(found);
          owners_.erase(match_id);  // asked again next time: it may have moved
        }
        late(error_response(v1::UNAVAILABLE,
                            match_id == 0
                                ? "the server node of the player you were paired with did not "
                                  "answer in time; try again"
                                : "the server node running match " + std::to_string(match_id) +
                                      " did not answer in time; try again"));
      });
      pending_[id] = Pending{std::move(reply), call.match_id(), std::move(timer)};
    }
    call.set_call_id(id);
    // The owner runs it only in the first three quarters of the wait, so that an answer it
    // sends still comes in time: a call the client is told failed must not have run.
    call.set_run_before_ms(unix_ms() + timeout_.count() * 3 / 4);
  }
  relay::NodeMessage message;
  *message.mutable_call() = std::move(call);
  bus_.publish(cluster::Bus::channel_of(owner), message.SerializeAsString());
}

void Relay::receive(std::string bytes) {
  // Here, on the subscriber thread, in the order Redis delivers: a stream's events reach its
  // connection's queue in their order, and a connection's calls reach their match's in theirs.
  // Nothing here blocks: matches and connections queue what they are handed.
  relay::NodeMessage message;
  if (!message.ParseFromString(bytes)) {
    spdlog::warn("cluster: a relay message that does not parse ({} bytes); dropped", bytes.size());
    return;
  }
  switch (message.body_case()) {
    case relay::NodeMessage::kCall:
      return run(message.call());
    case relay::NodeMessage::kToConnection:
      return deliver(message.to_connection());
    case relay::NodeMessage::kBroadcast:
      return broadcast_received(message.broadcast());
    case relay::NodeMessage::BODY_NOT_SET:
      return;
  }
}

void Relay::say_in_lobby(const v1::ServerMessage& message, std::int64_t speaker) {
  relay::Broadcast out;
  *out.mutable_lobby_chat()->mutable_message() = message;
  out.mutable_lobby_chat()->set_speaker(speaker);
  broadcast(std::move(out));
}

void Relay::mute(std::int64_t listener, std::int64_t speaker, bool muted) {
  relay::Broadcast out;
  out.mutable_mute()->set_listener(listener);
  out.mutable_mute()->set_speaker(speaker);
  out.mutable_mute()->set_muted(muted);
  broadcast(std::move(out));
}

void Relay::sessions_revoked(std::int64_t account_id) {
  relay::Broadcast out;
  out.set_sessions_revoked(account_id);
  broadcast(std::move(out));
}

void Relay::adopted(const std::vector<std::int64_t>& match_ids) {
  relay::Broadcast out;
  out.mutable_adopted()->mutable_match_ids()->Add(match_ids.begin(), match_ids.end());
  // Here too: this node's own connections may have followed them through the relay.
  broadcast_received(out);
  broadcast(std::move(out));
}

void Relay::header_changed(const v1::MatchInfo& info) {
  relay::Broadcast out;
  *out.mutable_header() = info;
  broadcast(std::move(out));
}

void Relay::header_received(const v1::MatchInfo& info) {
  const auto id = static_cast<std::int64_t>(info.match_id());
  std::lock_guard lock(mutex_);
  if (info.status() == v1::MATCH_STATUS_WAITING || info.status() == v1::MATCH_STATUS_ACTIVE) {
    headers_[id] = info;
  } else {
    headers_.erase(id);
  }
}

void Relay::add_presence(v1::MatchInfo& info) {
  const auto id = static_cast<std::int64_t>(info.match_id());
  std::lock_guard lock(mutex_);
  auto found = headers_.find(id);
  if (found == headers_.end()) return;
  if (info.status() != v1::MATCH_STATUS_WAITING && info.status() != v1::MATCH_STATUS_ACTIVE) {
    headers_.erase(found);  // over: its last header was lost on the way
    return;
  }
  const v1::MatchInfo& said = found->second;
  info.set_spectators(said.spectators());
  for (auto& seat : *info.mutable_seats()) {
    for (const auto& heard : said.seats()) {
      if (heard.seat() == seat.seat() && heard.account_id() == seat.account_id())
        seat.set_connected(heard.connected());
    }
  }
}

void Relay::login_attempted(const std::string& account_key, const std::string& address,
                            bool failed) {
  relay::Broadcast out;
  out.mutable_login()->set_account_key(account_key);
  out.mutable_login()->set_address(address);
  out.mutable_login()->set_failed(failed);
  broadcast(std::move(out));
}

void Relay::broadcast(relay::Broadcast message) {
  message.set_origin(address_);
  relay::NodeMessage out;
  *out.mutable_broadcast() = std::move(message);
  bus_.publish(cluster::Bus::kEveryNode, out.SerializeAsString());
}

void Relay::broadcast_received(const relay::Broadcast& message) {
  if (message.origin() == address_) return;  // done here already (see adopted())
  switch (message.body_case()) {
    case relay::Broadcast::kLobbyChat:
      return services_.chat.say_in_lobby(message.lobby_chat().message(),
                                         message.lobby_chat().speaker());
    case relay::Broadcast::kMute:
      return services_.chat.mute(message.mute().listener(), message.mute().speaker(),
                                 message.mute().muted());
    case relay::Broadcast::kAdopted:
      return resume_adopted(message.adopted());
    case relay::Broadcast::kStarted:
      // The new node has heard no header yet: it hears those of the matches run here.
      send_again();
      return forget_earlier_runs(message.origin());
    case relay::Broadcast::kHeader:
      return header_received(message.header());
    case relay::Broadcast::kResubscribed:
      return send_again();
    case relay::Broadcast::kLogin:
      return login_attempted_elsewhere(message.login());
    case relay::Broadcast::kSessionsRevoked:
      for (const auto& connection :
           services_.sessions.of_account(message.sessions_revoked(), nullptr))
        connection->end_session();
      return;
    case relay::Broadcast::kToAccount:
      for (const auto& connection :
           services_.sessions.of_account(message.to_account().account_id(), nullptr))
        connection->push(message.to_account().message());
      return;
    case relay::Broadcast::BODY_NOT_SET:
      return;
  }
}

void Relay::forget_earlier_runs(const std::string& address) {
  const std::string node = node_of(address);
  const std::size_t gone = drop_stand_ins(
      [&](const std::string& caller) { return caller != address && node_of(caller) == node; });
  if (gone > 0)
    spdlog::info("cluster: {} restarted; let go of {} of its connections' stand-ins", address,
                 gone);
}

std::size_t Relay::drop_stand_ins(const std::function<bool(const std::string&)>& of_caller) {
  std::vector<std::pair<std::shared_ptr<StandIn>, std::set<std::int64_t>>> gone;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(hosted_, [&](auto& entry) {
      if (!of_caller(entry.first.first)) return false;
      gone.emplace_back(std::move(entry.second.stand_in), std::move(entry.second.matches));
      return true;
    });
  }
  for (const auto& [stand_in, matches] : gone) {
    for (std::int64_t id : matches) {
      if (auto match = services_.lobby.find(id)) match->disconnected(stand_in.get());
    }
  }
  return gone.size();
}

void Relay::login_attempted_elsewhere(const relay::LoginAttempt& attempt) {
  Throttles& throttles = services_.throttles;
  if (!attempt.failed()) return throttles.by_account.succeeded(attempt.account_key());
  boost::system::error_code error;
  const auto address = asio::ip::make_address(attempt.address(), error);
  const bool venue = !error && services_.config.venue_addresses.contains(address);
  throttles.login_failed(attempt.account_key(), attempt.address(), venue, SteadyClock::now());
}

void Relay::resume_adopted(const relay::Adopted& adopted) {
  const std::set<std::int64_t> moved(adopted.match_ids().begin(), adopted.match_ids().end());
  std::lock_guard lock(mutex_);
  for (std::int64_t id : moved)
    owners_.erase(id);
  for (auto& [key, stream] : streams_) {
    if (moved.contains(key.second) && !stream.judge) repair(key, stream);
  }
}

void Relay::heard_of_nodes(const std::vector<std::string>& silent, bool was_silent) {
  if (was_silent) resume_every_stream("this node was silent");
  if (silent.empty()) return;
  const std::size_t gone = drop_stand_ins([&](const std::string& caller) {
    return std::find(silent.begin(), silent.end(), node_of(caller)) != silent.end();
  });
  if (gone > 0)
    spdlog::info("cluster: let go of {} stand-ins of connections on silent nodes ({})", gone,
                 fmt::join(silent, ", "));
}

void Relay::remember_gone(const relay::MatchCall& gone) {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  while (!recent_gones_.empty() && recent_gones_.front().first + kGoneKept < now)
    recent_gones_.pop_front();
  recent_gones_.emplace_back(now, gone);
}

void Relay::resume_every_stream(std::string_view why) {
  {
    std::lock_guard lock(mutex_);
    spdlog::info("cluster: {}; resuming {} relayed streams", why, streams_.size());
    owners_.clear();
    for (auto& [key, stream] : streams_) {
      if (!stream.judge) repair(key, stream);
    }
  }
  // The other nodes may have lost what they sent here, and may be back before this one or
  // after it: those back already send it again when told, the others when they are back.
  send_again();
  relay::Broadcast out;
  out.set_resubscribed(true);
  broadcast(std::move(out));
}

void Relay::send_again() {
  std::vector<relay::MatchCall> gones;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [when, gone] : recent_gones_)
      gones.push_back(gone);
  }
  // The owners may not have heard that these connections went: told again (forgetting one
  // twice does nothing). And this node's matches' headers, for the lobby lists elsewhere.
  asio::post(services_.io, [this, gones = std::move(gones)]() mutable {
    for (relay::MatchCall& gone : gones)
      route(std::move(gone), nullptr);
    for (const v1::MatchInfo& header : services_.lobby.held_headers())
      header_changed(header);
  });
}

void Relay::deliver(const relay::ToConnection& message) {
  if (message.has_answer()) return answered(message.answer());
  auto connection = local(message.connection());
  if (!connection) return;
  switch (message.body_case()) {
    case relay::ToConnection::kPush:
      if (admit(message.connection(), message.push())) connection->push(message.push());
      return;
    case relay::ToConnection::kChat:
      return connection->push_chat(message.chat().message(), message.chat().speaker());
    case relay::ToConnection::kMoved:
      forget_owner(message.moved());
      untrack(message.connection(), message.moved());
      return connection->follow_elsewhere(message.moved());
    case relay::ToConnection::kAnswer:
    case relay::ToConnection::BODY_NOT_SET:
      return;
  }
}

void Relay::answered(const relay::Answer& answer) {
  Reply reply;
  {
    std::lock_guard lock(mutex_);
    auto found = pending_.find(answer.call_id());
    if (found == pending_.end()) return;  // timed out, and answered so already
    reply = std::move(found->second.reply);
    found->second.timer->cancel();
    if (answer.response().code() == v1::UNAVAILABLE) owners_.erase(found->second.match_id);
    pending_.erase(found);
  }
  reply(answer.response());
}

bool Relay::admit(std::uint64_t connection, const v1::ServerMessage& message) {
  if (!message.has_event() || message.event().match_id() == 0) return true;
  const v1::Event& event = message.event();
  std::lock_guard lock(mutex_);
  auto found = streams_.find({connection, static_cast<std::int64_t>(event.match_id())});
  // A match's events reach a connection only on a stream it follows through here.
  if (found == streams_.end()) return false;
  Stream& stream = found->second;
  if (stream.judge) return true;
  if (event.has_snapshot()) {
    stream.last = event.seq();
    stream.repairing = false;
    return true;
  }
  if (event.has_game_event()) {
    if (event.seq() <= stream.last) return false;  // passed on already, before a repair
    if (event.seq() == stream.last + 1) {
      stream.last = event.seq();
      stream.repairing = false;
      return true;
    }
  } else if (event.seq() <= stream.last) {
    // A prompt, header or clock, issued at a position the client has reached.
    return !stream.repairing;
  }
  // Events are missing before this one: the stream resumes from the last passed on.
  if (!stream.repairing) {
    spdlog::info("cluster: match={} stream to connection {} skipped from event {} to {}; resuming",
                 event.match_id(), connection, stream.last, event.seq());
    repair(found->first, stream);
  }
  return false;
}

void Relay::repair(const StreamKey& key, Stream& stream) {
  // Under mutex_. The owner answers the Resume before it replays what was missed, on the same
  // channel: once the answer is here, what follows is the stream again.
  stream.repairing = true;
  relay::MatchCall call;
  call.set_match_id(key.second);
  *call.mutable_caller() = stream.caller;
  *call.mutable_resume() = stream.resume;
  call.mutable_resume()->set_last_seq(stream.last);
  call.set_repair(true);
  Reply repaired = [this, key](const v1::Response& response) {
    std::unique_lock lock(mutex_);
    auto found = streams_.find(key);
    if (found == streams_.end()) return;
    if (response.code() == v1::OK || response.code() == v1::SUPERSEDED) {
      // Resumed; or the seat taken by a newer connection, as this one's next decision will be
      // told.
      found->second.repairing = false;
      return;
    }
    if (response.code() == v1::NOT_FOUND) {
      // Over, and let go by its owner, maybe before the last events reached this node: the
      // stream goes on from the stored log, here.
      v1::Resume resume = found->second.resume;
      resume.set_last_seq(found->second.last);
      streams_.erase(found);
      lock.unlock();
      if (auto connection = local(key.first)) connection->resume_stored(resume);
      return;
    }
    // Not answered (Redis still away, the match moving): tried again shortly.
    auto retry = std::make_shared<asio::steady_timer>(services_.io, kRepairRetry);
    retry->async_wait([this, key, retry](boost::system::error_code ec) {
      std::lock_guard guard(mutex_);
      auto again = streams_.find(key);
      if (!ec && again != streams_.end()) repair(key, again->second);
    });
  };
  asio::post(services_.io,
             [this, call = std::move(call), repaired = std::move(repaired)]() mutable {
               this->call(std::move(call), std::move(repaired));
             });
}

bool Relay::track(std::uint64_t connection, std::int64_t match_id, const relay::Caller& caller,
                  v1::Resume resume, bool judge) {
  std::lock_guard lock(mutex_);
  // Followed again: an earlier `gone` of this connection's for the match must not be sent again.
  std::erase_if(recent_gones_, [&](const auto& entry) {
    const relay::MatchCall& gone = entry.second;
    return gone.caller().connection() == connection && gone.match_id() == match_id;
  });
  const auto [found, created] = streams_.try_emplace({connection, match_id});
  Stream& stream = found->second;
  stream.caller = caller;
  stream.judge = judge;
  // A stream followed already keeps its place; a Resume's says where the client stands.
  if (created || resume.last_seq() > 0) {
    stream.last = resume.last_seq();
    stream.repairing = false;
  }
  stream.resume = std::move(resume);
  return created;
}

void Relay::untrack(std::uint64_t connection, std::int64_t match_id) {
  std::lock_guard lock(mutex_);
  streams_.erase({connection, match_id});
}

void Relay::send_to(const std::string& node, const relay::ToConnection& message) {
  relay::NodeMessage out;
  *out.mutable_to_connection() = message;
  bus_.publish(cluster::Bus::channel_of(node), out.SerializeAsString());
}

std::shared_ptr<Relay::StandIn> Relay::stand_in(const relay::Caller& caller, std::int64_t match_id,
                                                bool follows, bool& newly) {
  std::lock_guard lock(mutex_);
  const std::pair<std::string, std::uint64_t> key{caller.node(), caller.connection()};
  auto found = hosted_.find(key);
  if (found == hosted_.end()) {
    auto passing = std::make_shared<StandIn>(*this, caller.node(), caller.connection());
    newly = false;
    if (!follows) return passing;  // a snapshot, a decision, a chat line: nothing to keep
    found = hosted_.emplace(key, Hosted{std::move(passing), {}}).first;
  }
  newly = follows && found->second.matches.insert(match_id).second;
  return found->second.stand_in;
}

void Relay::forget(const relay::Caller& caller, std::int64_t match_id) {
  std::shared_ptr<StandIn> gone;
  {
    std::lock_guard lock(mutex_);
    auto found = hosted_.find({caller.node(), caller.connection()});
    if (found == hosted_.end()) return;
    gone = found->second.stand_in;
    found->second.matches.erase(match_id);
    if (found->second.matches.empty()) hosted_.erase(found);
  }
  if (auto match = services_.lobby.find(match_id)) match->disconnected(gone.get());
}

void Relay::run(const relay::MatchCall& call) {
  const relay::Caller& caller = call.caller();
  const std::int64_t match_id = call.match_id();
  Reply answer = [this, node = caller.node(), connection = caller.connection(),
                  id = call.call_id()](v1::Response response) {
    if (id == 0) return;
    relay::ToConnection out;
    out.set_connection(connection);
    out.mutable_answer()->set_call_id(id);
    *out.mutable_answer()->mutable_response() = std::move(response);
    send_to(node, out);
  };
  if (call.has_gone()) return forget(caller, match_id);
  if (const std::int64_t late = unix_ms() - call.run_before_ms();
      call.run_before_ms() != 0 && late > 0) {
    // Held up in Redis (a restart, a backlog) or sent by a node whose clock runs behind.
    const std::uint64_t dropped = ++late_calls_;
    if ((dropped & (dropped - 1)) == 0) {
      spdlog::warn(
          "cluster: a call from {} came {} ms past its deadline and was dropped ({} so far); "
          "if this goes on, check that the nodes' clocks agree",
          caller.node(), late, dropped);
    }
    return;
  }
  if (call.has_quick_pair()) return host_quick_pair(call, std::move(answer));
  if (call.has_tournament()) return host_tournament_call(call, std::move(answer));
  run_on_match(call, std::move(answer));
}

void Relay::run_on_match(const relay::MatchCall& call, Reply answer) {
  const relay::Caller& caller = call.caller();
  const std::int64_t match_id = call.match_id();
  auto match = services_.lobby.find(match_id);
  if (!match || match->moved_away()) {
    // Moved, reaped, or never here: the caller asks PostgreSQL again.
    return answer(error_response(v1::UNAVAILABLE, "match " + std::to_string(match_id) +
                                                      " is not running on server node " +
                                                      node_id() + "; try again"));
  }
  const bool follows =
      call.has_join() || call.has_spectate() || call.has_judge() || call.has_resume();
  bool newly = false;
  auto recipient = stand_in(caller, match_id, follows, newly);
  if (newly) {
    // Refused, it follows nothing new: the stand-in goes unless it follows something else.
    answer = [this, caller, match_id, answer = std::move(answer)](v1::Response response) {
      if (response.code() != v1::OK) forget(caller, match_id);
      answer(std::move(response));
    };
  }
  Identity who{caller.account_id(), caller.username(), caller.organiser()};
  switch (call.call_case()) {
    case relay::MatchCall::kJoin:
      return match->join(recipient, std::move(who), call.join().seat(), call.join().invite_code(),
                         answer);
    case relay::MatchCall::kSpectate:
      return match->spectate(recipient, who.account_id, call.spectate().invite_code(), answer);
    case relay::MatchCall::kJudge:
      if (!who.organiser)
        return answer(error_response(v1::FORBIDDEN, "only organisers may judge matches"));
      return match->judge(recipient, std::move(who), answer);
    case relay::MatchCall::kResume:
      if (call.repair())
        return match->resume_stream(recipient, std::move(who), call.resume(), answer);
      return match->resume(recipient, std::move(who), call.resume(), answer);
    case relay::MatchCall::kLeave:
      // Forgotten once the match has answered: the leave waits its turn, and must find the
      // stand-in still following.
      return match->leave(recipient, std::move(who),
                          [this, caller, match_id, answer](v1::Response response) {
                            answer(std::move(response));
                            forget(caller, match_id);
                          });
    case relay::MatchCall::kSubmit:
      return match->submit(recipient.get(), std::move(who), call.submit(), answer);
    case relay::MatchCall::kConcede:
      return match->concede(recipient.get(), std::move(who), answer);
    case relay::MatchCall::kSnapshot:
      return match->snapshot(recipient, answer);
    case relay::MatchCall::kChat:
      return match->chat(recipient.get(), std::move(who), call.chat(), answer);
    case relay::MatchCall::kCallTime:
      return match->call_time(answer);
    case relay::MatchCall::kRule:
      return match->rule({call.rule().winners().begin(), call.rule().winners().end()}, answer);
    case relay::MatchCall::kGone:
    case relay::MatchCall::kQuickPair:
    case relay::MatchCall::kTournament:
    case relay::MatchCall::CALL_NOT_SET:
      return answer(error_response(v1::BAD_REQUEST, "a relayed call with no request"));
  }
}

void Relay::host_quick_pair(const relay::MatchCall& call, Reply answer) {
  auto waiting = local(call.quick_pair().waiting());
  if (!waiting) {
    return answer(error_response(v1::NOT_FOUND, "the player you were paired with has left"));
  }
  waiting->host_quick_match([this, call, answer](v1::Response created, Reply seated) {
    if (created.code() != v1::OK) {
      answer(created);
      return seated(std::move(created));
    }
    // The caller's seat is taken as a relayed JoinMatch of the new match, so that its stand-in
    // follows it as after any other.
    relay::MatchCall join = call;
    join.set_match_id(static_cast<std::int64_t>(created.match().match_id()));
    *join.mutable_join()->mutable_seat() = call.quick_pair().seat();
    run_on_match(join, [answer, seated](v1::Response joined) {
      seated(joined);
      answer(std::move(joined));
    });
  });
}

relay::Caller Relay::caller_of(const std::shared_ptr<Recipient>& connection, const Identity& who) {
  relay::Caller caller;
  caller.set_node(address_);
  caller.set_connection(number_of(connection));
  caller.set_account_id(who.account_id);
  caller.set_username(who.username);
  caller.set_organiser(who.organiser);
  return caller;
}

void Relay::quick_pair(const std::shared_ptr<Recipient>& connection, const Identity& who,
                       v1::SeatSetup seat, const std::string& node_address, std::uint64_t waiting,
                       Reply reply) {
  relay::MatchCall call;
  *call.mutable_caller() = caller_of(connection, who);
  call.mutable_quick_pair()->set_waiting(waiting);
  *call.mutable_quick_pair()->mutable_seat() = std::move(seat);
  send_call(node_address, std::move(call), std::move(reply));
}

relay::MatchCall Relay::server_call(std::int64_t match_id) const {
  relay::MatchCall call;
  call.set_match_id(match_id);
  call.mutable_caller()->set_node(address_);
  call.mutable_caller()->set_username("server");
  return call;
}

void Relay::call_time(std::int64_t match_id, Reply reply) {
  relay::MatchCall call = server_call(match_id);
  call.mutable_call_time();
  route(std::move(call), std::move(reply));
}

void Relay::rule(std::int64_t match_id, std::vector<std::uint32_t> winners, Reply reply) {
  relay::MatchCall call = server_call(match_id);
  call.mutable_rule()->mutable_winners()->Add(winners.begin(), winners.end());
  route(std::move(call), std::move(reply));
}

void Relay::tournament_call(const std::shared_ptr<Recipient>& connection, const Identity& who,
                            const v1::ClientMessage& request, const std::string& host,
                            Reply reply) {
  relay::MatchCall call;
  *call.mutable_caller() = caller_of(connection, who);
  *call.mutable_tournament() = request;
  send_call(host, std::move(call), std::move(reply));
}

void Relay::host_tournament_call(const relay::MatchCall& call, Reply answer) {
  Tournaments& tournaments = services_.tournaments;
  if (!tournaments.hosting()) {
    return answer(error_response(v1::UNAVAILABLE,
                                 "the tournaments are moving between server "
                                 "nodes; try again"));
  }
  const relay::Caller& caller = call.caller();
  Identity who{caller.account_id(), caller.username(), caller.organiser()};
  std::shared_ptr<Recipient> follower;
  if (call.tournament().has_follow_tournament()) {
    // Kept, as a match's follower is, under the event's id made negative: match ids are not.
    const auto key =
        -static_cast<std::int64_t>(call.tournament().follow_tournament().tournament_id());
    bool newly = false;
    follower = stand_in(caller, key, true, newly);
  }
  tournaments.handle(call.tournament(), std::move(who), std::move(follower), std::move(answer));
}

void Relay::push_to_account(std::int64_t account_id, const v1::ServerMessage& message) {
  relay::Broadcast out;
  out.mutable_to_account()->set_account_id(account_id);
  *out.mutable_to_account()->mutable_message() = message;
  broadcast(std::move(out));
}

}  // namespace spacedock::server
