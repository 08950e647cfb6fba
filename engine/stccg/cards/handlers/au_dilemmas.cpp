// Alternate Universe dilemmas whose resolution the dilemma data cannot say
// (cards/abilities/au-dilemmas.md): sums of two attributes, the four strongest members, a
// trigger that is a card in play or a ship's affiliation, a choice between death and a penalty,
// a game of blackjack, a wall that turns deadly where its player has an outpost, and dilemmas
// that stay on personnel or on the table and act on them later.
#include <algorithm>
#include <functional>
#include <utility>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
// A namespace of their own rather than an anonymous one: the engine is built in unity batches,
// where another handler file's helpers of the same names would meet these.
namespace au_dilemmas {

int sum_of(const Engine& e, const std::vector<CardId>& group, Attribute a, Attribute b) {
  int total = 0;
  for (CardId c : group)
    total += e.attribute(c, a) + e.attribute(c, b);
  return total;
}

// The members who are neither holograms, androids nor Exocomps (CRD IV.10.A: they do not age).
std::vector<CardId> organic(const Engine& e, const std::vector<CardId>& group) {
  std::vector<CardId> out;
  for (CardId c : group) {
    if (e.facts(c).kind == PersonnelKind::kNormal) out.push_back(c);
  }
  return out;
}

// Takes `members` out of the attempting group: they go no further (they are stopped, or held).
void leave_group(AttemptFrame& f, const std::vector<CardId>& members) {
  for (CardId c : members) {
    std::erase(f.members, c);
    std::erase(f.group, c);
  }
}

// Puts the dilemma being met on `host` (a personnel or a vessel) to act later.
void stay_on(Engine& e, AttemptFrame& f, CardId host, ev::Outcome outcome) {
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, e.state().cards[self].def, outcome});
  place(e, self, f.player, host);
  f.step = e.after_card(f);
}

// --- Walls and conditions the language cannot write ---

bool ferengi_attack(const Engine& e, const AttemptFrame& f) {
  return sum_of(e, f.members, Attribute::kCunning, Attribute::kStrength) > 68;
}

bool malfunctioning_door(const Engine& e, const AttemptFrame& f) {
  // The four strongest members lift it (current STRENGTH: a Targ's bonus counts wherever it is).
  std::vector<int> strength;
  for (CardId c : f.members)
    strength.push_back(e.attribute(c, Attribute::kStrength));
  std::sort(strength.begin(), strength.end(), std::greater<>());
  if (strength.size() > 4) strength.resize(4);
  int total = 0;
  for (int x : strength)
    total += x;
  return total > 27;
}

// Whether a Traveler: Transcendence is in play on `seat`'s side, affecting them.
bool transcendence_affects(const Engine& e, Seat seat) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.cards[c].controller == seat && s.def(c).title() == "The Traveler: Transcendence";
  });
}

void thought_fire(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (!transcendence_affects(e, f.player)) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
    std::vector<CardId> weak;
    for (CardId c : f.members) {
      if (e.attribute(c, Attribute::kCunning) + e.attribute(c, Attribute::kIntegrity) < 12)
        weak.push_back(c);
    }
    for (CardId c : weak)
      e.kill(c, weak);
    e.prune(f);
    f.sub = DilemmaStep::kFailing;
  }
  e.standard_dilemma(f, &s.def(f.current).condition);  // stopped, and back under the mission
}

// Outpost Raid: where the player has an outpost, STRENGTH>81 or two deaths (opponent's choice).
bool outpost_here(const Engine& e, Seat seat, LocIndex loc) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.cards[c].controller == seat && e.is_facility(c) && e.location_of(c) == loc &&
           s.def(c).card.facility().kind() == v1::STCCG_FACILITY_KIND_OUTPOST;
  });
}

