#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "engine/core/bot.h"
#include "engine/core/match_engine.h"
#include "server/common/recipient.h"
#include "server/common/reply.h"
#include "server/common/services.h"
#include "server/common/turns.h"
#include "server/match/bot_accounts.h"
#include "server/match/chess_clock.h"
#include "server/match/match_port.h"
#include "spacedock/v1/envelope.pb.h"
#include "spacedock/v1/match_setup.pb.h"
#include "storage/matches.h"
#include "storage/ownership.h"

namespace spacedock::server {

// One hosted match. Everything about it runs on its own strand, so it is never touched by two
// threads at once and matches never wait for one another. Requests are handled one at a time, in
// order: an input is applied, committed to the database, and only then acknowledged and its
// events sent, so nothing a client has seen can be lost.
class Match : public MatchPort, public std::enable_shared_from_this<Match> {
 public:
  // A match whose header and first seat are already stored, waiting for players. `epoch`: the
  // lease this node holds it under in a cluster (server/cluster/leases.h); 0 on one box.
  Match(Services& services, std::int64_t id, v1::MatchSetup setup,
        std::vector<std::int64_t> seat_accounts, int seat_count, std::int64_t created_at_ms,
        std::int64_t epoch);

  // Rebuilds a stored match, replaying its input log through the engine and checking the
  // stored state hashes. Throws std::runtime_error if the log does not replay.
  static std::shared_ptr<Match> restore(Services& services, const storage::MatchRecord& record,
                                        const std::vector<storage::InputRecord>& inputs,
                                        const std::vector<storage::SnapshotRecord>& snapshots,
                                        std::int64_t epoch);

  // The header of a stored match, from its record alone (no replay): for listing matches that
  // are over and no longer in memory.
  static v1::MatchInfo stored_info(const storage::MatchRecord& record);

  // Feeds a stored input (a decision or a concession) to an engine.
  static core::SubmitResult apply(core::MatchEngine& engine, const storage::InputRecord& input);

  std::int64_t id() const override { return id_; }
  // The current header; safe from any thread.
  v1::MatchInfo info() const;
  // Waiting for players, with `username` in a seat; safe from any thread, and cheap: the
  // lobby asks it of every match when an account creates one.
  bool waiting_with(const std::string& username) const;
  // Over for longer than `ttl` and followed by nobody, or moved to another node; safe from any
  // thread.
  bool reapable(std::int64_t now, std::int64_t ttl_ms) const;
  // Another node runs it now (cluster mode): its requests are answered UNAVAILABLE there.
  // Safe from any thread.
  bool moved_away() const { return moved_away_; }
  // What this node holds the match under: every write of it is fenced with it
  // (Persistence::submit_fenced). Safe from any thread.
  storage::Lease lease() const { return {id_, epoch_}; }
  // Still played here, under its lease: not over, not moved away. Safe from any thread.
  bool held_here() const;
  // Another node runs it now (this node's heartbeat found its lease gone): lets it go as a
  // failed fence does. Safe from any thread.
  void let_go();

  // `invite_code`: a private match's code (LobbySettings), needed to take a seat or watch.
  void join(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
            std::string invite_code, Reply reply) override;
  void spectate(std::shared_ptr<Recipient> connection, std::int64_t account_id,
                std::string invite_code, Reply reply) override;
  // An organiser watches with every card visible, as the game stood judge_delay ago: a full
  // snapshot at once, then whenever it moved on (checked every judge_interval; match_judges.cpp).
  // Judges get no other event.
  void judge(std::shared_ptr<Recipient> connection, Identity who, Reply reply) override;
  // A server bot takes the next free seat (CreateMatch.bot_opponents, QuickMatch); with a STCCG
  // sample deck. MATCH_FULL if the match has started or has no free seat.
  void add_bot(const BotAccount& account, v1::BotStrength strength, Reply reply);
  void resume(std::shared_ptr<Recipient> connection, Identity who, const v1::Resume& request,
              Reply reply) override;
  // Resume for a stream that went on being followed (a cluster relay's, after it missed events):
  // the same, except that it never takes a seat another live connection holds (SUPERSEDED), as
  // the client's newer connection may have resumed the seat meanwhile.
  void resume_stream(std::shared_ptr<Recipient> connection, Identity who, const v1::Resume& request,
                     Reply reply);
  void leave(std::shared_ptr<Recipient> connection, Identity who, Reply reply) override;
  // `from`: the connection the input came on; a connection whose seat another has resumed
  // since is refused (SUPERSEDED).
  void submit(const Recipient* from, Identity who, v1::SubmitDecision request,
              Reply reply) override;
  void concede(const Recipient* from, Identity who, Reply reply) override;
  // A tournament round's time is up: the game ends, scored by its own end-of-time rules (an
  // input like any other, kTimeCalled). GAME_OVER if it has ended already.
  void call_time(Reply reply);
  // The organiser ruled on this tournament table: the game ends at once with these seats as
  // its winners (none: nobody won), an input like any other (kRuling). GAME_OVER if it has
  // ended already.
  void rule(std::vector<std::uint32_t> winners, Reply reply);
  // The clocks as last sent to the followers, for a tournament's dashboard; safe from any
  // thread. None in a match without clocks, or before its first reading.
  std::optional<v1::MatchClock> clock_reading() const;
  // A fresh snapshot, then the open prompts, for a connection that follows the match.
  void snapshot(std::shared_ptr<Recipient> connection, Reply reply) override;
  // Chat from a connection following the match: a player's reaches every follower, a
  // spectator's only the followers who hold no seat (chat.proto).
  void chat(const Recipient* from, Identity who, std::string text, Reply reply) override;
  void disconnected(const Recipient* connection) override;

