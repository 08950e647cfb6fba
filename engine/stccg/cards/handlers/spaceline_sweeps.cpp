// Interrupts that empty a location later (cards/ABILITIES.md §6): The Wake of the Borg sends
// everything at one of the opponent's Neutral Zone Region missions back to its owners' hands.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

namespace {

// --- The Wake of the Borg: played on a Neutral Zone Region mission of an opponent who seeded
// three or more of them, it stays there; at the end of that opponent's next turn every ship,
// facility and personnel at the location (either player's) without the Borg affiliation icon
// returns to its owner's hand, and the card is discarded. Equipment and cards played on what
// returns are discarded.

constexpr std::string_view kNeutralZone = "Neutral Zone Region";

bool neutral_zone(const Engine& e, LocIndex loc) {
  return e.state().def(e.state().spaceline[loc].mission).card.mission().region() == kNeutralZone;
}

void wake_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  const State& s = e.state();
  const Seat opponent = State::other(seat);
  std::vector<LocIndex> theirs;
  for (std::size_t loc = 0; loc < s.spaceline.size(); ++loc) {
    const auto at = static_cast<LocIndex>(loc);
    if (s.spaceline[loc].seeder == opponent && neutral_zone(e, at)) theirs.push_back(at);
  }
  if (theirs.size() < 3) return;
  for (LocIndex loc : theirs)
    out.push_back({ActionKind::kPlayInterrupt, self, s.spaceline[loc].mission});
}

Rule wake_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kMission ? Rule::kOk : Rule::kNoTarget;
}

void wake_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

bool returns(const Engine& e, CardId c) {
  if ((e.affiliations(c) & bit(Affiliation::kBorg)) != 0) return false;  // the Borg are spared
  return e.is_personnel(c) || e.is_ship(c) || e.is_facility(c);
}

void wake_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat opponent = State::other(s.cards[self].controller);
  if (s.active != opponent || s.turn <= placed_on_turn(e, self)) return;
  const LocIndex loc = s.cards[s.cards[self].host].loc;
  // Personnel first, so that none goes with (or dies with) the ship they are aboard.
  std::vector<CardId> people;
  std::vector<CardId> vessels;
  for (CardId c : s.in_play) {
    if (!returns(e, c) || e.location_of(c) != loc) continue;
    (e.is_personnel(c) ? people : vessels).push_back(c);
  }
  people.insert(people.end(), vessels.begin(), vessels.end());
  for (CardId c : people) {
    if (s.in_play_at(c)) e.move_card(c, Zone::kHand);  // what it carries is discarded
  }
  e.to_discard(self);
}

}  // namespace

extern const Handler kTheWakeOfTheBorg{
    .name = "the_wake_of_the_borg",
    .test = "tests/scenarios/card-wake-of-the-borg.scn",
    .plays = wake_plays,
    .still_legal = wake_still_legal,
    .resolve = wake_resolve,
    .end_of_turn = wake_end_of_turn,
};

}  // namespace spacedock::stccg::handlers
