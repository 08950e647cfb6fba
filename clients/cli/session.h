#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "clients/cli/commands.h"
#include "clients/cli/connection.h"
#include "clients/cli/inbox.h"

namespace spacedock::cli {

// The match the session follows, as its event stream has told it so far.
struct Followed {
  struct Prompt {
    v1::DecisionPrompt prompt;
    bool shown = false;
  };

  std::uint64_t match_id = 0;
  bool spectator = false;
  // Judging: the server sends its delayed snapshots by itself; none can be asked for.
  bool judge = false;
  v1::MatchInfo info;
  // The seq of the last game event processed (or of the last snapshot).
  std::uint64_t last_seq = 0;
  // The last snapshot and the seq it is as of. The board is always drawn from a snapshot: the
  // events do not carry everything a view shows (Pwr, say), so the session fetches a fresh one
  // rather than guess.
  std::optional<v1::GameSnapshot> snapshot;
  std::uint64_t snapshot_seq = 0;
  // Our open decisions, by id (ids increase, so the first is the oldest).
  std::map<std::uint32_t, Prompt> prompts;
  bool over = false;
  // A board is to be drawn as soon as it can be; prompts wait to be shown under it.
  bool board_due = false;

  // A timed match's clocks, as last sent.
  std::optional<v1::MatchClock> clock;

  bool view_current() const { return snapshot && snapshot_seq == last_seq; }
};

// The terminal client: one coroutine that executes input lines and shows server events as they
// arrive, answering prompts and reconnecting when the connection drops.
class Session {
 public:
  Session(boost::asio::any_io_executor executor, client::Url url, std::uint64_t seed);

  // Runs until `quit` or the end of the input; returns the process's exit status: 0, or 1 if
  // the server could not be reached.
  boost::asio::awaitable<int> run();

 private:
  using Clock = std::chrono::steady_clock;

  // Connection (session.cpp).
  // Connects, logs in with the saved token and resumes the followed match. Returns what went
  // wrong, or nothing.
  boost::asio::awaitable<std::string> connect_once();
  // After a lost connection: reconnects, trying for a while.
  boost::asio::awaitable<void> ensure_connected();
  // Sends a request on the connection, reconnecting first if needed, and returns its response
  // (nothing if none came). Shows any error, named by `what`.
  boost::asio::awaitable<std::optional<v1::Response>> request(v1::ClientMessage message,
                                                              std::string what);
  // The same without reconnecting.
  boost::asio::awaitable<std::optional<v1::Response>> call(v1::ClientMessage message,
                                                           std::string what);
  // Whether input lines must wait (for `wait` or a fresh board); ends holds that are over.
  bool holding_input();
  static bool ok(const std::optional<v1::Response>& response) {
    return response && response->code() == v1::OK;
  }

  // Events (events.cpp).
  boost::asio::awaitable<void> handle(v1::Event event);
  void on_match_update(const v1::MatchInfo& info);
  void on_snapshot(std::uint64_t seq, v1::GameSnapshot snapshot);
  void on_game_event(std::uint64_t seq, const v1::GameEvent& event);
  boost::asio::awaitable<void> on_prompt(v1::DecisionPrompt prompt);
  void show_prompts();
  void on_clock(const v1::MatchClock& clock);
  // Follows the match a quick-match request was seated in.
  boost::asio::awaitable<void> on_quick_match(const v1::QuickMatchUpdate& update);
  void show_clock();
  boost::asio::awaitable<void> answer(std::uint32_t decision_id,
                                      const std::vector<std::size_t>& picks);
  // Answers the oldest open prompt with random options.
  boost::asio::awaitable<void> answer_at_random();
  boost::asio::awaitable<bool> refresh_view();
  void draw_board();

  // Commands (commands_run.cpp). Returns false to quit.
  boost::asio::awaitable<bool> execute(const Command& command);
  // Creates, joins or spectates (`verb`) a match and follows it.
  boost::asio::awaitable<void> follow(v1::ClientMessage message, std::string verb);
  boost::asio::awaitable<void> log_in(const std::string& name, const std::string& password);
  // decks, deck ... (decks_run.cpp)
  boost::asio::awaitable<void> run_deck_command(const Command& command);
  // events, event ... (tournament_run.cpp)
  boost::asio::awaitable<void> run_tournament_command(const Command& command);
  void on_tournament(const v1::TournamentUpdate& update);
  // replay ... (replay_run.cpp)
  boost::asio::awaitable<void> run_replay(const Command& command);
  bool free_to_follow(std::uint64_t match_id);

  client::Url url_;
  Inbox inbox_;
  std::shared_ptr<Connection> connection_;
  std::string token_;
  std::optional<Followed> followed_;
  std::deque<std::string> log_;
  std::mt19937_64 random_;
  bool auto_ = false;
  // `wait`: input is held back until the followed match ends.
  bool waiting_ = false;
  // A fresh snapshot was asked for: input is held back until it comes (or this deadline).
  std::optional<Clock::time_point> snapshot_due_;
  int exit_status_ = 0;
};

}  // namespace spacedock::cli
