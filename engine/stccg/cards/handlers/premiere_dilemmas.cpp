// Premiere dilemmas of premiere-dilemmas.txtpb that need more than their data
// (cards/abilities/premiere-dilemmas.md): personnel held or disabled by a card that stays
// (Alien Abduction, Ktarian Game, Two-Dimensional Creatures, Phased Matter), countdowns
// (Hyper-Aging, Nitrium Metal Parasites, REM Fatigue Hallucinations), ships held or sent away
// (Menthar Booby Trap, Cytherians), a mission blocked by a card on it (Radioactive Garbage Scow),
// choices (Sarjenka, El-Adrel Creature), the hand swap of Iconian Computer Weapon and Q.
#include <algorithm>
#include <utility>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kQNet;

namespace {

// --- Shared pieces ---

// The dilemma stays in play on `host`, controlled by the encountering player, and the group
// goes on to the next card.
void dilemma_stays_on(Engine& e, AttemptFrame& f, CardId host, ev::Outcome outcome) {
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, e.state().cards[self].def, outcome});
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, host, f.player);
  f.step = e.after_card(f);
}

// How many of its controller's turns have ended since it entered play, counting the one it came
// in; called at the end of each of those turns, it counts that one.
int countdown_turns_ended(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) return ++x.value;
  }
  Effect turns{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  turns.source = self;
  turns.value = 1;
  e.add_effect(turns);
  return 1;
}

// At the end of its controller's turn: whether its countdown icon's turns are over.
bool countdown_ends_now(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active != s.cards[self].controller) return false;
  return countdown_turns_ended(e, self) >= static_cast<int>(s.def(self).card.countdown());
}

// Disabling (QC rules): a personnel kept from using attributes, skills and abilities, moved like
// equipment. A mark (a counter of `self` on the personnel) remembers who this card disabled, so
// that they recover when it leaves play or they leave its ship.
void disable_by_dilemma(Engine& e, CardId self, CardId personnel) {
  e.state().cards[personnel].disabled = true;
  Effect mark{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  mark.source = self;
  mark.card = personnel;
  e.add_effect(mark);
}

void enable_from_dilemma(Engine& e, CardId self, CardId personnel) {
  e.state().cards[personnel].disabled = false;
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == personnel;
  });
}

void enable_all_from_dilemma(Engine& e, CardId self) {
  for (CardId c : marked_by(e, self))
    enable_from_dilemma(e, self, c);
}

// Those it disabled who left play recover, so that nothing stays marked on a card out of play;
// with `off_ship`, also those no longer aboard its ship (an Empath carried to another ship).
void enable_departed_from_dilemma(Engine& e, CardId self, bool off_ship) {
  const State& s = e.state();
  const CardId ship = s.cards[self].zone == Zone::kPlay ? s.cards[self].host : kNoCard;
  for (CardId c : marked_by(e, self)) {
    const CardState& p = s.cards[c];
    const bool left_ship = p.where != Where::kAboard || p.host != ship;
    if (p.zone != Zone::kPlay || (off_ship && left_ship)) enable_from_dilemma(e, self, c);
  }
}

// Resolves the dilemma the standard way (no conditions: applied, cured at once or attached);
// if it did not stay, those it disabled meanwhile recover when `recover` says so.
void standard_dilemma_releasing(Engine& e, AttemptFrame& f, bool recover) {
  const CardId self = f.current;
  e.prune(f);
  e.standard_dilemma(f, &e.state().def(self).condition);
  if (recover && e.state().cards[self].zone != Zone::kPlay) enable_all_from_dilemma(e, self);
}

bool dilemma_holds_ship(const Engine& e, CardId self, CardId ship, LocIndex, LocIndex, Passage) {
  const CardState& card = e.state().cards[self];
  return card.zone == Zone::kPlay && card.where == Where::kOn && card.host == ship;
}

