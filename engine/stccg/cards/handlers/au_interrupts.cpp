// Alternate Universe interrupts (cards/abilities/au-interrupts.md): Dead in Bed kills a personnel
// in stasis; Humuhumunukunukuapua'a changes attributes at one location for the turn; Kevin
// Uxbridge: Convergence nullifies every event at one location; Romulan Ambush destroys a weak ship
// beside a D'deridex and captures one of its crew; Jamaharon nullifies Horga'hn or Parallel
// Romance, or sends a lone male to Risa; Devidian Foragers feeds two discarded personnel's
// attributes to an AU personnel for the turn; Vorgon Raiders trade Ajur and Boratus for an
// artifact; Fire Sculptor moves a fire to an opposing ship, removes a discarded card from the
// game or nullifies Frigid; Countermanda strips three cards from a discard pile before a Res-Q or
// Palor Toff takes from it, or nullifies a Telepathic Alien Kidnappers; Vulcan Nerve Pinch stuns
// opponents at the start of a personnel battle; Isabella dooms a ship at a nebula with no Youth
// aboard; Destroy Radioactive Garbage Scow blows up a Scow with everyone off the ships there; Seize
// Wesley disables a crew hooked by the Ktarian Game and captures Wesley.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <optional>
#include <utility>
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Interrupts resolve in any window but a dilemma's, where only dilemma cancellers are offered.
bool outside_dilemma(const WindowFrame* window) {
  return !window || window->kind != WindowKind::kDilemma;
}

// --- Dead in Bed: one personnel in stasis, its player's choice, any player's, is killed
// (CRD II.4 errata; IV.8: a disabled personnel is not in stasis).

void dead_in_bed_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (e.is_personnel(c) && e.in_stasis(c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule dead_in_bed_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().in_play_at(play.b) && e.in_stasis(play.b) ? Rule::kOk : Rule::kNoTarget;
}

void dead_in_bed_resolve(Engine& e, ActionFrame& f) {
  if (dead_in_bed_still_legal(e, f.actor, f.action) == Rule::kOk) e.kill(f.action.b);
}

// --- Humuhumunukunukuapua'a: at one spaceline location, until the end of the turn, its player's
// personnel with Youth are CUNNING and STRENGTH +4 and the other player's Non-Aligned personnel
// -4 (au.md AMBIGUOUS: only those at that location; taken: those there as it resolves).

// A play aimed at a spaceline location names the mission there.
void at_each_location(const Engine& e, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (LocIndex loc = 0; loc < e.state().spaceline.size(); ++loc)
    out.push_back({ActionKind::kPlayInterrupt, self, e.state().spaceline[loc].mission});
}

void humuhumu_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  at_each_location(e, self, window, out);
}

void change_for_the_turn(Engine& e, CardId source, CardId personnel, int value) {
  for (const Attribute a : {Attribute::kCunning, Attribute::kStrength}) {
    Effect change{.kind = EffectKind::kAttribute, .until = Until::kEndOfTurn};
    change.attribute = a;
    change.source = source;
    change.card = personnel;
    change.value = static_cast<std::int16_t>(value);
    e.add_effect(change);
  }
}

void humuhumu_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const auto youth = s.db->skills().find("Youth");
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (!e.is_personnel(c) || e.location_of(c) != mission_location(s, f.action.b)) continue;
    if (s.cards[c].controller == f.actor) {
      if (youth && e.facts(c).skills[*youth] > 0) change_for_the_turn(e, f.action.a, c, 4);
    } else if (e.affiliations(c) & bit(Affiliation::kNonAligned)) {
      change_for_the_turn(e, f.action.a, c, -4);
    }
  }
}

// --- Kevin Uxbridge: Convergence: every event at one spaceline location, on a ship or mission
// there included, is nullified (CRD II.4 errata, IV.8); events on the table are at no location.

