// Cryosatellite (AU artifact): seeded under a space mission, it holds up to three [AU] personnel
// seeded under it (Handler::holds_seed; its one more artifact is seeded under the mission beside
// it, rules/seeding.cpp). Earned, its personnel go to an outpost of the earner's, chosen by them:
// their own join the crew (under house arrest if they may not mix), the opponent's are their
// captives (CRD IV.4). With no outpost of the earner's in play they are discarded.
#include <optional>
#include <vector>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

namespace cryosatellite {

constexpr int kPersonnelHeld = 3;

bool holds_au_personnel(const CardDef& card) {
  return card.type() == v1::STCCG_CARD_TYPE_PERSONNEL &&
         (card.icons & (1u << v1::STCCG_ICON_AU)) != 0;
}

bool under_space_mission(const Engine& e, LocIndex loc) {
  return e.space(loc);
}

std::vector<CardId> stored_under(const State& s, CardId self) {
  std::vector<CardId> out;
  for (CardId c = 0; c < s.cards.size(); ++c) {
    if (s.cards[c].zone == Zone::kStored && s.cards[c].host == self) out.push_back(c);
  }
  return out;
}

std::vector<CardId> outposts_of(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (CardId c : e.vessels_of(seat)) {
    if (e.is_facility(c) &&
        e.state().def(c).card.facility().kind() == v1::STCCG_FACILITY_KIND_OUTPOST)
      out.push_back(c);
  }
  return out;
}

void place_at(Engine& e, CardId self, Seat earner, CardId outpost) {
  for (CardId c : stored_under(e.state(), self)) {
    const Seat owner = e.state().cards[c].owner;
    e.move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, outpost, owner);
    if (owner != earner) e.capture(c, earner, kNoCard, /*source_goes_along=*/false);
  }
  e.arrest_incompatible();  // their own of the wrong affiliation: house arrest (CRD IV.4)
}

void discard_held(Engine& e, CardId self) {
  for (CardId c : stored_under(e.state(), self))
    e.to_discard(c);
}

void earned(Engine& e, CardId self, Seat by) {
  State& s = e.state();
  const std::vector<CardId> outposts = outposts_of(e, by);
  if (stored_under(s, self).empty()) return;
  if (outposts.empty()) {
    discard_held(e, self);
    return;
  }
  if (outposts.size() == 1) {
    place_at(e, self, by, outposts.front());
    e.to_discard(self);  // now: a capture may have opened a window over the attempt's end
    return;
  }
  s.frames.emplace_back(CardFrame{.card = self, .player = by});
}

// The earner's choice among their outposts.
void step(Engine& e, CardFrame& f) {
  const std::vector<CardId> outposts = outposts_of(e, f.player);
  std::optional<CardId> outpost;
  if (!outposts.empty()) {
    outpost = e.pick(f.player, outposts);
    if (!outpost) return;
  }
  const CardId self = f.card;
  const Seat earner = f.player;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (outpost) {
    place_at(e, self, earner, *outpost);
  } else {
    discard_held(e, self);
  }
  e.to_discard(self);
}

}  // namespace cryosatellite

extern const Handler kCryosatellite{
    .name = "cryosatellite",
    .test = "tests/scenarios/card-cryosatellite.scn",
    .step = cryosatellite::step,
    .earned = cryosatellite::earned,
    .holds_seed = cryosatellite::holds_au_personnel,
    .seeds_held = cryosatellite::kPersonnelHeld,
    .may_seed_under = cryosatellite::under_space_mission,
    .choose_label = "choose the outpost the Cryosatellite's personnel go to",
};

}  // namespace spacedock::stccg::handlers