// The personnel of `seat` on the planet at `loc`, unstopped and able to act.
std::vector<CardId> able_personnel_on_planet(const Engine& e, Seat seat, LocIndex loc) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& p = s.cards[c];
    if (e.is_personnel(c) && p.controller == seat && p.where == Where::kSurface && p.loc == loc &&
        !p.stopped && !p.disabled && !e.in_stasis(c))
      out.push_back(c);
  }
  return out;
}

// Whether `group` has `count` of `skill` (a classification word counts).
bool group_has_skills(const Engine& e, const std::vector<CardId>& group, std::string_view skill,
                      int count) {
  const auto id = e.state().db->skills().find(skill);
  return id && has_skill(e, group, *id, 2 * count);
}

// The members of the highest `attribute` among `pool`.
std::vector<CardId> highest_of_attribute(const Engine& e, const std::vector<CardId>& pool,
                                         Attribute attribute) {
  std::vector<CardId> best;
  int top = 0;
  for (CardId c : pool) {
    const int value = e.attribute(c, attribute);
    if (best.empty() || value > top) best.clear(), top = value;
    if (value == top) best.push_back(c);
  }
  return best;
}

// --- Alien Abduction: the member of highest CUNNING is held where it is (in stasis, the card on
// it) and the others go on. 3 Leadership among its player's personnel on that planet set it
// free, at once or later; so does anyone's completing the mission.

bool abduction_cured(const Engine& e, const std::vector<CardId>& there) {
  return group_has_skills(e, there, "Leadership", 3);
}

void alien_abduction(Engine& e, AttemptFrame& f) {
  if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  f.sub = DilemmaStep::kAsking;  // a tie asked about comes back here
  const auto held = e.pick(f.player, highest_of_attribute(e, f.members, Attribute::kCunning));
  if (!held) return;
  std::vector<CardId> rest = f.members;
  std::erase(rest, *held);
  if (abduction_cured(e, rest)) return e.finish_dilemma(f, ev::Outcome::kCured);
  const CardId self = f.current;
  Effect stasis{.kind = EffectKind::kStasis, .until = Until::kSourceLeaves};
  stasis.source = self;
  stasis.card = *held;
  stasis.flag = true;  // held by the card: it ends when the card leaves play
  e.add_effect(stasis);
  dilemma_stays_on(e, f, *held, ev::Outcome::kApplied);
  e.prune(f);
}

void alien_abduction_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.zone != Zone::kPlay || !e.is_personnel(card.host)) return;
  const LocIndex loc = s.cards[card.host].loc;
  const bool completed = s.spaceline[loc].completed_by != kNoSeat;
  if (!completed && !abduction_cured(e, able_personnel_on_planet(e, card.controller, loc))) return;
  e.emit(ev::DilemmaResolved{self, card.def, ev::Outcome::kCured});
  e.to_discard(self);
}

// --- Cytherians: the ship must go at full speed to the farther end of the spaceline (a
// required move, CRD II.2); getting there is worth 15 to its player.

void cytherians_arrived(Engine& e, CardId self) {
  State& s = e.state();
  const Seat player = s.cards[self].controller;
  e.score(player, s.def(self).card.dilemma().points(), self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, player);
}

void cytherians(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  const CardId ship = f.vessel;
  const auto last = static_cast<LocIndex>(s.spaceline.size() - 1);
  const int left = f.loc;
  const int right = last - f.loc;
  LocIndex end = left > right ? 0 : last;
  if (left == right) end = s.rng.below(2) == 0 ? 0 : last;  // equally far: random
  dilemma_stays_on(e, f, ship, ev::Outcome::kApplied);
  Effect must{.kind = EffectKind::kRequiredMove, .until = Until::kSourceLeaves};
  must.source = self;
  must.card = ship;
  must.loc = end;
  e.add_effect(must);
  if (s.cards[ship].loc == end) cytherians_arrived(e, self);
}

void cytherians_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.cards[self].zone != Zone::kPlay) return;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kRequiredMove && x.source == self) {
      if (s.cards[x.card].loc == x.loc) cytherians_arrived(e, self);
      return;
    }
  }
}

