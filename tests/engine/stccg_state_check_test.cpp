// State::check keeps the lists the rules read instead of scanning (State::modifying_in_play,
// State::placed, State::effect_kinds) honest: a list out of step with what it summarises is a
// broken invariant.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/stccg/scenario/position.h"

namespace spacedock::stccg {
namespace {

TEST_CASE("stccg: State::check finds the cards in play with modifiers listed wrongly") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");
  p.add_on_planet(0, 0, "Worf");
  const CardId kit = p.add_on_planet(0, 0, "Engineering Kit");
  State s = p.build();
  REQUIRE(!s.def(kit).modifiers.empty());
  CHECK(s.modifying_in_play == std::vector<CardId>{kit});
  CHECK(s.check().empty());
  std::erase(s.modifying_in_play, kit);
  CHECK(s.check() == "the cards in play with modifiers are listed wrongly");
}

TEST_CASE("stccg: the cards in play are listed by where they are, in the order they entered") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");
  const CardId runabout = p.add_in_space(0, 0, "Runabout");
  const CardId worf = p.add_on_planet(0, 0, "Worf");
  const CardId data = p.add_aboard(runabout, "Data");
  const CardId troi = p.add_on_planet(0, 0, "Deanna Troi");
  State s = p.build();
  CHECK(s.in_play_where(Where::kSpace) == std::vector<CardId>{runabout});
  CHECK(s.in_play_where(Where::kSurface) == std::vector<CardId>{worf, troi});
  CHECK(s.in_play_where(Where::kAboard) == std::vector<CardId>{data});
  // Beamed up, Worf takes his place aboard by when he entered play: before Data.
  s.place(worf, Where::kAboard);
  s.cards[worf].host = runabout;
  CHECK(s.in_play_where(Where::kAboard) == std::vector<CardId>{worf, data});
  CHECK(s.in_play_where(Where::kSurface) == std::vector<CardId>{troi});
  std::vector<CardId> both;
  s.for_each_in_play_where(Where::kSurface, Where::kAboard, [&](CardId c) { both.push_back(c); });
  CHECK(both == std::vector<CardId>{worf, data, troi});
  CHECK(s.check().empty());
  // A where changed behind place()'s back leaves the lists wrong.
  s.cards[troi].where = Where::kAboard;
  CHECK(s.check().starts_with("the cards in play at where"));
}

TEST_CASE("stccg: State::check finds an effect whose kind effect_kinds lacks") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");
  const CardId worf = p.add_on_planet(0, 0, "Worf");
  State s = p.build();
  s.push_effect({.kind = EffectKind::kStasis, .card = worf});
  CHECK(s.may_have(EffectKind::kStasis));
  CHECK(!s.may_have(EffectKind::kCaptive));
  CHECK(s.check().empty());
  // An effect added behind push_effect's back would be missed by every lookup that trusts the
  // summary.
  s.effects.push_back({.kind = EffectKind::kCaptive, .card = worf});
  CHECK(!s.check().empty());
  // Ending effects narrows the summary to what is left.
  s.end_effects([](const Effect& x) { return x.kind == EffectKind::kStasis; });
  CHECK(!s.may_have(EffectKind::kStasis));
  CHECK(s.may_have(EffectKind::kCaptive));
  CHECK(s.check().empty());
}

}  // namespace
}  // namespace spacedock::stccg