void outpost_raid(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (!outpost_here(e, f.player, f.loc)) return e.standard_dilemma(f, &s.def(f.current).condition);
  if (f.sub == DilemmaStep::kEntry) {
    int strength = 0;
    for (CardId c : f.members)
      strength += e.attribute(c, Attribute::kStrength);
    if (strength > 81) return e.overcome(f);
    f.sub = DilemmaStep::kFailing;
    f.picked = 0;
  }
  while (f.picked < 2 && !f.members.empty()) {
    auto victim = e.pick(State::other(f.player), f.members);
    if (!victim) return;
    e.kill(*victim);
    e.prune(f);
    ++f.picked;
  }
  e.stop_group(f);
  e.finish_dilemma(f, ev::Outcome::kFailed);
}

// --- Choices and games ---

void worshiper(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const auto halves = [&](std::string_view skill) {
    const auto id = s.db->skills().find(skill);
    int total = 0;
    for (CardId c : f.members)
      total += id ? e.facts(c).skills[*id] : 0;
    return total;
  };
  if (halves("Greed") > halves("Honor")) {
    // The other player may then kill one of the Greedy (Isabella).
    const CardId self = f.current;
    const LocIndex loc = f.loc;
    e.overcome(f);  // 5 points
    return e.card_acted(self, loc);
  }
  const bool edo_vessel_here = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_ship(c) && s.def(c).title() == "Edo Vessel" && e.location_of(c) == f.loc;
  });
  const bool spared = edo_vessel_here || s.def(f.current).condition.holds_for_group(
                                             e.group_facts(f.members, f.vessel));
  if (!spared) e.stop_group(f);
  e.finish_dilemma(f, spared ? ev::Outcome::kOvercome : ev::Outcome::kFailed);
}

void the_gatherers(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardDef& def = s.def(f.current);
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, def.condition)) return e.overcome(f);
    for (CardId c : std::vector<CardId>(s.in_play)) {
      const auto type = s.type(c);
      if ((type == v1::STCCG_CARD_TYPE_EQUIPMENT || type == v1::STCCG_CARD_TYPE_ARTIFACT) &&
          s.cards[c].controller == f.player && e.with_group(f, c))
        e.to_discard(c);
    }
    const std::vector<CardId>& hand = s.players[f.player].hand;
    if (!hand.empty()) e.to_discard(e.random_member(hand));
    f.sub = DilemmaStep::kFailing;
  }
  e.standard_dilemma(f, &def.condition);  // stopped, discarded
}

