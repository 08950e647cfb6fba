// Cards played on a mission just completed for bonus points (cards/ABILITIES.md §6): Particle
// Fountain, answering a planet mission completed by an Away Team with 2 ENGINEER.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kParticleFountain;

namespace {

constexpr int kFountainPoints = 5;

// Only on a planet mission its player has just completed with an Away Team (the window's
// `about` names the first member of the group that completed it), and one per mission.
bool fountain_fits(const Engine& e, Seat seat, const WindowFrame& w) {
  const State& s = e.state();
  if (w.kind != WindowKind::kCompleted || w.loc >= s.spaceline.size()) return false;
  if (s.spaceline[w.loc].completed_by != seat || !e.planet(w.loc)) return false;
  const CardId mission = s.spaceline[w.loc].mission;
  if (std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
        return s.handler(c) == &kParticleFountain && s.cards[c].host == mission;
      }))
    return false;
  if (w.about == kNoCard || !s.in_play_at(w.about) || s.cards[w.about].where != Where::kSurface)
    return false;
  return has_skill(e, e.attempt_group(seat, w.loc, w.about),
                   SkillTable::of(Classification::kEngineer), 4);
}

void fountain_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window && fountain_fits(e, seat, *window))
    out.push_back({ActionKind::kPlayInterrupt, self, e.state().spaceline[window->loc].mission});
}

Rule fountain_still_legal(const Engine& e, Seat, const Action& play) {
  const State& s = e.state();
  const CardId mission = play.b;
  return std::none_of(s.in_play.begin(), s.in_play.end(),
                      [&](CardId c) {
                        return s.handler(c) == &kParticleFountain && s.cards[c].host == mission;
                      })
             ? Rule::kOk
             : Rule::kNoTarget;
}

void fountain_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
  e.score(f.actor, kFountainPoints, f.action.a);
}

}  // namespace

extern const Handler kParticleFountain{
    .name = "particle_fountain",
    .test = "tests/scenarios/particle-fountain.scn",
    .plays = fountain_plays,
    .still_legal = fountain_still_legal,
    .resolve = fountain_resolve,
};

}  // namespace spacedock::stccg::handlers