// --- El-Adrel Creature: the two members of highest STRENGTH (their owner breaks ties) must
// total more than 16; otherwise one of those two, at random, dies. A team of one faces it alone.
// The pair picked so far is kept in `f.paid` while a tie is asked about.

void el_adrel_creature(Engine& e, AttemptFrame& f) {
  f.sub = DilemmaStep::kAsking;
  while (f.paid.size() < std::min<std::size_t>(2, f.members.size())) {
    std::vector<CardId> rest;
    for (CardId c : f.members) {
      if (std::find(f.paid.begin(), f.paid.end(), c) == f.paid.end()) rest.push_back(c);
    }
    const auto next = e.pick(f.player, highest_of_attribute(e, rest, Attribute::kStrength));
    if (!next) return;
    f.paid.push_back(*next);
  }
  const std::vector<CardId> pair = std::exchange(f.paid, {});
  int total = 0;
  for (CardId c : pair)
    total += e.attribute(c, Attribute::kStrength);
  if (total > 16) return e.finish_dilemma(f, ev::Outcome::kOvercome);
  if (!pair.empty()) e.picked_at_random(e.random_member(pair), WindowKind::kPickedToDie);
  e.prune(f);
  e.stop_group(f);
  e.finish_dilemma(f, ev::Outcome::kFailed);
}

// --- Hyper-Aging: the team is quarantined on the planet (its player's personnel there may not
// leave it) until cured (data); at the end of the countdown everyone of theirs on the planet
// dies but holograms, androids and Exocomps.

LocIndex dilemma_host_location(const Engine& e, CardId self) {
  const CardState& card = e.state().cards[self];
  return card.zone == Zone::kPlay ? e.state().cards[card.host].loc : kNoLoc;
}

bool hyper_aging_quarantine(const Engine& e, CardId self, CardId card) {
  const State& s = e.state();
  const CardState& c = s.cards[card];
  const LocIndex loc = dilemma_host_location(e, self);
  return loc != kNoLoc && e.is_personnel(card) && c.where == Where::kSurface && c.loc == loc &&
         c.controller == s.cards[self].controller;
}

void hyper_aging_end_of_turn(Engine& e, CardId self) {
  if (!countdown_ends_now(e, self)) return;
  const State& s = e.state();
  const LocIndex loc = dilemma_host_location(e, self);
  for (CardId c : std::vector<CardId>(s.in_play)) {
    const CardState& p = s.cards[c];
    if (e.is_personnel(c) && p.zone == Zone::kPlay && p.where == Where::kSurface && p.loc == loc &&
        p.controller == s.cards[self].controller && e.facts(c).kind == PersonnelKind::kNormal)
      e.kill(c);
  }
  e.to_discard(self);
}

// --- Iconian Computer Weapon: failed, its player discards every card in hand that is not a
// personnel and draws as many (ordinary draws).

void iconian_computer_weapon(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry && !e.condition_met(f, s.def(f.current).condition)) {
    int swapped = 0;
    for (CardId c : std::vector<CardId>(s.players[f.player].hand)) {
      if (e.is_personnel(c)) continue;
      e.to_discard(c);
      ++swapped;
    }
    // Drawn, unless the rule option makes them a plain take from the deck (AMBIGUOUS).
    for (int i = 0; i < swapped && !s.over; ++i) {
      const auto& deck = s.players[f.player].draw;
      if (s.options.iconian_swap_is_draw) {
        e.draw(f.player);
      } else if (!deck.empty()) {
        e.take_from_deck(f.player, deck.back());
      }
    }
  }
  e.standard_dilemma(f, &s.def(f.current).condition);
}

// --- Ktarian Game: one member of the crew, at random, is disabled now and another at the start
// of each of its player's turns, and stays so wherever carried; the cure (data) frees them all,
// unless the rule option keeps them disabled (AMBIGUOUS).

void ktarian_game(Engine& e, AttemptFrame& f) {
  if (!f.members.empty()) disable_by_dilemma(e, f.current, e.random_member(f.members));
  standard_dilemma_releasing(e, f, e.state().options.ktarian_game_disabled_recover);
}

