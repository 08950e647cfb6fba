// Dilemmas that pick their victims by the server's random selection in ways the data cannot
// say (cards/ABILITIES.md §1): Hunter Gangs' parity test.
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

void hunter_gangs(Engine& e, AttemptFrame& f) {
  // Two members at random, one by one: an odd current CUNNING is killed, an even one escapes
  // (0 is even, S-33).
  std::vector<CardId> pool = f.members;
  // An opposing Elim there picks the two instead (Engine::random_chooser), one question each;
  // the fates follow once both are known, as no question may wait under a window.
  if (const Seat chooser = e.random_chooser(pool); chooser != kNoSeat) {
    f.sub = DilemmaStep::kAsking;  // met already: run again with each answer, not as a duplicate
    for (CardId c : f.picked_at_random)
      std::erase(pool, c);
    while (f.picked_at_random.size() < 2 && !pool.empty()) {
      const auto who = e.pick(chooser, pool);
      if (!who) return;  // runs again with the answer
      f.picked_at_random.push_back(*who);
      std::erase(pool, *who);
    }
    for (CardId who : f.picked_at_random) {
      if (e.attribute(who, Attribute::kCunning) % 2 != 0)
        e.picked_at_random(who, WindowKind::kPickedToDie);
    }
    return e.finish_dilemma(f, ev::Outcome::kApplied);
  }
  for (int i = 0; i < 2 && !pool.empty(); ++i) {
    const CardId who = e.random_member(pool);
    std::erase(pool, who);
    if (e.attribute(who, Attribute::kCunning) % 2 != 0)
      e.picked_at_random(who, WindowKind::kPickedToDie);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

}  // namespace

extern const Handler kHunterGangs{
    .name = "hunter_gangs",
    .test = "tests/scenarios/S-33-hunter-gangs-parity.scn",
    .encounter = hunter_gangs,
};

}  // namespace spacedock::stccg::handlers
