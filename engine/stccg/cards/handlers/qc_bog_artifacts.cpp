// Artifacts of Q-Continuum and Blaze of Glory whose effect is more than a modifier
// (cards/ABILITIES.md §4): Mona Lisa's penalty for destroying it, Canar's bond between two
// personnel, the Blade of Tkon's move of a planet location along the spaceline, the Sword of
// Kahless keeping Kahless alive in personnel battle.
#include <algorithm>
#include <variant>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Whether `a` and `b`, in play and not in stasis, are in one crew or Away Team (CRD IV.4): on a
// planet, one Away Team is one player's cards there.
bool in_one_group(const Engine& e, CardId a, CardId b) {
  const State& s = e.state();
  if (!s.in_play_at(a) || !s.in_play_at(b) || e.in_stasis(a) || e.in_stasis(b)) return false;
  return s.present_together(a, b) &&
         (s.cards[a].where != Where::kSurface || s.cards[a].controller == s.cards[b].controller);
}

// --- Canar: earned, it is played at once on a female personnel of the earner's choice
// (either player's), and the earner names a male personnel not present with her (either
// player's). If the two are ever present together (in one crew or Away Team, CRD IV.4), both
// are discarded, the Canar with her. No female in play: it is discarded.

std::vector<CardId> canar_candidates(const Engine& e, Gender gender, CardId apart_from) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (!e.is_personnel(c) || e.in_stasis(c) || e.gender(c) != gender) continue;
    if (apart_from != kNoCard && in_one_group(e, c, apart_from)) continue;
    out.push_back(c);
  }
  return out;
}

CardId canar_named_male(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self) return x.card;
  }
  return kNoCard;
}

void canar_earned(Engine& e, CardId self, Seat by) {
  e.state().frames.emplace_back(CardFrame{.card = self, .player = by});
}

void canar_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  if (f.sub == 0) {
    const std::vector<CardId> women = canar_candidates(e, Gender::kFemale, kNoCard);
    if (women.empty()) {
      s.frames.pop_back();  // `f` is gone from here on
      e.to_discard(self);
      return;
    }
    const auto woman = e.pick(f.player, women);
    if (!woman) return;
    e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, *woman, f.player);
    f.sub = 1;
  }
  const CardId woman = s.cards[self].host;
  const std::vector<CardId> men = canar_candidates(e, Gender::kMale, woman);
  if (!men.empty()) {
    const auto man = e.pick(f.player, men);
    if (!man) return;
    Effect named{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    named.source = self;
    named.card = *man;
    e.add_effect(named);
  }
  s.frames.pop_back();  // `f` is gone from here on
}

void canar_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.cards[self].where != Where::kOn) return;
  const CardId woman = s.cards[self].host;
  const CardId man = canar_named_male(e, self);
  if (man == kNoCard || !in_one_group(e, woman, man)) return;
  e.to_discard(man);
  e.to_discard(woman);  // the Canar goes with her
}

// --- Mona Lisa: an artifact used as equipment. Destroyed, or with the ship or facility
// carrying it, it costs the player directly responsible its printed points (-25): who destroyed
// that vessel in a battle, or played a card to destroy it or the vessel (Plasma Fire, Disruptor
// Overload); destroyed by no player (a dilemma, a hazard, the Borg Ship), it costs no one
// (CRD IV.4).

void mona_lisa_destroyed(Engine& e, CardId self, Seat by) {
  if (by != kNoSeat) e.score(by, e.state().def(self).card.artifact().points(), self);
}

void mona_lisa_vessel_destroyed(Engine& e, CardId self, CardId vessel, Seat by) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (by == kNoSeat || card.where != Where::kAboard || card.host != vessel) return;
  e.score(by, s.def(self).card.artifact().points(), self);
}

// --- Blade of Tkon: earned, its earner picks a planet location and then the mission whose
// position it takes: the location moves there with every card at it (ships, facilities, Away
// Teams, seed cards, cards played on the mission), the locations between shifting by one, and
// the Blade is discarded (CRD IV.4).