void ktarian_game_leaving(Engine& e, CardId self) {
  if (e.state().options.ktarian_game_disabled_recover) enable_all_from_dilemma(e, self);
}

void ktarian_game_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.zone != Zone::kPlay || s.active != card.controller) return;
  const std::vector<CardId> crew = e.crew(card.host);
  if (!crew.empty()) disable_by_dilemma(e, self, e.random_member(crew));
}

// --- Menthar Booby Trap: passed or failed, a ship that met it may not move until 2 ENGINEER
// aboard cure it (data); met from an outpost it is discarded after its effect.

void menthar_booby_trap(Engine& e, AttemptFrame& f) {
  const CardDef& def = e.state().def(f.current);
  if (f.sub == DilemmaStep::kEntry) {
    f.sub = e.condition_met(f, def.condition) ? DilemmaStep::kChosen : DilemmaStep::kFailing;
  }
  if (f.sub == DilemmaStep::kFailing) {
    if (!e.apply_effects(f)) return;  // Elim's player picks the victim
    e.stop_group(f);
    f.sub = DilemmaStep::kAfterEffects;
  }
  const ev::Outcome outcome =
      f.sub == DilemmaStep::kChosen ? ev::Outcome::kOvercome : ev::Outcome::kFailed;
  if (f.vessel == kNoCard || !e.is_ship(f.vessel)) return e.finish_dilemma(f, outcome);
  dilemma_stays_on(e, f, f.vessel, outcome);
}

// --- Nitrium Metal Parasites: the ship is destroyed at the end of the countdown unless cured
// (data) first.

void nitrium_end_of_turn(Engine& e, CardId self) {
  if (!countdown_ends_now(e, self)) return;
  e.destroy_vessel(e.state().cards[self].host);
}

// --- Phased Matter: unless the team has ENGINEER and SCIENCE, its owner picks the phased part
// (at least half of it), held in stasis by the card, which goes on the mission; the rest go on.
// The cure (data) counts every personnel of theirs at the location, phased or not. The members
// phased so far are kept in `f.paid`.

void phased_matter(Engine& e, AttemptFrame& f) {
  const CardDef& def = e.state().def(f.current);
  if (f.sub == DilemmaStep::kEntry &&
      def.cure.holds_for_group(e.group_facts(f.members, f.vessel))) {
    return e.finish_dilemma(f, ev::Outcome::kCured);
  }
  f.sub = DilemmaStep::kAsking;
  const std::size_t team = f.members.size();
  while (f.paid.size() < team) {
    std::vector<CardId> rest;
    for (CardId c : f.members) {
      if (std::find(f.paid.begin(), f.paid.end(), c) == f.paid.end()) rest.push_back(c);
    }
    const bool enough = f.paid.size() * 2 >= team;
    const auto next = enough ? e.pick_or_done(f.player, rest) : e.pick(f.player, rest);
    if (!next) return;
    if (*next == kNoCard) break;
    f.paid.push_back(*next);
  }
  const CardId self = f.current;
  for (CardId c : std::exchange(f.paid, {})) {
    Effect stasis{.kind = EffectKind::kStasis, .until = Until::kSourceLeaves};
    stasis.source = self;
    stasis.card = c;
    stasis.flag = true;
    e.add_effect(stasis);
  }
  dilemma_stays_on(e, f, e.state().spaceline[f.loc].mission, ev::Outcome::kApplied);
  e.prune(f);
}

// --- Q (1997): overcome, every other dilemma under the mission is discarded; failed, the group
// is stopped and the opponent may rearrange the spaceline, one move at a time, until done (CRD
// IV.5D): exchange two locations, each whole with what is at, under and on it, but for the
// Q-Nets, which are no part of a location (played between two) and stay in their gaps; move a
// Q-Net to a gap that has none (a second one there would lie between a location and a Q-Net); or
// move a Gaps in Normal Space location, with what is on it, between two other missions. No move
// that leaves a Gaps beside another or at an end is offered. `f.paid` holds the location or
// Q-Net picked first; `f.picked` counts the moves. Any arrangement of n locations is n - 1 moves
// away (the missions' order, then each Gaps to its place), and the Q-Nets two each at most (one
// more to break a cycle of them), so no more are offered: a rearrangement ends, as the card
// means, and a player can never keep the game turning on it.

