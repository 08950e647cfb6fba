// Artifacts whose value or effect is more than a modifier (cards/ABILITIES.md §4).
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

int ressikan_flute(const Engine& e, CardId self) {
  // 5 points per personnel of its controller in play with Music, each counted once (S-52).
  const State& s = e.state();
  const auto music = s.db->skills().find("Music");
  if (!music) return 0;
  int with_music = 0;
  for (CardId p : s.in_play) {
    if (e.is_personnel(p) && s.cards[p].controller == s.cards[self].controller &&
        e.base_facts(p).skills[*music] > 0) {
      ++with_music;
    }
  }
  return 5 * with_music;
}

}  // namespace

extern const Handler kRessikanFlute{
    .name = "ressikan_flute",
    .test = "tests/scenarios/S-52-skill-multiples.scn",
    .live_points = ressikan_flute,
};

}  // namespace spacedock::stccg::handlers
