// Tournaments: the entrants: registration (with its locked seat), drops and withdrawals, and
// the registered deck, which only the organiser and the player may read.
#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/tournament/tournaments.h"
#include "storage/tournaments.h"

namespace spacedock::server {

namespace asio = boost::asio;

void Tournaments::enrol(Identity who, std::uint64_t id, v1::SeatSetup seat, Reply reply) {
  turns_->run([this, who, id, seat = std::move(seat), reply = std::move(reply)](Turn turn) mutable {
    // A private event is joined by its number, which its organiser hands out: it is not
    // listed, nor read, by anyone else.
    auto found = events_.find(static_cast<std::int64_t>(id));
    if (found == events_.end())
      return reply(error_response(v1::NOT_FOUND, "no such tournament here"));
    Event* event = &found->second;
    if (event->record.organiser_id == who.account_id)
      return reply(error_response(v1::FORBIDDEN, "an organiser does not play in their own event"));
    if (event->seats.contains(who.account_id))
      return reply(error_response(v1::ALREADY_EXISTS, "you are registered already"));
    const int paired = static_cast<int>(event->rules.rounds.size());
    if (!info(*event, who).registration_open())
      return reply(error_response(v1::WRONG_STATE, "registration for this event is closed"));
    seat.set_name(who.username);
    if (auto problem = engine::check_seat(match_setup(*event), seat))
      return reply(error_response(v1::INVALID_OPTIONS, problem->message, problem->rule));
    storage::EntrantRecord entrant{who.account_id, seat.SerializeAsString(), now_ms(), paired + 1,
                                   0};
    const std::string detail = paired == 0 ? "" : "late, from round " + std::to_string(paired + 1);
    store(
        event->record.id, &who, "register", detail,
        [id = event->record.id, entrant](storage::Database& db) {
          storage::add_entrant(db, id, entrant);
        },
        [this, who, id, seat, entrant, reply, turn](bool stored) {
          if (!stored)
            return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
          auto it = events_.find(static_cast<std::int64_t>(id));
          if (it == events_.end()) return reply(error_response(v1::NOT_FOUND, "the event is gone"));
          Event& e = it->second;
          e.rules.entrants.push_back({who.account_id, who.username, entrant.first_round, 0});
          e.seats[who.account_id] = seat;
          e.registered_at[who.account_id] = entrant.registered_at_ms;
          v1::Response response;
          *response.mutable_tournament() = info(e, who);
          reply(std::move(response));
          v1::TournamentUpdate update;
          update.set_kind(v1::TournamentUpdate::ENTRANTS);
          update.set_message(who.username + " registered");
          notify(e, std::move(update), false);
        });
  });
}

void Tournaments::change_seat(Identity who, std::uint64_t id, v1::SeatSetup seat, Reply reply) {
  turns_->run([this, who, id, seat = std::move(seat), reply = std::move(reply)](Turn turn) mutable {
    Event* event = visible(who, id, reply);
    if (!event) return;
    const tournament::Entrant* entrant = event->rules.entrant(who.account_id);
    if (!entrant) return reply(error_response(v1::NOT_FOUND, "you are not registered"));
    const int paired = static_cast<int>(event->rules.rounds.size());
    if (entrant->first_round <= paired) {
      return reply(error_response(
          v1::WRONG_STATE, "your first round is paired: your " +
                               std::string(seat.has_stccg() ? "deck" : "seat") + " is locked"));
    }
    seat.set_name(who.username);
    if (auto problem = engine::check_seat(match_setup(*event), seat))
      return reply(error_response(v1::INVALID_OPTIONS, problem->message, problem->rule));
    store(
        event->record.id, &who, "change seat", seat.has_stccg() ? seat.stccg().deck_title() : "",
        [id = event->record.id, account = who.account_id, bytes = seat.SerializeAsString()](
            storage::Database& db) { storage::set_entrant_seat(db, id, account, bytes); },
        [this, who, id, seat, reply, turn](bool stored) {
          if (!stored)
            return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
          auto it = events_.find(static_cast<std::int64_t>(id));
          if (it == events_.end()) return reply(error_response(v1::NOT_FOUND, "the event is gone"));
          it->second.seats[who.account_id] = seat;
          v1::Response response;
          *response.mutable_tournament() = info(it->second, who);
          reply(std::move(response));
        });
  });
}

void Tournaments::drop(Identity who, v1::DropFromTournament request, Reply reply) {
  turns_->run([this, who, request, reply = std::move(reply)](Turn turn) {
    Event* event = visible(who, request.tournament_id(), reply);
    if (!event) return;
    const auto account = request.account_id() == 0
                             ? who.account_id
                             : static_cast<std::int64_t>(request.account_id());
    if (account != who.account_id && event->record.organiser_id != who.account_id)
      return reply(error_response(v1::FORBIDDEN, "only the organiser may drop another player"));
    tournament::Entrant* entrant = event->rules.entrant(account);
    if (!entrant) return reply(error_response(v1::NOT_FOUND, "that player is not registered"));
    if (entrant->dropped_after != 0)
      return reply(error_response(v1::WRONG_STATE, "that player has dropped already"));
    const int paired = static_cast<int>(event->rules.rounds.size());
    const std::string name = entrant->name;
    // Before their first round a drop withdraws the registration.
    const bool withdraw = entrant->first_round > paired;
    store(
        event->record.id, &who, withdraw ? "withdraw" : "drop",
        withdraw ? name : name + " after round " + std::to_string(paired),
        [id = event->record.id, account, paired, withdraw](storage::Database& db) {
          if (withdraw) {
            storage::remove_entrant(db, id, account);
          } else {
            storage::set_dropped(db, id, account, paired);
          }
        },
        [this, who, id = event->record.id, account, paired, withdraw, name, reply,
         turn](bool stored) {
          if (!stored)
            return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
          auto it = events_.find(id);
          if (it == events_.end()) return reply(error_response(v1::NOT_FOUND, "the event is gone"));
          Event& e = it->second;
          if (withdraw) {
            std::erase_if(e.rules.entrants,
                          [&](const tournament::Entrant& x) { return x.id == account; });
            e.seats.erase(account);
            e.registered_at.erase(account);
          } else {
            e.rules.entrant(account)->dropped_after = paired;
          }
          v1::Response response;
          *response.mutable_tournament() = info(e, who);
          reply(std::move(response));
          v1::TournamentUpdate update;
          update.set_kind(v1::TournamentUpdate::ENTRANTS);
          update.set_message(name + (withdraw ? " withdrew" : " dropped"));
          notify(e, std::move(update), false);
          finish_if_over(e, turn);
        });
  });
}

void Tournaments::deck(Identity who, v1::GetTournamentDeck request, Reply reply) {
  asio::post(*strand_, [this, who, request, reply] {
    Event* event = visible(who, request.tournament_id(), reply);
    if (!event) return;
    const auto account = static_cast<std::int64_t>(request.account_id());
    if (account != who.account_id && event->record.organiser_id != who.account_id)
      return reply(error_response(v1::FORBIDDEN, "a registered deck is the organiser's to see"));
    auto it = event->seats.find(account);
    if (it == event->seats.end())
      return reply(error_response(v1::NOT_FOUND, "that player is not registered"));
    v1::Response response;
    auto* deck = response.mutable_tournament_deck();
    deck->mutable_player()->set_account_id(request.account_id());
    deck->mutable_player()->set_username(it->second.name());
    const v1::SeatSetup& seat = it->second;
    if (seat.has_stccg()) {
      deck->set_deck_list(seat.stccg().deck_list().empty()
                              ? "sample deck: " + seat.stccg().sample_deck()
                              : seat.stccg().deck_list());
    } else if (seat.has_incursions()) {
      std::string text = "hexpile preset: " + (seat.incursions().hexpile_preset().empty()
                                                   ? std::string("standard")
                                                   : seat.incursions().hexpile_preset());
      for (const auto& hex : seat.incursions().hexes())
        text += "\nhex " + hex;
      deck->set_deck_list(text);
    }
    reply(std::move(response));
  });
}

}  // namespace spacedock::server
