// Alternate Universe doorways played from the hand (cards/abilities/artifacts.md): Devidian Door,
// through which a card from the hand comes into play, owing a second Door shown later; the
// Ophidian Cane, which lets three cards through one use of it; and the Alternate Universe Door's
// uses from the hand (its seeded use is data: doorway.admits).
#include <algorithm>
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kDevidianDoor, kDoorNet, kQNet, kRevolvingDoor, kSubspaceSchism, kTemporalRift;

namespace {

// --- Devidian Door: played on its owner's table (an open AU Door needed, as for every AU-icon
// card). Once each turn, as an order of its player (in the opponent's turn, in a response
// window), a Personnel or Equipment card from their hand comes into play through it, aboard any
// ship or facility of theirs or on any planet; it is not the card play. During that player's
// next turn they must show a second Devidian Door from the hand, which goes out of play; a turn
// of theirs ending with the Door still owed loses them the game (CRD IV.6).

constexpr std::string_view kDevidianDoorTitle = "Devidian Door";
constexpr std::string_view kOphidianCaneTitle = "Ophidian Cane";
constexpr int kCaneCards = 3;

bool is_door(const Engine& e, CardId c) {
  return e.state().def(c).title() == kDevidianDoorTitle;
}

// What the player owes: one showing per use, a counter naming the Door in play as its source
// (flagged, to tell it from the counters `place` and limited uses keep).
std::vector<Effect*> door_debts(Engine& e, Seat seat) {
  std::vector<Effect*> out;
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.flag && x.player == seat && is_door(e, x.source))
      out.push_back(&x);
  }
  return out;
}

// Owed from an earlier turn: it may be paid now.
bool owes_door(const Engine& e, Seat seat) {
  const State& s = e.state();
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.flag && x.player == seat && is_door(e, x.source) &&
           x.turn < s.turn;
  });
}

bool comes_through(const Engine& e, Seat seat, CardId c) {
  const CardDef& def = e.state().def(c);
  const auto type = def.type();
  return (type == v1::STCCG_CARD_TYPE_PERSONNEL || type == v1::STCCG_CARD_TYPE_EQUIPMENT) &&
         !def.unsupported() && e.doorway_admits(seat, def) &&
         !(def.persona != kNoPersona && def.unique() && e.persona_in_play(seat, def.persona, c));
}

// Where it may arrive: aboard a ship or facility of the player's, or on a planet (its mission
// card names it).
std::vector<CardId> door_destinations(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if ((e.is_ship(c) || e.is_facility(c)) && s.cards[c].controller == seat) out.push_back(c);
  }
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc)) out.push_back(s.spaceline[loc].mission);
  }
  return out;
}

void door_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (!window) out.push_back({ActionKind::kPlayDoorway, self});
}