// Punishment Zone: the member picked at random waits in `f.relocating` while its player decides
// whether it is beamed up (and the penalty paid) or left to die.
void punishment_zone(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  if (f.sub == DilemmaStep::kEntry) {
    if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.relocating = e.random_member(f.members);
    f.sub = beam_up_destinations(e, f, f.relocating).empty() ? DilemmaStep::kFailing
                                                             : DilemmaStep::kAsking;
  }
  const CardId member = f.relocating;
  if (f.sub == DilemmaStep::kAsking) {
    auto beam_up = e.yes_no(f.player);
    if (!beam_up) return;
    f.sub = *beam_up ? DilemmaStep::kChosen : DilemmaStep::kFailing;
  }
  if (f.sub == DilemmaStep::kChosen) {
    auto to = e.pick(f.player, beam_up_destinations(e, f, member));
    if (!to) return;
    const bool federation = (e.affiliations(member) & bit(Affiliation::kFederation)) != 0;
    e.move_card(member, Zone::kPlay, Where::kAboard, kNoLoc, *to);
    f.relocating = kNoCard;
    e.prune(f);
    e.score(f.player, s.def(self).card.dilemma().points() * (federation ? 2 : 1), self);
    f.scored = true;
    return e.finish_dilemma(f, ev::Outcome::kApplied);
  }
  f.relocating = kNoCard;
  e.kill(member);
  e.prune(f);
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

void royale_casino_blackjack(Engine& e, AttemptFrame& f) {
  // Each player shows their hand; the printed CUNNING of its personnel is their count.
  State& s = e.state();
  const CardId self = f.current;
  int count[2] = {0, 0};
  for (Seat seat : {Seat{0}, Seat{1}}) {
    for (CardId c : s.players[seat].hand) {
      e.reveal(c);
      if (e.is_personnel(c)) count[seat] += s.def(c).card.personnel().cunning();
    }
  }
  const auto standing = [&](Seat seat) { return count[seat] <= 21 ? count[seat] : -1; };
  const bool outright = side_game_won_by_presence(e, f);  // Mickey D.
  const Seat other = State::other(f.player);
  Seat winner = kNoSeat;
  if (outright || standing(f.player) > standing(other)) {
    winner = f.player;
  } else if (standing(other) > standing(f.player)) {
    winner = other;
  }
  if (winner == kNoSeat) return e.finish_dilemma(f, ev::Outcome::kApplied);  // a tie
  const int points = s.def(self).card.dilemma().points();
  e.emit(ev::DilemmaResolved{self, s.cards[self].def,
                             winner == f.player ? ev::Outcome::kOvercome : ev::Outcome::kFailed});
  e.score(winner, points, self);
  e.score(State::other(winner), -points, self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, winner);
  f.step = e.after_card(f);
}

void maman_picard(Engine& e, AttemptFrame& f) {
  // A Federation ship only; the opponent sends it to either end of the spaceline. Its crew is
  // not stopped, but is no longer where the attempt is.
  State& s = e.state();
  if (!e.is_ship(f.vessel) || !(e.affiliations(f.vessel) & bit(Affiliation::kFederation)))
    return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  f.sub = DilemmaStep::kAsking;
  const std::vector<CardId> ends = {s.spaceline.front().mission, s.spaceline.back().mission};
  auto end = e.pick(State::other(f.player), ends);
  if (!end) return;
  const LocIndex to = e.location_of(*end);
  if (to != f.loc) e.move_card(f.vessel, Zone::kPlay, Where::kSpace, to);
  e.prune(f);
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Dilemmas that stay ---

// Interphasic Plasma Creatures: on the table, STRENGTH -2 for every personnel of its player,
// renewed as the game changes; with two copies only one has effect (not cumulative). Doubled
// (Brain Drain), either copy makes it -4.
void interphasic_plasma_creatures(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
    e.stop_group(f);
  }
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kFailed});
  place(e, self, f.player);
  f.step = e.after_card(f);
}

void interphasic_plasma_creatures_check(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kTable) return;
  e.end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kAttribute && x.source == self; });
  const Handler& creatures = *s.handler(self);
  if (first_copy(e, creatures, card.controller) != self) return;
  const bool doubled = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kDoubled && s.handler(x.card) == &creatures &&
           s.cards[x.card].controller == card.controller;
  });
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (e.is_personnel(c) && s.cards[c].controller == card.controller)
      add_attribute_while(e, self, c, Attribute::kStrength, doubled ? -4 : -2);
  }
}

// Parallel Romance: the pair keep a counter of their player's full turns still to spend stopped;
// the card rests on the first of them.
// Jealous Amanda's override (CRD IV.12.A): the player it names may send the pair, one after the
// other, to planets of their choice instead of the card's effect (then discarded), or let the
// card act (done, asked for the first). `f.relocated` keeps the pair across the questions,
// `f.relocating` the one being asked about, `f.sub` is kAsking meanwhile. Returns false while
// asking, true once the card's effect is to apply.
bool romance_overridden(Engine& e, AttemptFrame& f, Seat chooser) {
  const State& s = e.state();
  std::vector<CardId> planets;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc)) planets.push_back(s.spaceline[loc].mission);
  }
  while (f.relocating != kNoCard) {
    const CardId lover = f.relocating;
    const bool first = lover == f.relocated.front();
    const auto to = first ? e.pick_or_done(chooser, planets) : e.pick(chooser, planets);
    if (!to) return false;
    if (*to == kNoCard) {  // the card acts
      f.relocating = kNoCard;
      return true;
    }
    const LocIndex loc = s.cards[*to].loc;
    if (loc != f.loc) e.move_card(lover, Zone::kPlay, Where::kSurface, loc);
    f.relocating = first ? f.relocated.back() : kNoCard;
  }
  f.relocated.clear();
  e.finish_dilemma(f, ev::Outcome::kCancelled);
  return false;
}

