// Control of ships and crews passing between players (cards/abilities/control.md).
//
// A temporary command: the other player takes control of one or more ships or outposts and
// everyone aboard, in the middle of the current player's turn, and gives them orders as their
// own until they are all stopped or that player is done; then control goes back and the turn
// resumes (Alien Parasites, CRD IV.5B). While it lasts the commanded cards are the commander's
// (CardState::controller): every rule, view and decision that follows the controller follows
// them, so the commander sees the crew and the owner is shown it by a kViewing effect. The
// commander may order only the commanded cards, and only among themselves: they do not mix with
// the commander's own cards (no beaming aboard the commander's ships or outposts, no attempt or
// battle with a team that holds any of them).
#include <algorithm>
#include <utility>
#include <variant>
#include <vector>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace ship_control_detail {

// A commanded card is marked by a kCounter of the card that gave the command (`source`), on it,
// whose `player` is who controlled it before.
bool commanded_by(const State& s, CardId source, CardId c) {
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == source && x.card == c &&
           x.player != kNoSeat;
  });
}

std::vector<CardId> commanded_cards(const State& s, CardId source) {
  std::vector<CardId> out;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == source && x.card != kNoCard &&
        x.player != kNoSeat)
      out.push_back(x.card);
  }
  return out;
}

// `by` takes `c` over.
void command_card(Engine& e, CardId source, CardId c, Seat by) {
  State& s = e.state();
  Effect mark{.kind = EffectKind::kCounter, .until = Until::kRemoved};
  mark.source = source;
  mark.card = c;
  mark.player = s.cards[c].controller;
  e.add_effect(mark);
  s.cards[c].controller = by;
  // A crew member is seen now by a player who could not see it: a new handle, so that it
  // cannot be followed back into the time it was hidden.
  if (s.cards[c].where == Where::kAboard) s.cards[c].handle = e.new_handle();
}

// Every card aboard `vessel` under `seat`'s control, captives aside (they stay their captor's).
std::vector<CardId> aboard_of(const Engine& e, CardId vessel, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play_where(Where::kAboard)) {
    if (s.cards[c].host == vessel && s.cards[c].controller == seat && !e.captivity(c))
      out.push_back(c);
  }
  return out;
}

// Whether every card in `cards` is under `source`'s command.
bool all_commanded(const State& s, CardId source, const std::vector<CardId>& cards) {
  return std::all_of(cards.begin(), cards.end(),
                     [&](CardId c) { return commanded_by(s, source, c); });
}

// The Away Team of `seat` at `loc` that holds `member`.
std::vector<CardId> team_of(const Engine& e, Seat seat, LocIndex loc, CardId member) {
  for (auto& team : e.away_teams(seat, loc)) {
    if (std::find(team.begin(), team.end(), member) != team.end()) return team;
  }
  return {};
}

// Whether `a`, one of `seat`'s orders, orders only cards under `source`'s command.
bool orders_commanded(const Engine& e, Seat seat, CardId source, const Action& a) {
  const State& s = e.state();
  if (a.a == kNoCard || !commanded_by(s, source, a.a)) return false;
  const ActionKind k = a.kind;
  if (k == ActionKind::kMove || k == ActionKind::kAttack || k == ActionKind::kCloak ||
      k == ActionKind::kDecloak)
    return true;
  if (k == ActionKind::kTransfer) return a.b == kNoCard || commanded_by(s, source, a.b);
  if (k == ActionKind::kAttempt) {
    return all_commanded(s, source, e.attempt_group(seat, a.loc, a.a)) &&
           (a.b == kNoCard || all_commanded(s, source, e.attempt_group(seat, a.loc, a.b)));
  }
  if (k == ActionKind::kBattle) return all_commanded(s, source, team_of(e, seat, a.loc, a.a));
  return false;  // card plays, docking, captives, downloads: not the commanded cards' orders
}

// Whether the command is over by itself: nobody and no ship under it is left unstopped.
bool command_spent(const Engine& e, CardId source, Seat commander) {
  const State& s = e.state();
  for (CardId c : commanded_cards(s, source)) {
    const CardState& card = s.cards[c];
    if (card.zone == Zone::kPlay && card.controller == commander && !card.stopped &&
        (e.is_personnel(c) || e.is_ship(c)))
      return false;
  }
  return true;
}

// Control goes back to whoever had each commanded card still in play; the cards now hidden
// from the commander again get new handles.
void end_command(Engine& e, CardId source, Seat commander) {
  State& s = e.state();
  for (const Effect& x : std::vector<Effect>(s.effects)) {
    if (x.kind != EffectKind::kCounter || x.source != source || x.card == kNoCard ||
        x.player == kNoSeat)
      continue;
    CardState& card = s.cards[x.card];
    // A commanded personnel captured meanwhile stays its captor's (CRD II.1 "Captive").
    if (card.zone != Zone::kPlay || card.controller != commander || e.captivity(x.card)) continue;
    card.controller = x.player;
    if (card.where == Where::kAboard) card.handle = e.new_handle();  // hidden from him again
    if (e.is_ship(x.card) || e.is_facility(x.card)) e.emit(ev::Commandeered{x.card, x.player});
  }
  e.end_effects([&](const Effect& x) {
    return (x.kind == EffectKind::kCounter || x.kind == EffectKind::kViewing) && x.source == source;
  });
}

