// Premiere interrupts beyond the starter pool (cards/abilities/premiere-interrupts.md): looks at
// hidden cards (scans), a shuffle, nullifiers of named cards, points for a Klingon's death, a
// returned play, a redrawn card, ships decloaked, seized, sheltered, destabilised, blown up,
// beamed from or sent through a wormhole, Rogue Borg joined or scattered, a groupie, and a
// Vulcan mind meld.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kBorgShip, kCrosis, kKlingonDeathYell, kLossOfOrbitalStability,
    kRogueBorgMercenaries, kTemporalRift, kWormhole;

// A namespace of its own: the unity build puts several handler files in one translation unit,
// where the helpers of two files' anonymous namespaces would clash.
namespace premiere_interrupts {
namespace {

// "Any time" an interrupt may be played (CRD II.2): as an order or in a response window, but
// not while a dilemma is met or between two of them (only the cards that say so).
bool any_time(const WindowFrame* window) {
  return !window ||
         (window->kind != WindowKind::kDilemma && window->kind != WindowKind::kBetweenDilemmas);
}

bool ship_in_space(const Engine& e, CardId c) {
  return e.is_ship(c) && e.state().in_play_at(c) && e.state().cards[c].where == Where::kSpace;
}

bool has_printed_skill(const Engine& e, CardId personnel, std::string_view name) {
  const auto skill = e.state().db->skills().find(name);
  if (!skill) return false;
  const auto& skills = e.state().def(personnel).skills;
  return std::any_of(skills.begin(), skills.end(), [&](const SkillEntry& x) {
    return x.skill == *skill && e.in_skill_box(personnel, x);
  });
}

// --- The Juggler: a player of its player's choice shuffles their draw deck (only the deck,
// CRD IV.8).

void juggler_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (any_time(window)) out.push_back({ActionKind::kPlayInterrupt, self});
}

void juggler_resolve(Engine& e, ActionFrame& f) {
  const auto own = e.yes_no(f.actor);
  if (!own) return;
  e.shuffle_deck(*own ? f.actor : State::other(f.actor));
}

// --- Full Planet Scan (1997 reading, CRD II.4 errata, IV.8): as Scan, on a planet mission: its
// player sees every seed card under it for the rest of the turn; no ship is needed.

bool scanned(const Engine& e, Seat seat, LocIndex loc) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kScanned && x.player == seat && x.loc == loc;
  });
}

void planet_scan_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!any_time(window)) return;
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc) && !scanned(e, seat, loc))
      out.push_back({ActionKind::kPlayInterrupt, self, s.spaceline[loc].mission});
  }
}

void planet_scan_resolve(Engine& e, ActionFrame& f) {
  const LocIndex loc = mission_location(e.state(), f.action.b);
  if (loc == kNoLoc) return;
  Effect scan{.kind = EffectKind::kScanned, .until = Until::kEndOfTurn};
  scan.player = f.actor;
  scan.loc = loc;
  scan.source = f.action.a;
  e.add_effect(scan);
  e.card_acted(f.action.a, loc);  // the scan done, the opponent may answer (Scanner Interference)
}

// --- Klingon Death Yell: answers the death of a Klingon with Honor (either player's, the last
// one too, CRD IV.8): its player scores its 5 points with it in their bonus area. One per death.

bool klingon_with_honor(const Engine& e, CardId c) {
  const CardDef& def = e.state().def(c);
  return def.type() == v1::STCCG_CARD_TYPE_PERSONNEL &&
         (def.affiliations & bit(Affiliation::kKlingon)) != 0 && has_printed_skill(e, c, "Honor");
}

bool death_yelled(const Engine& e, CardId victim) {
  const State& s = e.state();
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.card == victim &&
           s.handler(x.source) == &kKlingonDeathYell;
  });
}

void death_yell_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kKilled) return;
  const CardId victim = window->about;
  if (victim != kNoCard && klingon_with_honor(e, victim) && !death_yelled(e, victim))
    out.push_back({ActionKind::kPlayInterrupt, self, victim});
}

// The first Death Yell announced for a death is the one that counts.
void death_yell_announced(Engine& e, Seat seat, const Action& play) {
  if (death_yelled(e, play.b)) return;
  Effect yelled{.kind = EffectKind::kUsed, .until = Until::kRemoved};
  yelled.source = play.a;
  yelled.card = play.b;
  yelled.player = seat;
  e.add_effect(yelled);
}

Rule death_yell_still_legal(const Engine& e, Seat, const Action& play) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(),
                     [&](const Effect& x) {
                       return x.kind == EffectKind::kUsed && x.source == play.a && x.card == play.b;
                     })
             ? Rule::kOk
             : Rule::kNoTarget;
}

void death_yell_resolve(Engine& e, ActionFrame& f) {
  e.move_card(f.action.a, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.actor);
  e.score(f.actor, e.state().def(f.action.a).card.interrupt().points(), f.action.a);
}

// --- Subspace Interference: nullifies an Incoming Message card (any, CRD IV.8) or a Subspace
// Schism as it is played.