bool is_q_net(const State& s, CardId c) {
  return s.handler(c) == &kQNet && s.cards[c].zone == Zone::kPlay && s.cards[c].where == Where::kOn;
}

// The gap a Q-Net sits in: right of the location it is played on (handlers/spaceline_events.cpp).
LocIndex net_gap(const State& s, CardId net) {
  return s.cards[s.cards[net].host].loc;
}

// Whether every location of `order` (spaceline indices, left to right) that is no mission (a
// Gaps in Normal Space) is between two missions, as it must be played (CRD IV.7).
bool gaps_between_missions(const State& s, const std::vector<LocIndex>& order) {
  const auto mission = [&](std::size_t i) {
    return s.type(s.spaceline[order[i]].mission) == v1::STCCG_CARD_TYPE_MISSION;
  };
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (!mission(i) && (i == 0 || i + 1 == order.size() || !mission(i - 1) || !mission(i + 1)))
      return false;
  }
  return true;
}

// What the opponent may do with `picked`: a Q-Net goes onto the location left of a gap without
// one (kChoose); a location is exchanged with another (kChoose), and a Gaps also goes between
// the locations at loc - 1 and loc (kInsertMission).
std::vector<Action> q_moves(const State& s, CardId picked) {
  std::vector<Action> out;
  const auto size = static_cast<LocIndex>(s.spaceline.size());
  if (is_q_net(s, picked)) {
    for (LocIndex gap = 0; gap + 1 < size; ++gap) {
      const bool netted = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
        return is_q_net(s, c) && net_gap(s, c) == gap;
      });
      if (!netted) out.push_back({ActionKind::kChoose, s.spaceline[gap].mission});
    }
    return out;
  }
  const LocIndex from = s.cards[picked].loc;
  std::vector<LocIndex> line(size);
  for (LocIndex i = 0; i < size; ++i)
    line[i] = i;
  for (LocIndex other = 0; other < size; ++other) {
    std::vector<LocIndex> order = line;
    std::swap(order[from], order[other]);
    if (other != from && gaps_between_missions(s, order))
      out.push_back({ActionKind::kChoose, s.spaceline[other].mission});
  }
  if (s.type(picked) == v1::STCCG_CARD_TYPE_MISSION) return out;
  for (LocIndex at = 0; at <= size; ++at) {
    if (at == from || at == from + 1) continue;  // where it is
    std::vector<LocIndex> order = line;
    order.erase(order.begin() + from);
    order.insert(order.begin() + (at > from ? at - 1 : at), from);
    if (gaps_between_missions(s, order))
      out.push_back({ActionKind::kInsertMission, picked, kNoCard, at});
  }
  return out;
}

void q_move(Engine& e, CardId picked, const Action& move) {
  State& s = e.state();
  if (is_q_net(s, picked)) {
    e.move_card(picked, Zone::kPlay, Where::kOn, kNoLoc, move.a, s.cards[picked].controller);
    return;
  }
  LocIndex from = s.cards[picked].loc;
  if (move.kind == ActionKind::kInsertMission) {
    // One place at a time: the Q-Nets go with the locations they are on, each still in a gap.
    const auto to = static_cast<LocIndex>(move.loc > from ? move.loc - 1 : move.loc);
    for (; from < to; ++from)
      s.swap_locations(from, from + 1);
    for (; from > to; --from)
      s.swap_locations(from, from - 1);
    return;
  }
  const LocIndex other = s.cards[move.a].loc;
  std::vector<std::pair<CardId, LocIndex>> nets;  // the Q-Nets of the two gaps right of them
  for (CardId c : s.in_play) {
    if (is_q_net(s, c) && (net_gap(s, c) == from || net_gap(s, c) == other))
      nets.emplace_back(c, net_gap(s, c));
  }
  s.swap_locations(from, other);
  for (const auto& [net, gap] : nets)
    e.move_card(net, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[gap].mission,
                s.cards[net].controller);
}

