// Equipment of Q-Continuum whose effect is more than a modifier (cards/ABILITIES.md §3): the
// Anti-Matter Pod, left on the spaceline by a ship to damage the next ship stopping there.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kAntiMatterPod;

namespace {

// --- Anti-Matter Pod: aboard a ship of its player at a space mission, it may be left there as
// one of their orders (a use of the pod, kUseCard): it lies on that mission. Lying there, its
// owner may take it aboard again, onto a ship of theirs at that location (a use naming the
// ship); the opponent may not (CRD IV.9).
// The next ship (anyone's) that moves there and stops is damaged unless it has Navigation x3
// aboard, and the pod is discarded; a ship reporting there is not hit (CRD IV.9). Not
// cumulative: of several pods at one location one acts at a time. A personnel aboard the ship
// who suspends it where present (Sonya Gomez), or Transporter Skill aboard (the rule option
// pod_spared_by_transporter_skill), spares that ship, and the pod stays.

constexpr int kPodNavigationHalves = 6;  // Navigation x3

// It nullifies, as an order of its player, a card in play at its location that names it among
// its nullifiers (Manheim's Dimensional Door); the pod stays.
void pod_nullify_orders(const Engine& e, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const LocIndex here = e.location_of(self);
  if (here == kNoLoc) return;
  const std::string& title = s.def(self).title();
  for (CardId c : s.in_play) {
    const auto& by = s.def(c).card.nullifiers().may_be_nullified_by();
    if (c != self && e.location_of(c) == here &&
        std::find(by.begin(), by.end(), title) != by.end() && e.may_nullify(self, c))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

// Its owner's ships at the location where it lies, that may take it aboard.
void pod_collect_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& pod = s.cards[self];
  const LocIndex here = e.location_of(self);
  if (pod.where != Where::kOn || pod.owner != seat || here == kNoLoc) return;
  for (CardId ship : s.in_play_where(Where::kSpace)) {
    if (e.is_ship(ship) && s.cards[ship].controller == seat && e.location_of(ship) == here)
      out.push_back({ActionKind::kUseCard, self, ship});
  }
}

void pod_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& pod = s.cards[self];
  if (pod.controller == seat) pod_nullify_orders(e, self, out);
  pod_collect_orders(e, seat, self, out);
  if (pod.where != Where::kAboard || !e.is_ship(pod.host) || s.cards[pod.host].controller != seat)
    return;
  const LocIndex here = e.location_of(pod.host);
  if (here != kNoLoc && e.space(here)) out.push_back({ActionKind::kUseCard, self});
}

void pod_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  if (!s.in_play_at(self) || f.action.kind != ActionKind::kUseCard) return;
  if (f.action.b != kNoCard && e.is_ship(f.action.b)) {
    std::vector<Action> still;
    pod_collect_orders(e, f.actor, self, still);
    if (std::find(still.begin(), still.end(), f.action) != still.end())
      e.move_card(self, Zone::kPlay, Where::kAboard, kNoLoc, f.action.b, f.actor);
    return;
  }
  if (f.action.b != kNoCard) {
    std::vector<Action> still;
    pod_nullify_orders(e, self, still);
    if (std::find(still.begin(), still.end(), f.action) != still.end()) e.nullify(f.action.b);
    return;
  }
  const LocIndex here = e.location_of(s.cards[self].host);
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[here].mission, f.actor);
}

bool pod_suspended_aboard(const Engine& e, CardId self, const std::vector<CardId>& crew) {
  const std::string& title = e.state().def(self).title();
  return std::any_of(crew.begin(), crew.end(), [&](CardId c) {
    const auto& entries = e.state().def(c).card.personnel().where_present();
    return std::any_of(entries.begin(), entries.end(), [&](const auto& entry) {
      return entry.title() == title && entry.effect() == v1::STCCG_PRESENCE_EFFECT_SUSPENDS;
    });
  });
}

void pod_ship_arrived(Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  if (s.cards[self].where != Where::kOn || e.location_of(self) != e.location_of(ship)) return;
  // Not cumulative: the first pod lying at this location acts.
  for (CardId c : s.in_play) {
    if (c == self) break;
    if (s.handler(c) == &kAntiMatterPod && s.cards[c].where == Where::kOn &&
        e.location_of(c) == e.location_of(self))
      return;
  }
  const std::vector<CardId> crew = e.crew(ship);
  if (pod_suspended_aboard(e, self, crew)) return;
  const auto navigation = s.db->skills().find("Navigation");
  if (navigation && has_skill(e, crew, *navigation, kPodNavigationHalves)) return;
  // Transporter Skill nullifies it for that ship, read as sparing it (qc.md: AMBIGUOUS): the pod
  // stays for the next.
  const auto transporter = s.db->skills().find("Transporter Skill");
  if (s.options.pod_spared_by_transporter_skill && transporter &&
      has_skill(e, crew, *transporter, 2))
    return;
  const Seat by = s.cards[self].controller;
  e.to_discard(self);
  e.damage(ship, by);
}

}  // namespace

extern const Handler kAntiMatterPod{
    .name = "anti_matter_pod",
    .test = "tests/scenarios/card-qc-bog-artifacts.scn",
    .resolve = pod_resolve,
    .orders = pod_orders,
    .ship_arrived = pod_ship_arrived,
    .use_label =
        "leave it here, for the next ship that stops at this mission; take it aboard "
        "that ship again; or nullify the card",
};

}  // namespace spacedock::stccg::handlers
