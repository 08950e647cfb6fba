// Interrupts played just after a battle or a death in one, and the Klingon succession
// (cards/ABILITIES.md §6): Data's Medals rewards a leader of the winning side, Phaser Array
// Power Cell a ship that survived an exchange of fire, Arbiter of Succession settles a duel of
// two Klingon leaders for 10 points carried by the winner, and Klingon Painstik takes an
// Arbiter back or bars a unique personnel just killed from ever reporting again. The window just
// after a battle (WindowKind::kBattleEnded) has the battle's frame below it, which says who fought
// and who won.
#include <algorithm>
#include <iterator>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kArbiterOfSuccession, kDatasMedals, kKlingonCivilWar, kPhaserArrayPowerCell;

namespace {

// The battle that has just ended, if `window` is the one just after it.
template <typename Battle>
const Battle* ended_battle(const Engine& e, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kBattleEnded) return nullptr;
  const auto& frames = e.state().frames;
  if (frames.size() < 2) return nullptr;
  return std::get_if<Battle>(&frames[frames.size() - 2]);
}

// `seat`'s side in a ship battle: -1 when it did not fight.
int ship_side(const ShipBattleFrame& b, Seat seat) {
  return b.seat[0] == seat ? 0 : b.seat[1] == seat ? 1 : -1;
}

// `seat`'s ships and facilities in a ship battle: those it fired with, and those fired at.
std::vector<CardId> vessels_in(const ShipBattleFrame& b, int side) {
  std::vector<CardId> out = b.firing[side];
  for (CardId c : b.targets[1 - side]) {
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

// --- Data's Medals: on a leader who took part in a battle its player has just won, 5 points
// that stay with the leader; they are lost when the card leaves play with him (killed). Not
// cumulative: a leader wears one Medals at most, or with medals_one_per_leader off a player has
// one in play at most.

constexpr int kMedalsPoints = 5;

// Whether another Medals would not count for `personnel`.
bool wears_medals(const Engine& e, CardId personnel) {
  const State& s = e.state();
  const bool per_leader = s.options.medals_one_per_leader;
  return std::any_of(s.handled_in_play.begin(), s.handled_in_play.end(), [&](CardId c) {
    return s.handler(c) == &kDatasMedals &&
           (per_leader ? s.cards[c].host == personnel
                       : s.cards[c].controller == s.cards[personnel].controller);
  });
}

std::vector<CardId> decorated_candidates(const Engine& e, Seat seat, const WindowFrame* window) {
  std::vector<CardId> fought;
  if (const auto* personnel = ended_battle<PersonnelBattleFrame>(e, window)) {
    if (personnel->winner != seat || personnel->rogue_host != kNoCard) return {};
    fought = personnel->sides[seat == personnel->attacker ? 0 : 1];
  } else if (const auto* ships = ended_battle<ShipBattleFrame>(e, window)) {
    const int side = ship_side(*ships, seat);
    if (ships->winner != seat || side < 0) return {};
    for (CardId vessel : vessels_in(*ships, side)) {
      if (!e.state().in_play_at(vessel)) continue;
      for (CardId c : e.crew(vessel))
        fought.push_back(c);
    }
  }
  std::vector<CardId> out;
  for (CardId c : fought) {
    if (e.state().in_play_at(c) && e.is_personnel(c) && e.state().cards[c].controller == seat &&
        e.leaders({c}, /*enough=*/1) > 0 && !wears_medals(e, c))
      out.push_back(c);
  }
  return out;
}

void medals_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  for (CardId leader : decorated_candidates(e, seat, window))
    out.push_back({ActionKind::kPlayInterrupt, self, leader});
}

Rule medals_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().in_play_at(play.b) && !wears_medals(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void medals_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
  e.score(f.actor, kMedalsPoints, f.action.a);
}

void medals_leaving(Engine& e, CardId self) {
  e.score(e.state().cards[self].controller, -kMedalsPoints, self);
}

// --- Phaser Array Power Cell: once per turn, just after a ship battle in which both sides
// fired, 5 points to a player one of whose ships fired in it and is still in play. The card
// goes to the bonus point area.

constexpr int kPowerCellPoints = 5;

void power_cell_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  const auto* b = ended_battle<ShipBattleFrame>(e, window);
  if (!b || title_use_spent(e, seat, kPhaserArrayPowerCell)) return;
  const int side = ship_side(*b, seat);
  if (side < 0) return;
  const auto fired = [&](int s) { return !b->firing[s].empty() && !b->targets[s].empty(); };
  if (!fired(0) || !fired(1)) return;
  const bool survivor = std::any_of(b->firing[side].begin(), b->firing[side].end(), [&](CardId c) {
    return e.state().in_play_at(c) && e.is_ship(c);
  });
  if (survivor) out.push_back({ActionKind::kPlayInterrupt, self});
}

void power_cell_announced(Engine& e, Seat seat, const Action& play) {
  spend_use(e, play.a, seat, Until::kEndOfTurn);
}

void power_cell_resolve(Engine& e, ActionFrame& f) {
  e.move_card(f.action.a, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.actor);
  e.score(f.actor, kPowerCellPoints, f.action.a);
}

