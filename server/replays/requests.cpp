// GetReplay: a finished match re-simulated from its input log, for the view asked, a page at a
// time. The log is read on the persistence thread and replayed on the CPU pool, away from the
// network threads; nothing of a live match is touched.
#include <algorithm>
#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/persistence/persistence.h"
#include "server/session/connection.h"
#include "storage/tournaments.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

// The replay check: whether the log, replayed, reaches the state recorded at the end.
v1::ReplayCheck check(const storage::MatchLog& log, const core::MatchEngine& engine,
                      v1::Game game) {
  v1::ReplayCheck out;
  out.set_played_under_rules_version(log.record.rules_version);
  out.set_server_rules_version(engine::rules_version(game));
  if (out.played_under_rules_version() != out.server_rules_version()) {
    out.set_message("played under rules version " +
                    std::to_string(out.played_under_rules_version()) + "; this server runs " +
                    std::to_string(out.server_rules_version()));
    return out;
  }
  const bool recorded = !log.snapshots.empty() && !log.inputs.empty() &&
                        log.snapshots.back().input_seq == log.inputs.back().seq;
  if (!recorded) {
    out.set_message("no state was recorded at the end of the game");
  } else if (log.snapshots.back().state_hash != engine.state_hash()) {
    out.set_message("the replay ends in another state than the game did");
  } else {
    out.set_reproduced(true);
  }
  return out;
}

// The page of the replay `request` asks for, or why not.
v1::Response replay_page(const storage::MatchLog& log, const v1::GetReplay& request,
                         core::Viewer viewer, v1::ReplayView view, std::size_t page_bytes) {
  v1::MatchSetup setup;
  setup.ParseFromString(log.record.setup);
  v1::Response response;
  v1::Replay& replay = *response.mutable_replay();
  *replay.mutable_match() = Match::stored_info(log.record);
  replay.set_view(view);
  if (view == v1::REPLAY_VIEW_PLAYER) replay.set_seat(viewer.seat);
  replay.set_first_event(request.first_event());

  auto game = engine::start_match(setup, log.record.seed.value_or(0));
  if (request.first_event() == 0) game->project_snapshot(viewer, replay.mutable_start());
  // The viewer's events so far, counted as the inputs are applied, for view_at.
  std::uint32_t seen = 0;
  std::size_t counted = 0;
  auto take_view_at = [&] {
    for (; counted < game->event_count(); ++counted)
      seen += game->event_visible(counted, viewer);
    if (request.has_view_at() && !replay.has_at() && seen >= request.view_at()) {
      game->project_snapshot(viewer, replay.mutable_at());
      replay.set_at_event(seen);
    }
  };
  take_view_at();
  for (const auto& input : log.inputs) {
    if (!Match::apply(*game, input).accepted()) {
      return error_response(
          v1::INTERNAL, "input " + std::to_string(input.seq) + " of that match does not replay");
    }
    take_view_at();
  }
  std::uint32_t position = 0;  // in the viewer's stream
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < game->event_count(); ++i) {
    if (!game->event_visible(i, viewer)) continue;
    if (position++ < request.first_event()) continue;
    if (bytes > page_bytes) {
      replay.set_next_event(position - 1);
      return response;
    }
    auto* event = replay.add_events();
    game->project_event(i, viewer, event);
    bytes += event->ByteSizeLong();
  }
  game->project_snapshot(viewer, replay.mutable_final());
  *replay.mutable_check() = check(log, *game, setup.game());
  return response;
}

// A replay and what may be read of it.
struct Stored {
  std::optional<storage::MatchLog> log;
  std::optional<storage::TableEvent> event;  // the event it is a table of
};

// Why `view` of the stored match is not for `account` (a player of it when `player`), if it is
// not. A table of an event not yet finished shows its entrants' locked decks in every view but
// the public one, so until the event is over those are for the table's players (their own
// seat's view) and the event's organiser alone.
std::optional<v1::Response> view_refused(const Stored& stored, v1::ReplayView view,
                                         std::int64_t account, bool player) {
  if (view == v1::REPLAY_VIEW_PLAYER && !player)
    return error_response(v1::FORBIDDEN, "only a player has a player's view");
  const auto& event = stored.event;
  const bool event_running = event && event->status != storage::TournamentStatus::kFinished;
  if (view == v1::REPLAY_VIEW_FULL && event_running && account != event->organiser_id) {
    return error_response(v1::FORBIDDEN,
                          "that match is a table of tournament " +
                              std::to_string(event->tournament_id) +
                              ", which is still running: until it is over, its decks are for "
                              "the organiser alone, and the players see their own view");
  }
  return std::nullopt;
}

}  // namespace

void Connection::on_get_replay(const v1::GetReplay& request, Reply reply) {
  auto stored = std::make_shared<Stored>();
  services_.db.submit(
      [stored, id = static_cast<std::int64_t>(request.match_id())](storage::Database& db) {
        stored->log = storage::load_match_log(db, id);
        if (stored->log) stored->event = storage::event_of_match(db, id);
      },
      [self = shared_from_this(), stored, request, account = identity_->account_id,
       reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(error_response(v1::INTERNAL, "the server could not load it"));
        if (!stored->log) return reply(error_response(v1::NOT_FOUND, "no such match"));
        const storage::MatchRecord& record = stored->log->record;
        if (record.status != storage::MatchStatus::kFinished) {
          return reply(error_response(v1::FORBIDDEN,
                                      "that match is not over: replays are of finished matches"));
        }
        v1::MatchSetup setup;
        setup.ParseFromString(record.setup);
        const auto seat = std::find_if(record.seats.begin(), record.seats.end(),
                                       [&](const auto& s) { return s.account_id == account; });
        const bool player = seat != record.seats.end();
        const bool organiser = stored->event && stored->event->organiser_id == account;
        if (setup.lobby().private_match() && !player && !organiser)
          return reply(error_response(v1::FORBIDDEN, "that match is private"));
        v1::ReplayView view = request.view();
        if (view == v1::REPLAY_VIEW_UNSPECIFIED)
          view = player ? v1::REPLAY_VIEW_PLAYER : v1::REPLAY_VIEW_PUBLIC;
        if (auto refused = view_refused(*stored, view, account, player))
          return reply(*std::move(refused));
        const core::Viewer viewer = view == v1::REPLAY_VIEW_FULL ? core::Viewer::judge()
                                    : view == v1::REPLAY_VIEW_PLAYER
                                        ? core::Viewer::player(static_cast<core::Seat>(seat->seat))
                                        : core::Viewer::spectator();
        asio::post(self->services_.cpu, [stored, request, viewer, view, reply,
                                         page_bytes = self->services_.config.replay_page_bytes] {
          try {
            reply(replay_page(*stored->log, request, viewer, view, page_bytes));
          } catch (const std::exception& e) {
            reply(error_response(v1::INTERNAL, std::string("the replay failed: ") + e.what()));
          }
        });
      });
}

}  // namespace spacedock::server