void door_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (s.cards[self].where != Where::kTable) return;
  const bool paying = owes_door(e, seat);
  const bool somewhere = !door_destinations(e, seat).empty();
  for (CardId c : s.players[seat].hand) {
    if (paying && is_door(e, c)) out.push_back({ActionKind::kUseCard, self, c});
    if (somewhere && !use_spent(e, self, Until::kEndOfTurn) && comes_through(e, seat, c))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

// In the opponent's turn too, in a response window, but never during a mission attempt or a
// battle (CRD IV.6: not between dilemmas nor in response to one, not during a battle).
void door_responses(const Engine& e, Seat seat, CardId self, const WindowFrame&,
                    std::vector<Action>& out) {
  const State& s = e.state();
  if (s.active == seat || s.cards[self].where != Where::kTable ||
      use_spent(e, self, Until::kEndOfTurn))
    return;
  const bool busy = std::any_of(s.frames.begin(), s.frames.end(), [](const Frame& frame) {
    return std::holds_alternative<AttemptFrame>(frame) ||
           std::holds_alternative<PersonnelBattleFrame>(frame) ||
           std::holds_alternative<ShipBattleFrame>(frame);
  });
  if (busy || door_destinations(e, seat).empty()) return;
  for (CardId c : s.players[seat].hand) {
    if (comes_through(e, seat, c)) out.push_back({ActionKind::kUseCard, self, c});
  }
}

void door_show(Engine& e, Seat seat, CardId shown) {
  e.move_card(shown, Zone::kOutOfPlay);
  std::vector<Effect*> debts = door_debts(e, seat);
  const auto oldest =
      std::min_element(debts.begin(), debts.end(),
                       [](const Effect* x, const Effect* y) { return x->turn < y->turn; });
  if (oldest != debts.end()) {
    const Effect paid = **oldest;
    e.end_effects([&](const Effect& x) { return x == paid; });
  }
  for (CardId c : std::vector<CardId>(e.state().handled_in_play)) {
    const Handler* handler = e.state().handler(c);
    if (handler && handler->card_shown && e.state().in_play_at(c))
      handler->card_shown(e, c, shown, seat);
  }
}

void bring_through(Engine& e, CardId card, CardId to, Seat seat) {
  if (e.state().cards[to].zone == Zone::kMission) {
    e.move_card(card, Zone::kPlay, Where::kSurface, e.state().cards[to].loc, kNoCard, seat);
  } else {
    e.move_card(card, Zone::kPlay, Where::kAboard, kNoLoc, to, seat);
  }
}

// An Ophidian Cane played on `door` this turn: its next use lets three cards through.
bool cane_on(const Engine& e, const Effect& x, CardId door) {
  return x.kind == EffectKind::kCounter && x.card == door && !x.flag && x.source != kNoCard &&
         e.state().def(x.source).title() == kOphidianCaneTitle;
}

void door_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kPlayDoorway) return place(e, self, f.actor);
  const CardId card = f.action.b;
  const State& s = e.state();
  if (f.sub == 0) {
    if (s.cards[card].zone != Zone::kHand || s.cards[card].controller != f.actor) return;
    if (is_door(e, card)) return door_show(e, f.actor, card);
    spend_use(e, self, f.actor, Until::kEndOfTurn);
    f.sub = 1;
  }
  if (f.sub == 1) {
    const std::vector<CardId> places = door_destinations(e, f.actor);
    if (places.empty()) return;  // nowhere left to arrive: the use is spent for nothing
    const auto to = e.pick(f.actor, places);
    if (!to) return;
    f.chosen = *to;
    bring_through(e, card, *to, f.actor);
    Effect owed{.kind = EffectKind::kCounter, .until = Until::kRemoved};
    owed.flag = true;
    owed.player = f.actor;
    owed.source = self;
    e.add_effect(owed);
    f.sub = 2;
  }
  // With an Ophidian Cane, two more cards to the same place (CRD IV.4), one Door owed.
  const auto cane = [&](const Effect& x) { return cane_on(e, x, self); };
  while (f.sub < 1 + kCaneCards && std::any_of(s.effects.begin(), s.effects.end(), cane)) {
    std::vector<CardId> more;
    for (CardId c : s.players[f.actor].hand) {
      if (comes_through(e, f.actor, c)) more.push_back(c);
    }
    if (more.empty()) break;
    const auto next = e.pick_or_done(f.actor, more);
    if (!next) return;
    if (*next == kNoCard) break;
    bring_through(e, *next, f.chosen, f.actor);
    ++f.sub;
  }
  e.end_effects(cane);
}

void door_end_of_turn(Engine& e, CardId self) {
  // Asked once, for the first Door of the player in play.
  State& s = e.state();
  const Seat seat = s.active;
  if (s.cards[self].controller != seat || first_copy(e, kDevidianDoor, seat) != self) return;
  if (owes_door(e, seat))
    e.finish(static_cast<std::uint8_t>(1u << State::other(seat)), v1::RESULT_REASON_CONCESSION);
}

// Samuel Clemens' Pocketwatch may bring a showing forward: one owed on the player's next turn
// (not one owed in this turn of theirs) is made now, with a Door from the hand (CRD IV.4).
CardId door_in_hand(const Engine& e, Seat seat) {
  const auto& hand = e.state().players[seat].hand;
  const auto door = std::find_if(hand.begin(), hand.end(), [&](CardId c) { return is_door(e, c); });
  return door == hand.end() ? kNoCard : *door;
}

bool door_due_next_turn(const Engine& e, CardId self, Seat seat) {
  const State& s = e.state();
  if (door_in_hand(e, seat) == kNoCard) return false;
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.flag && x.player == seat && x.source == self &&
           !(s.active == seat && x.turn < s.turn);
  });
}

void door_bring_forward(Engine& e, CardId, Seat seat) {
  if (const CardId door = door_in_hand(e, seat); door != kNoCard) door_show(e, seat, door);
}

// --- Ophidian Cane (AU artifact): earned into the hand, played as an interrupt, one of its uses:
// on its player's Devidian Door whose use this turn is still to come, that use lets three
// Personnel or Equipment cards through, all to the same place (CRD IV.4); or on a Devidian
// Foragers being played (either player's), which it doubles: four personnel go, not two
// (EffectKind::kDoubled, read by the Foragers). Doubling an Empathic Touch waits for it: it is
// in none of the four sets.

constexpr TitleKey kDevidianForagers = title_key("Devidian Foragers");

bool doublable_foragers(const Engine& e, CardId c) {
  const State& s = e.state();
  return s.traits(c).title == kDevidianForagers && s.cards[c].zone == Zone::kResolving &&
         !e.has_effect(EffectKind::kDoubled, c);
}