bool interfered_with(const Engine& e, CardId c) {
  const std::string& title = e.state().def(c).title();
  return e.state().def(c).type() == v1::STCCG_CARD_TYPE_INTERRUPT &&
         (title.starts_with("Incoming Message") || title == "Subspace Schism");
}

void interference_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                        std::vector<Action>& out) {
  if (!window) return;
  for (CardId c : e.state().resolving) {
    if (e.just_played(c, State::other(seat)) && interfered_with(e, c) && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule target_being_played(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
}

void nullify_being_played(Engine& e, ActionFrame& f) {
  if (e.state().cards[f.action.b].zone == Zone::kResolving) e.nullify(f.action.b);
}

// --- The Devil: destroys a treaty or a Horga'hn in play, or nullifies a Wind Dancer being met
// (the Wind Dancer never enters play: it is the revealed dilemma, and the group passes it).

bool devil_target_in_play(const Engine& e, CardId c) {
  const State& s = e.state();
  if (!s.in_play_at(c)) return false;
  const CardDef& def = s.def(c);
  const bool treaty = def.type() == v1::STCCG_CARD_TYPE_EVENT && !def.card.event().treaty().empty();
  return treaty || def.title() == "Horga'hn";
}

void devil_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) {
    if (e.state().def(window->about).title() == "Wind Dancer" && e.may_nullify(self, window->about))
      out.push_back({ActionKind::kPlayInterrupt, self, window->about});
    return;
  }
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play) {
    if (devil_target_in_play(e, c) && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule devil_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kResolving || devil_target_in_play(e, play.b)
             ? Rule::kOk
             : Rule::kNoTarget;
}

void devil_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (e.state().cards[target].zone == Zone::kResolving) return e.nullify(target);
  if (!devil_target_in_play(e, target)) return;
  e.emit(ev::Nullified{target, e.state().cards[target].def});
  e.to_discard(target);
}

// --- Tachyon Detection Grid: with four or more ships of its player in play, a cloaked ship
// decloaks at once and may not cloak again this turn.

int ships_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  return static_cast<int>(std::count_if(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_ship(c) && s.cards[c].controller == seat;
  }));
}

void tachyon_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (!any_time(window) || ships_of(e, seat) < 4) return;
  for (CardId c : e.state().in_play) {
    if (ship_in_space(e, c) && e.state().cards[c].cloaked)
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule tachyon_still_legal(const Engine& e, Seat, const Action& play) {
  return ship_in_space(e, play.b) && e.state().cards[play.b].cloaked ? Rule::kOk : Rule::kNoTarget;
}

void tachyon_resolve(Engine& e, ActionFrame& f) {
  CardState& ship = e.state().cards[f.action.b];
  ship.cloaked = false;
  ship.cloak_changed = true;   // no cloaking again this turn (check_cloak: once per turn)
  e.ship_arrived(f.action.b);  // seen again where it is
}

// --- Ship Seizure: one of its player's ships with a Tractor Beam tows away an empty ship at its
// location (discarded), unless that ship is at an outpost of its owner's there.

bool empty_ship(const Engine& e, CardId ship) {
  const State& s = e.state();
  return std::none_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_personnel(c) && s.cards[c].where == Where::kAboard && s.cards[c].host == ship;
  });
}

// Whether the empty ship is "at its outpost": where its owner has a facility, or (a rule option,
// ship_seizure_any_own_facility off) an outpost of the ship's own affiliation.
bool at_own_outpost(const Engine& e, CardId ship) {
  const State& s = e.state();
  const CardId facility = e.facility_of(s.cards[ship].owner, s.cards[ship].loc);
  if (facility == kNoCard) return false;
  return s.options.ship_seizure_any_own_facility ||
         (e.affiliations(facility) & e.affiliations(ship)) != 0;
}

bool seizable(const Engine& e, Seat seat, CardId target) {
  const State& s = e.state();
  if (!ship_in_space(e, target) || s.cards[target].cloaked || !empty_ship(e, target)) return false;
  const LocIndex loc = s.cards[target].loc;
  if (at_own_outpost(e, target)) return false;
  const auto& in_space = s.in_play_where(Where::kSpace);
  return std::any_of(in_space.begin(), in_space.end(), [&](CardId c) {
    return c != target && ship_in_space(e, c) && s.cards[c].controller == seat &&
           s.cards[c].loc == loc &&
           e.has_special_equipment(c, v1::STCCG_SHIP_EQUIPMENT_TRACTOR_BEAM);
  });
}

