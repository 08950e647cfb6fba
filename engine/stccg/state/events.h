#pragma once

#include <variant>

#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/state/ids.h"
#include "spacedock/v1/common.pb.h"

namespace spacedock::stccg {

// Events: what happened, in order, with what each kind of viewer may know of it.
namespace ev {

// A card changed place. Whether its identity may be shown is recorded for both ends, since it
// depends on where the card was and where it went (a drawn card: unknown before, the owner's
// after; a revealed seed card: the seeder's before, everyone's after).
struct Place {
  Zone zone;
  Where where;
  LocIndex loc;
  CardId host;
  Seat controller;
};
// Why a card moved, when the rules name it (StccgMoveCause): what a player reads.
enum class MoveCause : std::uint8_t { kNone, kKilled, kDestroyed, kWithHost, kFromOutsideGame };

struct CardMoved {
  CardId card;
  DefIndex def;
  Seat owner;
  Place from;
  Place to;
  std::uint32_t handle_before;
  std::uint32_t handle_after;
  bool owner_sees_before;
  bool owner_sees_after;
  bool all_see_before;
  bool all_see_after;
  MoveCause cause = MoveCause::kNone;
};

enum class Step : std::uint8_t {
  kSeedDoorways,
  kSeedMissions,
  kSeedDilemmas,
  kSeedFacilities,
  kTurn,
  kEndOfTurn,
};

struct StepStarted {
  Step step;
  Seat player;
  std::uint16_t turn;
  bool nothing_left = false;  // kEndOfTurn: the player had no order but End turn
};
struct Passed {
  Seat player;
};
struct Shuffled {
  Seat player;
  std::uint8_t cards;
};
struct ShipMoved {
  CardId ship;
  LocIndex from;
  LocIndex to;
  std::uint8_t range;
};
struct AttemptStarted {
  Seat player;
  LocIndex loc;
  CardId vessel;
  std::uint8_t members;
};
enum class Outcome : std::uint8_t {
  kNoTrigger,  // discarded with no effect: its trigger is absent
  kNoShip,     // "plays on ship", met from an outpost: no effect
  kOvercome,   // conditions met
  kFailed,     // conditions not met: its effect applies
  kApplied,    // no conditions: its effect applies
  kDuplicate,  // a duplicate under this mission: discarded
  kCured,
  kArtifactFound,  // an artifact stays, to be earned on completion
  kQFlashIgnored,  // no Q-Continuum to face: discarded
  kMisseed,        // seeded where it does not belong: out of play, not an action
  // Discarded unresolved by a card played before it (Senior Staff Meeting) or by a personnel
  // present that nullifies it (Zon).
  kCancelled,
};
struct DilemmaResolved {
  CardId card;
  DefIndex def;
  Outcome outcome;
};
struct Stopped {
  CardId card;
};
struct Scored {
  Seat player;
  std::int16_t points;
  std::int16_t total;
  CardId source;
};
enum class AttemptResult : std::uint8_t {
  kCompleted,
  kRequirementsMissing,  // the group got through but lacks what the mission needs: not stopped
  kStopped,
  kNoOneLeft,
  kAbandoned,  // Edo Probe
};
struct AttemptEnded {
  Seat player;
  LocIndex loc;
  AttemptResult result;
};
// A card's identity is shown to the opponent (a member of an attempting group, a target).
struct Revealed {
  CardId card;
  DefIndex def;
  std::uint32_t handle;
};
struct GameEnded {
  std::uint8_t winners;
  v1::ResultReason reason;
};
// A card being played was cancelled: it does nothing (§3.16).
struct Nullified {
  CardId card;
  DefIndex def;
};
// A ship or facility took damage: rotation or damage markers (§3.13).
struct Damaged {
  CardId card;
  std::int8_t hull;  // percent left
};
// Personnel taken captive by `captor` (§3.14), and a captive freed.
struct Captured {
  CardId card;
  Seat captor;
};
struct Rescued {
  CardId card;
};
// A ship or facility now controlled by `by`.
struct Commandeered {
  CardId card;
  Seat by;
};
enum class BattleKind : std::uint8_t { kShip, kPersonnel };
struct BattleStarted {
  BattleKind kind;
  Seat attacker;  // kNoSeat: a self-controlling card attacks (the Borg Ship dilemma)
  LocIndex loc;
  CardId target;        // the card attacked (ship battle) or a member of the team attacked
  CardId by = kNoCard;  // ship battles: the first card firing
};
// One side's fire in a ship battle (§3.12): its ATTACK against the target's DEFENSE; or one
// round of a personnel battle: the two STRENGTH totals.
struct Fired {
  Seat side;  // kNoSeat: a self-controlling card fired
  CardId target;
  std::int16_t attack;
  std::int16_t defense;
  std::uint8_t hit;  // 0 a miss, 1 a hit, 2 a direct hit; personnel battles: 1 if it won
};
struct BattleEnded {
  BattleKind kind;
  LocIndex loc;
  Seat winner;  // kNoSeat: a tie, or nobody fought back
};

}  // namespace ev

using Event =
    std::variant<ev::CardMoved, ev::StepStarted, ev::Passed, ev::Shuffled, ev::ShipMoved,
                 ev::AttemptStarted, ev::DilemmaResolved, ev::Stopped, ev::Scored, ev::AttemptEnded,
                 ev::Revealed, ev::GameEnded, ev::Nullified, ev::Damaged, ev::BattleStarted,
                 ev::Fired, ev::BattleEnded, ev::Captured, ev::Rescued, ev::Commandeered>;

}  // namespace spacedock::stccg
