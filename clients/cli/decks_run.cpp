// The deck commands: decks, and deck save, replace, show, check, export, rename and delete.
#include <fstream>

#include "clients/cli/format.h"
#include "clients/cli/session.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;

std::string describe_deck(const v1::DeckSummary& deck) {
  return "deck " + std::to_string(deck.deck_id()) + " '" + deck.name() +
         "': " + std::to_string(deck.game_deck_cards()) + " cards, " +
         (deck.legal() ? "legal" : "not legal");
}

void show_validation(const v1::DeckValidation& validation) {
  if (validation.legal()) return say("  no problems: the deck is legal");
  for (const auto& problem : validation.problems())
    say("  " + problem.code() + ": " + problem.message());
}

}  // namespace

asio::awaitable<void> Session::run_deck_command(const Command& c) {
  v1::ClientMessage message;
  if (c.verb == Command::Verb::kDecks) {
    message.mutable_list_decks();
    const auto response = co_await request(std::move(message), "decks");
    if (!ok(response)) co_return;
    if (response->decks().decks().empty()) say("you have no stored decks");
    for (const auto& deck : response->decks().decks())
      say("  " + describe_deck(deck));
    co_return;
  }
  const std::string& action = c.deck_action;
  if (action == "save" || action == "replace") {
    auto text = read_file(c.path, "deck file");
    if (!text) co_return;
    auto* save = message.mutable_save_deck();
    save->set_game(v1::GAME_STCCG);
    save->set_deck_list(*std::move(text));
    if (action == "save") {
      save->set_name(c.name);
    } else {
      // Replacing keeps the name: ask for it first.
      v1::ClientMessage get;
      get.mutable_get_deck()->set_deck_id(c.deck_id);
      const auto stored = co_await request(std::move(get), "deck replace");
      if (!ok(stored)) co_return;
      save->set_deck_id(c.deck_id);
      save->set_name(stored->deck().summary().name());
    }
    const auto response = co_await request(std::move(message), "deck " + action);
    if (!ok(response)) co_return;
    say("saved " + describe_deck(response->deck_saved().summary()));
    show_validation(response->deck_saved().validation());
  } else if (action == "show") {
    message.mutable_get_deck()->set_deck_id(c.deck_id);
    const auto response = co_await request(std::move(message), "deck show");
    if (!ok(response)) co_return;
    say(describe_deck(response->deck().summary()));
    say(response->deck().deck_list());
  } else if (action == "check") {
    auto* validate = message.mutable_validate_deck();
    validate->set_thirty_thirty_decks(c.thirty_thirty);
    if (c.deck_id != 0) {
      validate->set_deck_id(c.deck_id);
    } else {
      auto text = read_file(c.path, "deck file");
      if (!text) co_return;
      validate->set_deck_list(*std::move(text));
    }
    const auto response = co_await request(std::move(message), "deck check");
    if (ok(response)) show_validation(response->deck_validation());
  } else if (action == "export") {
    message.mutable_export_deck()->set_deck_id(c.deck_id);
    const auto response = co_await request(std::move(message), "deck export");
    if (!ok(response)) co_return;
    std::ofstream out(c.path, std::ios::binary);
    out << response->deck_export().deck_list();
    if (!out.flush()) co_return say("error: cannot write " + c.path);
    say("wrote deck '" + response->deck_export().name() + "' to " + c.path);
  } else if (action == "rename") {
    message.mutable_rename_deck()->set_deck_id(c.deck_id);
    message.mutable_rename_deck()->set_name(c.name);
    const auto response = co_await request(std::move(message), "deck rename");
    if (ok(response)) say("renamed " + describe_deck(response->deck_summary()));
  } else if (action == "delete") {
    message.mutable_delete_deck()->set_deck_id(c.deck_id);
    const auto response = co_await request(std::move(message), "deck delete");
    if (ok(response)) say("deleted deck " + std::to_string(c.deck_id));
  }
}

}  // namespace spacedock::cli