void seizure_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (seizable(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule seizure_still_legal(const Engine& e, Seat seat, const Action& play) {
  return seizable(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void seizure_resolve(Engine& e, ActionFrame& f) {
  e.to_discard(f.action.b);
}

// --- Loss of Orbital Stability: on a ship orbiting a planet, not docked: RANGE 0 for the rest
// of the turn; it stays on the ship, and at the end of the ship's owner's next turn the ship is
// destroyed unless its current SHIELDS are then above 4; then it is discarded.

// The SHIELDS a blast or a failing orbit is tested against: current, or printed as a rule
// option says (ship_blasts_current_shields).
int tested_shields(const Engine& e, CardId ship) {
  if (e.state().options.ship_blasts_current_shields) return e.attribute(ship, Attribute::kShields);
  return static_cast<int>(e.state().def(ship).card.ship().shields());
}

constexpr int kStableShields = 4;
constexpr std::int16_t kGroundedRange = -999;

bool in_orbit(const Engine& e, CardId ship) {
  return ship_in_space(e, ship) && e.planet(e.state().cards[ship].loc) && !e.docked(ship) &&
         !e.landed(ship);  // a landed shuttle is not in orbit (CRD IV.7 Engage Shuttle Operations)
}

void orbit_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (!any_time(window)) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (!in_orbit(e, c)) continue;
    const auto& on_cards = s.in_play_where(Where::kOn);
    const bool carries_one = std::any_of(on_cards.begin(), on_cards.end(), [&](CardId x) {
      return s.handler(x) == &kLossOfOrbitalStability && s.cards[x].host == c;
    });
    if (!carries_one) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule orbit_still_legal(const Engine& e, Seat, const Action& play) {
  return in_orbit(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void orbit_resolve(Engine& e, ActionFrame& f) {
  const CardId ship = f.action.b;
  place(e, f.action.a, f.actor, ship);
  // Lowered past anything it could be: RANGE 0 (attributes never go below 0), whatever adds.
  Effect grounded{.kind = EffectKind::kAttribute, .until = Until::kEndOfTurn};
  grounded.attribute = Attribute::kRange;
  grounded.source = f.action.a;
  grounded.card = ship;
  grounded.value = kGroundedRange;
  e.add_effect(grounded);
}

// Whether this is the end of the next turn of `ship`'s owner after `self` was placed.
bool owners_next_turn_ends(const Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  return s.active == s.cards[ship].owner && s.turn > placed_on_turn(e, self);
}

void orbit_end_of_turn(Engine& e, CardId self) {
  const CardId ship = e.state().cards[self].host;
  if (!owners_next_turn_ends(e, self, ship)) return;
  if (tested_shields(e, ship) <= kStableShields) {
    // By its player, who played it to destroy the ship (CRD IV.4); the card goes with it.
    e.destroy_vessel(ship, e.state().cards[self].controller);
  } else {
    e.to_discard(self);
  }
}

// --- Auto-Destruct Sequence: on one of its player's ships, as an action (not in a battle): at
// the end of that player's turn the ship is destroyed with everything aboard, and every other
// ship at its location whose current SHIELDS are below 8 is damaged.

constexpr int kBlastShields = 8;

bool in_battle(const Engine& e) {
  return e.top_frame<ShipBattleFrame>() || e.top_frame<PersonnelBattleFrame>();
}

void destruct_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (!any_time(window) || in_battle(e)) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (ship_in_space(e, c) && s.cards[c].controller == seat)
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule destruct_still_legal(const Engine& e, Seat seat, const Action& play) {
  return ship_in_space(e, play.b) && e.state().cards[play.b].controller == seat ? Rule::kOk
                                                                                : Rule::kNoTarget;
}

void destruct_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

void destruct_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const Seat player = s.cards[self].controller;
  if (s.active != player) return;
  const CardId ship = s.cards[self].host;
  const LocIndex loc = s.cards[ship].loc;
  std::vector<CardId> blasted;
  for (CardId c : s.in_play) {
    if (c != ship && ship_in_space(e, c) && s.cards[c].loc == loc &&
        tested_shields(e, c) < kBlastShields)
      blasted.push_back(c);
  }
  e.destroy_vessel(ship, player);
  for (CardId c : blasted) {
    if (e.state().in_play_at(c)) e.damage(c, player, player);
  }
}

// --- Vulcan Mindmeld: on a personnel of its player with Mindmeld: until the end of the turn he
// adds every entry of the skill box of another of its player's personnel present, multipliers
// kept; the printed box only, so that melds do not chain (CRD IV.8).

std::vector<CardId> present_with(const Engine& e, CardId personnel) {
  const State& s = e.state();
  const CardState& p = s.cards[personnel];
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& other = s.cards[c];
    if (c == personnel || !e.is_personnel(c) || other.controller != p.controller ||
        other.where != p.where)
      continue;
    const bool together = p.where == Where::kAboard
                              ? other.host == p.host
                              : p.where == Where::kSurface && other.loc == p.loc;
    if (together && !e.in_stasis(c)) out.push_back(c);
  }
  return out;
}

bool may_meld(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  return e.is_personnel(c) && s.in_play_at(c) && s.cards[c].controller == seat &&
         (s.cards[c].where == Where::kAboard || s.cards[c].where == Where::kSurface) &&
         has_printed_skill(e, c, "Mindmeld") && !present_with(e, c).empty();
}

void mindmeld_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window) return;  // an action of its player's turn: not in answer to a dilemma (CRD IV.8)
  for (CardId c : e.state().in_play) {
    if (may_meld(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule mindmeld_still_legal(const Engine& e, Seat seat, const Action& play) {
  return may_meld(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void mindmeld_resolve(Engine& e, ActionFrame& f) {
  const CardId melder = f.action.b;
  if (!may_meld(e, f.actor, melder)) return;
  const auto partner = e.pick(f.actor, present_with(e, melder));
  if (!partner) return;
  for (const SkillEntry& entry : e.state().def(*partner).skills) {
    if (!e.in_skill_box(*partner, entry)) continue;
    for (int halves = 0; halves + 2 <= entry.halves; halves += 2) {
      Effect gain{.kind = EffectKind::kSkillChanged, .until = Until::kEndOfTurn};
      gain.source = f.action.a;
      gain.card = melder;
      gain.value = entry.skill;
      e.add_effect(gain);
    }
  }
}

// --- Energy Vortex: answers the opponent's play from the hand of a card that is not an
// interrupt (a report, an event, a doorway...): it goes back to the hand without effect, and
// its player's card play is theirs to make again with another card (CRD IV.8).

// The action playing `c`, waiting to resolve (an index into the frame stack), or -1.
int play_of(const State& s, CardId c) {
  for (std::size_t i = 0; i < s.frames.size(); ++i) {
    const auto* action = std::get_if<ActionFrame>(&s.frames[i]);
    if (action && action->action.a == c && action->step != ActionFrame::Step::kResponses)
      return static_cast<int>(i);
  }
  return -1;
}

bool vortex_target(const Engine& e, Seat seat, CardId c) {
  return e.just_played(c, State::other(seat)) &&
         e.state().def(c).type() != v1::STCCG_CARD_TYPE_INTERRUPT && play_of(e.state(), c) >= 0;
}

void vortex_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kResponse) return;
  for (CardId c : e.state().resolving) {
    if (vortex_target(e, seat, c) && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule vortex_still_legal(const Engine& e, Seat seat, const Action& play) {
  return vortex_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void vortex_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  const int frame = play_of(e.state(), target);
  if (frame < 0) return;
  ActionFrame& returned = std::get<ActionFrame>(e.state().frames[frame]);
  returned.nullified = true;
  // The turn's card play, if that play was it, is to be made again; a doorway or a report that
  // is not the card play (D'k Tahg) used none.
  const ActionKind kind = returned.action.kind;
  const bool was_card_play =
      kind != ActionKind::kPlayDoorway && !(kind == ActionKind::kReport && e.free_report(target));
  const Seat owner = e.state().cards[target].owner;
  e.move_card(target, Zone::kHand);
  if (was_card_play) e.state().players[owner].card_played = false;
}

// --- Life-form Scan, Jaglom Shrek - Information Broker, Long-Range Scan: its player sees, for
// the rest of the turn, the opponent's hand, the opponent's draw deck in its order (not
// shuffled), or everything aboard one ship (kViewing; Engine::views_granted).

void add_view(Engine& e, const ActionFrame& f, CardId ship, bool deck) {
  Effect view{.kind = EffectKind::kViewing, .until = Until::kEndOfTurn, .flag = deck};
  view.player = f.actor;
  view.source = f.action.a;
  view.card = ship;
  e.add_effect(view);
}

void look_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (any_time(window)) out.push_back({ActionKind::kPlayInterrupt, self});
}

void hand_look_resolve(Engine& e, ActionFrame& f) {
  add_view(e, f, kNoCard, false);
}

void deck_look_resolve(Engine& e, ActionFrame& f) {
  add_view(e, f, kNoCard, true);
}

// Not a cloaked ship, nor one with long-range scan shielding (CRD IV.11.A: Mercenary Ship).
bool scannable(const Engine& e, CardId ship) {
  return ship_in_space(e, ship) && !e.state().cards[ship].cloaked &&
         !e.has_special_equipment(ship, v1::STCCG_SHIP_EQUIPMENT_LONG_RANGE_SCAN_SHIELDING);
}

void ship_look_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play) {
    if (scannable(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule ship_look_still_legal(const Engine& e, Seat, const Action& play) {
  return scannable(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void ship_look_resolve(Engine& e, ActionFrame& f) {
  add_view(e, f, f.action.b, false);
}

// --- Hugh: either the Borg Ship dilemma makes no attack for the rest of the turn (it stays and
// still moves, CRD IV.5C), or every Rogue Borg at one location is discarded (the reading the
// abilities file recommends; named by one of them).

bool hugh_target(const Engine& e, CardId c) {
  const State& s = e.state();
  return s.in_play_at(c) && (s.handler(c) == &kBorgShip || s.handler(c) == &kRogueBorgMercenaries);
}

void hugh_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (!any_time(window)) return;
  const State& s = e.state();
  std::vector<LocIndex> rogue_locations;
  for (CardId c : s.in_play) {
    if (!hugh_target(e, c)) continue;
    if (s.handler(c) == &kBorgShip) {
      if (!e.has_effect(EffectKind::kNoAttacks, c))
        out.push_back({ActionKind::kPlayInterrupt, self, c});
      continue;
    }
    const LocIndex loc = e.location_of(c);  // one play per location
    if (std::find(rogue_locations.begin(), rogue_locations.end(), loc) != rogue_locations.end())
      continue;
    rogue_locations.push_back(loc);
    out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule hugh_still_legal(const Engine& e, Seat, const Action& play) {
  return hugh_target(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void hugh_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId target = f.action.b;
  if (!hugh_target(e, target)) return;
  if (s.handler(target) == &kBorgShip) {
    Effect calm{.kind = EffectKind::kNoAttacks, .until = Until::kEndOfTurn};
    calm.source = f.action.a;
    calm.card = target;
    e.add_effect(calm);
    return;
  }
  const LocIndex loc = e.location_of(target);
  for (CardId c : std::vector<CardId>(s.in_play)) {
    const bool rogue = s.handler(c) == &kRogueBorgMercenaries || s.handler(c) == &kCrosis;
    if (s.in_play_at(c) && rogue && e.location_of(c) == loc) e.to_discard(c);
  }
}

// --- Asteroid Sanctuary: on an undocked ship of its player with 2 Navigation aboard: no battle
// may be initiated against it for the rest of the turn (kBattleShielded).

// Asked in every window while an Asteroid Sanctuary is held, for every card in play: the skill is
// looked up only for a ship of the player's in space.
bool sheltered_ship(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  if (!ship_in_space(e, ship) || s.cards[ship].controller != seat || e.docked(ship) ||
      e.has_effect(EffectKind::kBattleShielded, ship))
    return false;
  const auto navigation = s.db->skills().find("Navigation");
  return navigation && has_skill(e, e.crew(ship), *navigation, 4);
}

void sanctuary_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (sheltered_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule sanctuary_still_legal(const Engine& e, Seat seat, const Action& play) {
  return sheltered_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void sanctuary_resolve(Engine& e, ActionFrame& f) {
  Effect shelter{.kind = EffectKind::kBattleShielded, .until = Until::kEndOfTurn};
  shelter.source = f.action.a;
  shelter.card = f.action.b;
  e.add_effect(shelter);  // a battle already under way does not hit it (Engine::fire)
}

// --- Alien Groupie: answers the completion of a planet mission by an Away Team (either
// player's): one male of it, at random, may not beam up until the end of his player's next
// turn (CRD II.2 "full turn": the affected player's). The card rides on him meanwhile. A Jealous
// Amanda in play may override it (Engine::relocation_chooser): the player it names sends him to
// a planet of their choice instead, and the Groupie is discarded; or lets it act (done).
// `f.chosen`: the male picked, while that player is asked.

// The males of the Away Team of `member` on the planet at `loc`.
std::vector<CardId> groupie_males(const Engine& e, CardId member, LocIndex loc) {
  std::vector<CardId> males;
  const State& s = e.state();
  if (member == kNoCard || !s.in_play_at(member) || s.cards[member].where != Where::kSurface)
    return males;
  for (CardId c : e.attempt_group(s.cards[member].controller, loc, member)) {
    if (s.in_play_at(c) && s.cards[c].where == Where::kSurface && e.gender(c) == Gender::kMale)
      males.push_back(c);
  }
  return males;
}

// The completion window being answered at the location of `mission`: its `about` is the first
// member of the team that completed it.
const WindowFrame* completion_window(const Engine& e, CardId mission) {
  const State& s = e.state();
  const LocIndex loc = mission_location(s, mission);
  for (const Frame& frame : s.frames) {
    const auto* w = std::get_if<WindowFrame>(&frame);
    if (w && w->kind == WindowKind::kCompleted && w->loc == loc) return w;
  }
  return nullptr;
}

// Played on the mission just completed.
void groupie_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kCompleted && e.planet(window->loc) &&
      !groupie_males(e, window->about, window->loc).empty())
    out.push_back({ActionKind::kPlayInterrupt, self, e.state().spaceline[window->loc].mission});
}

void groupie_resolve(Engine& e, ActionFrame& f) {
  if (f.chosen == kNoCard) {
    const WindowFrame* window = completion_window(e, f.action.b);
    if (!window) return;
    const std::vector<CardId> males = groupie_males(e, window->about, window->loc);
    if (males.empty()) return;
    f.chosen = e.random_member(males);
  }
  const CardId male = f.chosen;
  const State& s = e.state();
  if (const Seat chooser = e.relocation_chooser(f.action.a, s.cards[male].controller);
      chooser != kNoSeat) {
    std::vector<CardId> planets;
    for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
      if (e.planet(loc)) planets.push_back(s.spaceline[loc].mission);
    }
    const auto to = e.pick_or_done(chooser, planets);
    if (!to) return;
    if (*to != kNoCard) {
      e.move_card(male, Zone::kPlay, Where::kSurface, s.cards[*to].loc);
      return;  // instead of the Groupie's hold: it is discarded
    }
  }
  place(e, f.action.a, f.actor, male);
  Effect held{.kind = EffectKind::kBeamedDown, .until = Until::kSourceLeaves};
  held.source = f.action.a;
  held.card = male;
  e.add_effect(held);
}

void groupie_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const CardId male = s.cards[self].host;
  // Whose full turn (CRD II.2): the male's player's, or the rule option's other reading.
  const Seat subject = s.options.alien_groupie_affected_players_turn ? s.cards[male].controller
                                                                     : s.cards[self].controller;
  if (s.active == subject && s.turn > placed_on_turn(e, self)) e.to_discard(self);
}

// --- Wormhole: two played together on a ship of its player before it moves this turn: the
// ship goes at once to any other spaceline location, spending none of its RANGE and free to
// move on (1997 reading, CRD IV.8). The second Wormhole leaves the hand as the play resolves.

CardId second_wormhole(const Engine& e, Seat seat, CardId self) {
  for (CardId c : e.state().players[seat].hand) {
    if (c != self && e.state().handler(c) == &kWormhole) return c;
  }
  return kNoCard;
}

bool wormhole_ship(const Engine& e, Seat seat, CardId ship) {
  const CardState& card = e.state().cards[ship];
  return ship_in_space(e, ship) && card.controller == seat && card.range_used == 0 &&
         !card.stopped && e.state().spaceline.size() > 1;
}

void wormhole_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window || seat != e.state().active || second_wormhole(e, seat, self) == kNoCard) return;
  for (CardId c : e.state().in_play) {
    if (wormhole_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule wormhole_still_legal(const Engine& e, Seat seat, const Action& play) {
  return wormhole_ship(e, seat, play.b) && second_wormhole(e, seat, play.a) != kNoCard
             ? Rule::kOk
             : Rule::kNoTarget;
}

void wormhole_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId ship = f.action.b;
  std::vector<CardId> destinations;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (loc != s.cards[ship].loc) destinations.push_back(s.spaceline[loc].mission);
  }
  const auto chosen = e.pick(f.actor, destinations);
  if (!chosen) return;
  const CardId partner = second_wormhole(e, f.actor, f.action.a);
  if (partner == kNoCard || !wormhole_ship(e, f.actor, ship)) return;
  e.to_discard(partner);
  CardState& card = s.cards[ship];
  const LocIndex from = card.loc;
  card.loc = mission_location(s, *chosen);
  card.undocked = false;
  card.docked_all_turn = false;
  e.emit(ev::ShipMoved{ship, from, card.loc, 0});
}

// --- Near-Warp Transport: up to six of its player's personnel and equipment beam from one of
// their ships (not docked) to the next location on either side: to their ship or facility
// there, or to the planet there (named by its mission). It is beaming: the usual obstacles and
// compatibility hold (CRD IV.8, III.5). The destination first, then the cards one by one.

constexpr std::uint8_t kNearWarpCards = 6;

std::vector<CardId> near_warp_destinations(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  const LocIndex here = s.cards[ship].loc;
  std::vector<CardId> out;
  for (int step : {-1, 1}) {
    const int at = static_cast<int>(here) + step;
    if (at < 0 || at >= static_cast<int>(s.spaceline.size())) continue;
    const auto loc = static_cast<LocIndex>(at);
    for (CardId c : s.in_play) {
      const CardState& vessel = s.cards[c];
      if ((e.is_ship(c) || e.is_facility(c)) && vessel.where == Where::kSpace &&
          vessel.loc == loc && vessel.controller == seat && !vessel.cloaked)
        out.push_back(c);
    }
    if (e.planet(loc)) out.push_back(s.spaceline[loc].mission);
  }
  return out;
}

bool may_near_warp(const Engine& e, Seat seat, CardId card, CardId to) {
  const State& s = e.state();
  if (e.may_transfer(seat, card) != Rule::kOk) return false;
  if (e.is_ship(to) || e.is_facility(to)) {
    return e.may_board(seat, card, to, s.cards[to].loc, e.crew(to)) == Rule::kOk &&
           !e.beaming_blocked(card, to);
  }
  return e.may_beam_down(card, mission_location(s, to)) == Rule::kOk;
}

std::vector<CardId> near_warp_cargo(const Engine& e, Seat seat, CardId ship, CardId to) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (s.cards[c].where == Where::kAboard && s.cards[c].host == ship &&
        (to == kNoCard ? e.may_transfer(seat, c) == Rule::kOk : may_near_warp(e, seat, c, to)))
      out.push_back(c);
  }
  return out;
}

bool near_warp_ship(const Engine& e, Seat seat, CardId ship) {
  const CardState& card = e.state().cards[ship];
  return ship_in_space(e, ship) && card.controller == seat && !card.cloaked && !e.docked(ship) &&
         !near_warp_destinations(e, seat, ship).empty() &&
         !near_warp_cargo(e, seat, ship, kNoCard).empty();
}

void near_warp_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play) {
    if (near_warp_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule near_warp_still_legal(const Engine& e, Seat seat, const Action& play) {
  return near_warp_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void near_warp_resolve(Engine& e, ActionFrame& f) {
  const CardId ship = f.action.b;
  if (f.chosen == kNoCard) {
    const auto to = e.pick(f.actor, near_warp_destinations(e, f.actor, ship));
    if (!to) return;
    f.chosen = *to;
  }
  const CardId to = f.chosen;
  while (f.sub < kNearWarpCards) {
    const std::vector<CardId> cargo = near_warp_cargo(e, f.actor, ship, to);
    if (cargo.empty()) return;
    const auto card = e.pick_or_done(f.actor, cargo);
    if (!card || *card == kNoCard) return;
    if (e.is_ship(to) || e.is_facility(to)) {
      e.move_card(*card, Zone::kPlay, Where::kAboard, kNoLoc, to);
    } else {
      e.move_card(*card, Zone::kPlay, Where::kSurface, mission_location(e.state(), to));
    }
    ++f.sub;
  }
}

// --- Crosis: played on a ship where its player's Rogue Borg are (CRD IV.8), he joins them as one
// of their number (his data's "Rogue Borg" keyword: rules/battle/personnel_battle.cpp) and
// doubles the group's STRENGTH while he is with it (a STRENGTH multiplier on him; the largest
// one counts, so a second Crosis does not double again).

bool rogue_borg_ship(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  const auto& on_cards = s.in_play_where(Where::kOn);
  return ship_in_space(e, ship) && std::any_of(on_cards.begin(), on_cards.end(), [&](CardId c) {
           return s.handler(c) == &kRogueBorgMercenaries && s.cards[c].where == Where::kOn &&
                  s.cards[c].host == ship && s.cards[c].controller == seat;
         });
}

void crosis_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (!any_time(window)) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (rogue_borg_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule crosis_still_legal(const Engine& e, Seat seat, const Action& play) {
  return rogue_borg_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void crosis_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  place(e, self, f.actor, f.action.b);
  Effect doubled{.kind = EffectKind::kAttributeTimes, .until = Until::kSourceLeaves};
  doubled.attribute = Attribute::kStrength;
  doubled.source = self;
  doubled.card = self;
  doubled.value = 2;
  e.add_effect(doubled);
}

// --- Subspace Schism: in the window just after a player's end-of-turn draw (only that draw,
// CRD IV.8), that player discards the card just drawn and draws another.

void schism_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDrawn && window->about != kNoCard &&
      e.state().cards[window->about].zone == Zone::kHand)
    out.push_back({ActionKind::kPlayInterrupt, self, window->about});
}

Rule schism_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kHand ? Rule::kOk : Rule::kNoTarget;
}

void schism_resolve(Engine& e, ActionFrame& f) {
  const CardId drawn = f.action.b;
  if (e.state().cards[drawn].zone != Zone::kHand) return;
  const Seat drawer = e.state().cards[drawn].owner;
  e.to_discard(drawn);
  e.draw(drawer);
}

// --- Temporal Rift: on an undocked ship of its player: the ship leaves play with everything
// aboard and on it, stored under the Rift on its player's table (not in play: nothing reaches
// it, and what is on it waits), and comes back to the same location at the end of its player's
// next turn, not stopped (the recommended reading); then the Rift is discarded (common.h
// store_ship).

bool rift_ship(const Engine& e, Seat seat, CardId ship) {
  return ship_in_space(e, ship) && e.state().cards[ship].controller == seat && !e.docked(ship);
}

void rift_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (!any_time(window) || e.top_frame<ShipBattleFrame>()) return;  // an action: not in a battle
  for (CardId c : e.state().in_play) {
    if (rift_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule rift_still_legal(const Engine& e, Seat seat, const Action& play) {
  return rift_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void rift_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor);
  store_ship(e, f.action.a, f.action.b);
}

// Whether the ship comes back at the end of the turn being played.
bool rift_returns_this_turn(const Engine& e, CardId self) {
  const State& s = e.state();
  return s.active == s.cards[self].controller && s.turn > placed_on_turn(e, self);
}

void rift_end_of_turn(Engine& e, CardId self) {
  if (!rift_returns_this_turn(e, self)) return;
  return_stored_ship(e, self);
  e.to_discard(self);
}

// The ship's coming back must happen on its player's next turn unless it is this one
// (Samuel Clemens' Pocketwatch may bring it forward, CRD IV.4).
bool rift_due_next_turn(const Engine& e, CardId self, Seat seat) {
  return e.state().cards[self].controller == seat && !rift_returns_this_turn(e, self);
}

void rift_bring_forward(Engine& e, CardId self, Seat) {
  return_stored_ship(e, self);
  e.to_discard(self);
}

}  // namespace
}  // namespace premiere_interrupts

extern const Handler kTheJuggler{
    .name = "the_juggler",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::juggler_plays,
    .resolve = premiere_interrupts::juggler_resolve,
    .question = "whose draw deck is shuffled?",
    .yes_label = "Your own",
    .no_label = "Your opponent's",
};

extern const Handler kFullPlanetScan{
    .name = "full_planet_scan",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::planet_scan_plays,
    .resolve = premiere_interrupts::planet_scan_resolve,
};

extern const Handler kKlingonDeathYell{
    .name = "klingon_death_yell",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::death_yell_plays,
    .still_legal = premiere_interrupts::death_yell_still_legal,
    .announced = premiere_interrupts::death_yell_announced,
    .resolve = premiere_interrupts::death_yell_resolve,
};

extern const Handler kSubspaceInterference{
    .name = "subspace_interference",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::interference_plays,
    .still_legal = premiere_interrupts::target_being_played,
    .resolve = premiere_interrupts::nullify_being_played,
};

extern const Handler kTheDevil{
    .name = "the_devil",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::devil_plays,
    .still_legal = premiere_interrupts::devil_still_legal,
    .resolve = premiere_interrupts::devil_resolve,
};

extern const Handler kTachyonDetectionGrid{
    .name = "tachyon_detection_grid",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::tachyon_plays,
    .still_legal = premiere_interrupts::tachyon_still_legal,
    .resolve = premiere_interrupts::tachyon_resolve,
};

extern const Handler kShipSeizure{
    .name = "ship_seizure",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::seizure_plays,
    .still_legal = premiere_interrupts::seizure_still_legal,
    .resolve = premiere_interrupts::seizure_resolve,
};

extern const Handler kLossOfOrbitalStability{
    .name = "loss_of_orbital_stability",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::orbit_plays,
    .still_legal = premiere_interrupts::orbit_still_legal,
    .resolve = premiere_interrupts::orbit_resolve,
    .end_of_turn = premiere_interrupts::orbit_end_of_turn,
};

extern const Handler kAutoDestructSequence{
    .name = "auto_destruct_sequence",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::destruct_plays,
    .still_legal = premiere_interrupts::destruct_still_legal,
    .resolve = premiere_interrupts::destruct_resolve,
    .end_of_turn = premiere_interrupts::destruct_end_of_turn,
};

extern const Handler kVulcanMindmeld{
    .name = "vulcan_mindmeld",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::mindmeld_plays,
    .still_legal = premiere_interrupts::mindmeld_still_legal,
    .resolve = premiere_interrupts::mindmeld_resolve,
    .choose_label = "choose the personnel present whose skills your Mindmeld personnel adds",
};

extern const Handler kEnergyVortex{
    .name = "energy_vortex",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::vortex_plays,
    .still_legal = premiere_interrupts::vortex_still_legal,
    .resolve = premiere_interrupts::vortex_resolve,
};

extern const Handler kLifeFormScan{
    .name = "life_form_scan",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::look_plays,
    .resolve = premiere_interrupts::hand_look_resolve,
};

extern const Handler kJaglomShrek{
    .name = "jaglom_shrek_information_broker",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::look_plays,
    .resolve = premiere_interrupts::deck_look_resolve,
};

extern const Handler kLongRangeScan{
    .name = "long_range_scan",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::ship_look_plays,
    .still_legal = premiere_interrupts::ship_look_still_legal,
    .resolve = premiere_interrupts::ship_look_resolve,
};

extern const Handler kHugh{
    .name = "hugh",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::hugh_plays,
    .still_legal = premiere_interrupts::hugh_still_legal,
    .resolve = premiere_interrupts::hugh_resolve,
};

extern const Handler kAsteroidSanctuary{
    .name = "asteroid_sanctuary",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::sanctuary_plays,
    .still_legal = premiere_interrupts::sanctuary_still_legal,
    .resolve = premiere_interrupts::sanctuary_resolve,
};

extern const Handler kAlienGroupie{
    .name = "alien_groupie",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::groupie_plays,
    .resolve = premiere_interrupts::groupie_resolve,
    .end_of_turn = premiere_interrupts::groupie_end_of_turn,
};

extern const Handler kWormhole{
    .name = "wormhole",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::wormhole_plays,
    .still_legal = premiere_interrupts::wormhole_still_legal,
    .resolve = premiere_interrupts::wormhole_resolve,
    .choose_label = "choose the spaceline location the ship goes to",
};

extern const Handler kNearWarpTransport{
    .name = "near_warp_transport",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::near_warp_plays,
    .still_legal = premiere_interrupts::near_warp_still_legal,
    .resolve = premiere_interrupts::near_warp_resolve,
    .choose_label = "choose where to beam (a ship or facility of yours, or a planet), then what",
};

extern const Handler kCrosis{
    .name = "crosis",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::crosis_plays,
    .still_legal = premiere_interrupts::crosis_still_legal,
    .resolve = premiere_interrupts::crosis_resolve,
};

extern const Handler kSubspaceSchism{
    .name = "subspace_schism",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = premiere_interrupts::schism_plays,
    .still_legal = premiere_interrupts::schism_still_legal,
    .resolve = premiere_interrupts::schism_resolve,
    .answers_draw = true,
};

extern const Handler kTemporalRift{
    .name = "temporal_rift",
    .test = "tests/scenarios/card-premiere-interrupts-ships.scn",
    .plays = premiere_interrupts::rift_plays,
    .still_legal = premiere_interrupts::rift_still_legal,
    .resolve = premiere_interrupts::rift_resolve,
    .end_of_turn = premiere_interrupts::rift_end_of_turn,
    // Everything stored comes back also as the Rift leaves play some other way.
    .leaving_play = return_stored_ship,
    .due_next_turn = premiere_interrupts::rift_due_next_turn,
    .bring_forward = premiere_interrupts::rift_bring_forward,
};

}  // namespace spacedock::stccg::handlers
