// Battles and dilemmas away from an attempt (cards/ABILITIES.md §12, §8): the Nebula location,
// where a battle starts only after a Scan there and where each score makes the scorer's
// opponent's ship or facility meet the next dilemma; Scan, which looks under a space mission; and
// The Issue is Patriotism, a Q-interrupt that starts a battle anywhere under lifted conditions
// (BattleTerms).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/q_continuum.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Nebula: no affiliation icons, so it cannot be attempted (data). A player may initiate a
// battle here only in a turn in which they scanned it (EffectKind::kScanned). Each time a
// player scores, if the opponent has a ship or facility here, empty or not, one of them (the
// opponent's choice) meets the next seed card under it as though attempting it.

// The ships and facilities of `seat` at `loc`.
std::vector<CardId> nebula_vessels(const Engine& e, Seat seat, LocIndex loc) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    if (card.controller == seat && card.where == Where::kSpace && card.loc == loc &&
        (e.is_ship(c) || e.is_facility(c)))
      out.push_back(c);
  }
  return out;
}

// Whether `seat` scanned the mission at `loc` this turn (Scan, below).
bool scanned_by(const Engine& e, Seat seat, LocIndex loc) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kScanned && x.player == seat && x.loc == loc;
  });
}

bool nebula_forbids_battle(const Engine& e, CardId self, Seat seat, LocIndex loc) {
  return loc == mission_location(e.state(), self) && !scanned_by(e, seat, loc);
}

// An encounter owed by `x.player` here, waiting for a moment when nothing else is being decided.
bool nebula_owed(const Effect& x, CardId self) {
  return x.kind == EffectKind::kCounter && x.source == self && x.card == self;
}

// A score is answered later (state_check): scores come in the middle of other rules' steps.
void nebula_points_scored(Engine& e, CardId self, Seat seat, int points) {
  if (points <= 0) return;  // a loss of points is not a score
  const LocIndex here = mission_location(e.state(), self);
  const Seat opponent = State::other(seat);
  if (here == kNoLoc || nebula_vessels(e, opponent, here).empty() || !e.seed_to_meet(here)) return;
  Effect owed{.kind = EffectKind::kCounter, .until = Until::kRemoved};
  owed.source = self;
  owed.card = self;
  owed.player = opponent;
  owed.loc = here;
  e.add_effect(owed);
}

void nebula_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const auto owed = std::find_if(s.effects.begin(), s.effects.end(),
                                 [&](const Effect& x) { return nebula_owed(x, self); });
  if (owed == s.effects.end() || !may_start_card_frame(e, self)) return;
  const Seat player = owed->player;
  s.effects.erase(owed);
  s.frames.emplace_back(CardFrame{.card = self, .player = player});
}

void nebula_step(Engine& e, CardFrame& f) {
  const LocIndex here = mission_location(e.state(), f.card);
  const std::vector<CardId> vessels =
      here == kNoLoc ? std::vector<CardId>{} : nebula_vessels(e, f.player, here);
  if (vessels.empty() || !e.seed_to_meet(here)) return e.state().frames.pop_back();
  const auto vessel = e.pick(f.player, vessels);  // the owner of the vessels chooses
  if (!vessel) return;
  const Seat player = f.player;
  e.state().frames.pop_back();  // `f` is gone from here on
  e.face_next_seed(player, here, *vessel);
}

// --- Scan (Premiere, for the Nebula; 1997 reading): as one of its player's orders, a space
// mission is scanned: its player sees every seed card under it for the rest of the turn
// (Engine::views_scanned_seed), and may start battles there if it is a Nebula.

void scan_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window) return;
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.space(loc) && !scanned_by(e, seat, loc))
      out.push_back({ActionKind::kPlayInterrupt, self, s.spaceline[loc].mission});
  }
}

void scan_resolve(Engine& e, ActionFrame& f) {
  const LocIndex loc = mission_location(e.state(), f.action.b);
  if (loc == kNoLoc) return;
  Effect scanned{.kind = EffectKind::kScanned, .until = Until::kEndOfTurn};
  scanned.player = f.actor;
  scanned.loc = loc;
  scanned.source = f.action.a;
  e.add_effect(scanned);
  e.card_acted(f.action.a, loc);  // the scan done, the opponent may answer (Scanner Interference)
}

// --- The Issue is Patriotism: the player facing it must start a battle at once wherever their
// forces oppose the other player's: ships and facilities in space, or Away Teams on a planet.
// Stopped cards fight, no leader is needed and the affiliation restrictions do not apply. The
// battle stops everything in it as usual; if that stops the whole group, the Q-Flash ends.

constexpr BattleTerms kPatriotismTerms{
    .stopped_may_fight = true, .no_leader_needed = true, .no_affiliation_limits = true};

std::vector<Action> patriotism_battles(const Engine& e, Seat seat) {
  const State& s = e.state();
  const Seat other = State::other(seat);
  std::vector<Action> out;
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    if (card.controller != seat || card.where != Where::kSpace) continue;
    for (CardId target : e.ship_targets(seat, card.loc)) {
      if (s.cards[target].controller == other && !e.self_controlling(target) &&
          e.check_attack(seat, c, target, kPatriotismTerms) == Rule::kOk)
        out.push_back({ActionKind::kAttack, c, target});
    }
  }
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (!e.planet(loc)) continue;
    const auto foes = e.away_teams(other, loc);
    if (foes.empty()) continue;
    for (const auto& team : e.away_teams(seat, loc)) {
      for (const auto& foe : foes) {
        if (e.check_battle(seat, team.front(), foe.front(), loc, kPatriotismTerms) == Rule::kOk)
          out.push_back({ActionKind::kBattle, team.front(), foe.front(), loc});
      }
    }
  }
  return out;
}

void the_issue_is_patriotism(Engine& e, AttemptFrame& f) {
  std::optional<Action> chosen = e.take_answer();
  if (!chosen) {
    std::vector<Action> battles = patriotism_battles(e, f.player);
    if (battles.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    e.ask(f.player, std::move(battles));
    chosen = e.take_answer();  // a single battle is started at once
    if (!chosen) return;
  }
  const Seat player = f.player;
  f.q_flash_ends_if_stopped = true;
  e.finish_dilemma(f, ev::Outcome::kApplied);
  // The battle runs first; the Q-Flash goes on (or ends) after it.
  if (chosen->kind == ActionKind::kAttack) {
    e.begin_ship_battle(player, chosen->a, chosen->b, kPatriotismTerms);
  } else {
    e.begin_personnel_battle(player, chosen->a, chosen->b, kPatriotismTerms);
  }
}

}  // namespace

extern const Handler kNebula{
    .name = "nebula",
    .test = "tests/scenarios/card-qc-nebula-patriotism.scn",
    .state_check = nebula_state_check,
    .points_scored = nebula_points_scored,
    .forbids_battle = nebula_forbids_battle,
    .step = nebula_step,
    .choose_label = "choose your ship or facility at the Nebula that meets its next dilemma",
};

extern const Handler kScan{
    .name = "scan",
    .test = "tests/scenarios/card-qc-nebula-patriotism.scn",
    .plays = scan_plays,
    .resolve = scan_resolve,
};

extern const Handler kTheIssueIsPatriotism{
    .name = "the_issue_is_patriotism",
    .test = "tests/scenarios/card-qc-nebula-patriotism.scn",
    .encounter = the_issue_is_patriotism,
};

}  // namespace spacedock::stccg::handlers
