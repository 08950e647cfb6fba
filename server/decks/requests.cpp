// Deck requests of a Connection: save, list, get, rename, delete, validate and export stored
// decks, and the stored deck a seat asks for. Lists are checked on this connection's strand, the
// database is used on the persistence thread.
#include <boost/asio/post.hpp>

#include "engine/incursions/content.h"
#include "engine/stccg/cards/deck.h"
#include "server/common/short_text.h"
#include "server/persistence/persistence.h"
#include "server/session/connection.h"
#include "storage/decks.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kMaxDeckNameCharacters = 64;

v1::Response no_such_deck(std::uint64_t id) {
  return error_response(v1::NOT_FOUND, "you have no deck " + std::to_string(id));
}

v1::Response name_taken(const std::string& name) {
  return error_response(v1::ALREADY_EXISTS, "you already have a deck named '" + name + "'");
}

std::optional<std::string> name_problem(std::string_view name) {
  return short_text_problem(name, kMaxDeckNameCharacters, "a deck name");
}

const stccg::CardDb& cards() {
  return stccg::CardDb::standard();
}

v1::DeckValidation validation_of(std::string_view list, bool sixty_cards) {
  v1::DeckValidation validation;
  for (stccg::DeckListProblem& problem : stccg::check_deck_list(list, cards(), sixty_cards)) {
    auto* out = validation.add_problems();
    out->set_code(std::string(problem.code));
    out->set_message(std::move(problem.message));
    out->set_line(static_cast<std::uint32_t>(problem.line));
    out->set_suggestion(std::move(problem.suggestion));
  }
  validation.set_legal(validation.problems().empty());
  return validation;
}

v1::DeckSummary summary_of(const storage::DeckRecord& deck) {
  v1::DeckSummary summary;
  summary.set_deck_id(static_cast<std::uint64_t>(deck.id));
  summary.set_name(deck.name);
  summary.set_game(static_cast<v1::Game>(deck.game));
  summary.set_game_deck_cards(deck.game_deck_cards);
  summary.set_legal(deck.legal);
  summary.set_created_at_ms(deck.created_at_ms);
  summary.set_updated_at_ms(deck.updated_at_ms);
  return summary;
}

enum class Outcome { kDone, kNotFound, kNameTaken, kLimitReached };

}  // namespace

std::optional<v1::Response> Connection::deck_list_problem(std::string_view list) const {
  if (list.size() <= services_.config.max_deck_list_bytes) return std::nullopt;
  return error_response(
      v1::BAD_REQUEST,
      "a deck list is at most " + std::to_string(services_.config.max_deck_list_bytes) + " bytes");
}

void Connection::on_save_deck(const v1::SaveDeck& request, Reply reply) {
  if (request.game() != v1::GAME_STCCG) {
    return reply(error_response(v1::BAD_REQUEST, "only STCCG has decks: set game to GAME_STCCG"));
  }
  if (auto problem = name_problem(request.name()))
    return reply(error_response(v1::BAD_REQUEST, *problem));
  if (auto problem = deck_list_problem(request.deck_list())) return reply(*problem);

  auto deck = std::make_shared<storage::DeckRecord>();
  deck->id = static_cast<std::int64_t>(request.deck_id());
  deck->account_id = identity_->account_id;
  deck->name = request.name();
  deck->game = request.game();
  deck->list = request.deck_list();
  deck->game_deck_cards =
      static_cast<std::uint32_t>(stccg::import_deck_text(deck->list, cards()).deck.cards.size());
  auto validation = std::make_shared<v1::DeckValidation>(validation_of(deck->list, true));
  deck->legal = validation->legal();
  deck->created_at_ms = deck->updated_at_ms = now_ms();
  auto outcome = std::make_shared<Outcome>(Outcome::kDone);
  const int cap = services_.config.max_decks_per_account;
  services_.db.submit(
      [deck, outcome, cap](storage::Database& db) {
        try {
          if (deck->id != 0) {
            if (!storage::update_deck(db, *deck)) *outcome = Outcome::kNotFound;
            if (auto stored = storage::find_deck(db, deck->account_id, deck->id))
              deck->created_at_ms = stored->created_at_ms;
          } else if (storage::count_decks(db, deck->account_id) >= cap) {
            *outcome = Outcome::kLimitReached;
          } else {
            deck->id = storage::create_deck(db, *deck);
          }
        } catch (const storage::ConstraintError&) {
          *outcome = Outcome::kNameTaken;  // the statement changed nothing
        }
      },
      [deck, outcome, validation, cap, reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        switch (*outcome) {
          case Outcome::kNotFound:
            return reply(no_such_deck(static_cast<std::uint64_t>(deck->id)));
          case Outcome::kNameTaken:
            return reply(name_taken(deck->name));
          case Outcome::kLimitReached:
            return reply(error_response(v1::LIMIT_REACHED,
                                        "you have " + std::to_string(cap) +
                                            " decks, as many as an account may store; delete one "
                                            "first"));
          case Outcome::kDone:
            break;
        }
        v1::Response response;
        *response.mutable_deck_saved()->mutable_summary() = summary_of(*deck);
        *response.mutable_deck_saved()->mutable_validation() = std::move(*validation);
        reply(std::move(response));
      });
}