void q_dilemma(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, s.def(f.current).condition)) {
      const std::vector<CardId> seeds = s.spaceline[f.loc].seeds;
      for (std::size_t i = 0; i < seeds.size(); ++i) {
        if (s.type(seeds[i]) != v1::STCCG_CARD_TYPE_DILEMMA) continue;
        e.to_discard(seeds[i]);
        if (i < f.cursor) --f.cursor;  // the next card to meet keeps its place
      }
      return e.overcome(f);
    }
    e.stop_group(f);
    f.sub = DilemmaStep::kAsking;
    f.picked = 0;
  }
  const Seat opponent = State::other(f.player);
  const auto nets = static_cast<std::size_t>(
      std::count_if(s.in_play.begin(), s.in_play.end(), [&](CardId c) { return is_q_net(s, c); }));
  while (f.picked + 1u < s.spaceline.size() + 2 * nets) {
    if (f.paid.empty()) {
      std::vector<CardId> movable;
      for (const Location& loc : s.spaceline)
        movable.push_back(loc.mission);
      for (CardId c : s.in_play) {
        if (is_q_net(s, c)) movable.push_back(c);
      }
      std::erase_if(movable, [&](CardId c) { return q_moves(s, c).empty(); });
      const auto first = e.pick_or_done(opponent, movable);
      if (!first) return;
      if (*first == kNoCard) break;
      f.paid.push_back(*first);
      continue;
    }
    const auto move = e.take_answer();
    if (!move) return e.ask(opponent, q_moves(s, f.paid.front()));
    q_move(e, f.paid.front(), *move);
    f.paid.clear();
    ++f.picked;
  }
  e.finish_dilemma(f, ev::Outcome::kFailed);
}

// --- Radioactive Garbage Scow: it stays on the mission, where nobody may attempt; the attempt
// that met it ends there. A ship of either player at its location with a Tractor Beam and 2
// ENGINEER aboard may take it in tow (it goes on the ship) and, later, leave it at the mission
// where the ship is.

void scow_block(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  const bool on_mission =
      card.zone == Zone::kPlay && s.type(card.host) == v1::STCCG_CARD_TYPE_MISSION;
  const LocIndex loc = on_mission ? s.cards[card.host].loc : kNoLoc;
  const auto mine = [&](const Effect& x) {
    return x.kind == EffectKind::kMissionBlocked && x.source == self;
  };
  const auto blocks = std::find_if(s.effects.begin(), s.effects.end(), mine);
  const bool blocking = blocks != s.effects.end();
  if (blocking ? blocks->loc == loc : !on_mission) return;  // as it should be
  if (blocking) e.end_effects(mine);
  if (!on_mission) return;
  for (Seat seat : {Seat{0}, Seat{1}}) {
    Effect blocked{.kind = EffectKind::kMissionBlocked, .until = Until::kSourceLeaves};
    blocked.player = seat;
    blocked.loc = loc;
    blocked.source = self;
    e.add_effect(blocked);
  }
}

void radioactive_garbage_scow(Engine& e, AttemptFrame& f) {
  const CardId self = f.current;
  f.abandoned = true;  // not stopped, but the attempt goes no further
  dilemma_stays_on(e, f, e.state().spaceline[f.loc].mission, ev::Outcome::kApplied);
  scow_block(e, self);
}

bool scow_may_tow(const Engine& e, Seat seat, CardId ship, LocIndex loc) {
  const State& s = e.state();
  const CardState& v = s.cards[ship];
  return e.is_ship(ship) && v.controller == seat && v.where == Where::kSpace && v.loc == loc &&
         !v.stopped && e.has_special_equipment(ship, v1::STCCG_SHIP_EQUIPMENT_TRACTOR_BEAM) &&
         group_has_skills(e, e.crew(ship), "ENGINEER", 2);
}

