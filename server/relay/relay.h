#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/cluster/bus.h"
#include "server/common/recipient.h"
#include "server/common/reply.h"
#include "server/common/services.h"
#include "server/match/match_port.h"
#include "spacedock/relay/relay.pb.h"

namespace spacedock::server {

// Any node serves any client (shared/reference/scale-out.md §4.4). A request about a match that
// another node owns goes to that node over Redis (cluster/bus.h) as a MatchCall
// (protocol/spacedock/relay/relay.proto). The owner runs it on the match as it would a local
// connection's, through a stand-in for the distant connection, so that the match filters what
// each viewer may see exactly as for its own; the answer and the viewer's stream go back to the
// one connection that asked, and nowhere else.
//
// Redis delivers at most once. A call not answered within the relay timeout is answered
// UNAVAILABLE (a SubmitDecision may then be sent again with its idempotency key, which the owner
// never applies twice); the owner drops a call that reaches it too late to be answered in time
// (MatchCall.run_before_ms), so that one the client was told failed does not run after all. A
// relayed stream is checked for gaps, event by event: on a gap, and after Redis comes back, the
// relay resumes the stream from the last event it passed on, as a client would, and the owner
// replays what was missed from its match.
//
// Both sides live here: the caller's (calls out, answers and streams in) and the owner's
// (stand-ins, calls run on this node's matches).
class Relay {
 public:
  Relay(Services& services, std::string redis_url, std::chrono::milliseconds timeout);
  Relay(const Relay&) = delete;
  Relay& operator=(const Relay&) = delete;
  ~Relay();

  void start();
  void stop();

  // `connection`'s line to match `match_id`, which this node does not run: its requests go to
  // the match's owner (NOT_FOUND if it has none and is not live).
  std::shared_ptr<MatchPort> remote(std::int64_t match_id,
                                    const std::shared_ptr<Recipient>& connection, Identity who);

  // For RemoteMatch: sends `call` to the match's owner; `reply` gets its answer, or UNAVAILABLE
  // after the timeout. With no reply, the call is sent and forgotten.
  void call(relay::MatchCall call, Reply reply);
  // For RemoteMatch: the connection now follows the match through this relay (`resume` is how
  // its stream is resumed after a gap, from its last_seq: the event the client has), or no
  // longer does.
  // Returns whether the stream is new (not followed already, whose place it keeps). A judge's
  // stream is whole snapshots: passed on as it comes, never repaired.
  bool track(std::uint64_t connection, std::int64_t match_id, const relay::Caller& caller,
             v1::Resume resume, bool judge = false);
  void untrack(std::uint64_t connection, std::int64_t match_id);

  // Quick match across nodes (storage/quick_match_queue.h): `connection`, for `who` with
  // `seat`, was paired with the player waiting on the node at `node_address` as its connection
  // `waiting`. That node makes the match with its player's seat and seats this one; `reply`
  // gets the answer to this seat, as to a JoinMatch. The stream is not followed yet: the
  // connection resumes the match once it is seated.
  void quick_pair(const std::shared_ptr<Recipient>& connection, const Identity& who,
                  v1::SeatSetup seat, const std::string& node_address, std::uint64_t waiting,
                  Reply reply);
  // The tournament host's calls on a table's match that another node runs: its round's time is
  // up, or the organiser's ruling ends it.
  void call_time(std::int64_t match_id, Reply reply);
  void rule(std::int64_t match_id, std::vector<std::uint32_t> winners, Reply reply);
  // A tournament request of `connection` (`who`), for the node that hosts the events, `host`
  // (a node id). A FollowTournament made so follows through a stand-in there.
  void tournament_call(const std::shared_ptr<Recipient>& connection, const Identity& who,
                       const v1::ClientMessage& request, const std::string& host, Reply reply);
  // `message` for every connection of `account_id` on the other nodes.
  void push_to_account(std::int64_t account_id, const v1::ServerMessage& message);

  // How this node numbers `connection` for the other nodes (relay::Caller.connection), and
  // the connection of a number, if it is still open.
  std::uint64_t number_of(const std::shared_ptr<Recipient>& connection);
  std::shared_ptr<Recipient> local(std::uint64_t number);

  // Lobby chat said on this node, for the lobby's followers on the others (each drops it for
  // those who muted the speaker).
  void say_in_lobby(const v1::ServerMessage& message, std::int64_t speaker);
  // A mute set or lifted on this node, so that it holds wherever the listener connects.
  void mute(std::int64_t listener, std::int64_t speaker, bool muted);

  // This account's sessions were revoked (LogoutEverywhere): its connections on the other nodes
  // end too.
  void sessions_revoked(std::int64_t account_id);
  // This node adopted these matches: the relays of the other nodes resume their streams here.
  void adopted(const std::vector<std::int64_t>& match_ids);
  // At each heartbeat: the stand-ins of the connections of `silent` nodes (dead, or frozen past
  // their leases) go, so that their seats show as away and their clocks' grace runs; if this node
  // was silent itself, what its relayed streams missed meanwhile is resumed.
  void heard_of_nodes(const std::vector<std::string>& silent, bool was_silent);
  // The header of a match this node runs changed: the other nodes list it so.
  void header_changed(const v1::MatchInfo& info);
  // Who is connected to a match another node runs, and how many watch it, as its owner last
  // said, put into `info` (read from the database, which holds neither).
  void add_presence(v1::MatchInfo& info);
  // A login was tried here, for the account throttle's `account_key` from `address`: the other
  // nodes' throttles count it too.
  void login_attempted(const std::string& account_key, const std::string& address, bool failed);