// --- Arbiter of Succession: in a crew or Away Team of its player with two or more Klingon
// leaders, the two strongest (current STRENGTH) fight: the weaker dies and the Arbiter goes on
// the stronger, for 10 points, and nullifies every Klingon Civil War in play; equal STRENGTH:
// discarded for nothing (CRD IV.8). Should the winner leave play (killed), the 10 points pass
// to the opponent. Not duplicatable.

constexpr int kArbiterPoints = 10;

bool in_play_with(const Engine& e, const Handler& handler) {
  const State& s = e.state();
  return std::any_of(s.handled_in_play.begin(), s.handled_in_play.end(),
                     [&](CardId c) { return s.handler(c) == &handler; });
}

// The group's Klingon leaders, strongest first (in the order they entered play among equals),
// when there are two or more to contest its leadership; otherwise none. Who leads is asked only
// of the Klingons, and only where there are two.
std::vector<CardId> rival_klingon_leaders(const Engine& e, const std::vector<CardId>& group) {
  std::vector<CardId> klingons;
  std::copy_if(group.begin(), group.end(), std::back_inserter(klingons),
               [&](CardId c) { return (e.affiliations(c) & bit(Affiliation::kKlingon)) != 0; });
  if (klingons.size() < 2) return {};
  std::vector<std::pair<int, CardId>> strongest;  // STRENGTH, leader
  for (CardId c : klingons) {
    if (e.leaders({c}, /*enough=*/1) > 0)
      strongest.emplace_back(e.attribute(c, Attribute::kStrength), c);
  }
  if (strongest.size() < 2) return {};
  std::stable_sort(strongest.begin(), strongest.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<CardId> out;
  out.reserve(strongest.size());
  for (const auto& [strength, c] : strongest)
    out.push_back(c);
  return out;
}

void arbiter_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  if (in_play_with(e, kArbiterOfSuccession)) return;
  const State& s = e.state();
  std::vector<CardId> offered;  // one play per group, named by its strongest Klingon leader
  std::vector<CardId> seen;     // the members of the groups looked at: each group once
  for (CardId c : s.in_play) {
    // Only a group with a Klingon in it may have rival Klingon leaders: it is looked at from
    // its first Klingon.
    if (!e.is_personnel(c) || s.cards[c].controller != seat ||
        !(e.affiliations(c) & bit(Affiliation::kKlingon)) ||
        std::find(seen.begin(), seen.end(), c) != seen.end())
      continue;
    const std::vector<CardId> group = e.group_of(c);
    seen.insert(seen.end(), group.begin(), group.end());
    const std::vector<CardId> leaders = rival_klingon_leaders(e, group);
    if (leaders.empty() || std::find(offered.begin(), offered.end(), leaders[0]) != offered.end())
      continue;
    offered.push_back(leaders[0]);
    out.push_back({ActionKind::kPlayInterrupt, self, leaders[0]});
  }
}

Rule arbiter_still_legal(const Engine& e, Seat, const Action& play) {
  if (!e.state().in_play_at(play.b) || in_play_with(e, kArbiterOfSuccession))
    return Rule::kNoTarget;
  return rival_klingon_leaders(e, e.group_of(play.b)).empty() ? Rule::kNoTarget : Rule::kOk;
}

void arbiter_resolve(Engine& e, ActionFrame& f) {
  const std::vector<CardId> leaders = rival_klingon_leaders(e, e.group_of(f.action.b));
  if (leaders.empty()) return;
  const CardId winner = leaders[0];
  const CardId loser = leaders[1];
  if (e.attribute(winner, Attribute::kStrength) == e.attribute(loser, Attribute::kStrength))
    return;  // a draw: discarded for no effect
  e.kill(loser);
  place(e, f.action.a, f.actor, winner);
  e.score(f.actor, kArbiterPoints, f.action.a);
  for (CardId c : std::vector<CardId>(e.state().handled_in_play)) {
    if (e.state().handler(c) == &kKlingonCivilWar && e.state().in_play_at(c) &&
        e.may_nullify(f.action.a, c))
      e.nullify(c);
  }
}

void arbiter_leaving(Engine& e, CardId self) {
  const Seat player = e.state().cards[self].controller;
  e.score(player, -kArbiterPoints, self);
  e.score(State::other(player), kArbiterPoints, self);
}

// --- Klingon Painstik, either of two plays: at any time, its player's Arbiter of Succession
// goes back to their hand and its 10 points with it; or, just after a unique personnel is
// killed, no player may report that persona for duty for the rest of the game.

