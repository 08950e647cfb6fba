#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/common/turns.h"
#include "server/match/match.h"
#include "server/match/observer.h"
#include "server/tournament/tournament.h"
#include "spacedock/v1/envelope.pb.h"
#include "spacedock/v1/match_setup.pb.h"
#include "spacedock/v1/tournament.pb.h"
#include "storage/tournaments.h"

namespace spacedock::server {

// The server's tournaments (tournament.proto): events stored in SQLite, their rounds' matches
// started through the lobby like any other, results taken from the matches as they finish, and
// each round's time called by a timer. The rules (pairing, standings, the cut) are
// tournament::Tournament's; this class persists and runs them.
//
// Everything runs on one strand. Requests that change an event run one at a time, in arrival
// order, each until its database write is done (`Turn`), so that two organiser actions never
// interleave; reads are answered from memory at once. Every organiser action is authorised
// against the event's organiser and written to the event's log with who did it.
class Tournaments : public MatchObserver {
 public:
  Tournaments() = default;
  Tournaments(const Tournaments&) = delete;
  Tournaments& operator=(const Tournaments&) = delete;

  // Loads the events, after the matches were restored (`db` is a connection of
  // its own, read before the server runs), settles tables whose match ended while the server
  // was down, and arms the round timers. From then on, the service runs.
  //
  // In a cluster (ServerConfig::node_id) one node at a time runs the events, the tournament
  // host (storage/tournament_host.h): each node, at a heartbeat of its own, keeps or takes the
  // role, loading the events as above when it takes it and letting them go if another node has
  // taken it since; the others relay their connections' requests to it. The host spreads each
  // round's tables over the live nodes (storage::offer_match), takes their results from the
  // database as they end, and calls time on them, and rules on them, through the relay.
  void restore(Services& services, storage::Database& db);
  // Once the server has stopped: lets go of the strand and timers, which must not outlive the
  // io_context they run on (this object does, so that the handlers it left queued can be
  // destroyed safely).
  void stop();

  // Requests, from any thread; each answers through `reply` exactly once. Entrants (enrol,
  // drop, deck) are in entrants.cpp; rounds and results (start_round, set_result) in rounds.cpp;
  // the reads that answer with views (get_round, standings, export_event) in views.cpp.
  void create(Identity who, v1::TournamentSettings settings, Reply reply);
  void list(Identity who, v1::ListTournaments request, Reply reply);
  void get(Identity who, std::uint64_t id, Reply reply);
  // `seat`: the deck already read from the player's stored decks (Connection::with_seat_deck).
  void enrol(Identity who, std::uint64_t id, v1::SeatSetup seat, Reply reply);
  // A registered player's new seat (a STCCG deck), until their first round is paired.
  void change_seat(Identity who, std::uint64_t id, v1::SeatSetup seat, Reply reply);
  void drop(Identity who, v1::DropFromTournament request, Reply reply);
  void start_round(Identity who, v1::StartRound request, Reply reply);
  void get_round(Identity who, v1::GetRound request, Reply reply);
  void standings(Identity who, std::uint64_t id, Reply reply);
  void set_result(Identity who, v1::SetTableResult request, Reply reply);
  void export_event(Identity who, v1::ExportTournament request, Reply reply);
  void deck(Identity who, v1::GetTournamentDeck request, Reply reply);
  void log(Identity who, std::uint64_t id, Reply reply);
  void follow(std::shared_ptr<Recipient> connection, Identity who, std::uint64_t id, Reply reply);

  // One tournament request, for `who`; FollowTournament follows with `follower`. A
  // registration's stored deck is read already (Connection::with_seat_deck).
  void handle(const v1::ClientMessage& request, Identity who, std::shared_ptr<Recipient> follower,
              Reply reply);
  // The seat a registration asks for (its stored deck not yet read).
  static v1::SeatSetup registration_seat(const v1::RegisterForTournament& request);
  // In a cluster: whether this node hosts the events now, and which node does, as this node
  // last saw (empty: none known). From any thread.
  bool hosting() const;
  std::string host() const;

  // A match ended: if it is a table of an event, its result becomes the table's. From any
  // thread.
  void match_over(std::int64_t match_id, v1::MatchResult result) override;
  // The organiser of the event the match is a table of (nothing if it is none), handed to
  // `then` on this service's strand. From any thread.
  void table_organiser(std::int64_t match_id,
                       std::function<void(std::optional<std::int64_t>)> then);

