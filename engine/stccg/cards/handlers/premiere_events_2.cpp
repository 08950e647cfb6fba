// Premiere events left for a second pass (cards/abilities/premiere-events-2.md): a guess at a
// card of the opponent's hand (Telepathic Alien Kidnappers), and a spaceline location that is
// not a mission (Gaps in Normal Space).
#include <algorithm>
#include <iterator>
#include <optional>
#include <vector>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

// Its own namespace: the engine is built in unity chunks, where two files' anonymous
// namespaces are one.
namespace premiere_events_2 {
namespace {

// --- Telepathic Alien Kidnappers: at the end of each of the opponent's turns, before their draw,
// its player names a card type, then picks a card of the opponent's hand unseen; it is shown to
// everyone, and discarded if of the type named (CRD IV.7).
// Reversed (Handler::turns_against_user), the opponent names and picks from its player's hand.

// The types a card in a hand may have: every type but the side decks' tactics and a Nor's sites.
const std::vector<v1::StccgCardType> kNameableTypes = {
    v1::STCCG_CARD_TYPE_PERSONNEL, v1::STCCG_CARD_TYPE_SHIP,      v1::STCCG_CARD_TYPE_EQUIPMENT,
    v1::STCCG_CARD_TYPE_EVENT,     v1::STCCG_CARD_TYPE_INTERRUPT, v1::STCCG_CARD_TYPE_DILEMMA,
    v1::STCCG_CARD_TYPE_MISSION,   v1::STCCG_CARD_TYPE_ARTIFACT,  v1::STCCG_CARD_TYPE_FACILITY,
    v1::STCCG_CARD_TYPE_DOORWAY,   v1::STCCG_CARD_TYPE_INCIDENT,  v1::STCCG_CARD_TYPE_OBJECTIVE,
};

void kidnappers_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat player = s.cards[self].controller;
  // The opponent is the subject (CRD II.2): their turns only, and only with a hand to guess at.
  if (s.active == player) return;
  // A card of the subject's may turn it against its user (Intruder Force Field): the subject
  // guesses at the user's hand instead.
  const bool reversed =
      std::any_of(s.handled_in_play.begin(), s.handled_in_play.end(), [&](CardId c) {
        const Handler* handler = s.handler(c);
        return handler && handler->turns_against_user && s.cards[c].controller == s.active &&
               handler->turns_against_user(e, c, self);
      });
  const Seat guesser = reversed ? s.active : player;
  if (s.players[State::other(guesser)].hand.empty()) return;
  s.frames.emplace_back(CardFrame{.card = self, .player = guesser});
}

// `f.sub`: 0 while the type is being named, then 1 + the type named.
void kidnappers_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  if (f.sub == 0) {
    const auto named = e.name_card_type(f.player, kNameableTypes);
    if (!named) return;
    f.sub = static_cast<std::uint8_t>(1 + *named);
  }
  const auto named = static_cast<v1::StccgCardType>(f.sub - 1);
  const std::vector<CardId>& hand = s.players[State::other(f.player)].hand;
  // A hand face up (Alien Probe) is shuffled and hidden once the type is named: a pick made
  // blind is the server's random selection.
  const auto taken =
      e.all_see(hand.front()) ? std::optional(e.random_member(hand)) : e.pick(f.player, hand);
  if (!taken) return;
  s.frames.pop_back();  // `f` is gone from here on
  e.reveal(*taken);
  if (s.type(*taken) == named) e.to_discard(*taken);
}

// --- Gaps in Normal Space: put on the spaceline between two missions, it is a location of its
// own (CRD IV.7), span 4, where nothing can be attempted; a ship that stops there loses one of
// its crew, chosen at random, killed. The card itself stands where a mission would
// (Location::mission, put there by kInsertMission, as Q's Planet): its location has no mission
// ends (Engine::end_for: no requirements, icons or points), its span is this handler's, and the
// rules tell it of ships stopping there (Engine::ship_arrived).

constexpr int kGapSpan = 4;

bool is_mission_at(const Engine& e, std::size_t loc) {
  const State& s = e.state();
  return s.type(s.spaceline[loc].mission) == v1::STCCG_CARD_TYPE_MISSION;
}

// Between two missions only: never at an end, never beside another Gaps (CRD IV.7).
void gaps_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window) return;
  for (std::size_t at = 1; at < e.state().spaceline.size(); ++at) {
    if (is_mission_at(e, at - 1) && is_mission_at(e, at))
      out.push_back({ActionKind::kInsertMission, self, kNoCard, static_cast<LocIndex>(at)});
  }
}

int gaps_span(const Engine&, CardId, CardId) {
  return kGapSpan;
}

void gaps_ship_arrived(Engine& e, CardId, CardId ship) {
  // A ship decloaking there is seen again (Engine::ship_arrived) but ends no move.
  const ActionFrame* action = e.top_frame<ActionFrame>();
  if (action && action->action.kind == ActionKind::kDecloak && action->action.a == ship) return;
  const std::vector<CardId> crew = e.crew(ship);
  std::vector<CardId> personnel;
  std::copy_if(crew.begin(), crew.end(), std::back_inserter(personnel),
               [&](CardId c) { return e.is_personnel(c); });
  if (personnel.empty()) return;
  e.picked_at_random(e.random_member(personnel), WindowKind::kPickedToDie);
}

}  // namespace
}  // namespace premiere_events_2

extern const Handler kGapsInNormalSpace{
    .name = "gaps_in_normal_space",
    .test = "tests/scenarios/card-premiere-events-2.scn",
    .plays = premiere_events_2::gaps_plays,
    .ship_arrived = premiere_events_2::gaps_ship_arrived,
    .span = premiere_events_2::gaps_span,
};

extern const Handler kTelepathicAlienKidnappers{
    .name = "telepathic_alien_kidnappers",
    .test = "tests/scenarios/card-premiere-events-2.scn",
    .end_of_turn = premiere_events_2::kidnappers_end_of_turn,
    .step = premiere_events_2::kidnappers_step,
    .choose_label = "choose a card of the opponent's hand, unseen",
};

}  // namespace spacedock::stccg::handlers
