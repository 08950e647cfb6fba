// Declaring maneuvers and answering them (§5.5, A28). In FULL every maneuver is a declaration:
// each other player still in the game with cards in hand gets a window, in seat order from the
// declarer, to answer it with a Play-any-time card; an answer is a declaration of its own, and
// declarations resolve last in, first out. A window is offered whatever the hand holds (its size
// is public), so being asked reveals nothing.
#include <algorithm>
#include <optional>
#include <stdexcept>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

bool countermand(const State& s, const Declaration& d) {
  return d.action.kind == ActionKind::kPlayCard &&
         s.def(d.cards.front()).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND;
}

// The vessel a maneuver is aimed at, if any.
std::optional<Seat> target_seat(const State& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::kFireW1:
    case ActionKind::kFireW2:
    case ActionKind::kAssimilate:
      if (a.denizen != 0) return std::nullopt;
      return a.subject;
    case ActionKind::kDetonateMine:
    case ActionKind::kTractor:
    case ActionKind::kFireHexWeapon:
    case ActionKind::kFireCardWeapon:
      return a.subject;
    case ActionKind::kDenizenAttack:
      if (attacked_denizen(a) != 0) return std::nullopt;
      return a.subject;
    case ActionKind::kPlayCard:
      if (s.def(a.card - 1u).targets_vessel()) return a.subject;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace

void Game::declare(Seat seat, const Action& action) {
  // A maneuver counts once declared, and a cloak drops before it resolves (§12.1, A13); Klingon
  // Diplomacy keeps it up through a move.
  ++s_.maneuvers_used;
  ++s_.maneuvers_declared;
  Vessel& vessel = s_.vessels[seat];
  const bool moving = action.kind == ActionKind::kMove || action.kind == ActionKind::kExplore;
  if (vessel.cloaked &&
      !(moving && card_in_effect(s_, seat, v1::INCURSIONS_CARD_MECHANISM_CLOAK_AND_MOVE))) {
    vessel.cloaked = false;
    vessel.power.spent += vessel.power.cloak;
    vessel.power.cloak = 0;
    emit(ev::CloakChanged{seat, false, v1::CLOAK_REASON_BROKEN});
  }
  Declaration d{seat, action, std::move(s_.attached), seat};
  s_.attached.clear();
  if (action.kind == ActionKind::kPlayCard) {
    const CardId card = action.card - 1u;
    remove_from_hand(seat, card);
    d.cards.push_back(card);
    emit(ev::CardPlayed{seat, card, s_.def(card).targets_vessel() ? action.subject : kNoSeat, false,
                        s_.maneuvers_allowed});
  }
  if (!s_.full()) {
    resolve_maneuver(seat, action);
    return;
  }
  s_.responses.push_back(std::move(d));  // run() offers the windows, then resolves it
}

void Game::declare_card(Seat seat, const Action& a, Declared what, Seat target,
                        int maneuvers_allowed) {
  const CardId card = a.card - 1u;
  remove_from_hand(seat, card);
  emit(ev::CardPlayed{seat, card, target, false, static_cast<std::uint8_t>(maneuvers_allowed)});
  s_.responses.push_back(Declaration{seat, a, {card}, seat, what});
}

void Game::advance_responses() {
  Declaration& top = s_.responses.back();
  for (Seat next = static_cast<Seat>((top.asked + 1) % s_.players); next != top.seat;
       next = static_cast<Seat>((next + 1) % s_.players)) {
    if (s_.in_game(next) && holds_cards(next)) {
      top.asked = next;
      open(Step::kRespond, next);
      return;
    }
  }
  // Nobody answered: it resolves, unless its player has left the game meanwhile.
  Declaration d = std::move(top);
  s_.responses.pop_back();
  if (!s_.in_game(d.seat)) {
    for (CardId card : d.cards)
      to_discard(d.seat, card, v1::CARD_DISCARD_REASON_COUNTERMANDED);
    return;
  }
  if (const auto target = target_seat(s_, d.action); target && !s_.in_game(*target)) {
    // Its target left the game while the windows were open: it comes to nothing (A28).
    lose_declaration(d);
    return;
  }
  if (d.what == Declared::kManeuver && countermand(s_, d)) {
    // A Countermand: the declaration beneath it is cancelled; the card is used. (One played
    // in a defender window answers the hit instead, below.)
    cancel_below(d.seat);
    to_discard(d.seat, d.cards.front(), v1::CARD_DISCARD_REASON_USED);
    return;
  }
  switch (d.what) {
    case Declared::kHitAnswer:
      apply_defense_card(d.seat, d.cards.front());
      return;
    case Declared::kEventBlock:  // the blow never falls
      to_discard(d.seat, d.cards.front(), v1::CARD_DISCARD_REASON_USED);
      return;
    case Declared::kEscape:
      launch_escape(d.seat, d.action);
      return;
    case Declared::kCrew:
      if (!table_crew(d.seat, d.cards.front(), /*when_drawn=*/false))
        to_hand(d.seat, d.cards.front());
      return;
    case Declared::kManeuver:
      break;
  }
  s_.committed = std::move(d.cards);
  resolve_maneuver(d.seat, d.action);
  for (CardId card : s_.committed)
    to_discard(d.seat, card, v1::CARD_DISCARD_REASON_USED);
  s_.committed.clear();
}

void Game::respond(const Action& action) {
  const Seat seat = s_.decision.seat;
  switch (action.kind) {
    case ActionKind::kUseAux:
      use_aux(seat);
      open(Step::kRespond, seat);
      return;
    case ActionKind::kPlayCard:  // a Countermand, aimed at the declaration it answers
      declare_card(seat, action, Declared::kManeuver, s_.responses.back().seat);
      return;
    default:  // kAccept: the next seat's window
      return;
  }
}

void Game::cancel_below(Seat by) {
  Declaration d = std::move(s_.responses.back());
  s_.responses.pop_back();
  emit(ev::DeclarationCancelled{by, d.seat, d.action, {d.cards.begin(), d.cards.end()}});
  lose_declaration(d);
}

void Game::lose_declaration(const Declaration& d) {
  // A lost maneuver still counts as used, and what was committed to it is lost: its Pwr is
  // spent and its cards discarded (A28). A card played outside the maneuvers commits no Pwr,
  // and the target's diverted Pwr still serves its answers to the hit.
  if (d.what == Declared::kManeuver && !countermand(s_, d)) {
    pay(d.seat, committed_power(d.seat, d.action, d.cards));
    expire_diverted(d.seat);
  }
  for (CardId card : d.cards)
    to_discard(d.seat, card, v1::CARD_DISCARD_REASON_COUNTERMANDED);
  // A blocked blow comes back: it falls, unless another Event Block answers it. A lost escape
  // craft leaves its player aboard the wreck.
  if (d.what == Declared::kEventBlock)
    s_.tasks.push_back({Task::Kind::kEventDamage, d.seat, s_.vessels[d.seat].tile, kNoSeat});
  if (d.what == Declared::kEscape) sink(d.seat);
}

int Game::committed_power(Seat seat, const Action& a, std::span<const CardId> cards) const {
  const int available = s_.vessels[seat].power.available();
  switch (a.kind) {
    case ActionKind::kFireW1:
    case ActionKind::kFireW2:
    case ActionKind::kLayMine:
    case ActionKind::kRepair:
    case ActionKind::kFireHexWeapon:
    case ActionKind::kFireCardWeapon:
    case ActionKind::kPlayCard:
      return std::min(available, a.power + a.range_power);
    case ActionKind::kTractor:
      return std::min<int>(a.power, s_.vessels[seat].power.up);
    case ActionKind::kTachyonSweep:
    case ActionKind::kAssimilate:
      return std::min(available, 3);
    case ActionKind::kCloak:
      return std::min(available, cloak_cost(s_, seat));
    case ActionKind::kMove: {
      // The Pwr its route needed beyond the drive and the Warps (§9.2).
      Routes routes;
      routes.compute(s_.board, s_.vessels[seat].tile, kMaxTravel, mine_costs(seat));
      const int steps = routes.steps[a.subject];
      // A move's Pwr depends on the Warps that went with it.
      return std::clamp(steps - drive(s_, seat) - s_.vessels[seat].impulse -
                            card_sum(s_, cards, &CardEffect::warp_hexes),
                        0, available);
    }
    default:
      return 0;
  }
}

void Game::resolve_maneuver(Seat seat, const Action& action) {
  Vessel& vessel = s_.vessels[seat];
  switch (action.kind) {
    case ActionKind::kFireW1:
    case ActionKind::kFireW2:
      fire(action);
      break;
    case ActionKind::kLayMine:
      lay_mine(action.power);
      break;
    case ActionKind::kDetonateMine:
      detonate_mine(action.subject);
      break;
    case ActionKind::kMove:
      // Leaving a hex that holds the vessel takes an escape roll first; a failure costs the
      // maneuver but no Pwr (§9.6, A19).
      if (escape(seat)) move(action.subject);
      break;
    case ActionKind::kExplore:
      if (escape(seat)) explore(action.subject);
      break;
    case ActionKind::kRepair:
      pay(seat, action.power);
      if (action.card != 0) {
        repair_card(seat, action.card - 1u);
      } else if (action.denizen != 0) {
        repair_object(seat, action);
      } else {
        repair(seat, action.subject, action.power);
      }
      break;
    case ActionKind::kCloak: {
      const auto cost = static_cast<std::uint8_t>(cloak_cost(s_, seat));
      vessel.power.up = static_cast<std::uint8_t>(vessel.power.up - cost);
      vessel.power.cloak = cost;
      vessel.cloaked = true;
      emit(ev::CloakChanged{seat, true, v1::CLOAK_REASON_CLOAKED});
      break;
    }
    case ActionKind::kTachyonSweep:
      pay(seat, 3);
      vessel.sweep = true;
      emit(ev::SweepActivated{seat});
      break;
    case ActionKind::kTractor:
      tractor(action.subject, action.power);
      break;
    case ActionKind::kBreakTractor:
      break_tractor(action.subject);
      break;
    case ActionKind::kAssimilate:
      if (action.card != 0) {
        assimilate_equipment(action.subject, action.card - 1u);
      } else {
        assimilate(action.subject, action.officer - 1);
      }
      break;
    case ActionKind::kRestoreOfficer:
      restore_officer(seat, action.officer - 1);
      break;
    case ActionKind::kFireHexWeapon:
      fire_hex_weapon(action);
      break;
    case ActionKind::kFireCardWeapon:
      fire_card_weapon(action);
      break;
    case ActionKind::kDenizenAttack:
      command_attack(action);
      break;
    case ActionKind::kDenizenMove:
      move_denizen(action.denizen - 1, action.subject);
      break;
    case ActionKind::kPlayCard:
      resolve_card(seat, action);
      break;
    default:
      throw std::logic_error("incursions: not a maneuver");
  }
  // Red Alert: more maneuvers this turn, never more than 4 (§5.4, A10).
  if (const int extra = card_sum(s_, s_.committed, &CardEffect::extra_maneuvers); extra > 0) {
    s_.maneuvers_allowed =
        static_cast<std::uint8_t>(std::min(kMaxManeuvers, s_.maneuvers_allowed + extra));
  }
  expire_diverted(seat);  // diverted Pwr serves the very next maneuver only (§6.4)
}

}  // namespace spacedock::incursions