void parallel_romance(Engine& e, AttemptFrame& f) {
  if (f.relocated.empty()) {
    std::vector<CardId> males, females;
    for (CardId c : f.members) {
      const Gender g = e.gender(c);
      if (g == Gender::kMale) males.push_back(c);
      if (g == Gender::kFemale) females.push_back(c);
    }
    if (males.empty() || females.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.relocated = {e.random_member(males), e.random_member(females)};
    if (e.relocation_chooser(f) != kNoSeat) {
      f.relocating = f.relocated.front();
      f.sub = DilemmaStep::kAsking;  // met again as the answers come, not from its entry
    }
  }
  if (f.relocating != kNoCard && !romance_overridden(e, f, e.relocation_chooser(f))) return;
  const std::vector<CardId> pair = std::exchange(f.relocated, {});
  for (CardId lover : pair) {
    add_attribute_while(e, f.current, lover, Attribute::kStrength, -2);
    e.stop(lover);
    Effect held{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    held.source = f.current;
    held.card = lover;
    held.value = 2;
    e.add_effect(held);
  }
  leave_group(f, pair);
  stay_on(e, f, pair.front(), ev::Outcome::kApplied);
}

// Coalescent Organism: on its carrier, who dies at the end of its controller's next turn; then
// it passes at random to someone present (either player's), and its controller becomes the new
// carrier's owner, whose next turn counts (or, under the option, stays the same).
void coalescent_organism(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
  e.stop_group(f);
  const std::vector<CardId> hosts = organic(e, f.members);
  if (hosts.empty()) return e.finish_dilemma(f, ev::Outcome::kFailed);
  stay_on(e, f, e.random_member(hosts), ev::Outcome::kFailed);
}

// The personnel in play where `carrier` is (aboard the same ship or facility, or on the same
// planet), anyone's, but `carrier`.
std::vector<CardId> present_with(const Engine& e, CardId carrier) {
  const State& s = e.state();
  const CardState& at = s.cards[carrier];
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& p = s.cards[c];
    if (c != carrier && e.is_personnel(c) && !e.in_stasis(c) && p.where == at.where &&
        p.host == at.host && p.loc == at.loc)
      out.push_back(c);
  }
  return out;
}

void coalescent_organism_ends(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || !e.is_personnel(card.host)) return;
  if (card.controller != s.active || placed_on_turn(e, self) == s.turn) return;
  const CardId carrier = card.host;
  const std::vector<CardId> next = organic(e, present_with(e, carrier));
  if (!next.empty()) {
    // It moves first, so that the carrier's death does not take it along.
    const CardId victim = e.random_member(next);
    e.end_effects([&](const Effect& x) {
      return x.kind == EffectKind::kCounter && x.source == self && x.card == self;
    });
    // Whose next turn counts (the option coalescent_organism_carriers_turn): the new carrier's
    // owner's, or still that of the player who met it.
    const Seat counts =
        s.options.coalescent_organism_carriers_turn ? s.cards[victim].owner : card.controller;
    place(e, self, counts, victim);
  }
  e.kill(carrier);
}

