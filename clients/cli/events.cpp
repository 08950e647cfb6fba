// How the session shows and answers what the server pushes.
#include <algorithm>
#include <cstdio>

#include "clients/cli/board.h"
#include "clients/cli/format.h"
#include "clients/cli/session.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kLogLines = 1000;
constexpr auto kSnapshotWait = std::chrono::seconds(10);

}  // namespace

asio::awaitable<void> Session::handle(v1::Event event) {
  if (event.has_chat()) {  // the lobby's, or the followed match's
    const auto& chat = event.chat();
    const char* room = chat.channel() == v1::CHAT_CHANNEL_LOBBY        ? "lobby"
                       : chat.channel() == v1::CHAT_CHANNEL_SPECTATORS ? "spectators"
                                                                       : "players";
    say("<" + std::string(room) + "> " + chat.username() + ": " + chat.text());
    co_return;
  }
  if (event.has_quick_match()) {
    co_await on_quick_match(event.quick_match());
    co_return;
  }
  if (event.has_tournament()) {
    on_tournament(event.tournament());
    co_return;
  }
  if (!followed_ || event.match_id() != followed_->match_id) co_return;  // a match we left
  if (event.as_of_ms() != 0 && event.has_snapshot()) {  // a judge's view, some time behind
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    on_snapshot(event.seq(), std::move(*event.mutable_snapshot()));
    say("(judge view: the game as it stood " + std::to_string((now - event.as_of_ms()) / 1000) +
        " s ago; board draws it)");
    co_return;
  }
  switch (event.body_case()) {
    case v1::Event::kMatchUpdate:
      on_match_update(event.match_update());
      break;
    case v1::Event::kSnapshot:
      on_snapshot(event.seq(), std::move(*event.mutable_snapshot()));
      break;
    case v1::Event::kGameEvent:
      on_game_event(event.seq(), event.game_event());
      break;
    case v1::Event::kPrompt:
      co_await on_prompt(std::move(*event.mutable_prompt()));
      break;
    case v1::Event::kClock:
      on_clock(event.clock());
      break;
    default:
      break;
  }
}

void Session::on_match_update(const v1::MatchInfo& info) {
  Followed& f = *followed_;
  const bool news = info.status() != f.info.status() || info.seats_size() != f.info.seats_size();
  f.info = info;
  if (news) say(describe_match(info));
  if (f.board_due && f.info.seats_size() == static_cast<int>(f.info.seat_count())) draw_board();
  if (info.status() == v1::MATCH_STATUS_ABORTED) {
    f.over = true;
    f.prompts.clear();
  }
}

void Session::on_snapshot(std::uint64_t seq, v1::GameSnapshot snapshot) {
  Followed& f = *followed_;
  f.snapshot = std::move(snapshot);
  f.snapshot_seq = f.last_seq = seq;
  if (f.snapshot->incursions().phase() == v1::INCURSIONS_PHASE_GAME_OVER ||
      f.snapshot->stccg().phase() == v1::STCCG_PHASE_GAME_OVER) {
    f.over = true;
    f.prompts.clear();
  }
  // The first snapshot of a game comes just before the match update that names its last
  // player: draw the board once every seat has a name.
  f.board_due = true;
  if (f.info.seats_size() == static_cast<int>(f.info.seat_count())) draw_board();
  snapshot_due_.reset();
}

void Session::on_game_event(std::uint64_t seq, const v1::GameEvent& event) {
  Followed& f = *followed_;
  if (seq <= f.last_seq) return;  // replayed after a resume
  if (f.board_due) draw_board();  // with what names there are, rather than after this event
  if (seq != f.last_seq + 1) {
    say("(events " + std::to_string(f.last_seq + 1) + " to " + std::to_string(seq - 1) +
        " were not received)");
  }
  f.last_seq = seq;
  std::string line = "[" + std::to_string(seq) + "] " + event.text();
  say(line);
  log_.push_back(std::move(line));
  if (log_.size() > kLogLines) log_.pop_front();
  if (event.incursions().has_game_ended() || event.stccg().has_game_ended()) {
    f.over = true;
    f.prompts.clear();
    say("match " + std::to_string(f.match_id) +
        " is over: " + (f.info.has_result() ? f.info.result().summary() : event.text()));
  }
}

asio::awaitable<void> Session::on_prompt(v1::DecisionPrompt prompt) {
  Followed& f = *followed_;
  const auto id = prompt.decision_id();
  if (!f.prompts.emplace(id, Followed::Prompt{std::move(prompt), false}).second)
    co_return;                   // sent again with a fresh snapshot
  if (auto_) co_return;          // the main loop answers it once the events before it are shown
  if (snapshot_due_) co_return;  // shown under the board that is on its way
  // Show the prompt under a fresh board, if one can be had.
  bool refreshing = false;
  if (!f.view_current()) refreshing = co_await refresh_view();
  if (!refreshing) show_prompts();
}

asio::awaitable<void> Session::on_quick_match(const v1::QuickMatchUpdate& update) {
  switch (update.state()) {
    case v1::QuickMatchUpdate::QUEUED:
      say("waiting for an opponent (" + std::to_string(update.waiting()) +
          " waiting); unqueue to give up");
      break;
    case v1::QuickMatchUpdate::BOT_OFFERED:
      say("nobody else is waiting: quick --bot easy (or strong) plays a bot now");
      break;
    case v1::QuickMatchUpdate::FAILED:
      say("error: the quick match could not be made: " + update.message());
      break;
    case v1::QuickMatchUpdate::MATCHED: {
      // Rejoining one's own seat answers with the header, then the snapshot and prompts.
      v1::ClientMessage join;
      join.mutable_join_match()->set_match_id(update.match_id());
      co_await follow(std::move(join), "join");
      break;
    }
    default:
      break;
  }
}