std::vector<CardId> events_at(const Engine& e, CardId self, LocIndex loc) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (s.type(c) == v1::STCCG_CARD_TYPE_EVENT && s.cards[c].where != Where::kTable &&
        e.location_of(c) == loc && e.may_nullify(self, c))
      out.push_back(c);
  }
  return out;
}

void convergence_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (LocIndex loc = 0; loc < e.state().spaceline.size(); ++loc) {
    if (!events_at(e, self, loc).empty())
      out.push_back({ActionKind::kPlayInterrupt, self, e.state().spaceline[loc].mission});
  }
}

void convergence_resolve(Engine& e, ActionFrame& f) {
  for (CardId c : events_at(e, f.action.a, mission_location(e.state(), f.action.b))) {
    if (e.state().in_play_at(c)) e.nullify(c);
  }
}

// --- Romulan Ambush: where a D'deridex-class ship of its player is with an uncloaked ship of the
// other player whose SHIELDS are under 6, that ship is destroyed without a battle and its crew
// dies, but for one its player chooses, who becomes their captive (au.md).

bool ambush_target(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  const CardState& target = s.cards[ship];
  if (!e.is_ship(ship) || !s.in_play_at(ship) || target.where != Where::kSpace ||
      target.controller == seat || target.cloaked || e.attribute(ship, Attribute::kShields) >= 6)
    return false;
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    const CardState& mine = s.cards[c];
    return e.is_ship(c) && mine.controller == seat && mine.where == Where::kSpace &&
           mine.loc == target.loc && s.def(c).card.ship().ship_class() == "D'deridex Class";
  });
}

void ambush_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (ambush_target(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule ambush_still_legal(const Engine& e, Seat seat, const Action& play) {
  return ambush_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void ambush_resolve(Engine& e, ActionFrame& f) {
  const CardId ship = f.action.b;
  if (f.sub == 0 && !ambush_target(e, f.actor, ship)) return;
  f.sub = 1;
  const std::vector<CardId> crew = e.crew(ship);
  if (!crew.empty()) {
    const auto spared = e.pick(f.actor, crew);
    if (!spared) return;  // asking
    e.capture(*spared, f.actor, kNoCard, /*source_goes_along=*/false);
  }
  e.destroy_vessel(ship, f.actor);
}

// --- Jamaharon: nullifies a Horga'hn in play, or a Parallel Romance being met; or, with Risa
// Shore Leave on the spaceline, one of its player's males alone on a planet (no other personnel
// of theirs there) goes straight to Risa's surface.

LocIndex risa_location(const Engine& e) {
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (s.def(s.spaceline[loc].mission).title() == "Risa Shore Leave") return loc;
  }
  return kNoLoc;
}

// `risa` is where Risa Shore Leave is (risa_location), looked up once by the caller.
bool lone_male_for_risa(const Engine& e, Seat seat, CardId c, LocIndex risa) {
  const State& s = e.state();
  const CardState& p = s.cards[c];
  if (risa == kNoLoc || !e.is_personnel(c) || !s.in_play_at(c) || p.where != Where::kSurface ||
      p.controller != seat || p.loc == risa || e.in_stasis(c) || e.gender(c) != Gender::kMale)
    return false;
  const auto& surface = s.in_play_where(Where::kSurface);
  return std::none_of(surface.begin(), surface.end(), [&](CardId other) {
    return other != c && e.is_personnel(other) && s.cards[other].loc == p.loc &&
           s.cards[other].controller == seat;
  });
}

bool titled(const Engine& e, CardId c, std::string_view title) {
  return e.state().def(c).title() == title;
}

void jamaharon_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) {
    if (titled(e, window->about, "Parallel Romance") && e.may_nullify(self, window->about))
      out.push_back({ActionKind::kPlayInterrupt, self, window->about});
    return;
  }
  // Asked at every decision while a Jamaharon is held: the Horga'hn is an artifact, the males
  // stand on a planet, so most cards in play are passed over before any title is compared.
  const State& s = e.state();
  const LocIndex risa = risa_location(e);
  for (CardId c : s.in_play) {
    const bool horgahn = s.type(c) == v1::STCCG_CARD_TYPE_ARTIFACT && titled(e, c, "Horga'hn") &&
                         e.may_nullify(self, c);
    if (horgahn || lone_male_for_risa(e, seat, c, risa))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule jamaharon_still_legal(const Engine& e, Seat seat, const Action& play) {
  const State& s = e.state();
  if (e.is_personnel(play.b))
    return lone_male_for_risa(e, seat, play.b, risa_location(e)) ? Rule::kOk : Rule::kNoTarget;
  const Zone zone = s.cards[play.b].zone;
  return zone == Zone::kPlay || zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
}

void jamaharon_resolve(Engine& e, ActionFrame& f) {
  if (jamaharon_still_legal(e, f.actor, f.action) != Rule::kOk) return;
  if (e.is_personnel(f.action.b)) {
    e.move_card(f.action.b, Zone::kPlay, Where::kSurface, risa_location(e));
  } else {
    e.nullify(f.action.b);
  }
}

// --- Devidian Foragers: two personnel of one discard pile (either player's) go out of play, and
// until the end of the turn one of its player's AU-icon personnel in play adds their printed
// INTEGRITY, CUNNING and STRENGTH to its own (au.md). Its player picks the two, then the
// personnel fed.

std::vector<CardId> personnel_discarded(const Engine& e, Seat owner) {
  std::vector<CardId> out;
  for (CardId c : e.state().players[owner].discard) {
    if (e.is_personnel(c)) out.push_back(c);
  }
  return out;
}

std::vector<CardId> forager_piles(const Engine& e) {
  std::vector<CardId> out;
  for (Seat seat = 0; seat < 2; ++seat) {
    const std::vector<CardId> pile = personnel_discarded(e, seat);
    if (pile.size() >= 2) out.insert(out.end(), pile.begin(), pile.end());
  }
  return out;
}

std::vector<CardId> au_personnel_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.cards[c].controller == seat && !e.in_stasis(c) &&
        (s.traits(c).icons & (1u << v1::STCCG_ICON_AU)))
      out.push_back(c);
  }
  return out;
}