// Rascals: the children keep their changes as effects of this card, which stays on their ship or
// facility until 2 MEDICAL and Biology are present there.
void rascals(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  std::vector<CardId> pool;
  for (CardId c : organic(e, f.members)) {
    if (s.def(c).unique()) pool.push_back(c);
  }
  if (pool.empty() || f.vessel == kNoCard) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const auto youth = s.db->skills().find("Youth");
  for (int i = 0; i < 4 && !pool.empty(); ++i) {
    const CardId child = e.random_member(pool);
    std::erase(pool, child);
    const int printed = s.def(child).card.personnel().strength();
    add_attribute_while(e, self, child, Attribute::kStrength, 2 - printed);
    Effect first_skill{.kind = EffectKind::kSkillEntryLost, .until = Until::kSourceLeaves};
    first_skill.source = self;
    first_skill.card = child;
    first_skill.value = 0;
    e.add_effect(first_skill);
    if (youth) {
      Effect gained{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
      gained.source = self;
      gained.card = child;
      gained.value = static_cast<std::int16_t>(*youth);
      e.add_effect(gained);
    }
  }
  // Cured at once by those still there after the change (CRD IV.5A).
  if (s.def(self).cure.holds_for_group(e.group_facts(f.members, f.vessel))) {
    e.end_effects([&](const Effect& x) { return x.source == self; });
    return e.finish_dilemma(f, ev::Outcome::kCured);
  }
  stay_on(e, f, f.vessel, ev::Outcome::kApplied);
}

// Frame of Mind: the member's changes are effects of this card, which stays on it until 3
// Empathy are present where it is (Engine::check_cures).

// Any skill a chooser may name (not the non-skill classifications), but `except`: the same skill
// may not be chosen twice (CRD IV.5D).
std::vector<SkillId> any_skill(const Engine& e, SkillId except) {
  std::vector<SkillId> out;
  for (std::size_t i = 0; i < e.state().db->skills().size(); ++i) {
    const auto skill = static_cast<SkillId>(i);
    if (skill != except && skill != SkillTable::of(Classification::kCivilian) &&
        skill != SkillTable::of(Classification::kVip) &&
        skill != SkillTable::of(Classification::kAnimal))
      out.push_back(skill);
  }
  return out;
}

// `victim` has one unit of `skill` again: a unit of its box taken by this card is given back
// (losses count after grants, so a grant would not undo one), or else a unit is granted. A
// counter of this card on `victim` records the choice, so that it is not made twice.
void gain_back(Engine& e, CardId self, CardId victim, SkillId skill) {
  const auto& effects = e.state().effects;
  const auto taken = std::find_if(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kSkillChanged && x.source == self && x.card == victim && x.flag &&
           x.value == skill;
  });
  if (taken != effects.end()) {
    const Effect loss = *taken;
    e.end_effects([&](const Effect& x) { return x == loss; });
  } else {
    Effect gained{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
    gained.source = self;
    gained.card = victim;
    gained.value = static_cast<std::int16_t>(skill);
    e.add_effect(gained);
  }
  Effect chosen{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  chosen.source = self;
  chosen.card = victim;
  chosen.value = static_cast<std::int16_t>(skill);
  e.add_effect(chosen);
}

void frame_of_mind(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  if (f.sub == DilemmaStep::kEntry) {
    if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    const CardId victim = e.random_member(f.members);
    f.relocating = victim;  // remembered across the opponent's choices
    const auto& p = s.def(victim).card.personnel();
    add_attribute_while(e, self, victim, Attribute::kIntegrity, 3 - p.integrity());
    add_attribute_while(e, self, victim, Attribute::kCunning, 3 - p.cunning());
    add_attribute_while(e, self, victim, Attribute::kStrength, 3 - p.strength());
    Effect aligned{.kind = EffectKind::kAffiliation, .until = Until::kSourceLeaves};
    aligned.source = self;
    aligned.card = victim;
    aligned.value = static_cast<std::int16_t>(Affiliation::kNonAligned);
    e.add_effect(aligned);
    // Every unit of every skill in its box goes; the classification box stays.
    for (const auto& entry : s.def(victim).skills) {
      for (int lost = 0; lost < entry.halves; lost += 2) {
        Effect loss{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
        loss.source = self;
        loss.card = victim;
        loss.value = static_cast<std::int16_t>(entry.skill);
        loss.flag = true;
        e.add_effect(loss);
      }
    }
    f.sub = DilemmaStep::kAsking;
    f.picked = 0;
  }
  const CardId victim = f.relocating;
  while (f.picked < 2) {
    SkillId first = kNoSkill;
    for (const Effect& x : s.effects) {
      if (x.kind == EffectKind::kCounter && x.source == self && x.card == victim)
        first = static_cast<SkillId>(x.value);
    }
    auto skill = e.choose_skill(State::other(f.player), victim, any_skill(e, first));
    if (!skill) return;
    gain_back(e, self, victim, *skill);
    ++f.picked;
  }
  f.relocating = kNoCard;
  stay_on(e, f, victim, ev::Outcome::kApplied);
}

// Quantum Singularity Lifeforms: with a Romulan ship here, every personnel at the location is
// held in stasis by this card, which stays on the mission, and every ship there is held (a
// counter of this card on it; with its crew in stasis it cannot fight either). An ENGINEER
// arriving (anyone's, not in stasis) cures it.
void quantum_singularity_lifeforms(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const auto here = [&](CardId c) { return e.location_of(c) == f.loc && s.in_play_at(c); };
  const bool romulan_ship = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_ship(c) && here(c) && (e.affiliations(c) & bit(Affiliation::kRomulan));
  });
  if (!romulan_ship) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const CardId self = f.current;
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (e.is_ship(c) && here(c)) {
      Effect held{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
      held.source = self;
      held.card = c;
      e.add_effect(held);
    }
    if (!e.is_personnel(c) || !here(c) || e.in_stasis(c)) continue;
    Effect stasis{.kind = EffectKind::kStasis, .until = Until::kRemoved};
    stasis.source = self;
    stasis.card = c;
    stasis.flag = true;
    e.add_effect(stasis);
  }
  e.prune(f);
  f.stopped = true;
  stay_on(e, f, s.spaceline[f.loc].mission, ev::Outcome::kApplied);
}

void quantum_singularity_cure(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn) return;
  const LocIndex loc = e.location_of(card.host);
  const SkillId engineer = SkillTable::of(Classification::kEngineer);
  const bool arrived = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_personnel(c) && e.location_of(c) == loc && !e.in_stasis(c) &&
           e.facts(c).skills[engineer] > 0;
  });
  if (arrived) e.to_discard(self);  // the stasis it holds ends with it
}

