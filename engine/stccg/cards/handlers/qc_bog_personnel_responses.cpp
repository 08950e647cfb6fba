// Blaze of Glory personnel whose text answers what the opponent does (cards/ABILITIES.md §18):
// Tharket nullifies a Rescue Captives once per game; Elim makes random selections among the
// opponent's personnel where he is.
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// A Rescue Captives (by the colon rule, any card of that group) being played by the other
// player, answered in this window.
CardId rescue_being_played(const Engine& e, Seat seat, const WindowFrame& w) {
  const State& s = e.state();
  if (w.kind != WindowKind::kResponse || w.collector == WindowFrame::kNoCollector) return kNoCard;
  const auto* play = std::get_if<ActionFrame>(&s.frames[w.collector]);
  if (!play || play->actor == seat || play->action.kind != ActionKind::kPlayInterrupt)
    return kNoCard;
  const CardId card = play->action.a;
  const std::string& title = s.def(card).title();
  const bool rescue = title == "Rescue Captives" || title.starts_with("Rescue Captives:");
  return rescue && s.cards[card].zone == Zone::kResolving ? card : kNoCard;
}

void tharket_responses(const Engine& e, Seat seat, CardId self, const WindowFrame& w,
                       std::vector<Action>& out) {
  const State& s = e.state();
  const CardId rescue = rescue_being_played(e, seat, w);
  if (rescue == kNoCard || use_spent(e, self) || s.cards[self].disabled || e.in_stasis(self))
    return;
  // Played where he is: one of the captives it would free, the rescuer's personnel held by
  // Tharket's controller, is at his location (GAP: the card names no place for it). Limited by
  // Prepare the Prisoner, it frees only those where the group it names is.
  const LocIndex here = e.location_of(self);
  const auto* play = std::get_if<ActionFrame>(&s.frames[w.collector]);
  if (play->action.b != kNoCard && e.location_of(play->action.b) != here) return;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCaptive && x.player == seat &&
        s.cards[x.card].owner == s.cards[rescue].owner && e.location_of(x.card) == here) {
      out.push_back({ActionKind::kUseCard, self, rescue});
      return;
    }
  }
}

void tharket_resolve(Engine& e, ActionFrame& f) {
  spend_use(e, f.action.a, f.actor, Until::kRemoved);  // once per game
  if (e.state().cards[f.action.b].zone == Zone::kResolving) e.nullify(f.action.b);
}

}  // namespace

extern const Handler kElim{
    .name = "elim",
    .test = "tests/scenarios/card-bog-personnel-2.scn",
    .chooses_random_selections = true,
};

extern const Handler kTharket{
    .name = "tharket",
    .test = "tests/scenarios/card-bog-personnel-2.scn",
    .resolve = tharket_resolve,
    .responses = tharket_responses,
    .use_label = "nullify this Rescue Captives (once per game)",
};

}  // namespace spacedock::stccg::handlers