void foragers_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (outside_dilemma(window) && !forager_piles(e).empty() && !au_personnel_of(e, seat).empty())
    out.push_back({ActionKind::kPlayInterrupt, self});
}

// Each personnel put out of play is marked (a counter: source the Foragers, card the personnel;
// marked_by) until its attributes are added. Doubled by an Ophidian Cane, four go, not two
// (au.md); with fewer left in the pile, those there are.
void forage(Engine& e, CardId self, CardId personnel) {
  e.move_card(personnel, Zone::kOutOfPlay);
  Effect mark{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  mark.source = self;
  mark.card = personnel;
  e.add_effect(mark);
}

void foragers_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const CardId self = f.action.a;
  const std::uint8_t wanted = e.has_effect(EffectKind::kDoubled, self) ? 4 : 2;
  if (f.sub == 0) {
    const std::vector<CardId> piles = forager_piles(e);
    if (piles.empty() || au_personnel_of(e, f.actor).empty()) return;
    const auto first = e.pick(f.actor, piles);
    if (!first) return;
    f.chosen = *first;  // its owner's pile gives the others
    forage(e, self, *first);
    f.sub = 1;
  }
  while (f.sub < wanted) {
    const std::vector<CardId> pile = personnel_discarded(e, s.cards[f.chosen].owner);
    if (pile.empty()) break;
    const auto next = e.pick(f.actor, pile);
    if (!next) return;
    forage(e, self, *next);
    ++f.sub;
  }
  const auto fed = e.pick(f.actor, au_personnel_of(e, f.actor));
  if (!fed) return;
  std::array<int, kAttributeCount> gains{};
  for (CardId c : marked_by(e, self)) {
    const auto& printed = s.def(c).card.personnel();
    gains[static_cast<std::size_t>(Attribute::kIntegrity)] += printed.integrity();
    gains[static_cast<std::size_t>(Attribute::kCunning)] += printed.cunning();
    gains[static_cast<std::size_t>(Attribute::kStrength)] += printed.strength();
  }
  e.end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kCounter && x.source == self; });
  for (const Attribute attribute :
       {Attribute::kIntegrity, Attribute::kCunning, Attribute::kStrength}) {
    Effect gain{.kind = EffectKind::kAttribute, .until = Until::kEndOfTurn};
    gain.attribute = attribute;
    gain.source = self;
    gain.card = *fed;
    gain.value = static_cast<std::int16_t>(gains[static_cast<std::size_t>(attribute)]);
    e.add_effect(gain);
  }
}