void scow_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (s.active != seat || card.zone != Zone::kPlay) return;
  if (e.is_ship(card.host)) {  // in tow: left at the mission where the ship is
    if (s.cards[card.host].controller == seat)
      out.push_back({ActionKind::kUseCard, self, card.host});
    return;
  }
  for (CardId c : s.in_play) {
    if (scow_may_tow(e, seat, c, s.cards[card.host].loc))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

void scow_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  const CardId ship = f.action.b;
  const CardState& card = s.cards[self];
  if (card.zone != Zone::kPlay || !s.in_play_at(ship)) return;
  const Seat controller = card.controller;
  if (card.host == ship) {
    e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[s.cards[ship].loc].mission,
                controller);
  } else {
    e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, ship, controller);
  }
  scow_block(e, self);
}

// --- REM Fatigue Hallucinations: met from an outpost it is cured at once; otherwise it stays on
// the ship (a crew) or on the mission (an Away Team). 3 MEDICAL cure it for 5 points (data); a
// ship it is on that arrives at its player's outpost is cured without points. At the end of the
// countdown everyone it affects dies: the ship's crew, or its player's personnel on the planet.

void rem_fatigue(Engine& e, AttemptFrame& f) {
  if (f.vessel != kNoCard && e.is_facility(f.vessel)) {
    return e.finish_dilemma(f, ev::Outcome::kCured);
  }
  const CardDef& def = e.state().def(f.current);
  if (def.cure.holds_for_group(e.group_facts(f.members, f.vessel))) {
    e.score(f.player, def.card.dilemma().points(), f.current);
    f.scored = true;
    return e.finish_dilemma(f, ev::Outcome::kCured);
  }
  const CardId host = f.vessel != kNoCard ? f.vessel : e.state().spaceline[f.loc].mission;
  dilemma_stays_on(e, f, host, ev::Outcome::kApplied);
}

void rem_fatigue_arrived(Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.zone != Zone::kPlay || card.host != ship) return;
  if (e.facility_of(card.controller, s.cards[ship].loc) == kNoCard) return;
  e.emit(ev::DilemmaResolved{self, card.def, ev::Outcome::kCured});
  e.to_discard(self);
}

void rem_fatigue_end_of_turn(Engine& e, CardId self) {
  if (!countdown_ends_now(e, self)) return;
  const State& s = e.state();
  const CardState& card = s.cards[self];
  std::vector<CardId> affected;
  if (e.is_ship(card.host)) {
    for (CardId c : s.in_play) {
      if (e.is_personnel(c) && s.cards[c].where == Where::kAboard && s.cards[c].host == card.host)
        affected.push_back(c);
    }
  } else {
    const LocIndex loc = s.cards[card.host].loc;
    for (CardId c : s.in_play) {
      const CardState& p = s.cards[c];
      if (e.is_personnel(c) && p.where == Where::kSurface && p.loc == loc &&
          p.controller == card.controller)
        affected.push_back(c);
    }
  }
  for (CardId c : affected)
    e.kill(c, affected);
  e.to_discard(self);
}

// --- Sarjenka: its player helps her (5 points; every Away Team at this mission, both players',
// is stopped) or ignores her (discarded, nobody stopped).

void sarjenka(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  f.sub = DilemmaStep::kAsking;
  const auto help = e.yes_no(f.player);
  if (!help) return;
  if (!*help) return e.finish_dilemma(f, ev::Outcome::kApplied);
  e.score(f.player, s.def(f.current).card.dilemma().points(), f.current);
  f.scored = true;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.cards[c].where == Where::kSurface && s.cards[c].loc == f.loc)
      e.stop(c);
  }
  e.stop_group(f);
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Two-Dimensional Creatures: the ship may not move and every Empath aboard is disabled
// until cured (data); an Empath who leaves the ship recovers.

bool is_empath(const Engine& e, CardId c) {
  return e.is_personnel(c) && group_has_skills(e, {c}, "Empathy", 1);
}