// Where location `loc` is once the location at `from` has moved to `to`.
LocIndex tkon_moved(LocIndex loc, LocIndex from, LocIndex to) {
  if (loc == kNoLoc) return loc;
  if (loc == from) return to;
  if (from < to && loc > from && loc <= to) return static_cast<LocIndex>(loc - 1);
  if (to < from && loc >= to && loc < from) return static_cast<LocIndex>(loc + 1);
  return loc;
}

void tkon_move_location(State& s, LocIndex from, LocIndex to) {
  auto& line = s.spaceline;
  if (from < to) {
    std::rotate(line.begin() + from, line.begin() + from + 1, line.begin() + to + 1);
  } else {
    std::rotate(line.begin() + to, line.begin() + from, line.begin() + from + 1);
  }
  const auto remap = [&](LocIndex& loc) { loc = tkon_moved(loc, from, to); };
  for (CardState& card : s.cards)
    remap(card.loc);
  for (Effect& x : s.effects)
    remap(x.loc);
  for (Frame& frame : s.frames) {
    std::visit(
        [&](auto& f) {
          using F = std::decay_t<decltype(f)>;
          if constexpr (std::is_same_v<F, ActionFrame>) {
            remap(f.action.loc);
            for (auto& response : f.responses)
              remap(response.second.loc);
          } else if constexpr (requires { f.loc; }) {
            remap(f.loc);
          }
        },
        frame);
  }
}

void tkon_earned(Engine& e, CardId self, Seat by) {
  e.state().frames.emplace_back(CardFrame{.card = self, .player = by});
}

void tkon_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  if (f.sub == 0) {
    std::vector<CardId> planets;
    for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
      if (e.planet(loc)) planets.push_back(s.spaceline[loc].mission);
    }
    if (planets.empty() || s.spaceline.size() < 2) {
      const CardId blade = f.card;
      s.frames.pop_back();  // `f` is gone from here on
      e.to_discard(blade);
      return;
    }
    const auto moved = e.pick(f.player, planets);
    if (!moved) return;
    f.chosen = *moved;
    f.sub = 1;
  }
  std::vector<CardId> places;
  for (const Location& at : s.spaceline) {
    if (at.mission != f.chosen) places.push_back(at.mission);
  }
  const auto place_of = e.pick(f.player, places);
  if (!place_of) return;
  const LocIndex from = e.location_of(f.chosen);
  const LocIndex to = e.location_of(*place_of);
  const CardId blade = f.card;
  s.frames.pop_back();  // `f` is gone from here on
  tkon_move_location(s, from, to);
  e.to_discard(blade);
}

// --- Sword of Kahless: Kahless present with it (in its crew or Away Team) cannot be killed in a
// personnel battle: picked as the casualty, nothing happens to him (BoG). Its modifiers are data.

bool sword_prevents_death(Engine& e, CardId self, CardId victim, std::span<const CardId>) {
  const State& s = e.state();
  return e.top_frame<PersonnelBattleFrame>() && s.def(victim).title() == "Kahless" &&
         in_one_group(e, self, victim);
}

}  // namespace

extern const Handler kSwordOfKahless{
    .name = "sword_of_kahless",
    .test = "tests/scenarios/card-qc-bog-artifacts.scn",
    .prevents_death = sword_prevents_death,
};

extern const Handler kBladeOfTkon{
    .name = "blade_of_tkon",
    .test = "tests/scenarios/card-qc-bog-artifacts.scn",
    .step = tkon_step,
    .earned = tkon_earned,
    .choose_label = "choose the planet location to move, then the mission whose place it takes",
};

extern const Handler kCanar{
    .name = "canar",
    .test = "tests/scenarios/card-qc-bog-artifacts.scn",
    .state_check = canar_state_check,
    .step = canar_step,
    .earned = canar_earned,
    .choose_label = "choose who the Canar binds",
};

extern const Handler kMonaLisa{
    .name = "mona_lisa",
    .test = "tests/scenarios/card-qc-bog-artifacts.scn",
    .destroyed = mona_lisa_destroyed,
    .vessel_destroyed = mona_lisa_vessel_destroyed,
};

}  // namespace spacedock::stccg::handlers