// --- Vorgon Raiders: with its player's Ajur and Boratus both in play, both are discarded and its
// player takes control of one artifact in play that another player controls, or of one the
// other player has just played as an interrupt, which then resolves as the thief's, on the
// target it was played on (au.md; CRD IV.8: it goes back to its owner after the game; an earned
// artifact that only acts once, Betazoid Gift Box, is never played, so it has no play to take).

std::vector<CardId> vorgons_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (const char* title : {"Ajur", "Boratus"}) {
    for (CardId c : s.in_play) {
      if (s.cards[c].controller == seat && s.def(c).title() == title) {
        out.push_back(c);
        break;
      }
    }
  }
  return out;
}

// The other player's play of artifact `c` as an interrupt, still to resolve.
const ActionFrame* artifact_play(const State& s, Seat seat, CardId c) {
  for (const Frame& frame : s.frames) {
    const auto* play = std::get_if<ActionFrame>(&frame);
    if (play && play->action.kind == ActionKind::kPlayInterrupt && play->action.a == c &&
        play->actor != seat && !play->nullified)
      return play;
  }
  return nullptr;
}

bool raidable(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  if (s.type(c) != v1::STCCG_CARD_TYPE_ARTIFACT) return false;
  if (s.cards[c].zone == Zone::kResolving) return artifact_play(s, seat, c) != nullptr;
  return s.cards[c].zone == Zone::kPlay && s.cards[c].controller != seat;
}

