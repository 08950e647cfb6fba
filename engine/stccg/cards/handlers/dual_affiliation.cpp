// Dual-affiliation personnel (cards/abilities/dual-affiliation.md; CRD II.1 and IV.10
// "Dual-Affiliation Personnel"): a personnel printed with two or more affiliation icons uses one
// of them at a time, and behaves as a personnel of that one only. It takes, as it comes into
// play, the first of its affiliations that the ship or facility it is aboard and the crew there
// allow; its controller may switch it, as an order of their turn, to another that they allow.
// The affiliation in use is an EffectKind::kAffiliation of its own (Engine::affiliations); what
// it has in each affiliation is data: modifiers keyed by affiliation (StccgModifier.affiliations).
// Major Rakal, Stefan DeSeve.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace dual_affiliation_detail {

std::vector<Affiliation> printed_affiliations(const State& s, CardId self) {
  std::vector<Affiliation> out;
  for (int a : s.def(self).card.personnel().affiliations())
    out.push_back(static_cast<Affiliation>(a));
  return out;
}

// Aboard, the vessel and the rest of its controller's crew (not those under house arrest) must
// allow `a` (as a Romulan, Stefan DeSeve may not be aboard a Federation ship without a treaty). On
// a planet a personnel of another affiliation only makes an Away Team of its own.
bool allowed_where_it_is(const Engine& e, CardId self, Affiliation a) {
  const State& s = e.state();
  const CardState& p = s.cards[self];
  if (p.where != Where::kAboard) return true;
  const Seat seat = p.controller;
  if (!e.compatible(seat, bit(a), e.affiliations(p.host))) return false;
  const std::vector<CardId> crew = e.crew(p.host);
  return std::all_of(crew.begin(), crew.end(), [&](CardId c) {
    return c == self || s.cards[c].controller != seat || s.cards[c].arrested ||
           e.compatible(seat, bit(a), e.affiliations(c));
  });
}

// The affiliation it chose for itself, kept as its own effect.
template <typename Effects>
auto* chosen_affiliation(Effects& effects, CardId self) {
  const auto it = std::find_if(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kAffiliation && x.card == self && x.source == self;
  });
  return it == effects.end() ? nullptr : &*it;
}

// The next of its affiliations after the one in use that it may switch to, or kNone.
Affiliation next_affiliation(const Engine& e, CardId self, Affiliation current) {
  const std::vector<Affiliation> printed = printed_affiliations(e.state(), self);
  const auto at = std::find(printed.begin(), printed.end(), current);
  const std::size_t from = at == printed.end() ? 0 : static_cast<std::size_t>(at - printed.begin());
  for (std::size_t i = 1; i < printed.size(); ++i) {
    const Affiliation a = printed[(from + i) % printed.size()];
    if (a != current && allowed_where_it_is(e, self, a)) return a;
  }
  return Affiliation::kNone;
}

// As it comes into play (reported, or any other way): the first affiliation its place allows.
void choose_on_arrival(Engine& e, CardId self) {
  if (chosen_affiliation(e.state().effects, self)) return;
  const std::vector<Affiliation> printed = printed_affiliations(e.state(), self);
  if (printed.size() < 2) return;
  const auto fits = std::find_if(printed.begin(), printed.end(),
                                 [&](Affiliation a) { return allowed_where_it_is(e, self, a); });
  Effect chosen{.kind = EffectKind::kAffiliation, .until = Until::kSourceLeaves};
  chosen.source = self;
  chosen.card = self;
  chosen.value = static_cast<std::int16_t>(fits == printed.end() ? printed.front() : *fits);
  e.add_effect(chosen);
}

// Switching is an action of its controller's turn: not while it is stopped, disabled, in
// stasis or a captive, nor while another card imposes an affiliation on it (Frame of Mind).
void switch_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& p = s.cards[self];
  if (p.controller != seat || p.stopped || p.disabled || e.in_stasis(self) ||
      e.has_effect(EffectKind::kCaptive, self))
    return;
  const Effect* chosen = chosen_affiliation(e.state().effects, self);
  if (!chosen) return;
  const auto current = static_cast<Affiliation>(chosen->value);
  if (e.affiliations(self) != bit(current)) return;
  if (next_affiliation(e, self, current) != Affiliation::kNone)
    out.push_back({ActionKind::kUseCard, self});
}

void switch_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  std::vector<Action> still;
  switch_orders(e, f.actor, self, still);
  if (still.empty()) return;
  Effect* chosen = chosen_affiliation(e.state().effects, self);
  chosen->value =
      static_cast<std::int16_t>(next_affiliation(e, self, static_cast<Affiliation>(chosen->value)));
}

}  // namespace dual_affiliation_detail

extern const Handler kDualAffiliation{
    .name = "dual_affiliation",
    .test = "tests/scenarios/card-au-dual-affiliation.scn",
    .resolve = dual_affiliation_detail::switch_resolve,
    .reported = dual_affiliation_detail::choose_on_arrival,
    .state_check = dual_affiliation_detail::choose_on_arrival,
    .orders = dual_affiliation_detail::switch_orders,
    .use_label = "switch it to its other affiliation",
};

}  // namespace spacedock::stccg::handlers