 private:
  struct Event {
    storage::TournamentRecord record;
    std::string organiser_name;
    v1::TournamentSettings settings;
    tournament::Tournament rules;
    std::map<std::int64_t, v1::SeatSetup> seats;  // the locked seat of each entrant
    std::map<std::int64_t, std::int64_t> registered_at;
    std::vector<std::pair<std::int64_t, std::int64_t>> round_times;  // started, ends (ms)
    std::unique_ptr<boost::asio::steady_timer> round_timer;
    std::vector<std::weak_ptr<Recipient>> followers;
    // A private event is seen only by its organiser and its players.
    bool seen_by(const Identity& who) const {
      return !settings.private_event() || record.organiser_id == who.account_id ||
             seats.contains(who.account_id);
    }
  };
  struct TableRef {
    std::int64_t tournament = 0;
    int round = 0;
    int table = 0;
  };

  // One change at a time: the next starts once the last copy of this one's Turn is gone.
  using Turn = std::shared_ptr<TurnQueue::Turn>;
  // The events as stored, and the results of the matches of their undecided tables that ended.
  struct Loaded {
    std::map<std::int64_t, Event> events;
    std::vector<std::pair<std::int64_t, v1::MatchResult>> finished;
  };

  // Reads every event (on the database's thread, or before the server runs).
  static Loaded load(storage::Database& db);
  // Runs the events loaded: settles their tables, arms their timers. On the strand.
  void install(Loaded loaded);

  // The tournament host (cluster mode, hosting.cpp).
  // Every heartbeat: keeps or takes the role, or lets the events go; on the host, settles the
  // tables whose match ended on another node.
  void beat();
  void schedule_beat();
  // Another node hosts the events now: this one drops them and their timers.
  void let_go();
  // The matches of the undecided tables of the running events' last rounds.
  static std::vector<std::int64_t> pending_matches(const std::map<std::int64_t, Event>& events);
  // Those of `match_ids` that have ended, with their results, as stored.
  static std::vector<std::pair<std::int64_t, v1::MatchResult>> ended_matches(
      storage::Database& db, const std::vector<std::int64_t>& match_ids);

  // The event, if it exists and `who` may see it (a private event: its organiser and players).
  Event* visible(const Identity& who, std::uint64_t id, const Reply& reply);
  // The event, if `who` organises it.
  Event* organised(const Identity& who, std::uint64_t id, const Reply& reply);
  // Stores a change (with a line in the event's log when `who` is an organiser's action, not
  // the server's), then runs `then(stored)` on the strand.
  void store(std::int64_t tournament_id, const Identity* who, std::string action,
             std::string detail, std::function<void(storage::Database&)> work,
             std::function<void(bool)> then);
  // The event is over once its last round is done (or too few players are left): stored as
  // finished, and everyone told.
  void finish_if_over(Event& event, Turn turn);

  // Rounds (rounds.cpp).
  // The settings every match of the event plays by, seats left empty.
  v1::MatchSetup match_setup(const Event& event) const;
  // Starts the stored matches of a round just paired and tells its players.
  void open_round(Event& event, const std::vector<storage::MatchRecord>& matches);
  // Sets the timer that calls time on the event's last round.
  void arm_round_timer(Event& event);
  // The round's time is up: every match still running is scored by the event's TimeCall.
  void call_time(std::int64_t tournament_id, int round);
  // The organiser ruled on a table: its match, if still being played, ends with that result.
  void end_ruled_match(std::int64_t match_id, tournament::TableResult outcome,
                       std::int64_t tournament_id);
  // Records a table's result from its match (nothing if it is decided already or unknown).
  void settle(TableRef ref, const v1::MatchResult& result, Turn turn);
  // After a table's result: tells the followers, publishes the standings once the round is done
  // and finishes the event after its last round.
  void after_result(Event& event, int round, int table, Turn turn);

  // Views (views.cpp).
  v1::TournamentInfo info(const Event& event, const Identity& who) const;
  v1::TournamentRound round_view(const Event& event, int round, bool with_clocks) const;
  v1::TournamentStandings standings_view(const Event& event) const;
  std::string export_csv(const Event& event) const;
  std::string export_json(const Event& event) const;
  std::string name_of(const Event& event, std::int64_t account_id) const;
  // Sends an update to the event's followers and, with `tables`, each player their table.
  void notify(Event& event, v1::TournamentUpdate update, bool with_tables);

  // Both set by restore().
  std::optional<boost::asio::strand<boost::asio::io_context::executor_type>> strand_;
  Services* services_ = nullptr;
  std::map<std::int64_t, Event> events_;
  std::map<std::int64_t, TableRef> tables_by_match_;
  std::optional<TurnQueue> turns_;  // organiser actions and results, one at a time
  // In a cluster, on the strand: the host role's epoch while this node holds it, which every
  // write of an event checks (storage::check_tournament_host).
  std::optional<std::int64_t> epoch_;
  std::unique_ptr<boost::asio::steady_timer> beat_timer_;
  mutable std::mutex host_mutex_;
  std::string host_;  // the node hosting the events, as last seen; under host_mutex_
};

}  // namespace spacedock::server
