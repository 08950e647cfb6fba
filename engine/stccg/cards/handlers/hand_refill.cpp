// Cards that bring cards to a hand (cards/ABILITIES.md §5, §6): Palor Toff and Res-Q swap
// themselves for a card of their player's discard pile, shown as it goes to the hand (CRD III.6);
// Kivas Fajo makes a player of your choice draw three cards.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Palor Toff - Alien Trader (any non-personnel card) and Res-Q (any card).

template <bool kAnyCard>
std::vector<CardId> retrievable(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (CardId c : e.state().players[seat].discard) {
    if (kAnyCard || !e.is_personnel(c)) out.push_back(c);
  }
  return out;
}

// Offered only with something to take: with an empty pile the card would do nothing.
template <bool kAnyCard>
void swap_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  const ActionKind kind = kAnyCard ? ActionKind::kPlayEvent : ActionKind::kPlayInterrupt;
  if (kAnyCard && window) return;  // Res-Q is an event: the card play of its player's turn
  if (window && window->kind == WindowKind::kDilemma) return;
  if (!retrievable<kAnyCard>(e, seat).empty()) out.push_back({kind, self});
}

// An artifact that goes on its earner's table (Horga'hn, Ressikan Flute), not to a hand.
bool table_artifact(const CardDef& def) {
  return def.type() == v1::STCCG_CARD_TYPE_ARTIFACT && !def.card.artifact().to_hand() &&
         def.card.artifact().play_as() == v1::STCCG_PLAY_AS_EVENT;
}

// If the pile has emptied meanwhile, the card is discarded for nothing (CRD IV.8 Countermanda).
// A nullified artifact that plays straight onto the table is back on it at once, without a card
// play (CRD IV.4 "Artifacts"): shown as it leaves the pile, like any card taken.
template <bool kAnyCard>
void swap_resolve(Engine& e, ActionFrame& f) {
  const std::vector<CardId> pile = retrievable<kAnyCard>(e, f.actor);
  if (pile.empty()) return;
  auto taken = e.pick(f.actor, pile);
  if (!taken) return;
  e.move_card(*taken, Zone::kHand);
  if (table_artifact(e.state().def(*taken)))
    e.move_card(*taken, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, f.actor);
}

// --- Kivas Fajo - Collector: its player names a player, who draws three cards. A player who
// may draw no more this turn (a Q's Tent) draws nothing (CRD IV.6): Engine::draw sees to it.

void kivas_resolve(Engine& e, ActionFrame& f) {
  auto you = e.yes_no(f.actor);
  if (!you) return;
  const Seat drawer = *you ? f.actor : State::other(f.actor);
  for (int i = 0; i < 3 && !e.state().over; ++i)
    e.draw(drawer);
}

}  // namespace

extern const Handler kPalorToffAlienTrader{
    .name = "palor_toff_alien_trader",
    .test = "tests/scenarios/hand-refill.scn",
    .plays = swap_plays<false>,
    .resolve = swap_resolve<false>,
    .choose_label = "choose a non-personnel card of your discard pile to take into your hand",
};

extern const Handler kResQ{
    .name = "res_q",
    .test = "tests/scenarios/hand-refill.scn",
    .plays = swap_plays<true>,
    .resolve = swap_resolve<true>,
    .choose_label = "choose a card of your discard pile to take into your hand",
};

extern const Handler kKivasFajoCollector{
    .name = "kivas_fajo_collector",
    .test = "tests/scenarios/hand-refill.scn",
    .plays = plays_on_table,
    .resolve = kivas_resolve,
    .question = "who draws three cards?",
    .yes_label = "You draw three cards",
    .no_label = "Your opponent draws three cards",
};

}  // namespace spacedock::stccg::handlers
