// Interrupts that nullify cards they name by title (cards/ABILITIES.md §6): Plexing (Empathic
// Echo met in an attempt, or one of five more cards being played or in play) and Wrong Door (a
// Q's Tent the opponent has just played from hand, or a Revolving Door moved onto another
// doorway).
#include <algorithm>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/revolving_door.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kQTent;

namespace {

// --- Plexing: it cannot be nullified; it nullifies one card of a short list by title: a
// dilemma being met, a card being played, or a card in play. It is also the cure of Barclay
// Transporter Phobia: the Phobia on its personnel is discarded, and he may be transported again.

constexpr TitleSet kPlexed{"Empathic Echo", "Parallax Arguers",
                           "Frame of Mind", "System-Wide Cascade Failure",
                           "Thought Maker", "Barclay Transporter Phobia"};

bool plexed(const Engine& e, CardId self, CardId c) {
  return kPlexed.contains(e.state().traits(c).title) && c != self && e.may_nullify(self, c);
}

void plexing_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  const State& s = e.state();
  if (window && window->kind == WindowKind::kDilemma) {
    if (plexed(e, self, window->about))
      out.push_back({ActionKind::kPlayInterrupt, self, window->about});
    return;
  }
  // A dilemma being met is answered in its own window, above. The targets are offered in card
  // order.
  const auto first = out.size();
  for (CardId c : s.in_play) {
    if (plexed(e, self, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
  for (CardId c : s.resolving) {
    if (s.type(c) != v1::STCCG_CARD_TYPE_DILEMMA && plexed(e, self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Action& x, const Action& y) { return x.b < y.b; });
}

void plexing_resolve(Engine& e, ActionFrame& f) {
  nullify_played_or_in_play(e, f);
}

// --- Wrong Door, one of three plays: a Q's Tent the opponent has just played from hand is
// nullified; or a Revolving Door in play is moved onto another doorway of its player's choice;
// or, answering the opponent's use of an Iconian Gateway, the traveller comes out at another
// planet of its player's choice (a response: it resolves after the Gateway has sent them;
// reading: neither the planet they were sent to nor the Gateway's own).

bool revolving_door_movable(const Engine& e, CardId c) {
  return au_events::revolving_door_in_play(e, c) && !au_events::revolving_door_moves(e, c).empty();
}

// The use of an Iconian Gateway sending `traveller`, if one is under way.
const ActionFrame* gateway_use(const Engine& e, CardId traveller) {
  for (const Frame& frame : e.state().frames) {
    const auto* use = std::get_if<ActionFrame>(&frame);
    if (use && use->action.kind == ActionKind::kUseCard && use->action.b == traveller &&
        e.state().def(use->action.a).title() == "Iconian Gateway" && !use->nullified)
      return use;
  }
  return nullptr;
}

// Where the traveller may come out instead: the planets but the one they are on now and the
// Gateway's.
std::vector<CardId> other_exits(const Engine& e, CardId traveller) {
  const State& s = e.state();
  const ActionFrame* use = gateway_use(e, traveller);
  if (!use || !s.in_play_at(traveller) || s.cards[traveller].where != Where::kSurface) return {};
  const LocIndex gateway = s.cards[s.cards[use->action.a].host].loc;
  std::vector<CardId> out;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc) && loc != gateway && loc != s.cards[traveller].loc)
      out.push_back(s.spaceline[loc].mission);
  }
  return out;
}

void wrong_door_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  if (window)
    answer_plays(e, seat, self, out, [&](CardId c) { return e.state().handler(c) == &kQTent; });
  if (window && window->kind == WindowKind::kResponse &&
      window->collector < e.state().frames.size()) {
    const auto* use = std::get_if<ActionFrame>(&e.state().frames[window->collector]);
    if (use && use->actor != seat && gateway_use(e, use->action.b) == use)
      out.push_back({ActionKind::kPlayInterrupt, self, use->action.b});
  }
  for (CardId c : e.state().in_play) {
    if (revolving_door_movable(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule wrong_door_still_legal(const Engine& e, Seat, const Action& play) {
  const bool tent = e.state().cards[play.b].zone == Zone::kResolving;
  return tent || revolving_door_movable(e, play.b) || gateway_use(e, play.b) ? Rule::kOk
                                                                             : Rule::kNoTarget;
}

void wrong_door_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (e.state().cards[target].zone == Zone::kResolving) return e.nullify(target);
  if (gateway_use(e, target)) {
    const std::vector<CardId> exits = other_exits(e, target);
    if (exits.empty()) return;
    const auto to = e.pick(f.actor, exits);
    if (!to) return;
    e.move_card(target, Zone::kPlay, Where::kSurface, e.state().cards[*to].loc, kNoCard,
                e.state().cards[target].controller);
    return;
  }
  if (!revolving_door_movable(e, target)) return;
  const auto to = e.pick(f.actor, au_events::revolving_door_moves(e, target));
  if (to) au_events::move_revolving_door(e, target, *to);
}

}  // namespace

extern const Handler kPlexing{
    .name = "plexing",
    .test = "tests/scenarios/card-title-nullifiers.scn",
    .plays = plexing_plays,
    .still_legal = target_played_or_in_play,
    .resolve = plexing_resolve,
};

extern const Handler kWrongDoor{
    .name = "wrong_door",
    .test = "tests/scenarios/card-title-nullifiers.scn",
    .plays = wrong_door_plays,
    .still_legal = wrong_door_still_legal,
    .resolve = wrong_door_resolve,
    .choose_label =
        "choose the doorway the Revolving Door goes onto, or the planet the "
        "traveller comes out at",
};

}  // namespace spacedock::stccg::handlers