void Session::on_clock(const v1::MatchClock& clock) {
  Followed& f = *followed_;
  const auto away = [](const v1::MatchClock& c) {
    std::string seats;
    for (const auto& seat : c.seats())
      if (seat.away_ms() > 0) seats += std::to_string(seat.seat()) + " ";
    return seats;
  };
  const bool news =
      !f.clock || f.clock->paused() != clock.paused() || away(*f.clock) != away(clock);
  f.clock = clock;
  if (news) show_clock();
}

void Session::show_clock() {
  if (!followed_ || !followed_->clock) {
    say(followed_ ? "this match has no clock" : "error: you follow no match");
    return;
  }
  const v1::MatchClock& clock = *followed_->clock;
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  std::string line = clock.paused() ? "clocks stopped:" : "clocks:";
  for (const auto& seat : clock.seats()) {
    std::int64_t left = seat.remaining_ms();
    if (seat.running() && !clock.paused())
      left = std::max<std::int64_t>(0, left - (now - clock.as_of_ms()));
    const std::string name = seat.seat() < static_cast<std::uint32_t>(followed_->info.seats_size())
                                 ? followed_->info.seats(static_cast<int>(seat.seat())).username()
                                 : "seat " + std::to_string(seat.seat());
    const std::int64_t seconds = left / 1000;
    char time[32];
    std::snprintf(time, sizeof time, "%lld:%02lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
    line += " " + name + " " + time;
    if (seat.running() && !clock.paused()) line += " (to move)";
    const std::int64_t since = std::max<std::int64_t>(0, now - clock.as_of_ms());
    if (seat.away_ms() > 0) {
      line += " (away " + std::to_string((seat.away_ms() + since) / 1000) + " s";
      if (seat.forfeit_in_ms() > 0) {
        line += "; " +
                std::to_string(std::max<std::int64_t>(0, seat.forfeit_in_ms() - since) / 1000) +
                " s to reconnect";
      }
      line += ")";
    }
    line += ";";
  }
  line.pop_back();
  say(line);
}

void Session::show_prompts() {
  if (followed_->board_due) return;  // under the board, once it is drawn
  for (auto& [id, open] : followed_->prompts) {
    if (open.shown) continue;
    for (const auto& line : describe_prompt(open.prompt))
      say(line);
    open.shown = true;
  }
}

asio::awaitable<void> Session::answer(std::uint32_t decision_id,
                                      const std::vector<std::size_t>& picks) {
  const auto& prompt = followed_->prompts.at(decision_id).prompt;
  v1::ClientMessage message;
  auto* submit = message.mutable_submit_decision();
  submit->set_match_id(followed_->match_id);
  submit->set_decision_id(decision_id);
  std::string chosen;
  for (const auto pick : picks) {
    submit->add_option_ids(prompt.options(static_cast<int>(pick - 1)).id());
    chosen += (chosen.empty() ? "" : "; ") + prompt.options(static_cast<int>(pick - 1)).label();
  }
  say((auto_ ? "auto: " : "you: ") + chosen);
  const auto response = co_await request(std::move(message), "answer");
  // After a lost connection, Resume sends the prompt again if it is still open. A choice the
  // server refuses may be made again, but not in auto mode, which would loop.
  const bool still_open =
      response && !auto_ &&
      (response->code() == v1::INVALID_CHOICE || response->code() == v1::RATE_LIMITED ||
       response->code() == v1::INTERNAL || response->code() == v1::UNAVAILABLE);
  if (!still_open && followed_) followed_->prompts.erase(decision_id);
}

asio::awaitable<void> Session::answer_at_random() {
  const auto& [id, open] = *followed_->prompts.begin();
  const auto& prompt = open.prompt;
  if (prompt.options().empty()) {
    followed_->prompts.erase(id);
    co_return;
  }
  std::vector<std::size_t> numbers(static_cast<std::size_t>(prompt.options_size()));
  for (std::size_t i = 0; i < numbers.size(); ++i)
    numbers[i] = i + 1;
  std::shuffle(numbers.begin(), numbers.end(), random_);
  numbers.resize(std::max<std::size_t>(1, prompt.min_choices()));
  co_await answer(id, numbers);
}

asio::awaitable<bool> Session::refresh_view() {
  // Rejoining one's own seat, or spectating again, is answered with a fresh snapshot.
  v1::ClientMessage message;
  if (followed_->spectator) {
    message.mutable_spectate()->set_match_id(followed_->match_id);
  } else {
    message.mutable_join_match()->set_match_id(followed_->match_id);
  }
  const auto response = co_await request(std::move(message), "fetch the board");
  if (!ok(response) || !followed_) co_return false;
  followed_->info = response->match();
  if (followed_->info.status() == v1::MATCH_STATUS_WAITING) co_return false;  // no game yet
  snapshot_due_ = Clock::now() + kSnapshotWait;
  co_return true;
}

void Session::draw_board() {
  Followed& f = *followed_;
  for (const auto& line : render_board(*f.snapshot, f.info, f.snapshot_seq))
    say(line);
  f.board_due = false;
  show_prompts();
}

}  // namespace spacedock::cli