void Connection::on_list_decks(Reply reply) {
  auto decks = std::make_shared<std::vector<storage::DeckRecord>>();
  services_.db.submit([decks, account = identity_->account_id](
                          storage::Database& db) { *decks = storage::list_decks(db, account); },
                      [decks, reply = std::move(reply)](std::exception_ptr error) {
                        if (error) return reply(internal_error());
                        v1::Response response;
                        auto* list = response.mutable_decks();
                        for (const auto& deck : *decks)
                          *list->add_decks() = summary_of(deck);
                        reply(std::move(response));
                      });
}

void Connection::with_deck(std::uint64_t deck_id, Reply reply,
                           std::function<void(storage::DeckRecord, Reply)> then) {
  auto deck = std::make_shared<std::optional<storage::DeckRecord>>();
  services_.db.submit(
      [deck, deck_id, account = identity_->account_id](storage::Database& db) {
        *deck = storage::find_deck(db, account, static_cast<std::int64_t>(deck_id));
      },
      [self = shared_from_this(), deck, deck_id, reply = std::move(reply),
       then = std::move(then)](std::exception_ptr error) mutable {
        if (error) return reply(internal_error());
        if (!*deck) return reply(no_such_deck(deck_id));
        // Back on this connection's strand: what follows reads the list, which takes a while.
        asio::post(self->strand_, [deck, reply = std::move(reply), then = std::move(then)] {
          then(std::move(**deck), reply);
        });
      });
}

void Connection::on_get_deck(const v1::GetDeck& request, Reply reply) {
  with_deck(request.deck_id(), std::move(reply), [](storage::DeckRecord deck, Reply respond) {
    v1::Response response;
    *response.mutable_deck()->mutable_summary() = summary_of(deck);
    response.mutable_deck()->set_deck_list(std::move(deck.list));
    respond(std::move(response));
  });
}

void Connection::on_export_deck(const v1::ExportDeck& request, Reply reply) {
  with_deck(request.deck_id(), std::move(reply), [](storage::DeckRecord deck, Reply respond) {
    const stccg::DeckImport imported = stccg::import_deck_text(deck.list, cards());
    if (!imported.ok()) {
      return respond(error_response(v1::INVALID_OPTIONS,
                                    "the deck has lines that cannot be read, so no normal form: " +
                                        imported.errors.front().message,
                                    std::string(imported.errors.front().code)));
    }
    v1::Response response;
    response.mutable_deck_export()->set_name(deck.name);
    response.mutable_deck_export()->set_deck_list(stccg::export_deck_text(imported.deck, cards()));
    respond(std::move(response));
  });
}

void Connection::on_list_cards(const v1::ListCards& request, Reply reply) {
  if (request.game() == v1::GAME_INCURSIONS) {
    static const v1::Response listing = [] {
      v1::Response response;
      *response.mutable_card_list()->mutable_incursions() =
          incursions::Content::standard().listing();
      return response;
    }();
    return reply(listing);
  }
  if (request.game() != v1::GAME_STCCG)
    return reply(error_response(v1::BAD_REQUEST, "name a game: GAME_STCCG or GAME_INCURSIONS"));
  // The same for every caller: built once, from the cards built into the binary.
  static const v1::Response listing = [] {
    v1::Response response;
    for (const stccg::CardDef& def : cards().defs()) {
      if (!def.card.test_only()) *response.mutable_card_list()->add_stccg() = def.card;
    }
    for (const stccg::Deck& deck : stccg::sample_decks()) {
      auto* sample = response.mutable_card_list()->add_stccg_sample_decks();
      sample->set_name(deck.name);
      sample->set_list(stccg::export_deck_text(deck, cards()));
    }
    return response;
  }();
  reply(listing);
}

