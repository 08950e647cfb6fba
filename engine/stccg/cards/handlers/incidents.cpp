// Incidents and objectives, played as events are (BoG; cards/ABILITIES.md §16), and an event
// that moves the winning line: Commandeer Ship lets a personnel aboard an emptied opponent's
// ship take it (rules/captives.cpp, Engine::commandeer); Ultimatum may turn a ship its player's
// Dominion ship destroyed into points; The Big Picture raises the score needed to win for a
// player who has not completed a space and a planet mission.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Commandeer Ship: (1) played on your personnel with Computer Skill aboard an opponent's
// ship with none of the opponent's personnel aboard (not a Borg ship): that personnel
// commandeers the ship, and the objective stays on it; while it stays, they may fill up to three
// of that ship's staffing icons (Handler::staffs_icons), each one they could fill (reading; a
// counter of the card names the ship). (2) Seeded or played on the table: it forbids the
// opponent to return to hand a ship carrying your intruders or infiltrators; no card of our pool
// returns a ship to its owner's hand, so that use has nothing to forbid yet.

bool commandeer_ship_target(const Engine& e, Seat seat, CardId personnel) {
  const State& s = e.state();
  if (!s.in_play_at(personnel) || !e.is_personnel(personnel)) return false;
  const CardState& p = s.cards[personnel];
  if (p.controller != seat || p.where != Where::kAboard || p.disabled || p.stopped) return false;
  const CardId ship = p.host;
  if (!e.is_ship(ship) || s.cards[ship].controller == seat ||
      (e.affiliations(ship) & bit(Affiliation::kBorg)) ||
      (e.affiliations(personnel) & bit(Affiliation::kBorg)))
    return false;
  const auto computer = s.db->skills().find("Computer Skill");
  if (!computer || e.facts(personnel).skills[*computer] == 0) return false;
  const Seat holder = s.cards[ship].controller;
  const auto crew = e.crew(ship);
  return std::none_of(crew.begin(), crew.end(),
                      [&](CardId c) { return s.cards[c].controller == holder; });
}

void commandeer_ship_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                           std::vector<Action>& out) {
  if (window) return;  // the turn's card play
  out.push_back({ActionKind::kPlayEvent, self});
  for (CardId c : e.state().in_play) {
    if (commandeer_ship_target(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule commandeer_ship_still_legal(const Engine& e, Seat seat, const Action& play) {
  return play.b == kNoCard || commandeer_ship_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void commandeer_ship_resolve(Engine& e, ActionFrame& f) {
  const CardId personnel = f.action.b;
  if (personnel == kNoCard) return place(e, f.action.a, f.actor);
  if (!commandeer_ship_target(e, f.actor, personnel)) return;
  // The ship takes the commandeering personnel's affiliation (its first, for a dual one);
  // Non-Aligned leaves it unchanged (BoG "Commandeering").
  Affiliation as = Affiliation::kNone;
  const AffiliationSet own = e.affiliations(personnel);
  for (int a = 0; a < kAffiliationCount && as == Affiliation::kNone; ++a) {
    if (own & bit(static_cast<Affiliation>(a))) as = static_cast<Affiliation>(a);
  }
  const CardId ship = e.state().cards[personnel].host;
  if (!e.commandeer(ship, f.actor, {personnel}, as)) return;
  place(e, f.action.a, f.actor, personnel);
  Effect commandeered{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  commandeered.source = f.action.a;
  commandeered.card = ship;
  e.add_effect(commandeered);
}

int commandeer_ship_staffs_icons(const Engine& e, CardId self, CardId, CardId ship) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(),
                     [&](const Effect& x) {
                       return x.kind == EffectKind::kCounter && x.source == self && x.card == ship;
                     })
             ? 3
             : 1;
}

// --- Ultimatum: on the table. When a ship has just been destroyed in a battle in which its
// player's Dominion ship fired, that player may discard it to put the destroyed ship in their
// bonus area, scoring the highest of its printed RANGE, WEAPONS and SHIELDS. Its downloads
// (Bajoran Wormhole when played; Remote Supply Depot and equipment, once per game) name cards
// that are not in our pool. It may be seeded on the table too (rules/seeding.cpp).

void ultimatum_vessel_destroyed(Engine& e, CardId self, CardId vessel, Seat by) {
  State& s = e.state();
  const Seat player = s.cards[self].controller;
  if (by != player || !e.is_ship(vessel) || s.cards[vessel].controller == by) return;
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  const int side = b ? ship_battle_side(*b, by) : -1;
  if (side < 0) return;
  const auto dominion = bit(Affiliation::kDominion);
  if (std::none_of(b->firing[side].begin(), b->firing[side].end(),
                   [&](CardId c) { return e.is_ship(c) && (e.affiliations(c) & dominion); }))
    return;
  // Asked once the ship is gone (in its owner's discard pile): CardFrame::chosen names it.
  s.frames.emplace_back(CardFrame{.card = self, .player = player, .chosen = vessel});
}

void ultimatum_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  const CardId ship = f.chosen;
  if (!s.in_play_at(self) || s.cards[ship].zone != Zone::kDiscard) {
    s.frames.pop_back();  // `f` is gone from here on
    return;
  }
  auto take = e.yes_no(f.player);
  if (!take) return;
  const Seat player = f.player;
  s.frames.pop_back();  // `f` is gone from here on
  if (!*take) return;
  const auto& printed = s.def(ship).card.ship();
  const int points = std::max({printed.range(), printed.weapons(), printed.shields()});
  e.to_discard(self);
  e.move_card(ship, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, player);
  e.score(player, points, self);
}

// --- The Big Picture: while it is in play, a player who has not completed two missions with
// point boxes, one of them a space mission and one a planet mission, needs 40 more points to
// win (140). Not cumulative; it cannot be nullified (data).

bool big_picture_met(const Engine& e, Seat seat) {
  const State& s = e.state();
  int completed = 0;
  bool space = false;
  bool planet = false;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (s.spaceline[loc].completed_by != seat || !e.end_for(seat, loc).points) continue;
    ++completed;
    space = space || e.space(loc);
    planet = planet || e.planet(loc);
  }
  return completed >= 2 && space && planet;
}

int big_picture_winning_score(const Engine& e, CardId, Seat seat) {
  return big_picture_met(e, seat) ? kWinningScore : kWinningScore + 40;
}

}  // namespace

extern const Handler kCommandeerShip{
    .name = "commandeer_ship",
    .test = "tests/scenarios/card-incidents.scn",
    .plays = commandeer_ship_plays,
    .still_legal = commandeer_ship_still_legal,
    .resolve = commandeer_ship_resolve,
    .staffs_icons = commandeer_ship_staffs_icons,
};

extern const Handler kUltimatum{
    .name = "ultimatum",
    .test = "tests/scenarios/card-incidents.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .vessel_destroyed = ultimatum_vessel_destroyed,
    .step = ultimatum_step,
    .question = "Discard Ultimatum to score the ship just destroyed?",
    .yes_label = "Score it",
    .no_label = "Keep Ultimatum",
};

extern const Handler kTheBigPicture{
    .name = "the_big_picture",
    .test = "tests/scenarios/card-incidents.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .winning_score = big_picture_winning_score,
};

}  // namespace spacedock::stccg::handlers