bool quantum_singularity_holds(const Engine& e, CardId self, CardId ship, LocIndex, LocIndex,
                               Passage) {
  const auto& effects = e.state().effects;
  return e.state().cards[self].where == Where::kOn &&
         std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
           return x.kind == EffectKind::kCounter && x.source == self && x.card == ship;
         });
}

// Conundrum: the ship chases the opponent's ship its player picked (a required move toward
// wherever that ship is, renewed as it moves: CRD II.2) and attacks it as soon as it is there in
// its player's turn, whatever the affiliations; the card goes as the attack begins. A counter of
// the card on the target names it.
constexpr BattleTerms kConundrumTerms{.no_affiliation_limits = true};

std::vector<CardId> opposing_ships(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_ship(c) && s.cards[c].controller != seat) out.push_back(c);
  }
  return out;
}

Effect* chased(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self) return &x;
  }
  return nullptr;
}

void conundrum(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
    e.stop_group(f);
    if (opposing_ships(e, f.player).empty()) return e.finish_dilemma(f, ev::Outcome::kFailed);
    f.sub = DilemmaStep::kAsking;
  }
  auto target = e.pick(f.player, opposing_ships(e, f.player));
  if (!target) return;
  const CardId self = f.current;
  const CardId ship = f.vessel;
  // The chase starts with its player's next turn: the crew is stopped meanwhile.
  Effect chase{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  chase.source = self;
  chase.card = *target;
  e.add_effect(chase);
  stay_on(e, f, ship, ev::Outcome::kFailed);
}

void conundrum_chase(Engine& e, CardId self) {
  // The chase follows the target; a target gone is replaced by another of the opponent's ships
  // (at random: the documents do not say who picks), and with none left the card goes.
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || !e.is_ship(card.host)) return;
  Effect* target = chased(e, self);
  if (!target || !s.in_play_at(target->card)) {
    const std::vector<CardId> ships = opposing_ships(e, s.cards[card.host].controller);
    if (ships.empty()) return e.to_discard(self);
    if (!target) return;
    target->card = e.random_member(ships);
  }
  const LocIndex there = e.location_of(target->card);
  for (Effect& x : s.effects) {
    if (x.kind == EffectKind::kRequiredMove && x.source == self) x.loc = there;
  }
}

