#include "engine/stccg/game.h"

#include <algorithm>

namespace spacedock::stccg {

using core::SubmitResult;
using core::Verdict;

namespace {

bool seeds(const v1::StccgCard& printed) {
  return printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS ||
         printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS ||
         printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA ||
         printed.type() == v1::STCCG_CARD_TYPE_FACILITY;
}

}  // namespace

Game Game::create(const CardDb& db, const Setup& setup, std::uint64_t seed) {
  State s;
  s.db = &db;
  s.options = setup.options;
  s.rng = core::Rng(seed);
  s.handle_key = s.rng.next();
  Game game(std::move(s));
  Engine& e = game.e_;
  State& st = e.state();
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    for (DefIndex def : setup.decks[seat].cards) {
      const auto id = static_cast<CardId>(st.cards.size());
      CardState card;
      card.def = def;
      card.owner = seat;
      card.controller = seat;
      const bool seed_card = seeds(db.def(def).card);
      card.zone = seed_card ? Zone::kSeedPile : Zone::kDrawDeck;
      st.cards.push_back(card);
      st.cards.back().handle = e.new_handle();
      (seed_card ? st.players[seat].seed_pile : st.players[seat].draw).push_back(id);
    }
  }
  st.first_seeder = static_cast<Seat>(st.rng.below(kPlayers));
  st.frames.push_back(SeedFrame{SeedFrame::Step::kDoorways, st.first_seeder});
  e.run();
  return game;
}

Game Game::from_position(State position) {
  Game game(std::move(position));
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
  s.answer = s.offered[static_cast<std::size_t>(offered - ids.begin())];
  s.decision_open = false;
  e_.run();
  return SubmitResult::ok();
}

Rule Game::check(core::OptionId option) const {
  auto action = action_of(option);
  if (!action || option_id(*action) != option) return Rule::kUnknownOption;
  return e_.check_action(*action);
}

SubmitResult Game::concede(Seat seat) {
  if (e_.state().over) return SubmitResult::refuse(Verdict::kGameOver);
  if (seat >= kPlayers) return SubmitResult::refuse(Verdict::kNotAPlayer);
  e_.finish(static_cast<std::uint8_t>(1u << State::other(seat)), v1::RESULT_REASON_CONCESSION);
  return SubmitResult::ok();
}

}  // namespace spacedock::stccg
