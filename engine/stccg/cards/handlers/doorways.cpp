// Doorways played from the hand (cards/ABILITIES.md §7; CRD IV.6): not the card play, only in
// their owner's turn unless the card says otherwise, never between dilemmas (play.cpp checks
// both). Q-Flash nullifies a Q-card, Q's Tent takes a card from the Tent, Battle Bridge Door
// helps a ship battle.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Q-Flash: nullifies one Q-icon card being met, or a Q-icon event in play, unless the card
// says otherwise (Gift of the Tormentor); it ends every "until any Q-Flash" card and effect.

void q_flash_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  const State& s = e.state();
  if (window && window->kind == WindowKind::kDilemma) {
    // Once a card is met only what cancels it may be played (§3.8 step 2).
    const CardId met = window->about;
    if (met != kNoCard && s.cards[met].zone == Zone::kResolving && has_q_icon(e, met) &&
        e.may_nullify(self, met))
      out.push_back({ActionKind::kPlayDoorway, self, met});
    return;
  }
  for (CardId c : s.in_play) {
    if (has_q_icon(e, c) && s.type(c) == v1::STCCG_CARD_TYPE_EVENT && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayDoorway, self, c});
  }
}

void q_flash_resolve(Engine& e, ActionFrame& f) {
  nullify_played_or_in_play(e, f);
  e.end_until_q_flash();  // a Q-Flash played from hand ends them too (CRD IV.12.A)
}

// --- Q's Tent: once per turn, nullified or not, take a card from your open Tent: chosen (the
// doorway is discarded) or at random (it goes on top of your draw deck). The card is shown,
// and its player draws no more cards this turn (CRD II.4 errata, IV.6; S-64).

const std::vector<CardId>& tent(const Engine& e, Seat seat) {
  return e.state().players[seat].side_deck(SideDeckKind::kQTent).cards;
}

bool tent_used(const Engine& e, Seat seat) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kTentUsed && x.player == seat;
  });
}

Rule tent_open(const Engine& e, Seat seat, const Action&) {
  return e.side_deck_open(seat, SideDeckKind::kQTent) && !tent(e, seat).empty() ? Rule::kOk
                                                                                : Rule::kNoTarget;
}

void tent_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  // Through a hold its once per turn does not apply (CRD IV.6).
  if ((tent_used(e, seat) && !e.playing_free(seat)) || tent_open(e, seat, {}) != Rule::kOk) return;
  out.push_back({ActionKind::kPlayDoorway, self});
}

void tent_announced(Engine& e, Seat seat, const Action&) {
  if (e.playing_free(seat)) return;  // not counted toward its once per turn (CRD IV.6)
  Effect used{.kind = EffectKind::kTentUsed, .until = Until::kEndOfTurn};
  used.player = seat;
  e.add_effect(used);
}

void tent_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const std::vector<CardId>& cards = tent(e, f.actor);
  if (f.sub == 0) {
    if (cards.empty()) return;
    auto choose = e.yes_no(f.actor);
    if (!choose) return;
    f.sub = *choose ? 1 : 2;
  }
  CardId taken = kNoCard;
  if (f.sub == 1) {
    auto picked = e.pick(f.actor, cards);
    if (!picked) return;
    taken = *picked;
  } else {
    taken = cards[s.rng.below(static_cast<std::uint32_t>(cards.size()))];
    e.move_card(f.action.a, Zone::kDrawDeck);  // on top of the draw deck
  }
  // Shown to the opponent, then hidden again in the hand under a new handle.
  e.reveal(taken);
  e.move_card(taken, Zone::kHand);
  Effect no_draws{.kind = EffectKind::kNoDraws, .until = Until::kEndOfTurn};
  no_draws.player = f.actor;
  e.add_effect(no_draws);
}

// --- Battle Bridge Door: at the start of a ship battle, either player's, when your personnel
// in it have Leadership: two more tactic draws for you, or WEAPONS +1 for each of your ships
// and facilities firing in it (BoG).

void bridge_door_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  const ShipBattleFrame* b = starting_battle(e, window);
  if (!b || ship_battle_side(*b, seat) < 0) return;
  if (e.group_has_skill(e.battle_personnel(*b, ship_battle_side(*b, seat)), "Leadership"))
    out.push_back({ActionKind::kPlayDoorway, self});
}

Rule bridge_door_still_legal(const Engine& e, Seat, const Action&) {
  return e.top_frame<ShipBattleFrame>() ? Rule::kOk : Rule::kNoTarget;
}

void bridge_door_resolve(Engine& e, ActionFrame& f) {
  ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  const int side = b ? ship_battle_side(*b, f.actor) : -1;
  if (side < 0) return;
  auto draws = e.yes_no(f.actor);
  if (!draws) return;
  if (*draws) {
    b->draws[side] = static_cast<std::uint8_t>(b->draws[side] + 2);
  } else if (e.state().options.bridge_door_weapons_for_battle) {
    ++b->weapons_bonus[side];
  } else {
    // The other reading: each of its player's ships and facilities, until the end of the turn.
    const State& s = e.state();
    for (CardId c : std::vector<CardId>(s.in_play)) {
      if (!s.in_play_at(c) || s.cards[c].controller != f.actor ||
          !(e.is_ship(c) || e.is_facility(c)))
        continue;
      e.add_effect({.kind = EffectKind::kAttribute,
                    .until = Until::kEndOfTurn,
                    .attribute = Attribute::kWeapons,
                    .source = f.action.a,
                    .card = c,
                    .value = 1});
    }
  }
}

}  // namespace

extern const Handler kQFlash{
    .name = "q_flash",
    .test = "tests/scenarios/q-flash-from-hand.scn",
    .plays = q_flash_plays,
    .still_legal = target_played_or_in_play,
    .resolve = q_flash_resolve,
};

extern const Handler kQTent{
    .name = "q_tent",
    .test = "tests/scenarios/S-64-q-tent-constraints.scn",
    .plays = tent_plays,
    .still_legal = tent_open,
    .announced = tent_announced,
    .resolve = tent_resolve,
    .question =
        "choose the card to take (this doorway is discarded), or take one at random (it "
        "goes on top of your draw deck)?",
    .yes_label = "Choose the card",
    .no_label = "Take a card at random",
    .choose_label = "choose the card of your Q's Tent to take into your hand",
};

extern const Handler kBattleBridgeDoor{
    .name = "battle_bridge_door",
    .test = "tests/scenarios/battle-bridge-door.scn",
    .plays = bridge_door_plays,
    .still_legal = bridge_door_still_legal,
    .resolve = bridge_door_resolve,
    .question =
        "two more tactic draws in this battle, or WEAPONS +1 for your ships and "
        "facilities firing?",
    .yes_label = "Draw two more tactics",
    .no_label = "WEAPONS +1 for each of your ships and facilities firing",
};

}  // namespace spacedock::stccg::handlers