void raiders_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (!outside_dilemma(window) || vorgons_of(e, seat).size() != 2) return;
  for (CardId c : e.state().in_play) {
    if (raidable(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
  for (CardId c : e.state().resolving) {
    if (raidable(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule raiders_still_legal(const Engine& e, Seat seat, const Action& play) {
  return vorgons_of(e, seat).size() == 2 && raidable(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void raiders_resolve(Engine& e, ActionFrame& f) {
  if (raiders_still_legal(e, f.actor, f.action) != Rule::kOk) return;
  for (CardId vorgon : vorgons_of(e, f.actor))
    e.to_discard(vorgon);
  State& s = e.state();
  const CardState& artifact = s.cards[f.action.b];
  if (artifact.zone == Zone::kResolving) {
    // Its play is the thief's now: it resolves for them (its target stays as announced).
    const_cast<ActionFrame*>(artifact_play(s, f.actor, f.action.b))->actor = f.actor;
    s.cards[f.action.b].controller = f.actor;
    return;
  }
  e.move_card(f.action.b, Zone::kPlay, artifact.where, artifact.loc, artifact.host, f.actor);
}

// --- Fire Sculptor: one of three. A Plasma Fire or Warp Core Breach on a ship moves onto the
// nearest ship (in spaceline locations) of that ship's controller's opponent, its player picking
// among the nearest (au.md AMBIGUOUS: distance from the burning ship; taken so); or one card of
// any discard pile goes out of play; or a Frigid is nullified (CRD IV.12.A).

bool is_fire(const Engine& e, CardId c) {
  const State& s = e.state();
  const std::string& title = s.def(c).title();
  return (title == "Plasma Fire" || title == "Warp Core Breach") &&
         s.cards[c].zone == Zone::kPlay && s.cards[c].where == Where::kOn &&
         e.is_ship(s.cards[c].host);
}

// The ships of the burning ship's opponent nearest to it.
std::vector<CardId> nearest_opposing_ships(const Engine& e, CardId fire) {
  const State& s = e.state();
  const CardState& burning = s.cards[s.cards[fire].host];
  std::vector<CardId> out;
  int best = std::numeric_limits<int>::max();
  for (CardId c : s.in_play) {
    const CardState& ship = s.cards[c];
    if (!e.is_ship(c) || ship.where != Where::kSpace || ship.controller == burning.controller)
      continue;
    const int distance = std::abs(static_cast<int>(ship.loc) - static_cast<int>(burning.loc));
    if (distance < best) out.clear();
    if (distance <= best) {
      best = distance;
      out.push_back(c);
    }
  }
  return out;
}

bool sculptable(const Engine& e, CardId self, CardId c) {
  const State& s = e.state();
  if (s.cards[c].zone == Zone::kDiscard) return true;
  if (s.def(c).title() == "Frigid") return s.cards[c].zone == Zone::kPlay && e.may_nullify(self, c);
  return is_fire(e, c) && !nearest_opposing_ships(e, c).empty();
}

void sculptor_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (sculptable(e, self, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
  for (const PlayerState& player : s.players) {
    for (CardId c : player.discard)
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule sculptor_still_legal(const Engine& e, Seat, const Action& play) {
  return sculptable(e, play.a, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void sculptor_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (!sculptable(e, f.action.a, target)) return;
  const State& s = e.state();
  if (s.cards[target].zone == Zone::kDiscard) return e.move_card(target, Zone::kOutOfPlay);
  if (!is_fire(e, target)) return e.nullify(target);
  const auto ship = e.pick(f.actor, nearest_opposing_ships(e, target));
  if (!ship) return;
  e.move_card(target, Zone::kPlay, Where::kOn, kNoLoc, *ship, s.cards[target].controller);
}

// --- Countermanda: answering the other player's Res-Q or Palor Toff - Alien Trader being
// played, it resolves first (a play aimed at a card being played): its player puts three cards
// of their choice from that player's discard pile out of play, then the card resolves as usual
// (CRD IV.8). Or it nullifies one Telepathic Alien Kidnappers in play, any time an interrupt may
// be played outside a dilemma.

bool kidnappers_in_play(const Engine& e, CardId self, CardId c) {
  const State& s = e.state();
  return s.in_play_at(c) && s.def(c).title() == "Telepathic Alien Kidnappers" &&
         e.may_nullify(self, c);
}

bool refill_being_played(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  const std::string& title = s.def(c).title();
  return (title == "Res-Q" || title == "Palor Toff - Alien Trader") &&
         s.cards[c].zone == Zone::kResolving && e.just_played(c, State::other(seat));
}

void countermanda_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                        std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  if (window) {
    for (CardId c : e.state().resolving) {
      if (refill_being_played(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
  for (CardId c : e.state().in_play_where(Where::kTable)) {
    if (kidnappers_in_play(e, self, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule countermanda_still_legal(const Engine& e, Seat, const Action& play) {
  const bool target =
      e.state().cards[play.b].zone == Zone::kResolving || kidnappers_in_play(e, play.a, play.b);
  return target ? Rule::kOk : Rule::kNoTarget;
}

void countermanda_resolve(Engine& e, ActionFrame& f) {
  if (kidnappers_in_play(e, f.action.a, f.action.b)) return e.nullify(f.action.b);
  const Seat other = State::other(f.actor);
  for (; f.sub < 3; ++f.sub) {
    const std::vector<CardId> pile = e.state().players[other].discard;
    if (pile.empty()) return;
    const auto removed = e.pick(f.actor, pile);
    if (!removed) return;
    e.move_card(*removed, Zone::kOutOfPlay);
  }
}

// --- Vulcan Nerve Pinch: at the start of an Away Team battle, for each Vulcan or Soong-type
// android of its player's in the battle, one opposing personnel in it, picked at random, is in
// stasis (out of the battle) until the end of its player's next turn (CRD II.4 errata 12/19/96).
// The card waits on its player's table and the stasis ends as it leaves.

const PersonnelBattleFrame* personnel_battle_below(const Engine& e) {
  const auto& frames = e.state().frames;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    if (const auto* b = std::get_if<PersonnelBattleFrame>(&*it)) return b;
    if (std::holds_alternative<TurnFrame>(*it)) break;
  }
  return nullptr;
}

PersonnelBattleFrame* personnel_battle_below(Engine& e) {
  return const_cast<PersonnelBattleFrame*>(personnel_battle_below(std::as_const(e)));
}

int pinchers(const Engine& e, const std::vector<CardId>& side) {
  const State& s = e.state();
  return static_cast<int>(std::count_if(side.begin(), side.end(), [&](CardId c) {
    if (!s.in_play_at(c) || e.in_stasis(c)) return false;
    const auto& species = s.def(c).card.personnel().species();
    return e.facts(c).kind == PersonnelKind::kAndroid ||
           std::find(species.begin(), species.end(), "Vulcan") != species.end();
  }));
}

void nerve_pinch_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kBattleStart) return;
  const PersonnelBattleFrame* b = personnel_battle_below(e);
  if (!b || b->rogue_host != kNoCard) return;
  const int side = seat == b->attacker ? 0 : 1;
  if (pinchers(e, b->sides[side]) > 0 && !b->sides[1 - side].empty())
    out.push_back({ActionKind::kPlayInterrupt, self});
}

void nerve_pinch_resolve(Engine& e, ActionFrame& f) {
  PersonnelBattleFrame* b = personnel_battle_below(e);
  const CardId self = f.action.a;
  if (!b) return;
  const int side = f.actor == b->attacker ? 0 : 1;
  std::vector<CardId>& opposing = b->sides[1 - side];
  std::erase_if(opposing, [&](CardId c) { return !e.state().in_play_at(c) || e.in_stasis(c); });
  place(e, self, f.actor);
  for (int n = pinchers(e, b->sides[side]); n > 0 && !opposing.empty(); --n) {
    const CardId victim = e.random_member(opposing);
    std::erase(opposing, victim);
    Effect stunned{.kind = EffectKind::kStasis, .until = Until::kRemoved};
    stunned.source = self;
    stunned.card = victim;
    stunned.flag = true;
    e.add_effect(stunned);
  }
}

void nerve_pinch_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active == s.cards[self].controller && s.turn > placed_on_turn(e, self)) e.to_discard(self);
}

// --- Isabella: on a ship, not a Borg ship, at a nebula (CRD IV.8: FGC-47 Research, Study
// Nebula, Survey Mission, Paxan "Wormhole", Nebula): at the end of its player's next turn the
// ship is destroyed unless a personnel with Youth is aboard; either way the card goes. Its other
// use (a Greed personnel just scored from a Worshiper dies) is not offered: no window follows
// that scoring.

bool at_nebula(const Engine& e, CardId ship) {
  static constexpr std::string_view kNebulae[] = {"FGC-47 Research", "Study Nebula",
                                                  "Survey Mission", "Paxan \"Wormhole\"", "Nebula"};
  const State& s = e.state();
  const CardState& card = s.cards[ship];
  if (card.where != Where::kSpace || card.loc >= s.spaceline.size()) return false;
  const std::string& title = s.def(s.spaceline[card.loc].mission).title();
  return std::find(std::begin(kNebulae), std::end(kNebulae), title) != std::end(kNebulae);
}

bool isabella_target(const Engine& e, CardId ship) {
  return e.is_ship(ship) && e.state().in_play_at(ship) &&
         !(e.affiliations(ship) & bit(Affiliation::kBorg)) && at_nebula(e, ship);
}

// Its other use: a Greed personnel of the group that has just scored from a Worshiper (the
// Worshiper's kCardActed window, in that group's attempt) is killed.
bool greedy_scorer(const Engine& e, const WindowFrame* window, CardId c) {
  const State& s = e.state();
  if (!window || window->kind != WindowKind::kCardActed ||
      s.def(window->about).title() != "Worshiper" || !e.is_personnel(c) || !s.in_play_at(c))
    return false;
  const auto* attempt = e.top_frame<AttemptFrame>();
  const auto greed = s.db->skills().find("Greed");
  return attempt && greed &&
         std::find(attempt->members.begin(), attempt->members.end(), c) != attempt->members.end() &&
         e.facts(c).skills[*greed] > 0;
}

void isabella_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kCardActed) {
    for (CardId c : e.state().in_play) {
      if (greedy_scorer(e, window, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
    return;
  }
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (isabella_target(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule isabella_still_legal(const Engine& e, Seat, const Action& play) {
  return isabella_target(e, play.b) || e.is_personnel(play.b) ? Rule::kOk : Rule::kNoTarget;
}

void isabella_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (e.is_personnel(target)) {
    if (e.state().in_play_at(target)) e.kill(target);
    return;
  }
  if (isabella_target(e, target)) place(e, f.action.a, f.actor, target);
}

void isabella_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active != s.cards[self].controller || s.turn <= placed_on_turn(e, self)) return;
  const CardId ship = s.cards[self].host;
  const auto youth = s.db->skills().find("Youth");
  if (youth && has_skill(e, e.crew(ship), *youth, 2)) return e.to_discard(self);
  e.destroy_vessel(ship, s.cards[self].controller);  // the card goes with it
}

// --- Destroy Radioactive Garbage Scow: a Radioactive Garbage Scow on the spaceline is
// discarded; every personnel at its location dies but those aboard ships (on the planet, in a
// facility), nobody if a Thermal Deflectors is in play; an unsolved mission there is worth 10
// points less, once whatever the Scows destroyed there (CRD IV.8).

bool is_scow(const Engine& e, CardId c) {
  const State& s = e.state();
  return s.def(c).title() == "Radioactive Garbage Scow" && s.cards[c].zone == Zone::kPlay;
}

bool titled_in_play(const Engine& e, std::string_view title) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(),
                     [&](CardId c) { return s.def(c).title() == title; });
}

void scow_blast_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (is_scow(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule scow_blast_still_legal(const Engine& e, Seat, const Action& play) {
  return is_scow(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

// Ten less than the end its solver uses: a two-ended mission whose ends differ loses ten from
// each (in none of our sets).
void reduce_mission_points(Engine& e, CardId source, LocIndex loc) {
  const State& s = e.state();
  if (s.spaceline[loc].completed_by != kNoSeat) return;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kMissionPoints && x.loc == loc &&
        s.def(x.source).title() == s.def(source).title())
      return;  // not cumulative
  }
  Effect less{.kind = EffectKind::kMissionPoints, .until = Until::kRemoved};
  less.loc = loc;
  less.source = source;
  less.value = -10;
  less.flag = true;
  e.add_effect(less);
}

void scow_blast_resolve(Engine& e, ActionFrame& f) {
  if (!is_scow(e, f.action.b)) return;
  const LocIndex loc = e.location_of(f.action.b);
  e.to_discard(f.action.b);
  if (!titled_in_play(e, "Thermal Deflectors")) {
    const State& s = e.state();
    for (CardId c : std::vector<CardId>(s.in_play)) {
      const CardState& p = s.cards[c];
      if (!e.is_personnel(c) || !s.in_play_at(c) || e.location_of(c) != loc) continue;
      if (p.where == Where::kSurface || (p.where == Where::kAboard && e.is_facility(p.host)))
        e.kill(c);
    }
  }
  reduce_mission_points(e, f.action.a, loc);
}

// --- Seize Wesley: on the other player's ship with a Ktarian Game on it (not while that dilemma
// is being met: it plays outside dilemmas), everyone aboard is disabled, for good, and a Wesley
// Crusher aboard, disabled or not, becomes its player's captive instead (au.md; CRD IV.8).

bool ktarian_hooked(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  if (!e.is_ship(ship) || !s.in_play_at(ship) || s.cards[ship].controller == seat) return false;
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.def(c).title() == "Ktarian Game" && s.cards[c].where == Where::kOn &&
           s.cards[c].host == ship;
  });
}

void seize_wesley_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                        std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (ktarian_hooked(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule seize_wesley_still_legal(const Engine& e, Seat seat, const Action& play) {
  return ktarian_hooked(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void seize_wesley_resolve(Engine& e, ActionFrame& f) {
  if (!ktarian_hooked(e, f.actor, f.action.b)) return;
  State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    const CardState& p = s.cards[c];
    if (!e.is_personnel(c) || p.where != Where::kAboard || p.host != f.action.b) continue;
    // Wesley is taken even if the Ktarian Game has already disabled him.
    if (s.def(c).title() == "Wesley Crusher") {
      e.capture(c, f.actor, kNoCard, /*source_goes_along=*/false);
    } else {
      s.cards[c].disabled = true;
    }
  }
}

}  // namespace

extern const Handler kSeizeWesley{
    .name = "seize_wesley",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = seize_wesley_plays,
    .still_legal = seize_wesley_still_legal,
    .resolve = seize_wesley_resolve,
};

extern const Handler kDestroyRadioactiveGarbageScow{
    .name = "destroy_radioactive_garbage_scow",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = scow_blast_plays,
    .still_legal = scow_blast_still_legal,
    .resolve = scow_blast_resolve,
};

extern const Handler kIsabella{
    .name = "isabella",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = isabella_plays,
    .still_legal = isabella_still_legal,
    .resolve = isabella_resolve,
    .end_of_turn = isabella_end_of_turn,
    .answers_card_acted = true,
};

extern const Handler kVulcanNervePinch{
    .name = "vulcan_nerve_pinch",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = nerve_pinch_plays,
    .resolve = nerve_pinch_resolve,
    .end_of_turn = nerve_pinch_end_of_turn,
};

extern const Handler kCountermanda{
    .name = "countermanda",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = countermanda_plays,
    .still_legal = countermanda_still_legal,
    .resolve = countermanda_resolve,
    .choose_label = "choose a card of the opponent's discard pile to put out of play",
};

extern const Handler kFireSculptor{
    .name = "fire_sculptor",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = sculptor_plays,
    .still_legal = sculptor_still_legal,
    .resolve = sculptor_resolve,
    .choose_label = "choose the nearest opposing ship the fire moves to",
};

extern const Handler kVorgonRaiders{
    .name = "vorgon_raiders",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = raiders_plays,
    .still_legal = raiders_still_legal,
    .resolve = raiders_resolve,
};

extern const Handler kDevidianForagers{
    .name = "devidian_foragers",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = foragers_plays,
    .resolve = foragers_resolve,
    .choose_label =
        "choose two personnel of one discard pile to put out of play, then your AU "
        "personnel who adds their attributes",
};

extern const Handler kJamaharon{
    .name = "jamaharon",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = jamaharon_plays,
    .still_legal = jamaharon_still_legal,
    .resolve = jamaharon_resolve,
};

extern const Handler kRomulanAmbush{
    .name = "romulan_ambush",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = ambush_plays,
    .still_legal = ambush_still_legal,
    .resolve = ambush_resolve,
    .choose_label = "choose the one of its crew you take captive; the others die",
};

extern const Handler kDeadInBed{
    .name = "dead_in_bed",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = dead_in_bed_plays,
    .still_legal = dead_in_bed_still_legal,
    .resolve = dead_in_bed_resolve,
};

extern const Handler kHumuhumunukunukuapuaa{
    .name = "humuhumunukunukuapuaa",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = humuhumu_plays,
    .resolve = humuhumu_resolve,
};

extern const Handler kKevinUxbridgeConvergence{
    .name = "kevin_uxbridge_convergence",
    .test = "tests/scenarios/card-au-interrupts.scn",
    .plays = convergence_plays,
    .resolve = convergence_resolve,
};

}  // namespace spacedock::stccg::handlers
