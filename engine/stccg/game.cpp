#include "engine/stccg/game.h"

#include <algorithm>
#include <utility>

namespace spacedock::stccg {

using core::SubmitResult;
using core::Verdict;

Game Game::create(const CardDb& db, const Setup& setup, std::uint64_t seed) {
  State s;
  s.db = &db;
  s.options = setup.options;
  s.rng = core::Rng(seed);
  s.handle_key = s.rng.next();
  Game game(std::move(s));
  Engine& e = game.e_;
  State& st = e.state();
  // Into `pile`, or the pile its zone names.
  auto deal = [&](Seat seat, DefIndex def, Zone zone, std::vector<CardId>* pile = nullptr) {
    CardState card;
    card.def = def;
    card.owner = seat;
    card.controller = seat;
    card.zone = zone;
    st.cards.push_back(card);
    st.cards.back().handle = e.new_handle();
    const auto id = static_cast<CardId>(st.cards.size() - 1);
    (pile ? pile : e.pile_of(id, zone))->push_back(id);
  };
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    const Deck& deck = setup.decks[seat];
    std::vector<DefIndex> stocked = deck.stocked;
    std::vector<DefIndex> seeded = deck.seeded;  // to be seeded under a seed card (Cryosatellite)
    for (DefIndex def : deck.cards) {
      const auto stock = std::find(stocked.begin(), stocked.end(), def);
      const auto held = std::find(seeded.begin(), seeded.end(), def);
      const bool in_draw_deck =
          stock != stocked.end() || (!is_seed_card(db.def(def)) && held == seeded.end());
      if (stock != stocked.end()) stocked.erase(stock);
      if (held != seeded.end()) seeded.erase(held);
      deal(seat, def, in_draw_deck ? Zone::kDrawDeck : Zone::kSeedPile);
    }
    // Each side deck as the deck list has it: a card allowed in two (Q's Planet) goes where
    // its player put it.
    const std::pair<const std::vector<DefIndex>*, SideDeckKind> sides[] = {
        {&deck.q_continuum, SideDeckKind::kQContinuum},
        {&deck.q_tent, SideDeckKind::kQTent},
        {&deck.battle_bridge, SideDeckKind::kBattleBridge}};
    for (const auto& [side, kind] : sides) {
      for (DefIndex def : *side)
        deal(seat, def, Zone::kSideDeck, &st.players[seat].side_deck(kind).cards);
    }
    for (SideDeck& side : st.players[seat].side)
      st.rng.shuffle(std::span(side.cards));
  }
  st.first_seeder = static_cast<Seat>(st.rng.below(kPlayers));
  st.frames.emplace_back(SeedFrame{SeedFrame::Step::kDoorways, st.first_seeder});
  e.emit(ev::StepStarted{ev::Step::kSeedDoorways, st.first_seeder, 0});
  e.start_order_journal();
  e.run();
  return game;
}

Game Game::from_position(State position) {
  Game game(std::move(position));
  game.e_.start_order_journal();
  game.e_.run();
  return game;
}

const core::Decision* Game::decision() const {
  const State& s = e_.state();
  return s.decision_open ? &s.decision : nullptr;
}

core::OptionId Game::option_id(const Action& a) const {
  return e_.option_id(a);
}

std::optional<Action> Game::action_of(core::OptionId id) const {
  return e_.action_of(id);
}

SubmitResult Game::submit(Seat seat, core::DecisionId id, core::OptionId option) {
  State& s = e_.state();
  if (s.over) return SubmitResult::refuse(Verdict::kGameOver);
  if (!s.decision_open || id != s.decision.id) return SubmitResult::refuse(Verdict::kNotOpen);
  if (seat != s.decision.seat) return SubmitResult::refuse(Verdict::kNotYourDecision);
  const auto& ids = s.decision.options;
  const auto offered = std::find(ids.begin(), ids.end(), option);
  if (offered == ids.end()) {
    const Rule why = check(option);
    return SubmitResult::refuse(Verdict::kNotOffered,
                                rule_name(why == Rule::kOk ? Rule::kUnknownOption : why));
  }
  e_.answer(s.offered[static_cast<std::size_t>(offered - ids.begin())]);
  return SubmitResult::ok();
}

Rule Game::check(core::OptionId option) const {
  auto action = action_of(option);
  if (!action || option_id(*action) != option) return Rule::kUnknownOption;
  return e_.check_action(*action);
}

SubmitResult Game::concede(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_CONCESSION);
}

SubmitResult Game::time_out(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_TIME);
}

SubmitResult Game::forfeit(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_FORFEIT);
}

SubmitResult Game::rule(std::uint8_t winners) {
  if (e_.state().over) return SubmitResult::refuse(Verdict::kGameOver);
  e_.finish(static_cast<std::uint8_t>(winners & ((1u << kPlayers) - 1)), v1::RESULT_REASON_RULING);
  return SubmitResult::ok();
}

SubmitResult Game::call_time() {
  if (e_.state().over) return SubmitResult::refuse(Verdict::kGameOver);
  e_.finish(e_.state().leaders(), v1::RESULT_REASON_TIME_LIMIT);
  return SubmitResult::ok();
}

SubmitResult Game::withdraw(Seat seat, v1::ResultReason how) {
  if (e_.state().over) return SubmitResult::refuse(Verdict::kGameOver);
  if (seat >= kPlayers) return SubmitResult::refuse(Verdict::kNotAPlayer);
  e_.finish(static_cast<std::uint8_t>(1u << State::other(seat)), how);
  return SubmitResult::ok();
}

}  // namespace spacedock::stccg