void painstik_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  const State& s = e.state();
  if (!window || window->kind != WindowKind::kDilemma) {
    for (CardId c : s.handled_in_play) {
      if (s.handler(c) == &kArbiterOfSuccession && s.cards[c].controller == seat)
        out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
  if (!window || window->kind != WindowKind::kKilled || window->about == kNoCard) return;
  const CardDef& dead = s.def(window->about);
  if (dead.type() == v1::STCCG_CARD_TYPE_PERSONNEL && dead.unique() && dead.persona != kNoPersona &&
      !e.persona_barred(dead.persona))
    out.push_back({ActionKind::kPlayInterrupt, self, window->about});
}

void painstik_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const CardId target = f.action.b;
  if (s.handler(target) == &kArbiterOfSuccession) {
    if (!s.in_play_at(target)) return;
    e.score(s.cards[target].controller, -kArbiterPoints, target);
    e.move_card(target, Zone::kHand);  // not discarded: its points do not pass on
    return;
  }
  Effect barred{.kind = EffectKind::kPersonaBarred, .until = Until::kRemoved};
  barred.source = f.action.a;
  barred.value = static_cast<std::int16_t>(s.def(target).persona);
  e.add_effect(barred);
}

// --- Discommendation: its player's card play, on a Klingon still in play who was on the losing
// side of a personnel battle this turn or the turn before (Reading: how long "after a battle"
// lasts; an event is played before the orders of its turn): he becomes Non-Aligned and loses his
// Honor (the skill box entry, whole), and his owner loses 5 points, the event going to that
// player's bonus area.

constexpr int kDiscommendationPoints = -5;

bool dishonourable(const Engine& e, CardId personnel) {
  const State& s = e.state();
  if (!s.in_play_at(personnel) || !e.is_personnel(personnel) ||
      !(e.affiliations(personnel) & bit(Affiliation::kKlingon)))
    return false;
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kLostBattle && x.card == personnel && x.turn + 1 >= s.turn;
  });
}

void discommendation_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                           std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (dishonourable(e, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule discommendation_still_legal(const Engine& e, Seat, const Action& play) {
  return dishonourable(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void discommendation_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const CardId klingon = f.action.b;
  Effect outcast{.kind = EffectKind::kAffiliation, .until = Until::kRemoved};
  outcast.source = f.action.a;
  outcast.card = klingon;
  outcast.value = static_cast<std::int16_t>(Affiliation::kNonAligned);
  e.add_effect(outcast);
  const auto honor = s.db->skills().find("Honor");
  const auto& box = s.def(klingon).skills;
  for (std::size_t i = 0; honor && i < box.size(); ++i) {
    if (box[i].skill != *honor) continue;
    Effect dishonour{.kind = EffectKind::kSkillEntryLost, .until = Until::kRemoved};
    dishonour.source = f.action.a;
    dishonour.card = klingon;
    dishonour.value = static_cast<std::int16_t>(i);
    e.add_effect(dishonour);
    break;
  }
  const Seat owner = s.cards[klingon].owner;
  e.move_card(f.action.a, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, owner);
  e.score(owner, kDiscommendationPoints, f.action.a);
}

// --- Klingon Civil War: while it is in play, a player one of whose Klingon ships destroys a
// Klingon ship of the opponent in a battle scores that ship's WEAPONS + SHIELDS.

void civil_war_vessel_destroyed(Engine& e, CardId self, CardId vessel, Seat by) {
  const State& s = e.state();
  if (by == kNoSeat || !e.is_ship(vessel) || s.cards[vessel].controller == by) return;
  // One copy for both players: the first in play of either.
  for (CardId c : s.handled_in_play) {
    if (s.handler(c) == &kKlingonCivilWar) {
      if (c != self) return;
      break;
    }
  }
  const auto klingon = bit(Affiliation::kKlingon);
  if (!(e.affiliations(vessel) & klingon)) return;
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  if (!b) return;
  const int side = b->seat[0] == by ? 0 : b->seat[1] == by ? 1 : -1;
  if (side < 0) return;
  const bool klingon_fired =
      std::any_of(b->firing[side].begin(), b->firing[side].end(),
                  [&](CardId c) { return e.is_ship(c) && (e.affiliations(c) & klingon); });
  if (!klingon_fired) return;
  e.score(by, e.attribute(vessel, Attribute::kWeapons) + e.attribute(vessel, Attribute::kShields),
          self);
}

}  // namespace

extern const Handler kArbiterOfSuccession{
    .name = "arbiter_of_succession",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = arbiter_plays,
    .still_legal = arbiter_still_legal,
    .resolve = arbiter_resolve,
    .leaving_play = arbiter_leaving,
};

extern const Handler kDatasMedals{
    .name = "datas_medals",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = medals_plays,
    .still_legal = medals_still_legal,
    .resolve = medals_resolve,
    .leaving_play = medals_leaving,
};

extern const Handler kKlingonPainstik{
    .name = "klingon_painstik",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = painstik_plays,
    .resolve = painstik_resolve,
};

extern const Handler kDiscommendation{
    .name = "discommendation",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = discommendation_plays,
    .still_legal = discommendation_still_legal,
    .resolve = discommendation_resolve,
};

extern const Handler kKlingonCivilWar{
    .name = "klingon_civil_war",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .vessel_destroyed = civil_war_vessel_destroyed,
};

extern const Handler kPhaserArrayPowerCell{
    .name = "phaser_array_power_cell",
    .test = "tests/scenarios/card-battle-aftermath.scn",
    .plays = power_cell_plays,
    .announced = power_cell_announced,
    .resolve = power_cell_resolve,
};

}  // namespace spacedock::stccg::handlers
