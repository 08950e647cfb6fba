#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/core/decision.h"

namespace spacedock::incursions {

// Every answer a player can give, in any decision. The numbering matches
// spacedock.v1.IncursionsActionKind.
enum class ActionKind : std::uint8_t {
  kFireW1 = 1,
  kFireW2,
  kLayMine,
  kDetonateMine,
  kMove,
  kExplore,
  kRepair,
  kCloak,
  kTachyonSweep,
  kTractor,
  kBreakTractor,
  kUseAux,
  kDivertShields,
  kEndManeuvers,
  kEvade,
  kShieldPower,
  kDefensiveRepair,
  kAccept,
  kKeep,
  kRelease,
  kCut,
  kAssimilate,
  kRestoreOfficer,
  kFireHexWeapon,
  kDominate,
  kDenizenMove,
  kDenizenAttack,
  kPlayCard,
  kDiscardCard,
  kTakeCard,
  kDetachCards,
  kFireCardWeapon,
  kTurnDownCard,
  kChooseReward,
};
inline constexpr int kLastActionKind = static_cast<int>(ActionKind::kChooseReward);

// A kill reward's choices (kChooseReward's subject, §10.4), and what each gives at most.
inline constexpr std::uint8_t kRewardFlipPower = 0;
inline constexpr std::uint8_t kRewardDrawCards = 1;
inline constexpr int kRewardPower = 2;
inline constexpr int kRewardCards = 3;

// An action with its parameters. `subject` is a target seat, a tile index (move), a direction
// (explore), a system (repairs: 0 hull, 1 shields), a beam holder (break tractor) or a cut
// depth, depending on the kind. `officer` is the position + 1 of an officer aimed at (fire,
// assimilate) or restored; 0 for none. `denizen` is the index + 1 of a denizen aimed at (fire,
// subject 0) or dominated, moved (subject: the tile) or attacking (see attacked_denizen).
// `card` is the card instance + 1 a card action names (play, discard, take, turn down, repair);
// For a PLAY_CARD, `officer` is the way a card of several uses is played (0: its first): a
// Sabotage's weapon system + 1 it locks (0: it turns equipment face down instead), a Shuttle
// craft's kLaunchCraft (0: tabled as armour).
struct Action {
  ActionKind kind = ActionKind::kEndManeuvers;
  std::uint8_t subject = 0;
  std::uint8_t power = 0;
  std::uint8_t range_power = 0;
  std::uint8_t officer = 0;
  std::uint8_t denizen = 0;  // fire: index + 1 of a denizen aimed at; 0 for none
  std::uint16_t card = 0;

  friend bool operator==(const Action&, const Action&) = default;
};

// A Shuttle craft launched on its own into its player's hex (§11.3 use 1).
inline constexpr std::uint8_t kLaunchCraft = 1;

constexpr Action make_action(ActionKind kind, int subject = 0, int power = 0, int range_power = 0,
                             int officer = 0, int denizen = 0) {
  return {kind,
          static_cast<std::uint8_t>(subject),
          static_cast<std::uint8_t>(power),
          static_cast<std::uint8_t>(range_power),
          static_cast<std::uint8_t>(officer),
          static_cast<std::uint8_t>(denizen),
          0};
}

// An action naming card instance `card` (a CardId).
constexpr Action card_action(ActionKind kind, int card, int subject = 0, int power = 0) {
  Action a = make_action(kind, subject, power);
  a.card = static_cast<std::uint16_t>(card + 1);
  return a;
}

// A DENIZEN_ATTACK's target: the vessel `subject`, or, when `card` is set, the denizen whose
// index + 1 it holds (an attack names no card; `subject` is then 0). An object its owner
// controls may attack a denizen of its hex (§11.1).
constexpr int attacked_denizen(const Action& a) {
  return a.kind == ActionKind::kDenizenAttack ? a.card : 0;
}
constexpr Action denizen_attack_on_denizen(int attacker, int target) {
  Action a = make_action(ActionKind::kDenizenAttack, 0, 0, 0, 0, attacker + 1);
  a.card = static_cast<std::uint16_t>(target + 1);
  return a;
}

// Option ids are actions packed into 64 bits, so the same action keeps the same id in every
// decision, and any id can be decoded to explain why it is not allowed.
constexpr core::OptionId encode(Action a) {
  return static_cast<core::OptionId>(a.kind) | (core::OptionId{a.subject} << 8) |
         (core::OptionId{a.power} << 16) | (core::OptionId{a.range_power} << 24) |
         (core::OptionId{a.officer} << 32) | (core::OptionId{a.denizen} << 40) |
         (core::OptionId{a.card} << 48);
}
std::optional<Action> decode(core::OptionId id);

// Why an action is not allowed. Names are stable codes sent to clients (Response.rule).
enum class Rule : std::uint8_t {
  kOk,
  kUnknownOption,
  kWrongStep,
  kNoManeuversLeft,
  kInsufficientPower,
  kOutOfRange,
  kTargetCloaked,
  kInvalidTarget,
  kInvalidEvasion,
  kEvasionForbidden,
  kEvasionClosed,
  kAuxUsed,
  kInsufficientShields,
  kIllegalPowerTarget,
  kCannotExplore,
  kIllegalPath,
  kTractored,
  kAlreadyCloaked,
  kNoCloak,
  kMineLimit,
  kNoMine,
  kDefenseSlotUsed,
  kNothingToAbsorb,
  kNotTractored,
  kAlreadyTractoring,
  kSweepActive,
  kPowerMismatch,
  kInvalidCut,
  kInvalidSystem,
  kNoOfficer,
  kShieldsUp,
  kNotBorg,
  kNotFaceDown,
  kEventNotEvadable,
  kShieldsOffline,
  kNoDenizen,
  kNoHexWeapon,
  kNotDominatable,
  kDominationLimit,
  kNotYours,
  // Game cards (FULL).
  kNotInHand,
  kRaceRestricted,
  kRarityLimit,
  kPositionOccupied,
  kCommandLimit,
  kCardLimit,
  kNotForThisManeuver,
  kEventOnlyEventBlock,
  kNotAnEvent,
  kOnePerTarget,
  kRepairTooSmall,
  kNoSuchCard,
  kNoWeapon,
  kSystemSabotaged,
};

std::string_view rule_name(Rule rule);

}  // namespace spacedock::incursions