void cane_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window &&
      (window->kind == WindowKind::kDilemma || window->kind == WindowKind::kBetweenDilemmas))
    return;
  for (CardId c : e.state().in_play) {
    if (is_door(e, c) && e.state().cards[c].controller == seat &&
        e.state().cards[c].where == Where::kTable && !use_spent(e, c, Until::kEndOfTurn))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
  if (window && window->kind == WindowKind::kResponse) {
    for (CardId c : e.state().resolving) {
      if (doublable_foragers(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
}

void cane_resolve(Engine& e, ActionFrame& f) {
  if (doublable_foragers(e, f.action.b)) {
    Effect doubled{.kind = EffectKind::kDoubled, .until = Until::kEndOfTurn};
    doubled.source = f.action.a;
    doubled.card = f.action.b;
    e.add_effect(doubled);
    return;
  }
  const CardId door = f.action.b;
  if (!e.state().in_play_at(door) || use_spent(e, door, Until::kEndOfTurn)) return;
  Effect three{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  three.player = f.actor;
  three.source = f.action.a;
  three.card = door;
  three.value = kCaneCards;
  e.add_effect(three);
}

// --- Alternate Universe Door from the hand (au.md; CRD IV.6): in its player's turn, whenever an
// interrupt could be played (a doorway: no card play used, and no nullifier of interrupts reaches
// it), one of: cancel a Revolving Door (played or in play) or a Subspace Schism being played;
// cancel a Temporal Rift (played or in play: its ship comes back), the Door going back to the
// hand; nullify a Door-Net in play; or let a ship of its player's through a Q-Net: the next time
// that ship crosses the net's gap this turn, the net does not stop it. Otherwise it is discarded.

bool au_door_target(const Engine& e, Seat seat, CardId self, CardId c) {
  const State& s = e.state();
  const Handler* handler = s.handler(c);
  const Zone zone = s.cards[c].zone;
  if (handler == &kQNet) {
    const auto ships = s.in_play_where(Where::kSpace);
    return zone == Zone::kPlay && std::any_of(ships.begin(), ships.end(), [&](CardId ship) {
             return e.is_ship(ship) && s.cards[ship].controller == seat;
           });
  }
  if (!e.may_nullify(self, c)) return false;
  if (handler == &kRevolvingDoor || handler == &kTemporalRift)
    return zone == Zone::kPlay || zone == Zone::kResolving;
  if (handler == &kSubspaceSchism) return zone == Zone::kResolving;
  return handler == &kDoorNet && zone == Zone::kPlay;
}

void au_door_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;  // only dilemma cancellers there
  const State& s = e.state();
  for (const auto* cards : {&s.in_play, &s.resolving}) {
    for (CardId c : *cards) {
      if (au_door_target(e, seat, self, c)) out.push_back({ActionKind::kPlayDoorway, self, c});
    }
  }
}

Rule au_door_still_legal(const Engine& e, Seat seat, const Action& play) {
  return au_door_target(e, seat, play.a, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void au_door_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const CardId target = f.action.b;
  if (!au_door_target(e, f.actor, self, target)) return;
  const State& s = e.state();
  if (s.handler(target) != &kQNet) {
    e.nullify(target);
    if (s.handler(target) == &kTemporalRift) e.move_card(self, Zone::kHand);
    return;
  }
  std::vector<CardId> ships;
  for (CardId c : s.in_play_where(Where::kSpace)) {
    if (e.is_ship(c) && s.cards[c].controller == f.actor) ships.push_back(c);
  }
  const auto ship = e.pick(f.actor, ships);
  if (!ship) return;
  // The net's own mark on the ship (Q-Net's blocks_move reads it).
  Effect through{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  through.source = target;
  through.card = *ship;
  e.add_effect(through);
}

}  // namespace

extern const Handler kAlternateUniverseDoor{
    .name = "alternate_universe_door",
    .test = "tests/scenarios/card-au-door.scn",
    .plays = au_door_plays,
    .still_legal = au_door_still_legal,
    .resolve = au_door_resolve,
    .choose_label = "choose the ship that gets through the Q-Net",
};

extern const Handler kOphidianCane{
    .name = "ophidian_cane",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = cane_plays,
    .resolve = cane_resolve,
    .answers_own_play = true,
};

extern const Handler kDevidianDoor{
    .name = "devidian_door",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = door_plays,
    .resolve = door_resolve,
    .end_of_turn = door_end_of_turn,
    .orders = door_orders,
    .responses = door_responses,
    .due_next_turn = door_due_next_turn,
    .bring_forward = door_bring_forward,
    .choose_label = "choose where the card comes into play",
    .use_label = "bring a Personnel or Equipment card through the Door, or show a second Door",
};

}  // namespace spacedock::stccg::handlers