void conundrum_attack(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || !e.is_ship(card.host)) return;
  const CardId ship = card.host;
  const Seat seat = s.cards[ship].controller;
  const Effect* target = chased(e, self);
  if (s.active != seat || !target || !s.in_play_at(target->card) || s.cards[ship].stopped ||
      e.location_of(ship) != e.location_of(target->card))
    return;
  const CardId victim = target->card;
  if (e.check_attack(seat, ship, victim, kConundrumTerms) != Rule::kOk) return;
  e.to_discard(self);  // its required move ends with it
  e.begin_ship_battle(seat, ship, victim, kConundrumTerms);
}

void conundrum_next_turn(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  const Effect* target = chased(e, self);
  if (card.where != Where::kOn || !target || s.cards[card.host].controller != s.active) return;
  if (!e.has_effect(EffectKind::kRequiredMove, card.host)) {
    Effect must{.kind = EffectKind::kRequiredMove, .until = Until::kSourceLeaves};
    must.source = self;
    must.card = card.host;
    must.loc = e.location_of(target->card);
    e.add_effect(must);
  }
  conundrum_attack(e, self);
}

void conundrum_arrived(Engine& e, CardId self, CardId ship) {
  if (e.state().cards[self].host == ship) conundrum_attack(e, self);
}

}  // namespace au_dilemmas

extern const Handler kCoalescentOrganism{
    .name = "coalescent_organism",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .end_of_turn = au_dilemmas::coalescent_organism_ends,
    .encounter = au_dilemmas::coalescent_organism,
};

extern const Handler kConundrum{
    .name = "conundrum",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .start_of_turn = au_dilemmas::conundrum_next_turn,
    .state_check = au_dilemmas::conundrum_chase,
    .ship_arrived = au_dilemmas::conundrum_arrived,
    .encounter = au_dilemmas::conundrum,
    .choose_label = "choose the opponent's ship to chase and attack",
};

extern const Handler kFerengiAttack{
    .name = "ferengi_attack",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .also_overcome = au_dilemmas::ferengi_attack,
};

extern const Handler kFrameOfMind{
    .name = "frame_of_mind",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::frame_of_mind,
};

extern const Handler kInterphasicPlasmaCreatures{
    .name = "interphasic_plasma_creatures",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .state_check = au_dilemmas::interphasic_plasma_creatures_check,
    .encounter = au_dilemmas::interphasic_plasma_creatures,
};

extern const Handler kMalfunctioningDoor{
    .name = "malfunctioning_door",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .also_overcome = au_dilemmas::malfunctioning_door,
};

extern const Handler kMamanPicard{
    .name = "maman_picard",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::maman_picard,
    .choose_label = "choose the end of the spaceline the ship is sent to",
};

extern const Handler kOutpostRaid{
    .name = "outpost_raid",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::outpost_raid,
    .choose_label = "choose a member of the opposing group to die",
};

extern const Handler kParallelRomance{
    .name = "parallel_romance",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .start_of_turn = stop_held_counters,
    .end_of_turn = count_down_held_counters,
    .encounter = au_dilemmas::parallel_romance,
};

extern const Handler kPunishmentZone{
    .name = "punishment_zone",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::punishment_zone,
    .question = "beam the member up and take the penalty?",
    .yes_label = "Beam up and lose the points",
    .no_label = "Leave the member to die",
    .choose_label = "choose the ship or facility it beams up to",
};

extern const Handler kQuantumSingularityLifeforms{
    .name = "quantum_singularity_lifeforms",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .state_check = au_dilemmas::quantum_singularity_cure,
    .blocks_move = au_dilemmas::quantum_singularity_holds,
    .encounter = au_dilemmas::quantum_singularity_lifeforms,
};

extern const Handler kRascals{
    .name = "rascals",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::rascals,
};

extern const Handler kRoyaleCasinoBlackjack{
    .name = "royale_casino_blackjack",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::royale_casino_blackjack,
};

extern const Handler kTheGatherers{
    .name = "the_gatherers",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::the_gatherers,
};

extern const Handler kThoughtFire{
    .name = "thought_fire",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::thought_fire,
};

extern const Handler kWorshiper{
    .name = "worshiper",
    .test = "tests/scenarios/card-au-dilemmas.scn",
    .encounter = au_dilemmas::worshiper,
};

}  // namespace spacedock::stccg::handlers
