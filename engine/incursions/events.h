#pragma once

#include <array>
#include <cstdint>
#include <variant>
#include <vector>

#include "engine/core/viewer.h"
#include "engine/incursions/action.h"
#include "engine/incursions/board.h"
#include "spacedock/v1/common.pb.h"
#include "spacedock/v1/incursions.pb.h"

namespace spacedock::incursions {

// Events: what happened, in order. Each maps to the IncursionsEvent member of the same name; all
// of them are public in the basic game (see audience()).
namespace ev {

inline constexpr int kMaxDice = 16;

struct DiceRolled {
  Seat seat;
  v1::DiceRollPurpose purpose;
  std::uint8_t count;
  std::array<std::uint8_t, kMaxDice> dice;
  std::int16_t modifier;
  std::int16_t total;
  std::uint8_t denizen = 0;  // index + 1 of the denizen the roll is made for; 0: `seat`'s
};
struct ShipAssigned {
  Seat seat;
  ShipIndex ship;
};
struct HexpileShuffled {
  Seat owner;  // kNoSeat: the shared pile
  std::uint8_t size;
};
struct HexpileCut {
  Seat owner;
  Seat cutter;
  std::uint8_t cut;
};
struct StartingPlayer {
  Seat seat;
};
struct TurnStarted {
  Seat seat;
  std::uint16_t round;
  std::uint16_t turn;
  std::uint8_t restored;
};
struct CloakChanged {
  Seat seat;
  bool cloaked;
  v1::CloakReason reason;
};
struct TractorChanged {
  Seat holder;
  Seat target;
  bool locked;
  std::uint8_t strength;
  v1::TractorReason reason;
};
struct AttackDeclared {
  Seat attacker;
  Seat target;
  Weapon weapon;
  std::uint8_t power;
  std::uint8_t range_power;
  std::uint8_t officer = 0;           // position + 1 of the officer aimed at; 0: the vessel
  bool assimilation = false;          // a Borg assimilation rather than a weapon
  std::uint8_t denizen_target = 0;    // index + 1 of a denizen aimed at (target unused)
  std::uint8_t denizen_attacker = 0;  // index + 1 of the attacking denizen (attacker unused)
  std::uint16_t card = 0xffff;        // an equipment card aimed at (an assimilation); else none
};
struct EvasionResolved {
  Seat seat;
  std::uint8_t power;
  std::int8_t score;
  bool success;
};
struct ShieldPower {
  Seat seat;
  std::uint8_t power;
  std::int16_t absorb;
};
struct DamageApplied {
  Seat seat;
  std::int16_t damage;
  std::int16_t absorbed;
  std::int16_t shields_lost;
  std::int16_t hull_lost;
  std::int16_t shields;
  std::int16_t hull;
  std::int16_t armour_lost;  // taken by a shuttle tabled as armour (§7.4)
};
struct EscapeCraftLaunched {
  Seat seat;
  std::uint16_t card;
  ShipIndex craft;
  std::uint8_t power_up;
  std::uint8_t power_spent;
};
struct PlayerEliminated {
  Seat seat;
  v1::EliminationReason reason;
};
struct VesselMoved {
  Seat seat;
  TileIndex from;
  TileIndex to;
  std::uint8_t steps;
  std::uint8_t power;
  bool towed;
};
struct HexExplored {
  Seat seat;
  TileIndex tile;
};
struct Teleported {
  Seat seat;
  TileIndex to;
};
struct Repaired {
  Seat seat;
  v1::IncursionsSystem system;
  std::int16_t points;
  std::int16_t applied;
  std::int16_t value;
  std::uint8_t power;
  std::uint8_t denizen = 0;  // index + 1 of a placed object repaired by its owner; 0: none
  bool to_hand = false;      // that object, a craft made whole, went back to the hand (§11.3)
};
struct SweepActivated {
  Seat seat;
};
struct MineLaid {
  TileIndex tile;
  Seat owner;
  std::uint8_t dice;
  std::int8_t flat;
};
struct MineDetonated {
  TileIndex tile;
  Seat owner;
  std::uint8_t dice;
  std::int8_t flat;
  Seat victim;
};
struct AuxUsed {
  Seat seat;
  std::uint8_t restored;
};
struct ShieldsDiverted {
  Seat seat;
  std::int16_t shields;
  std::uint8_t diverted;
};
struct ManeuversEnded {
  Seat seat;
  std::uint8_t used;
};
struct WormholeDrawn {
  TileIndex tile;
};
// A player leaves the game: `how` is RESULT_REASON_CONCESSION, _TIME (the host's clock) or
// _FORFEIT (away past the host's disconnect grace).
struct Conceded {
  Seat seat;
  v1::ResultReason how;
};
struct OfficerTabled {
  Seat seat;
  std::uint16_t card;  // CardId
  std::int8_t position;
};
struct OfficerChanged {
  Seat seat;
  std::uint16_t card;    // CardId
  std::int8_t position;  // -1: an assimilated captain kept without bonuses
  v1::OfficerChange change;
  Seat to_seat = kNoSeat;
  std::int8_t to_position = -1;
};
struct HexEventFired {
  Seat seat;
  TileIndex tile;
  bool arrival;  // else the remain trigger
};
struct DenizenSpawned {
  std::uint8_t index;
};
struct DenizenDamaged {
  std::uint8_t index;
  std::int16_t damage;  // 0 when it evaded
  std::int16_t life;
  bool evaded;
};
struct DenizenDestroyed {
  std::uint8_t index;
  Seat killer;
};
struct EscapeAttempted {
  Seat seat;
  std::uint8_t threshold;
  bool success;
};
struct RewardTaken {
  Seat seat;
  std::uint8_t flipped;
  std::uint8_t drawn;
};
struct ShieldLayer {
  Seat seat;
  std::uint8_t layer;
};
struct PowerOutOfPlay {
  Seat seat;
  std::uint8_t count;
  bool back;  // returned on leaving the hex, as spent cards
};
struct DenizenDominated {
  std::uint8_t index;
  Seat seat;
};
struct DenizenMoved {
  std::uint8_t index;
  TileIndex from;
  TileIndex to;
};
// Game cards (FULL). Cards are named by instance (CardId); the projections show a card to
// viewers who may see it and hide it from the others.
inline constexpr int kMaxDrawn = 8;
struct DeckShuffled {
  Seat owner;
  std::uint8_t size;
};
struct DeckCut {
  Seat owner;
  Seat cutter;
  std::uint8_t cut;
};
struct CardsDrawn {
  Seat seat;
  std::uint8_t count;
  std::array<std::uint16_t, kMaxDrawn> cards;  // seen by `seat` only
  bool deck_empty;
};
struct CardPlayed {
  Seat seat;
  std::uint16_t card;
  Seat target = 0xff;
  bool attached = false;
  std::uint8_t maneuvers_allowed = 0;
};
struct CardTabled {
  Seat seat;
  std::uint16_t card;
  std::int8_t position;  // crew: the position filled; -1 otherwise
  Seat on;               // in front of another vessel; kNoSeat for its own
  bool when_drawn;
  std::uint8_t locks = 0;  // a Sabotage: the weapon system (Weapon + 1) it keeps from use
};
struct EquipmentAssimilated {
  Seat seat;  // the vessel it was taken from
  std::uint16_t card;
  Seat borg;
  bool to_hand;
};
struct CardTurned {
  Seat seat;  // the vessel the equipment is tabled on
  std::uint16_t card;
  bool face_up;
  Seat by;  // the saboteur; kNoSeat when its player returned it to service
};
struct CardDiscarded {
  Seat seat;
  std::uint16_t card;
  v1::CardDiscardReason reason;
};
struct CardTaken {
  Seat seat;
  Seat from;  // kNoSeat: from its own deck; seen by the two seats only
  std::uint16_t card;
};
struct HandRevealed {
  Seat seat;
  Seat to_seat;
  std::vector<std::uint16_t> cards;
};
struct DeclarationCancelled {
  Seat seat;
  Seat cancelled_seat;
  Action action;
  std::vector<std::uint16_t> cards;
};
struct GameEnded {
  std::uint8_t winners;  // bit per seat
  v1::ResultReason reason;
};

}  // namespace ev

using Event = std::variant<
    ev::DiceRolled, ev::ShipAssigned, ev::HexpileShuffled, ev::HexpileCut, ev::StartingPlayer,
    ev::TurnStarted, ev::CloakChanged, ev::TractorChanged, ev::AttackDeclared, ev::EvasionResolved,
    ev::ShieldPower, ev::DamageApplied, ev::PlayerEliminated, ev::VesselMoved, ev::HexExplored,
    ev::Teleported, ev::Repaired, ev::SweepActivated, ev::MineLaid, ev::MineDetonated, ev::AuxUsed,
    ev::ShieldsDiverted, ev::ManeuversEnded, ev::Conceded, ev::GameEnded, ev::WormholeDrawn,
    ev::OfficerTabled, ev::OfficerChanged, ev::HexEventFired, ev::DenizenSpawned,
    ev::DenizenDamaged, ev::DenizenDestroyed, ev::EscapeAttempted, ev::RewardTaken, ev::ShieldLayer,
    ev::PowerOutOfPlay, ev::DenizenDominated, ev::DenizenMoved, ev::DeckShuffled, ev::DeckCut,
    ev::CardsDrawn, ev::CardPlayed, ev::CardTabled, ev::CardDiscarded, ev::CardTaken,
    ev::HandRevealed, ev::DeclarationCancelled, ev::EscapeCraftLaunched, ev::CardTurned,
    ev::EquipmentAssimilated>;

// Who may see an event. Every event is public but a revealed hand, which only its viewer sees;
// the hexpiles' order never becomes an event until a hex is revealed by exploring, and the
// projection hides drawn and taken cards from everyone but the players they concern.
inline core::Audience audience(const Event& event) {
  if (const auto* revealed = std::get_if<ev::HandRevealed>(&event))
    return core::Audience::only(revealed->to_seat);
  return core::Audience::everyone();
}

}  // namespace spacedock::incursions