 private:
  struct Follower {
    std::weak_ptr<Recipient> connection;
    const Recipient* key = nullptr;
    core::Viewer viewer;
    // Whose connection it is: a player who watches as a spectator is still a player, and never
    // reads the spectators' chat.
    std::int64_t account_id = 0;
    std::size_t next_event = 0;     // next engine event to consider for this viewer
    std::uint64_t seq = 0;          // events of this viewer's stream sent so far
    core::DecisionId prompted = 0;  // last decision prompted
  };

  // A request's turn: the match's next request starts once its last copy is gone (TurnQueue).
  using Turn = std::shared_ptr<TurnQueue::Turn>;

  int seat_of(std::int64_t account_id) const;
  bool started() const { return engine_ != nullptr; }
  Follower& add_follower(const std::shared_ptr<Recipient>& connection, core::Viewer viewer,
                         std::int64_t account_id);
  // The header as an answer; a private match's invite code only for one of its players.
  v1::Response with_info(bool for_player);
  // Why this account may not watch the match with this code (LobbySettings), if it may not.
  std::optional<v1::Response> watching_refused(std::int64_t account_id,
                                               std::string_view invite_code) const;
  Follower* follower_of(const Recipient* connection);
  // Resume in `turn`; `keep_seat_holder`: as resume_stream.
  void resume_in_turn(const std::shared_ptr<Recipient>& connection, const Identity& who,
                      const v1::Resume& request, const Reply& reply, bool keep_seat_holder);
  void send_snapshot(Follower& f, Recipient& c);
  void catch_up(Follower& f);
  void send_prompts(Follower& f, Recipient& c);
  // Sends new events and prompts to every follower.
  void send_events();
  // send_events(), then the header if it changed.
  void broadcast();
  // Sends the header to every follower if it changed since it was last sent.
  void announce_if_changed();
  void refresh_info();
  void start_game();
  // In `turn`: seats `who` (checking the seat options), stores the seating, starting the game if
  // that fills the match, then answers and makes `connection` follow as the new seat (a bot has
  // none).
  void take_seat(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
                 std::optional<v1::BotSeat> bot, Reply reply, Turn turn);

  // The engine as the stored inputs leave it, replayed from the seed: how an input that failed
  // (in the engine, or to be stored) is undone.
  std::unique_ptr<core::MatchEngine> replayed() const;
  void apply_input(const Recipient* from, Identity who, storage::InputRecord input, Reply reply);
  // In `turn`: applies an input whose seat is checked, stores it with the clocks it leaves, then
  // answers and sends the news.
  void commit_input(storage::InputRecord input, std::chrono::steady_clock::time_point arrived,
                    Reply reply, Turn turn);
  // The end of an input that was refused, failed or not stored: the match goes on.
  void input_failed();
  // In `turn`: stores the seats (and the start of the game), then calls `then(stored)`; a failed
  // write runs `undo` first.
  void store_seats(bool starting, std::function<void()> undo, std::function<void(bool)> then,
                   Turn turn);

  // Whether `error`, a write's failure, was the cluster fence's (another node runs the match
  // now). If so the match is let go (move_away()).
  bool lost_to_fence(const std::exception_ptr& error);
  // On the strand: lets the followers, timers and bots go; moved_away() is true from here on.
  void move_away();