void disable_empaths(Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.cards[c].where == Where::kAboard && s.cards[c].host == ship && !s.cards[c].disabled &&
        is_empath(e, c))
      disable_by_dilemma(e, self, c);
  }
}

void two_dimensional_creatures(Engine& e, AttemptFrame& f) {
  disable_empaths(e, f.current, f.vessel);
  standard_dilemma_releasing(e, f, /*recover=*/true);
}

void two_dimensional_state_check(Engine& e, CardId self) {
  enable_departed_from_dilemma(e, self, /*off_ship=*/true);
  const CardState& card = e.state().cards[self];
  if (card.zone == Zone::kPlay && e.is_ship(card.host)) disable_empaths(e, self, card.host);
}

void ktarian_state_check(Engine& e, CardId self) {
  enable_departed_from_dilemma(e, self, /*off_ship=*/false);
}

}  // namespace

extern const Handler kAlienAbduction{
    .name = "alien_abduction",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .state_check = alien_abduction_state_check,
    .encounter = alien_abduction,
    .choose_label = "choose who is abducted among the cleverest",
};

extern const Handler kCytherians{
    .name = "cytherians",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .state_check = cytherians_state_check,
    .encounter = cytherians,
};

extern const Handler kElAdrelCreature{
    .name = "el_adrel_creature",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .encounter = el_adrel_creature,
    .choose_label = "choose who faces the creature among the strongest",
};

extern const Handler kHyperAging{
    .name = "hyper_aging",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .end_of_turn = hyper_aging_end_of_turn,
    .blocks_transfer = hyper_aging_quarantine,
};

extern const Handler kIconianComputerWeapon{
    .name = "iconian_computer_weapon",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .encounter = iconian_computer_weapon,
};

extern const Handler kKtarianGame{
    .name = "ktarian_game",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .start_of_turn = ktarian_game_start_of_turn,
    .state_check = ktarian_state_check,
    .leaving_play = ktarian_game_leaving,
    .encounter = ktarian_game,
};

extern const Handler kMentharBoobyTrap{
    .name = "menthar_booby_trap",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .blocks_move = dilemma_holds_ship,
    .encounter = menthar_booby_trap,
};

extern const Handler kNitriumMetalParasites{
    .name = "nitrium_metal_parasites",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .end_of_turn = nitrium_end_of_turn,
};

extern const Handler kPhasedMatter{
    .name = "phased_matter",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .encounter = phased_matter,
    .choose_label = "choose who is phased (at least half of the team)",
};

extern const Handler kQDilemma{
    .name = "q_dilemma",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .encounter = q_dilemma,
    // A Q-Net's move names the location left of the gap it goes to.
    .choose_label =
        "rearrange the spaceline: pick a location or a Q-Net, then the location to "
        "exchange it with, the place a Gaps goes, or the location right of which a "
        "Q-Net goes",
};

extern const Handler kRadioactiveGarbageScow{
    .name = "radioactive_garbage_scow",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .resolve = scow_resolve,
    .state_check = scow_block,
    .orders = scow_orders,
    .orders_for_either_player = true,
    .encounter = radioactive_garbage_scow,
    .use_label = "take the scow in tow, or leave it here",
};

extern const Handler kRemFatigueHallucinations{
    .name = "rem_fatigue_hallucinations",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .end_of_turn = rem_fatigue_end_of_turn,
    .ship_arrived = rem_fatigue_arrived,
    .encounter = rem_fatigue,
};

extern const Handler kSarjenka{
    .name = "sarjenka",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .encounter = sarjenka,
    .question = "help her (5 points, every Away Team here is stopped)?",
    .yes_label = "Help her",
    .no_label = "Ignore her",
};

extern const Handler kTwoDimensionalCreatures{
    .name = "two_dimensional_creatures",
    .test = "tests/scenarios/card-premiere-dilemmas.scn",
    .state_check = two_dimensional_state_check,
    .blocks_move = dilemma_holds_ship,
    .leaving_play = enable_all_from_dilemma,
    .encounter = two_dimensional_creatures,
};

}  // namespace spacedock::stccg::handlers
