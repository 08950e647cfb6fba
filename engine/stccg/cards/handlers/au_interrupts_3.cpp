// Alternate Universe interrupts, third part (cards/abilities/au-interrupts-3.md): Temporal
// Narcosis answers the opponent's Revolving Door, Emergency Transporter Armbands, Energy Vortex
// or Horga'hn with a double turn of its player's next turn; Incoming Message: Attack Authorization
// orders a Federation ship with Treachery aboard to attack at once.
#include <algorithm>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace au_interrupts_3 {

// --- Temporal Narcosis: answering the other player's Revolving Door, Emergency Transporter
// Armbands or Energy Vortex as it is played, or their Horga'hn as its double turn is taken (the
// kCardActed window), its player's next turn is a double turn: the turn engine's extra turn
// (Horga'hn's), which follows the player's own next turn. Not cumulative (CRD IV.4): nothing
// more for a player who already has an extra turn coming or a Horga'hn of their own in play.

bool narcotic_being_played(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  const std::string& title = s.def(c).title();
  return (title == "Revolving Door" || title == "Emergency Transporter Armbands" ||
          title == "Energy Vortex") &&
         s.cards[c].zone == Zone::kResolving && e.just_played(c, State::other(seat));
}

bool has_double_turns(const Engine& e, Seat seat) {
  const State& s = e.state();
  const bool extra_coming = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kExtraTurn && x.player == seat;
  });
  const bool horgahn = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.def(c).title() == "Horga'hn" && s.cards[c].controller == seat;
  });
  return extra_coming || horgahn;
}

void narcosis_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (!window) return;
  const State& s = e.state();
  if (window->kind == WindowKind::kCardActed && s.def(window->about).title() == "Horga'hn" &&
      s.cards[window->about].controller != seat)
    out.push_back({ActionKind::kPlayInterrupt, self, window->about});
  for (CardId c : s.resolving) {
    if (narcotic_being_played(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void narcosis_resolve(Engine& e, ActionFrame& f) {
  if (has_double_turns(e, f.actor)) return;
  Effect extra{.kind = EffectKind::kExtraTurn, .until = Until::kRemoved};
  extra.player = f.actor;
  extra.source = f.action.a;
  e.add_effect(extra);
}

// --- Incoming Message: Attack Authorization: on a Federation ship, either player's, with
// Treachery in its crew, the ship at once attacks one opposing ship at its location, its
// controller picking which (au.md AMBIGUOUS: the order is spoken to that ship). The order is the
// authorization: the affiliation attack restrictions do not apply. A V.I.P. in the crew lets the
// ship's controller ignore it.

constexpr BattleTerms kOrderTerms{.no_affiliation_limits = true};

bool ordered_ship(const Engine& e, CardId ship) {
  return e.state().in_play_at(ship) && e.is_ship(ship) &&
         (e.affiliations(ship) & bit(Affiliation::kFederation)) &&
         e.group_has_skill(e.crew(ship), "Treachery");
}

std::vector<CardId> attack_targets(const Engine& e, CardId ship) {
  const State& s = e.state();
  const Seat seat = s.cards[ship].controller;
  const LocIndex here = e.location_of(ship);
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_ship(c) && s.cards[c].controller != seat && e.location_of(c) == here &&
        e.check_attack(seat, ship, c, kOrderTerms) == Rule::kOk)
      out.push_back(c);
  }
  return out;
}

bool outside_dilemma(const WindowFrame* window) {
  return !window || window->kind != WindowKind::kDilemma;
}

void order_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (!outside_dilemma(window)) return;
  for (CardId c : e.state().in_play) {
    if (ordered_ship(e, c) && !attack_targets(e, c).empty())
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule order_still_legal(const Engine& e, Seat, const Action& play) {
  return ordered_ship(e, play.b) && !attack_targets(e, play.b).empty() ? Rule::kOk
                                                                       : Rule::kNoTarget;
}

// f.sub: 0 before the V.I.P.'s question, 1 once the order stands.
void order_resolve(Engine& e, ActionFrame& f) {
  if (order_still_legal(e, f.actor, f.action) != Rule::kOk) return;
  const CardId ship = f.action.b;
  const Seat seat = e.state().cards[ship].controller;
  if (f.sub == 0 && e.group_has_skill(e.crew(ship), "V.I.P.")) {
    const auto ignore = e.yes_no(seat);
    if (!ignore || *ignore) return;
  }
  f.sub = 1;
  const auto target = e.pick(seat, attack_targets(e, ship));
  if (!target) return;
  e.begin_ship_battle(seat, ship, *target, kOrderTerms);
}

}  // namespace au_interrupts_3

extern const Handler kTemporalNarcosis{
    .name = "temporal_narcosis",
    .test = "tests/scenarios/card-au-interrupts-3.scn",
    .plays = au_interrupts_3::narcosis_plays,
    .resolve = au_interrupts_3::narcosis_resolve,
    .answers_card_acted = true,
};

extern const Handler kIncomingMessageAttackAuthorization{
    .name = "incoming_message_attack_authorization",
    .test = "tests/scenarios/card-au-interrupts-3.scn",
    .plays = au_interrupts_3::order_plays,
    .still_legal = au_interrupts_3::order_still_legal,
    .resolve = au_interrupts_3::order_resolve,
    .question = "ignore the attack order (a V.I.P. is aboard)?",
    .yes_label = "Ignore the order",
    .no_label = "Attack",
    .choose_label = "choose the ship the ordered ship attacks",
};

}  // namespace spacedock::stccg::handlers