  const std::string& node_id() const { return services_.config.node_id; }
  // This process among the nodes: its node id and a random incarnation, so that a node
  // restarted under the same id never receives what was meant for its connections before.
  const std::string& address() const { return address_; }

 private:
  class StandIn;
  struct Pending {
    Reply reply;
    std::int64_t match_id = 0;
    std::unique_ptr<boost::asio::steady_timer> timer;
  };
  // A stream relayed to one of this node's connections.
  struct Stream {
    relay::Caller caller;
    v1::Resume resume;       // its match, spectator or not, invite code
    std::uint64_t last = 0;  // the last event passed on
    // A Resume is under way: until it is answered, only the event after `last` goes on.
    bool repairing = false;
    bool judge = false;
  };
  // A distant connection's stand-in on this node, and the matches here it follows.
  struct Hosted {
    std::shared_ptr<StandIn> stand_in;
    std::set<std::int64_t> matches;
  };
  using StreamKey = std::pair<std::uint64_t, std::int64_t>;  // connection, match

  void receive(std::string bytes);
  void broadcast(relay::Broadcast message);
  void broadcast_received(const relay::Broadcast& message);
  void resume_adopted(const relay::Adopted& adopted);
  void login_attempted_elsewhere(const relay::LoginAttempt& attempt);
  void header_received(const v1::MatchInfo& info);
  // The node at `address` has started: the stand-ins of its earlier runs go.
  void forget_earlier_runs(const std::string& address);
  // The stand-ins of the callers (node addresses) `of_caller` picks go, and stop following their
  // matches; returns how many went.
  std::size_t drop_stand_ins(const std::function<bool(const std::string&)>& of_caller);
  // Every relayed stream resumes from its last event: what the owners sent meanwhile is lost.
  void resume_every_stream(std::string_view why);
  // What another node may have lost, sent again: the `gone`s kept, this node's matches' headers.
  void send_again();

  // The caller's side.
  // Sends `call` to its match's owner, looked up in the database unless known.
  void route(relay::MatchCall call, Reply reply);
  void send_call(const std::string& owner, relay::MatchCall call, Reply reply);
  // Keeps a `gone` a while, to send it again after a Redis outage that may have lost it.
  void remember_gone(const relay::MatchCall& gone);
  void answered(const relay::Answer& answer);
  void deliver(const relay::ToConnection& message);
  // Whether a pushed message goes on to the connection: not if its stream has a gap, which
  // starts a repair.
  bool admit(std::uint64_t connection, const v1::ServerMessage& message);
  void repair(const StreamKey& key, Stream& stream);
  std::optional<std::string> cached_owner(std::int64_t match_id);
  void forget_owner(std::int64_t match_id);

  // The owner's side.
  void run(const relay::MatchCall& call);
  // A call in time, on this node's match, or making one (QuickPairCall).
  void run_on_match(const relay::MatchCall& call, Reply answer);
  // The caller's quick-match partner waits here: it makes the match, and the caller joins it.
  void host_quick_pair(const relay::MatchCall& call, Reply answer);
  // A tournament request, for this node if it hosts the events.
  void host_tournament_call(const relay::MatchCall& call, Reply answer);
  // A call from this node, for no connection of its own (the tournament host's).
  relay::MatchCall server_call(std::int64_t match_id) const;
  relay::Caller caller_of(const std::shared_ptr<Recipient>& connection, const Identity& who);
  // The caller's stand-in; registered as following `match_id` if `follows` (`newly`: it did
  // not already), otherwise a passing one unless it follows something here already.
  std::shared_ptr<StandIn> stand_in(const relay::Caller& caller, std::int64_t match_id,
                                    bool follows, bool& newly);
  void forget(const relay::Caller& caller, std::int64_t match_id);
  void send_to(const std::string& node, const relay::ToConnection& message);

  Services& services_;
  const std::chrono::milliseconds timeout_;
  const std::string address_;
  cluster::Bus bus_;

  std::mutex mutex_;  // guards everything below
  std::uint64_t next_call_ = 1;
  std::unordered_map<std::uint64_t, Pending> pending_;
  std::unordered_map<std::int64_t, std::string> owners_;
  std::uint64_t next_connection_ = 1;
  struct Local {
    std::weak_ptr<Recipient> connection;
    const Recipient* key = nullptr;
  };
  std::unordered_map<std::uint64_t, Local> connections_;
  std::unordered_map<const Recipient*, std::uint64_t> numbers_;
  std::map<StreamKey, Stream> streams_;
  std::map<std::pair<std::string, std::uint64_t>, Hosted> hosted_;  // by node, connection
  std::unordered_map<std::int64_t, v1::MatchInfo> headers_;         // of live matches run elsewhere
  std::deque<std::pair<std::chrono::steady_clock::time_point, relay::MatchCall>> recent_gones_;

  std::atomic<std::uint64_t> late_calls_ = 0;  // dropped unrun, past their deadline
};

}  // namespace spacedock::server
