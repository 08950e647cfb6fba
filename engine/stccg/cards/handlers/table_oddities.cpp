// Events played on their player's table whose effects are out of the ordinary (cards/ABILITIES.md
// §5): Barber Pole, which does nothing at all; Drag Net, which lets its player shift a Q-Net by
// one gap at the end of each of their turns; Zalkonian Storage Capsule, which keeps cards of its
// player's hand face down under it (Zone::kStored); Heisenberg Compensators, which turns the
// draw decks face up and nullifies the Alien Probes, or nullifies another Heisenberg
// Compensators.
#include <algorithm>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kDragNet, kHeisenbergCompensators, kQNet, kZalkonianStorageCapsule;

namespace {

// --- Drag Net: at the end of each of its player's turns, they may pick any Q-Net and shift it
// one gap left or right: onto the mission left of the new gap, if that gap exists and has no
// Q-Net (the same limit as playing one). Not cumulative: one shift a turn.

bool netted(const State& s, CardId mission) {
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.handler(c) == &kQNet && s.cards[c].host == mission;
  });
}

// The missions a Q-Net on `host` may be shifted onto.
std::vector<CardId> net_destinations(const State& s, CardId host) {
  std::vector<CardId> out;
  const int gap = s.cards[host].loc;
  for (int to : {gap - 1, gap + 1}) {
    // A gap lies between a location and the next one: none right of the last location.
    if (to < 0 || to + 1 >= static_cast<int>(s.spaceline.size())) continue;
    const CardId mission = s.spaceline[to].mission;
    if (!netted(s, mission)) out.push_back(mission);
  }
  return out;
}

std::vector<CardId> shiftable_nets(const State& s) {
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (s.handler(c) == &kQNet && s.cards[c].where == Where::kOn &&
        !net_destinations(s, s.cards[c].host).empty())
      out.push_back(c);
  }
  return out;
}

void drag_net_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat player = s.cards[self].controller;
  if (s.active != player || first_copy(e, kDragNet, player) != self) return;
  if (shiftable_nets(s).empty()) return;
  s.frames.emplace_back(CardFrame{.card = self, .player = player});
}

void drag_net_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  if (f.sub == 0) {
    auto net = e.pick_or_done(f.player, shiftable_nets(s));
    if (!net) return;
    if (*net == kNoCard) {
      s.frames.pop_back();  // `f` is gone from here on
      return;
    }
    f.chosen = *net;
    f.sub = 1;
    return;
  }
  auto to = e.pick(f.player, net_destinations(s, s.cards[f.chosen].host));
  if (!to) return;
  e.move_card(f.chosen, Zone::kPlay, Where::kOn, kNoLoc, *to, s.cards[f.chosen].controller);
  s.frames.pop_back();  // `f` is gone from here on
}

// --- Zalkonian Storage Capsule: at the end of each of its player's turns they may store one
// card of their hand under it, face down (only they see it). Stored cards may be taken back into
// the hand at any time (qc.md), one per use: as an order of its player's turn, or in any
// response window they are asked in (as the capsule is being nullified, say). An order ends the
// card play, but the opponent's end-of-turn window comes just before the player's turn. When
// it leaves play, the stored cards are shuffled and go together on top of its owner's draw deck
// or at the bottom, as its owner (or, with capsule_owner_picks_deck_end off, the opponent)
// picks.

enum CapsuleStep : std::uint8_t { kStore, kToDeck };

std::vector<CardId> stored_under(const State& s, CardId capsule) {
  std::vector<CardId> out;
  for (CardId c = 0; c < s.cards.size(); ++c) {
    if (s.cards[c].zone == Zone::kStored && s.cards[c].host == capsule) out.push_back(c);
  }
  return out;
}

void capsule_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat player = s.cards[self].controller;
  if (s.active != player || s.players[player].hand.empty()) return;
  s.frames.emplace_back(CardFrame{.card = self, .player = player, .sub = kStore});
}

void capsule_leaving(Engine& e, CardId self) {
  State& s = e.state();
  if (stored_under(s, self).empty()) return;
  const Seat owner = s.cards[self].owner;
  const Seat picker = s.options.capsule_owner_picks_deck_end ? owner : State::other(owner);
  s.frames.emplace_back(CardFrame{.card = self, .player = picker, .sub = kToDeck});
}

void stored_to_deck(Engine& e, CardId capsule, bool on_top) {
  State& s = e.state();
  std::vector<CardId> pool = stored_under(s, capsule);
  const std::size_t count = pool.size();
  while (!pool.empty()) {
    const CardId c = e.random_member(pool);
    std::erase(pool, c);
    e.move_card(c, Zone::kDrawDeck);  // on top: the top of a draw deck is its back
  }
  auto& deck = s.players[s.cards[capsule].owner].draw;
  if (!on_top)
    std::rotate(deck.begin(), deck.end() - static_cast<std::ptrdiff_t>(count), deck.end());
}