// `by` takes command of `vessels` and everyone aboard them (not the ships docked at an
// outpost); their controller until now keeps seeing the crews.
void take_command(Engine& e, CardId source, Seat by, const std::vector<CardId>& vessels) {
  State& s = e.state();
  for (CardId v : vessels) {
    const Seat had = s.cards[v].controller;
    for (CardId c : aboard_of(e, v, had))
      command_card(e, source, c, by);
    command_card(e, source, v, by);
    Effect shown{.kind = EffectKind::kViewing, .until = Until::kRemoved};
    shown.source = source;
    shown.player = had;
    shown.card = v;
    e.add_effect(shown);
    e.emit(ev::Commandeered{v, by});
  }
}

// The orders the commander may give now: those of theirs that order only commanded cards.
std::vector<Action> command_orders(const Engine& e, Seat commander, CardId source) {
  std::vector<Action> orders = e.order_options(commander);
  std::erase_if(orders,
                [&](const Action& a) { return !orders_commanded(e, commander, source, a); });
  return orders;
}

// --- Alien Parasites: unless the Away Team's INTEGRITY tops 32 it is infected. It beams back to
// the ship or outpost each member came from, and the opponent commands those and everyone
// aboard, unstopped, until they are all stopped or the opponent is done (CRD IV.5B). The
// dilemma waits set aside meanwhile (`chosen` of its frame: the mission it came from), then
// goes back under the mission.

// Where `member` beamed down from: the vessel its last move to the planet left, if it is still
// its player's at `loc`; otherwise the player's first ship there, else their first facility.
CardId origin_of(const Engine& e, CardId member, Seat seat, LocIndex loc) {
  const State& s = e.state();
  const auto usable = [&](CardId v) {
    return v != kNoCard && s.in_play_at(v) && s.cards[v].where == Where::kSpace &&
           s.cards[v].loc == loc && s.cards[v].controller == seat &&
           (e.is_ship(v) || e.is_facility(v));
  };
  for (auto it = s.events.rbegin(); it != s.events.rend(); ++it) {
    const auto* moved = std::get_if<ev::CardMoved>(&*it);
    if (!moved || moved->card != member || moved->to.where != Where::kSurface) continue;
    if (moved->from.where == Where::kAboard && usable(moved->from.host)) return moved->from.host;
    break;
  }
  CardId facility = kNoCard;
  for (CardId v : s.in_play_where(Where::kSpace)) {
    if (!usable(v)) continue;
    if (e.is_ship(v)) return v;
    if (facility == kNoCard) facility = v;
  }
  return facility;
}

void alien_parasites(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  if (e.condition_met(f, s.def(self).condition)) return e.overcome(f);
  e.prune(f);
  std::vector<CardId> vessels;
  std::vector<std::pair<CardId, CardId>> returns;  // member, vessel
  for (CardId m : f.members) {
    const CardId v = origin_of(e, m, f.player, f.loc);
    if (v == kNoCard) continue;  // nowhere to go back to: not carried off
    returns.emplace_back(m, v);
    if (std::find(vessels.begin(), vessels.end(), v) == vessels.end()) vessels.push_back(v);
  }
  // No ship or outpost to take over: the dilemma goes back under the mission, as it would after.
  if (vessels.empty()) return e.replace_dilemma(f, ev::Outcome::kFailed);
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kFailed});
  for (auto [m, v] : returns)
    e.move_card(m, Zone::kPlay, Where::kAboard, kNoLoc, v, s.cards[m].controller);
  const Seat infected = f.player;
  const CardId mission = s.spaceline[f.loc].mission;
  e.end_attempt(f, ev::AttemptResult::kNoOneLeft);  // `f` is gone from here on
  const Seat commander = State::other(infected);
  take_command(e, self, commander, vessels);
  s.frames.emplace_back(CardFrame{.card = self, .player = commander, .chosen = mission});
}

void alien_parasites_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  if (auto answer = e.take_answer()) {
    if (answer->kind != ActionKind::kDone) return e.begin_action(f.player, *answer);
  } else if (!command_spent(e, self, f.player)) {
    std::vector<Action> orders = command_orders(e, f.player, self);
    if (!orders.empty()) {
      orders.push_back({ActionKind::kDone});
      e.ask(f.player, std::move(orders));
      return;
    }
  }
  end_command(e, self, f.player);
  // Back under the mission it was met at, face up for both, met after the others next time.
  const LocIndex loc = s.cards[f.chosen].loc;
  s.frames.pop_back();                                 // `f` is gone from here on
  if (s.cards[self].zone != Zone::kResolving) return;  // nullified meanwhile
  s.cards[self].exposed = true;
  e.move_card(self, Zone::kSeed, Where::kNone, loc);
  s.spaceline[loc].seeds.push_back(self);
}

}  // namespace ship_control_detail

extern const Handler kAlienParasites{
    .name = "alien_parasites",
    .test = "tests/scenarios/card-premiere-control.scn",
    .step = ship_control_detail::alien_parasites_step,
    .encounter = ship_control_detail::alien_parasites,
    .choose_label = "give an order to the infected ship and crew, or be done with them",
};

}  // namespace spacedock::stccg::handlers
