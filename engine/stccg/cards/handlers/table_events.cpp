// Events that stay on their player's table and change the rules while they last
// (cards/ABILITIES.md §5): Goddess of Empathy bans interrupts, Red Alert! lets the card play be a
// group of reports, Static Warp Bubble makes the opponent discard at the end of their turns,
// Yellow Alert puts every Red Alert! away.
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kKevinUxbridge, kQ2, kRedAlert, kStaticWarpBubble;

namespace {

void on_table_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (!window) out.push_back({ActionKind::kPlayEvent, self});
}

void to_table(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor);
}

// --- Goddess of Empathy: no interrupts for either player until the end of her player's next
// turn, except Kevin Uxbridge and Q2 (CRD II.2; S-46).

bool goddess_forbids(const Engine& e, CardId, Seat, CardId card) {
  const CardDef& def = e.state().def(card);
  return def.type() == v1::STCCG_CARD_TYPE_INTERRUPT && def.handler != &kKevinUxbridge &&
         def.handler != &kQ2;
}

void goddess_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active == s.cards[self].controller && s.turn > placed_on_turn(e, self)) e.to_discard(self);
}

// --- Static Warp Bubble: at the end of each of the opponent's turns, the opponent discards a
// card of their choice from hand (CRD IV.7). Not cumulative: one copy per player acts.

void bubble_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat victim = State::other(s.cards[self].controller);
  if (s.active != victim || first_copy(e, kStaticWarpBubble, s.cards[self].controller) != self)
    return;
  if (s.players[victim].hand.empty()) return;  // nothing to discard, and no debt (CRD IV.7)
  s.frames.emplace_back(CardFrame{.card = self, .player = victim});
}

void bubble_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const std::vector<CardId> hand = s.players[f.player].hand;
  if (!hand.empty()) {
    auto card = e.pick(f.player, hand);
    if (!card) return;
    e.to_discard(*card);
  }
  s.frames.pop_back();  // `f` is gone from here on
}

// --- Yellow Alert: while it is in play no Red Alert!, either player's, may be played, and any
// in play is discarded (au.md). Its CUNNING +1 is data.

bool yellow_forbids(const Engine& e, CardId, Seat, CardId card) {
  return e.state().def(card).handler == &kRedAlert;
}

void yellow_state_check(Engine& e, CardId) {
  const State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.def(c).handler == &kRedAlert && s.cards[c].zone == Zone::kPlay) e.to_discard(c);
  }
}

}  // namespace

extern const Handler kGoddessOfEmpathy{
    .name = "goddess_of_empathy",
    .test = "tests/scenarios/S-46-responses-after-the-action.scn",
    .plays = on_table_plays,
    .resolve = to_table,
    .end_of_turn = goddess_end_of_turn,
    .forbids_play = goddess_forbids,
};

extern const Handler kRedAlert{
    .name = "red_alert",
    .test = "tests/scenarios/table-events.scn",
    .plays = on_table_plays,
    .resolve = to_table,
    .reports_as_group = true,
};

extern const Handler kStaticWarpBubble{
    .name = "static_warp_bubble",
    .test = "tests/scenarios/table-events.scn",
    .plays = on_table_plays,
    .resolve = to_table,
    .end_of_turn = bubble_end_of_turn,
    .step = bubble_step,
    .choose_label = "choose a card of your hand to discard",
};

extern const Handler kYellowAlert{
    .name = "yellow_alert",
    .test = "tests/scenarios/table-events.scn",
    .plays = on_table_plays,
    .resolve = to_table,
    .state_check = yellow_state_check,
    .forbids_play = yellow_forbids,
};

}  // namespace spacedock::stccg::handlers
