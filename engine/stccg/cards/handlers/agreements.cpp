// Interrupts whose effect hangs on whether the players agree (cards/ABILITIES.md §6): Parallax
// Arguers, whose player asks the opponent whether the previous action was cool.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kParallaxArguers;

namespace {

// --- Parallax Arguers, one of three plays (CRD IV.8):
// (1) its player calls the previous action cool and the opponent answers: agreed, the card goes
//     to its player's bonus area for 5 points; refused (not answering is refusing), it returns
//     to the hand and its player has "just argued" until the end of the turn;
// (2) having just argued, its player plays an Event card from hand at once, whatever the turn
//     and the card play (X = 0);
// (3) it nullifies another Parallax Arguers being played: 5 points, plus what the other is
//     worth (an Arguers nullifying a third; one played for coolness is worth nothing yet, as
//     its player asks only as it resolves), and the card goes to the bonus area.
//
// (3) is a nullification of its own (CRD IV.8): the Arguers cancelled is discarded for nothing
// and comes back only if its canceller is nullified by another card (Amanda Rogers, Plexing),
// never by a further Arguers, so a chain restores nothing: only the last of the chain scores.
// The cancel is marked as it is announced (a counter: source the canceller, card its target,
// value what the canceller is worth), and carried out when the target's turn to resolve comes;
// `flag` says that the canceller itself fell to an Arguers.

constexpr int kCoolPoints = 5;

bool is_arguers(const Engine& e, CardId c) {
  return e.state().handler(c) == &kParallaxArguers;
}

bool cancel_mark(const Engine& e, const Effect& x) {
  return x.kind == EffectKind::kCounter && x.card != kNoCard && x.source != kNoCard &&
         is_arguers(e, x.source) && is_arguers(e, x.card);
}

// What `canceller` is worth for cancelling another Arguers (0 if it cancels none).
int cancel_worth(const Engine& e, CardId canceller) {
  for (const Effect& x : e.state().effects) {
    if (cancel_mark(e, x) && x.source == canceller) return x.value;
  }
  return 0;
}

// An Arguers cancels `self`, and has not been nullified by a card other than an Arguers.
bool argued_away(const Engine& e, CardId self) {
  const State& s = e.state();
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return cancel_mark(e, x) && x.card == self &&
           (x.flag || s.cards[x.source].zone != Zone::kDiscard);
  });
}

bool just_argued(const Engine& e, Seat seat) {
  const State& s = e.state();
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.player == seat && x.source != kNoCard &&
           x.card == kNoCard && is_arguers(e, x.source);
  });
}

// The plays an Event card of the hand would have now, were it the turn's card play.
std::vector<Action> event_plays(const Engine& e, Seat seat, CardId event) {
  std::vector<Action> out;
  const CardDef& def = e.state().def(event);
  if (def.type() != v1::STCCG_CARD_TYPE_EVENT || def.unsupported() || !def.handler ||
      !def.handler->plays)
    return out;
  def.handler->plays(e, seat, event, nullptr, out);
  return out;
}

void arguers_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  const State& s = e.state();
  if (just_argued(e, seat)) {
    for (CardId c : s.players[seat].hand) {
      if (!event_plays(e, seat, c).empty()) out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  } else {
    out.push_back({ActionKind::kPlayInterrupt, self});
  }
  for (CardId c = 0; c < s.cards.size(); ++c) {
    if (c != self && is_arguers(e, c) && s.cards[c].zone == Zone::kResolving &&
        e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule arguers_still_legal(const Engine& e, Seat seat, const Action& play) {
  if (play.b == kNoCard) return Rule::kOk;
  const Zone zone = e.state().cards[play.b].zone;
  if (is_arguers(e, play.b)) return zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
  return zone == Zone::kHand && !event_plays(e, seat, play.b).empty() ? Rule::kOk : Rule::kNoTarget;
}

void arguers_announced(Engine& e, Seat, const Action& play) {
  if (play.b == kNoCard || !is_arguers(e, play.b)) return;
  Effect cancel{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  cancel.source = play.a;
  cancel.card = play.b;
  cancel.value = static_cast<std::int16_t>(kCoolPoints + cancel_worth(e, play.b));
  e.add_effect(cancel);
}

void to_bonus(Engine& e, ActionFrame& f, int points) {
  e.move_card(f.action.a, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.actor);
  e.score(f.actor, points, f.action.a);
}

void arguers_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const CardId target = f.action.b;
  if (argued_away(e, self)) {
    e.nullify(self);
    return;
  }
  if (target == kNoCard) {
    auto cool = e.yes_no(State::other(f.actor));
    if (!cool) return;
    if (*cool) {
      to_bonus(e, f, kCoolPoints);
      return;
    }
    e.move_card(self, Zone::kHand);
    Effect argued{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
    argued.player = f.actor;
    argued.source = self;
    e.add_effect(argued);
    return;
  }
  if (is_arguers(e, target)) {
    if (e.state().cards[target].zone == Zone::kResolving) {
      for (Effect& x : e.state().effects) {
        if (cancel_mark(e, x) && x.source == target) x.flag = true;
      }
      e.nullify(target);
    }
    to_bonus(e, f, cancel_worth(e, self));
    return;
  }
  // Play the event now: its own play, chosen by its player when it has several.
  std::vector<Action> plays = event_plays(e, f.actor, target);
  if (plays.empty()) return;
  std::optional<Action> chosen = e.take_answer();
  if (!chosen) {
    e.ask(f.actor, std::move(plays));
    chosen = e.take_answer();  // a single play is taken at once
    if (!chosen) return;
  }
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.player == f.actor && x.card == kNoCard &&
           x.source != kNoCard && is_arguers(e, x.source);
  });
  e.announce_play(f.actor, *chosen);
  e.state().frames.emplace_back(ActionFrame{*chosen, f.actor, ActionFrame::Step::kAnnounced});
}

}  // namespace

extern const Handler kParallaxArguers{
    .name = "parallax_arguers",
    .test = "tests/scenarios/card-parallax-arguers.scn",
    .plays = arguers_plays,
    .still_legal = arguers_still_legal,
    .announced = arguers_announced,
    .resolve = arguers_resolve,
    .question = "was the previous action cool? (yes: your opponent scores 5)",
    .yes_label = "cool",
    .no_label = "not cool",
    .choose_label = "choose how to play the event",
};

}  // namespace spacedock::stccg::handlers
