// Cards in play that answer Q-cards being met (cards/ABILITIES.md §5): I Am Not a Merry Man!,
// played on a Klingon, lets its player cancel one Q-icon interrupt, event or dilemma a turn met
// at that Klingon's location (Handler::may_cancel_met, rules/dilemmas.cpp).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// A Klingon by species (CRD IV.10: the Federation Worf too), in play and in reach; with the rule
// option merry_man_own_klingon, only one of the player's own.
bool merry_man_host_ok(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  if (!s.in_play_at(c) || !e.is_personnel(c) || e.in_stasis(c)) return false;
  if (s.options.merry_man_own_klingon && s.cards[c].controller != seat) return false;
  const auto& species = s.def(c).card.personnel().species();
  return std::find(species.begin(), species.end(), "Klingon") != species.end();
}

void merry_man_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (merry_man_host_ok(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule merry_man_still_legal(const Engine& e, Seat seat, const Action& play) {
  return merry_man_host_ok(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void merry_man_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// A Q-icon interrupt, event or dilemma met where its Klingon is, once a turn.
bool merry_man_may_cancel(const Engine& e, CardId self, const AttemptFrame& f) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || !s.in_play_at(card.host) || e.in_stasis(card.host) ||
      e.location_of(card.host) != f.loc || f.current == kNoCard)
    return false;
  const CardDef& met = s.def(f.current);
  const auto type = met.type();
  if (!(met.icons & (1u << v1::STCCG_ICON_Q)) ||
      (type != v1::STCCG_CARD_TYPE_INTERRUPT && type != v1::STCCG_CARD_TYPE_EVENT &&
       type != v1::STCCG_CARD_TYPE_DILEMMA))
    return false;
  // A card that may not be nullified, or only by named cards, is not cancelled either.
  return e.may_nullify(self, f.current) && !use_spent(e, self);
}

void merry_man_cancelled(Engine& e, CardId self) {
  spend_use(e, self, e.state().cards[self].controller, Until::kEndOfTurn);
}

}  // namespace

extern const Handler kIAmNotAMerryMan{
    .name = "i_am_not_a_merry_man",
    .test = "tests/scenarios/card-qc-q-cards-2.scn",
    .plays = merry_man_plays,
    .still_legal = merry_man_still_legal,
    .resolve = merry_man_resolve,
    .may_cancel_met = merry_man_may_cancel,
    .cancelled = merry_man_cancelled,
    .choose_label = "cancel this Q-card with I Am Not a Merry Man!",
};

}  // namespace spacedock::stccg::handlers
