// Receptacle Stones (AU artifact, cards/abilities/artifacts.md): earned into the hand, played as
// an event on an opponent's crewed ship. For the rest of the turn each space dilemma its player
// meets is met too by that ship and its crew, where that ship is, as a copy of the dilemma
// (CardState::copy) that scores nothing and leaves play with the turn unless it counts down
// (CRD IV.4). The Stones are discarded at the end of the turn.
#include <algorithm>
#include <stdexcept>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

// A namespace of its own: the unity build merges the anonymous namespaces of handler files.
namespace receptacle_stones {
namespace {

bool opponents_crewed_ship(const Engine& e, Seat seat, CardId c) {
  const CardState& card = e.state().cards[c];
  return card.zone == Zone::kPlay && e.is_ship(c) && card.controller != seat && !e.crew(c).empty();
}

void stones_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (window) return;  // an event: one of its player's orders
  for (CardId c : e.state().in_play) {
    if (opponents_crewed_ship(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule stones_still_legal(const Engine& e, Seat seat, const Action& play) {
  return opponents_crewed_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void stones_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// Whether the card `f` meets is a space dilemma its player meets (CRD IV.4: space/planet and
// Q-icon dilemmas too, met by a crew in space), not a duplicate that will do nothing.
bool echoed(const Engine& e, const AttemptFrame& f) {
  const State& s = e.state();
  const CardDef& def = s.def(f.current);
  if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA || s.cards[f.current].copy) return false;
  if (f.vessel == kNoCard || def.card.dilemma().placement() == v1::STCCG_PLACEMENT_PLANET)
    return false;
  const bool q_card = f.q_flash != kNoCard;
  return q_card || std::find(f.met.begin(), f.met.end(), def.index) == f.met.end();
}

// A copy of `original`, belonging to no deck, face up as it is met.
CardId copy_of(Engine& e, CardId original) {
  State& s = e.state();
  if (s.cards.size() >= kNoCard) throw std::length_error("stccg: too many cards in the game");
  CardState card;
  card.def = s.cards[original].def;
  card.owner = s.cards[original].owner;
  card.controller = card.owner;
  card.zone = Zone::kOutOfPlay;  // in no pile until it moves
  card.copy = true;
  s.cards.push_back(card);
  const auto c = static_cast<CardId>(s.cards.size() - 1);
  s.cards[c].handle = e.new_handle();
  e.move_card(c, Zone::kResolving);
  return c;
}

// The Stones' ship meets a copy of the dilemma at its own location, alone, as though attempting
// a mission there; its frame goes above the attempt, which resumes once the copy is done.
void stones_card_met(Engine& e, CardId self, const AttemptFrame& f) {
  const State& s = e.state();
  const CardState& stones = s.cards[self];
  const CardId ship = stones.host;
  if (f.player != stones.controller || stones.where != Where::kOn || !s.in_play_at(ship) ||
      !echoed(e, f))
    return;
  AttemptFrame ghost;
  ghost.one_card = true;
  ghost.player = s.cards[ship].controller;
  ghost.loc = e.location_of(ship);
  ghost.ship = ghost.vessel = ship;
  ghost.group = ghost.members = e.crew(ship);
  ghost.started_with = static_cast<std::uint8_t>(std::min<std::size_t>(0xff, ghost.group.size()));
  for (CardId c : ghost.group)
    e.expose(c);
  ghost.current = copy_of(e, f.current);  // `f` may be gone from here on
  e.state().frames.emplace_back(std::move(ghost));
  e.meet(std::get<AttemptFrame>(e.state().frames.back()));
}

// Its effects end with the turn it was played in.
void stones_end_of_turn(Engine& e, CardId self) {
  e.to_discard(self);
}

}  // namespace
}  // namespace receptacle_stones

extern const Handler kReceptacleStones{
    .name = "receptacle_stones",
    .test = "tests/scenarios/card-receptacle-stones.scn",
    .plays = receptacle_stones::stones_plays,
    .still_legal = receptacle_stones::stones_still_legal,
    .resolve = receptacle_stones::stones_resolve,
    .end_of_turn = receptacle_stones::stones_end_of_turn,
    .card_met = receptacle_stones::stones_card_met,
};

}  // namespace spacedock::stccg::handlers
