// State::insert_location: a location put on the spaceline mid-game moves every location index
// the game keeps from there on one to the right (cards, effects, frames, actions), leaves the
// indices that are not locations alone (a spaceline end while seeding, a download entry, a
// gender), and keeps State::check's invariants.
#include <doctest/doctest.h>

#include <variant>

#include "engine/stccg/scenario/position.h"

namespace spacedock::stccg {
namespace {

TEST_CASE("stccg: a location inserted mid-spaceline moves every stored location index") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");                                  // 0, stays
  p.add_mission(1, "Study Stellar Collision");                        // 1 -> 2
  p.add_mission(0, "Investigate Anomaly");                            // 2 -> 3
  const CardId runabout = p.add_in_space(2, 0, "Runabout");           // at 2 -> 3
  const CardId worf = p.add_on_planet(0, 0, "Worf");                  // at 0, stays
  const CardId chalnoth = p.add_under(1, 1, "Chalnoth");              // under 1 -> 2
  const CardId planet = p.add_to_pile(0, Zone::kHand, "Q's Planet");  // the one inserted
  State s = p.build();

  Effect blocked{.kind = EffectKind::kMissionBlocked};
  blocked.loc = 1;
  Effect download{.kind = EffectKind::kDownloadUsed};
  download.loc = 1;  // a download entry, not a location
  s.push_effect(blocked);
  s.push_effect(download);
  AttemptFrame attempt;
  attempt.loc = 2;
  WindowFrame window;
  window.loc = 0;
  ActionFrame move({ActionKind::kMove, runabout, kNoCard, 2}, 0);
  move.responses.push_back({1, {ActionKind::kChooseGender, worf, kNoCard, 1}});  // a gender
  s.frames.clear();
  s.frames.emplace_back(TurnFrame{});
  s.frames.emplace_back(move);
  s.frames.emplace_back(attempt);
  s.frames.emplace_back(window);
  s.offered = {{ActionKind::kSeedMission, planet, kNoCard, 1},  // the right end, while seeding
               {ActionKind::kAttempt, worf, kNoCard, 0}};

  Location inserted;
  inserted.mission = planet;
  inserted.seeder = 0;
  s.cards[planet].zone = Zone::kMission;
  std::erase(s.players[0].hand, planet);
  s.insert_location(1, inserted);

  CHECK(s.check().empty());
  REQUIRE(s.spaceline.size() == 4);
  CHECK(s.spaceline[1].mission == planet);
  CHECK(s.cards[planet].loc == 1);
  CHECK(s.cards[s.spaceline[2].mission].loc == 2);
  CHECK(s.cards[s.spaceline[3].mission].loc == 3);
  CHECK(s.cards[runabout].loc == 3);
  CHECK(s.cards[worf].loc == 0);
  CHECK(s.cards[chalnoth].loc == 2);
  CHECK(s.spaceline[2].seeds == std::vector<CardId>{chalnoth});
  CHECK(s.effects[0].loc == 2);
  CHECK(s.effects[1].loc == 1);
  const auto& moved = std::get<ActionFrame>(s.frames[1]);
  CHECK(moved.action.loc == 3);
  CHECK(moved.responses[0].second.loc == 1);
  CHECK(std::get<AttemptFrame>(s.frames[2]).loc == 3);
  CHECK(std::get<WindowFrame>(s.frames[3]).loc == 0);
  CHECK(s.offered[0].loc == 1);
  CHECK(s.offered[1].loc == 0);
}

TEST_CASE("stccg: State::check finds a card whose location index went stale") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");
  p.add_mission(1, "Study Stellar Collision");
  const CardId runabout = p.add_in_space(1, 0, "Runabout");
  State s = p.build();
  CHECK(s.check().empty());
  s.cards[runabout].loc = 2;
  CHECK(!s.check().empty());
  s.cards[runabout].loc = 1;
  ++s.cards[s.spaceline[0].mission].loc;
  CHECK(!s.check().empty());
}

}  // namespace
}  // namespace spacedock::stccg