  Services& services_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const std::int64_t id_;
  const std::int64_t epoch_;  // the lease it is held under (cluster mode), or 0
  std::atomic<bool> moved_away_ = false;
  const std::int64_t created_at_ms_;
  v1::MatchSetup setup_;
  std::vector<std::int64_t> seat_accounts_;
  int seat_count_ = 0;
  v1::MatchStatus status_ = v1::MATCH_STATUS_WAITING;
  std::unique_ptr<core::MatchEngine> engine_;
  std::uint64_t seed_ = 0;
  // The inputs applied and stored, in order (their seq is their place, from 1): for
  // replayed(), and the next input's seq.
  std::vector<storage::InputRecord> applied_;
  std::vector<Follower> followers_;
  // The idempotency keys of the inputs applied (SubmitDecision.idempotency_key).
  std::set<std::string> accepted_keys_;
  static constexpr std::size_t kMaxIdempotencyKey = 64;
  std::string announced_;  // the header as last sent to followers
  TurnQueue turns_;        // the match's requests, one at a time

  mutable std::mutex info_mutex_;  // guards the four fields below, read from other threads
  v1::MatchInfo info_;
  std::int64_t finished_at_ms_ = 0;
  bool players_following_ = false;  // a player's connection follows the match
  std::optional<v1::MatchClock> last_clock_;

  // Judges (match_judges.cpp): kept apart from the followers, so that no live event or prompt
  // can reach them.
  struct Judge {
    std::weak_ptr<Recipient> connection;
    const Recipient* key = nullptr;
    std::int64_t account_id = 0;  // an organiser, who must never hold a seat of the match
  };
  // Sends the delayed view to each judge (or only to `only`), and comes back in judge_interval
  // while there are judges and the game they see is not over.
  void send_judge_views(const Recipient* only);
  // The full view as the game stood at `as_of_ms`, from the judges' own copy of the game, which
  // takes the stored inputs as their time comes; nothing before the game started, nor (when
  // `changed_only`) if nothing changed since the last view.
  std::optional<v1::ServerMessage> judge_view(std::int64_t as_of_ms, bool changed_only);
  std::vector<Judge> judges_;
  std::unique_ptr<core::MatchEngine> judge_game_;
  std::size_t judge_inputs_ = 0;  // of applied_, taken by judge_game_
  boost::asio::steady_timer judge_timer_;
  bool judge_timer_set_ = false;
  std::int64_t started_at_ms_ = 0;

  // Clocks (match_clocks.cpp), in a timed match once its game started; all on the strand.
  // Which seats owe a decision now.
  std::vector<bool> owing() const;
  // Starts the clocks at the start of the game, or, on restore, from the banks the last stored
  // input left (the time the server was down is charged to nobody).
  void start_clock(std::span<const std::int64_t> banks_ms);
  struct Absences {
    std::optional<int> expired;  // the first seat still playing that is away past the grace
    bool anyone_there = false;   // a seat still playing whose player follows the match
    std::optional<std::int64_t> next_expiry;  // when the next absent seat's grace ends
    bool changed = false;                     // someone went away or came back
  };
  // Brings away_since_ms_ up to date with the followers.
  Absences note_absences(std::int64_t now);
  // A seat that loses now: its bank is empty (kTimeOut), or it is away past the grace while
  // another player is there to win (kForfeit).
  struct Loss {
    int seat = 0;
    storage::InputKind kind = storage::InputKind::kTimeOut;
  };
  std::optional<Loss> due_loss(std::int64_t now, const Absences& absences) const;
  // Staying away past the grace forfeits the match (DISCONNECT_OUTCOME_LOSS).
  bool forfeits_when_away() const;
  // Notes who is away, stops or restarts the clocks, applies a loss on time when one is due,
  // and sets the timer for the next moment one could be.
  void review_clock();
  // Sends the clocks to every follower.
  void send_clock();
  // The clocks as an event, its seq left for the caller.
  v1::ServerMessage clock_message() const;
  // Bots (match_bots.cpp): the strength of the bot in `seat`, if a bot sits there.
  std::optional<v1::BotStrength> bot_in(std::size_t seat) const;
  // A bot sits in the seat, or a connection follows the match for it.
  bool present(std::size_t seat) const;
  // Answers, after the configured thinking time, the first open decision a bot owes.
  void play_bots();
  std::unique_ptr<core::BotPolicy> bot_policy_;
  boost::asio::steady_timer bot_timer_;
  bool bot_pending_ = false;

  std::optional<ChessClock> clock_;
  std::vector<std::int64_t> away_since_ms_;  // per seat; 0: following the match
  boost::asio::steady_timer clock_timer_;
  bool time_out_pending_ = false;
};

}  // namespace spacedock::server