void take_back_uses(const Engine& e, CardId self, std::vector<Action>& out) {
  if (e.state().cards[self].where != Where::kTable) return;
  for (CardId c : stored_under(e.state(), self))
    out.push_back({ActionKind::kUseCard, self, c});
}

void capsule_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (e.state().active == seat) take_back_uses(e, self, out);
}

void capsule_responses(const Engine& e, Seat, CardId self, const WindowFrame&,
                       std::vector<Action>& out) {
  take_back_uses(e, self, out);
}

void capsule_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard) return place_on_table(e, f);
  const CardState& stored = e.state().cards[f.action.b];
  if (stored.zone == Zone::kStored && stored.host == f.action.a)
    e.move_card(f.action.b, Zone::kHand);
}

void capsule_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  switch (f.sub) {
    case kStore: {
      auto card = e.pick_or_done(f.player, s.players[f.player].hand);
      if (!card) return;
      if (*card != kNoCard) e.move_card(*card, Zone::kStored, Where::kNone, kNoLoc, f.card);
      s.frames.pop_back();
      return;
    }
    default: {
      auto on_top = e.yes_no(f.player);
      if (!on_top) return;
      stored_to_deck(e, f.card, *on_top);
      s.frames.pop_back();
      return;
    }
  }
}

// --- Heisenberg Compensators, either of two plays: on the table, where it keeps every draw
// deck face up (its top card seen by all) and nullifies every Alien Probe while it lasts (one
// in play at once; one played would be nullified at once, and is not offered); or nullifying
// another Heisenberg Compensators in play, both then discarded.

constexpr std::string_view kAlienProbe = "Alien Probe";

bool heisenberg_forbids(const Engine& e, CardId self, Seat, CardId card) {
  return e.state().cards[self].where == Where::kTable &&
         e.state().def(card).title() == kAlienProbe && e.may_nullify(self, card);
}

void heisenberg_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.cards[self].where != Where::kTable) return;
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.in_play_at(c) && s.def(c).title() == kAlienProbe && e.may_nullify(self, c)) e.nullify(c);
  }
}

void heisenberg_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (window) return;
  out.push_back({ActionKind::kPlayEvent, self});
  for (CardId c : e.state().in_play) {
    if (e.state().handler(c) == &kHeisenbergCompensators && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule heisenberg_still_legal(const Engine& e, Seat seat, const Action& play) {
  return play.b == kNoCard ? Rule::kOk : target_in_play(e, seat, play);
}

void heisenberg_resolve(Engine& e, ActionFrame& f) {
  if (f.action.b != kNoCard) {
    e.nullify(f.action.b);
    return;  // the card itself is then discarded
  }
  place(e, f.action.a, f.actor);
}

}  // namespace

extern const Handler kHeisenbergCompensators{
    .name = "heisenberg_compensators",
    .test = "tests/scenarios/card-table-oddities.scn",
    .plays = heisenberg_plays,
    .still_legal = heisenberg_still_legal,
    .resolve = heisenberg_resolve,
    .state_check = heisenberg_state_check,
    .forbids_play = heisenberg_forbids,
    .draw_decks_face_up = true,
};

extern const Handler kZalkonianStorageCapsule{
    .name = "zalkonian_storage_capsule",
    .test = "tests/scenarios/card-table-oddities.scn",
    .plays = plays_on_table,
    .resolve = capsule_resolve,
    .end_of_turn = capsule_end_of_turn,
    .leaving_play = capsule_leaving,
    .orders = capsule_orders,
    .responses = capsule_responses,
    .step = capsule_step,
    .question = "put the cards the capsule stored on top of the draw deck (no: at the bottom)?",
    .yes_label = "on top",
    .no_label = "at the bottom",
    .choose_label = "choose a card of your hand to store, or none",
    .use_label = "take this stored card back into your hand",
};

extern const Handler kDragNet{
    .name = "drag_net",
    .test = "tests/scenarios/card-table-oddities.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .end_of_turn = drag_net_end_of_turn,
    .step = drag_net_step,
    .choose_label = "choose a Q-Net to shift, then the mission left of its new gap",
};

// An event that goes on its player's table and has no game effect there (Barber Pole: CRD
// IV.7 says so on purpose); playing it is still the turn's card play.
extern const Handler kTableOnly{
    .name = "table_only",
    .test = "tests/scenarios/card-table-oddities.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
};

}  // namespace spacedock::stccg::handlers
