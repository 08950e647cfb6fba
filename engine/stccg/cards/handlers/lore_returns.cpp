// Lore Returns: played on a ship where its player's Rogue Borg Mercenaries have wiped out or
// driven off the crew, it hands the ship to that player for good (until it is nullified), with
// the Rogue Borg as its crew (CRD IV.7): one of them meets all its staffing, lets it fire and
// needs no leader to attack (Handler::crews_host), and they may beam down to battle an Away Team
// on the planet there (Engine::begin_rogue_borg_raid), never aboard another vessel. Nobody else
// boards the ship. The player it was taken from is recorded as a counter of the event naming
// the ship; when the event leaves play the ship goes back to them, the Rogue Borg still aboard.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kRogueBorgMercenaries;

namespace lore_returns_detail {

// A Rogue Borg of `seat`'s aboard `ship`: a Rogue Borg Mercenaries, or a card that joins them
// (Crosis: the engine's keyword "Rogue Borg").
bool rogue_borg_of(const Engine& e, Seat seat, CardId c, CardId ship) {
  const State& s = e.state();
  const CardState& card = s.cards[c];
  if (card.where != Where::kOn || card.host != ship || card.controller != seat) return false;
  if (s.handler(c) == &kRogueBorgMercenaries) return true;
  const auto& keywords = s.def(c).card.keywords();
  return std::find(keywords.begin(), keywords.end(), "Rogue Borg") != keywords.end();
}

// The first Rogue Borg Mercenaries of `seat`'s aboard `ship` (not stopped, when `ready`).
CardId mercenary_aboard(const Engine& e, Seat seat, CardId ship, bool ready) {
  const State& s = e.state();
  for (CardId c : s.in_play_where(Where::kOn)) {
    if (s.handler(c) == &kRogueBorgMercenaries && rogue_borg_of(e, seat, c, ship) &&
        !(ready && s.cards[c].stopped))
      return c;
  }
  return kNoCard;
}

// Another player's ship that `seat`'s Rogue Borg hold: no crew left aboard.
bool taken_ship(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  return s.in_play_at(ship) && e.is_ship(ship) && s.cards[ship].where == Where::kSpace &&
         s.cards[ship].controller != seat && !e.crewed(ship) &&
         mercenary_aboard(e, seat, ship, /*ready=*/false) != kNoCard;
}

void lore_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (taken_ship(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule lore_still_legal(const Engine& e, Seat seat, const Action& play) {
  return taken_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

// The ship the event commands, if it is still its player's.
CardId commanded_ship(const Engine& e, CardId self) {
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  const bool held = s.cards[self].where == Where::kOn && s.in_play_at(ship) &&
                    s.cards[ship].controller == s.cards[self].controller;
  return held ? ship : kNoCard;
}

// Rogue Borg beam down to battle an Away Team on the planet: no leader needed, and having no
// affiliation they are under no affiliation's attack limits; a card forbidding battles there
// (Nebula) or beaming to the planet (Particle Scattering Field) stops them.
void lore_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardId ship = commanded_ship(e, self);
  if (ship == kNoCard || s.active != seat || s.cards[ship].cloaked) return;
  const LocIndex loc = s.cards[ship].loc;
  if (!e.planet(loc) || e.battle_forbidden(seat, loc)) return;
  const CardId rogue = mercenary_aboard(e, seat, ship, /*ready=*/true);
  if (rogue == kNoCard || e.beaming_blocked(rogue, kNoCard)) return;
  for (const auto& foe : e.away_teams(State::other(seat), loc)) {
    if (!foe.empty()) out.push_back({ActionKind::kUseCard, self, foe.front()});
  }
}

void lore_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kUseCard) {
    const CardId ship = s.cards[self].host;
    const CardId rogue = mercenary_aboard(e, f.actor, ship, /*ready=*/true);
    if (rogue != kNoCard && s.in_play_at(f.action.b))
      e.begin_rogue_borg_raid(f.actor, ship, s.cards[rogue].def, f.action.b);
    return;
  }
  const CardId ship = f.action.b;
  place(e, self, f.actor, ship);
  const CardState taken = s.cards[ship];
  Effect from{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  from.source = self;
  from.card = ship;
  from.player = taken.controller;
  e.add_effect(from);
  e.move_card(ship, Zone::kPlay, taken.where, taken.loc, taken.host, f.actor);
  e.emit(ev::Commandeered{ship, f.actor});
}

// Nullified: the ship goes back to the player it was taken from.
void lore_leaving(Engine& e, CardId self) {
  State& s = e.state();
  const CardId ship = commanded_ship(e, self);
  if (ship == kNoCard) return;
  for (const Effect& x : s.effects) {
    if (x.kind != EffectKind::kCounter || x.source != self || x.card != ship) continue;
    const Seat owner = x.player;
    const CardState card = s.cards[ship];
    e.move_card(ship, Zone::kPlay, card.where, card.loc, card.host, owner);
    e.emit(ev::Commandeered{ship, owner});
    return;
  }
}

bool lore_crews(const Engine& e, CardId self, CardId vessel) {
  return commanded_ship(e, self) == vessel &&
         mercenary_aboard(e, e.state().cards[self].controller, vessel, /*ready=*/true) != kNoCard;
}

// The Rogue Borg are its crew: nobody beams or walks aboard (the Rogue Borg would set upon its
// player's own personnel; the other player may not board an opponent's ship).
bool lore_blocks(const Engine& e, CardId self, CardId /*card*/, CardId to) {
  return to != kNoCard && commanded_ship(e, self) == to;
}

}  // namespace lore_returns_detail

extern const Handler kLoreReturns{
    .name = "lore_returns",
    .test = "tests/scenarios/card-lore-returns.scn",
    .plays = lore_returns_detail::lore_plays,
    .still_legal = lore_returns_detail::lore_still_legal,
    .resolve = lore_returns_detail::lore_resolve,
    .crews_host = lore_returns_detail::lore_crews,
    .leaving_play = lore_returns_detail::lore_leaving,
    .orders = lore_returns_detail::lore_orders,
    .blocks_beaming = lore_returns_detail::lore_blocks,
    .use_label = "beam the Rogue Borg down to battle this Away Team",
};

}  // namespace spacedock::stccg::handlers
