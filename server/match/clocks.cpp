// Match: the chess clocks of a timed match (clock.proto). The ChessClock keeps the banks; this
// part decides when they run, who is away, and when a seat loses on time or forfeits by staying
// away past the grace. Either is an input like any other (kind kTimeOut, kForfeit), so it is
// stored, replayed and seen by everyone.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/match/match.h"

namespace spacedock::server {

std::vector<bool> Match::owing() const {
  std::vector<bool> owes(static_cast<std::size_t>(seat_count_), false);
  if (!engine_) return owes;
  for (const core::Decision& decision : engine_->open_decisions()) {
    if (decision.seat < owes.size()) owes[decision.seat] = true;
  }
  return owes;
}

void Match::start_clock(std::span<const std::int64_t> banks_ms) {
  if (!setup_.lobby().has_clock() || !engine_) return;
  const std::int64_t now = now_ms();
  clock_.emplace(setup_.lobby().clock(), seat_count_);
  clock_->restore(banks_ms);
  clock_->update(now, owing(), std::nullopt);
  // Who is away from the start is noted here, not announced: the reading each follower gets
  // right after its first snapshot shows it (a clock pushed before that snapshot would carry a
  // stream position the follower has not reached).
  away_since_ms_.assign(static_cast<std::size_t>(seat_count_), 0);
  note_absences(now);
  {
    std::lock_guard lock(info_mutex_);  // the first reading, before anyone follows
    last_clock_ = clock_message().event().clock();
  }
  review_clock();
}

Match::Absences Match::note_absences(std::int64_t now) {
  Absences out;
  const std::int64_t grace = clock_->settings().grace_ms();
  for (std::size_t seat = 0; seat < away_since_ms_.size(); ++seat) {
    const bool here = present(seat);
    std::int64_t& away = away_since_ms_[seat];
    if (here != (away == 0)) {
      away = here ? 0 : now;
      out.changed = true;
    }
    if (!engine_->playing(static_cast<core::Seat>(seat))) continue;
    if (away == 0) {
      out.anyone_there = true;
    } else if (now - away >= grace) {
      if (!out.expired) out.expired = static_cast<int>(seat);
    } else if (!out.next_expiry || away + grace < *out.next_expiry) {
      out.next_expiry = away + grace;
    }
  }
  return out;
}

std::optional<Match::Loss> Match::due_loss(std::int64_t now, const Absences& absences) const {
  const auto banks = clock_->banks_at(now);
  for (std::size_t seat = 0; seat < banks.size(); ++seat) {
    // A seat already out keeps its empty bank; it cannot lose again.
    if (banks[seat] == 0 && engine_->playing(static_cast<core::Seat>(seat)))
      return Loss{static_cast<int>(seat), storage::InputKind::kTimeOut};
  }
  if (absences.expired && forfeits_when_away() && absences.anyone_there)
    return Loss{*absences.expired, storage::InputKind::kForfeit};
  return std::nullopt;
}

bool Match::forfeits_when_away() const {
  return clock_->settings().on_disconnect() == v1::DISCONNECT_OUTCOME_LOSS;
}

void Match::review_clock() {
  if (!clock_ || moved_away_ || status_ != v1::MATCH_STATUS_ACTIVE || time_out_pending_) {
    clock_timer_.cancel();
    return;
  }
  const std::int64_t now = now_ms();
  const Absences absences = note_absences(now);
  if (due_loss(now, absences)) {
    // Applied in turn with the requests, and only if still due then: an answer being stored
    // right now may have added time to that bank, or the player may be back.
    time_out_pending_ = true;
    turns_.run([this](Turn turn) {
      time_out_pending_ = false;
      const std::int64_t at = now_ms();
      const auto loss =
          status_ == v1::MATCH_STATUS_ACTIVE ? due_loss(at, note_absences(at)) : std::nullopt;
      if (!loss) {
        review_clock();
        return;
      }
      spdlog::info("match={}: seat {} {}", id_, loss->seat,
                   loss->kind == storage::InputKind::kForfeit
                       ? "forfeits, away longer than the grace"
                       : "loses on time");
      storage::InputRecord input;
      input.kind = loss->kind;
      input.seat = static_cast<std::uint32_t>(loss->seat);
      commit_input(
          std::move(input), std::chrono::steady_clock::now(), [](v1::Response) {}, std::move(turn));
    });
    return;
  }
  // PAUSE: the clocks wait for the missing player; LOSS with nobody there to win waits too.
  const bool pause = absences.expired.has_value();
  const bool paused_changed = pause != clock_->paused();
  if (paused_changed) clock_->set_paused(now, pause);
  if (absences.changed || paused_changed) send_clock();

  std::optional<std::int64_t> wake = clock_->next_flag_at();
  if (absences.next_expiry && (!wake || *absences.next_expiry < *wake)) wake = absences.next_expiry;
  if (!wake) {
    clock_timer_.cancel();
    return;
  }
  clock_timer_.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, *wake - now) + 1));
  clock_timer_.async_wait([weak = weak_from_this()](boost::system::error_code error) {
    if (error) return;
    if (auto self = weak.lock()) self->review_clock();
  });
}

v1::ServerMessage Match::clock_message() const {
  v1::ServerMessage message;
  auto* event = message.mutable_event();
  event->set_match_id(static_cast<std::uint64_t>(id_));
  const std::int64_t now = now_ms();
  v1::MatchClock& clock = *event->mutable_clock() = clock_->to_proto(now, away_since_ms_);
  if (!forfeits_when_away()) return message;
  // The grace left to each player away who would forfeit at its end.
  const std::int64_t grace = clock_->settings().grace_ms();
  for (v1::SeatClock& seat : *clock.mutable_seats()) {
    if (seat.away_ms() == 0 || !engine_->playing(static_cast<core::Seat>(seat.seat()))) continue;
    seat.set_forfeit_in_ms(std::max<std::int64_t>(0, grace - seat.away_ms()));
  }
  return message;
}

void Match::send_clock() {
  if (!clock_) return;
  v1::ServerMessage message = clock_message();  // one reading of the clocks for everyone
  {
    std::lock_guard lock(info_mutex_);
    last_clock_ = message.event().clock();
  }
  for (const Follower& f : followers_) {
    auto connection = f.connection.lock();
    if (!connection) continue;
    message.mutable_event()->set_seq(f.seq);
    connection->push(message);
  }
}

}  // namespace spacedock::server