void Connection::on_validate_deck(const v1::ValidateDeck& request, Reply reply) {
  const bool sixty_cards = !request.thirty_thirty_decks();
  auto answer = [sixty_cards](std::string_view list, const Reply& respond) {
    v1::Response response;
    *response.mutable_deck_validation() = validation_of(list, sixty_cards);
    respond(std::move(response));
  };
  if (request.has_deck_id()) {
    return with_deck(
        request.deck_id(), std::move(reply),
        [answer](storage::DeckRecord deck, Reply respond) { answer(deck.list, respond); });
  }
  if (auto problem = deck_list_problem(request.deck_list())) return reply(*problem);
  answer(request.deck_list(), reply);
}

void Connection::on_rename_deck(const v1::RenameDeck& request, Reply reply) {
  if (auto problem = name_problem(request.name()))
    return reply(error_response(v1::BAD_REQUEST, *problem));
  auto deck = std::make_shared<std::optional<storage::DeckRecord>>();
  auto outcome = std::make_shared<Outcome>(Outcome::kDone);
  services_.db.submit(
      [deck, outcome, account = identity_->account_id, id = request.deck_id(),
       name = request.name()](storage::Database& db) {
        try {
          if (storage::rename_deck(db, account, static_cast<std::int64_t>(id), name, now_ms())) {
            *deck = storage::find_deck(db, account, static_cast<std::int64_t>(id));
          } else {
            *outcome = Outcome::kNotFound;
          }
        } catch (const storage::ConstraintError&) {
          *outcome = Outcome::kNameTaken;
        }
      },
      [deck, outcome, id = request.deck_id(), name = request.name(),
       reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        if (*outcome == Outcome::kNameTaken) return reply(name_taken(name));
        if (*outcome == Outcome::kNotFound || !*deck) return reply(no_such_deck(id));
        v1::Response response;
        *response.mutable_deck_summary() = summary_of(**deck);
        reply(std::move(response));
      });
}

void Connection::on_delete_deck(const v1::DeleteDeck& request, Reply reply) {
  auto deleted = std::make_shared<bool>(false);
  services_.db.submit(
      [deleted, account = identity_->account_id, id = request.deck_id()](storage::Database& db) {
        *deleted = storage::delete_deck(db, account, static_cast<std::int64_t>(id));
      },
      [deleted, id = request.deck_id(), reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        if (!*deleted) return reply(no_such_deck(id));
        reply(v1::Response());  // OK, with no result
      });
}

void Connection::with_seat_deck(v1::SeatSetup seat, Reply reply,
                                std::function<void(v1::SeatSetup, Reply)> then) {
  if (!seat.has_stccg()) return then(std::move(seat), reply);
  // The deck's name for people, whatever the client wrote there.
  auto* stccg = seat.mutable_stccg();
  stccg->set_deck_title(!stccg->sample_deck().empty() ? "Sample deck: " + stccg->sample_deck()
                                                      : "a deck list");
  if (stccg->deck_id() == 0) return then(std::move(seat), reply);
  if (!seat.stccg().sample_deck().empty() || !seat.stccg().deck_list().empty()) {
    return reply(error_response(v1::INVALID_OPTIONS,
                                "give exactly one of a sample deck, a deck list and a stored deck",
                                "DECK_REQUIRED"));
  }
  const std::uint64_t id = seat.stccg().deck_id();
  with_deck(id, std::move(reply),
            [seat = std::move(seat), then = std::move(then)](storage::DeckRecord deck,
                                                             Reply respond) mutable {
              // The match keeps the list itself, so that it replays whatever becomes of the deck.
              seat.mutable_stccg()->clear_deck_id();
              seat.mutable_stccg()->set_deck_list(std::move(deck.list));
              seat.mutable_stccg()->set_deck_title(deck.name);
              then(std::move(seat), std::move(respond));
            });
}

}  // namespace spacedock::server
