// Q-Continuum and Blaze of Glory personnel whose text answers what the opponent does
// (cards/ABILITIES.md §18): Tharket nullifies a Rescue Captives once per game; Elim makes random
// selections among the opponent's personnel where he is; Madam Guinan cancels AU cards where she
// is.
#include <algorithm>
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
  // Tharket's controller, is at his location (Reading: the card names no place for it). Limited by
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

// --- Madam Guinan: once per turn her player may cancel, at her location, an AU-icon interrupt or
// event the other player plays, or an AU dilemma met by a group of her player's she is not in.
// A dilemma her own group meets is her where_present entry's (rules/dilemmas.cpp); all three
// share the one use a turn, the kCounter that entry marks her with.

bool bears_au(const Engine& e, CardId c) {
  return (e.state().def(c).icons & (1u << v1::STCCG_ICON_AU)) != 0;
}

bool guinan_ready(const Engine& e, CardId self) {
  const State& s = e.state();
  const bool used = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == self &&
           x.until == Until::kEndOfTurn;
  });
  return !used && !s.cards[self].disabled && !e.in_stasis(self) && e.location_of(self) != kNoLoc;
}

void guinan_spend(Engine& e, CardId self) {
  Effect used{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  used.source = self;
  used.card = self;
  e.add_effect(used);
}

// Where a play acts: the location it names, or that of the card it is played on.
LocIndex played_at(const Engine& e, const Action& play) {
  if (play.loc != kNoLoc) return play.loc;
  if (play.b == kNoCard) return kNoLoc;
  const Zone zone = e.state().cards[play.b].zone;
  return zone == Zone::kPlay || zone == Zone::kMission ? e.location_of(play.b) : kNoLoc;
}

void guinan_responses(const Engine& e, Seat seat, CardId self, const WindowFrame&,
                      std::vector<Action>& out) {
  const State& s = e.state();
  if (!guinan_ready(e, self)) return;
  const LocIndex here = e.location_of(self);
  const auto answer = [&](Seat by, const Action& play) {
    const CardId c = play.a;
    const bool kind =
        play.kind == ActionKind::kPlayInterrupt || play.kind == ActionKind::kPlayEvent;
    if (by != seat && kind && s.cards[c].zone == Zone::kResolving && bears_au(e, c) &&
        played_at(e, play) == here && e.may_nullify(self, c))
      out.push_back({ActionKind::kUseCard, self, c});
  };
  for (const Frame& frame : s.frames) {
    const auto* action = std::get_if<ActionFrame>(&frame);
    if (!action) continue;
    answer(action->actor, action->action);
    for (const auto& [by, response] : action->responses)
      answer(by, response);
  }
}

void guinan_resolve(Engine& e, ActionFrame& f) {
  if (e.state().cards[f.action.b].zone != Zone::kResolving) return;
  guinan_spend(e, f.action.a);
  e.nullify(f.action.b);
}

bool guinan_may_cancel_met(const Engine& e, CardId self, const AttemptFrame& f) {
  const State& s = e.state();
  return s.cards[self].controller == f.player && bears_au(e, f.current) &&
         std::find(f.members.begin(), f.members.end(), self) == f.members.end() &&
         guinan_ready(e, self) && e.location_of(self) == f.loc && e.may_nullify(self, f.current);
}

}  // namespace

extern const Handler kMadamGuinan{
    .name = "madam_guinan",
    .test = "tests/scenarios/card-au-door.scn",
    .resolve = guinan_resolve,
    .responses = guinan_responses,
    .may_cancel_met = guinan_may_cancel_met,
    .cancelled = guinan_spend,
    .use_label = "cancel this AU card at her location (once per turn)",
};

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
