#include "engine/incursions/action.h"

namespace spacedock::incursions {

std::optional<Action> decode(core::OptionId id) {
  int kind = static_cast<int>(id & 0xff);
  if (kind < 1 || kind > kLastActionKind) return std::nullopt;
  return Action{static_cast<ActionKind>(kind),       static_cast<std::uint8_t>(id >> 8),
                static_cast<std::uint8_t>(id >> 16), static_cast<std::uint8_t>(id >> 24),
                static_cast<std::uint8_t>(id >> 32), static_cast<std::uint8_t>(id >> 40),
                static_cast<std::uint16_t>(id >> 48)};
}

std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::kOk:
      return "OK";
    case Rule::kUnknownOption:
      return "UNKNOWN_OPTION";
    case Rule::kWrongStep:
      return "WRONG_STEP";
    case Rule::kNoManeuversLeft:
      return "NO_MANEUVERS_LEFT";
    case Rule::kInsufficientPower:
      return "INSUFFICIENT_POWER";
    case Rule::kOutOfRange:
      return "OUT_OF_RANGE";
    case Rule::kTargetCloaked:
      return "TARGET_CLOAKED";
    case Rule::kInvalidTarget:
      return "INVALID_TARGET";
    case Rule::kInvalidEvasion:
      return "INVALID_EVASION";
    case Rule::kEvasionForbidden:
      return "EVASION_FORBIDDEN";
    case Rule::kEvasionClosed:
      return "EVASION_CLOSED";
    case Rule::kAuxUsed:
      return "AUX_USED";
    case Rule::kInsufficientShields:
      return "INSUFFICIENT_SHIELDS";
    case Rule::kIllegalPowerTarget:
      return "ILLEGAL_POWER_TARGET";
    case Rule::kCannotExplore:
      return "CANNOT_EXPLORE";
    case Rule::kIllegalPath:
      return "ILLEGAL_PATH";
    case Rule::kTractored:
      return "TRACTORED";
    case Rule::kAlreadyCloaked:
      return "ALREADY_CLOAKED";
    case Rule::kNoCloak:
      return "NO_CLOAK";
    case Rule::kMineLimit:
      return "MINE_LIMIT";
    case Rule::kNoMine:
      return "NO_MINE";
    case Rule::kDefenseSlotUsed:
      return "DEFENSE_SLOT_USED";
    case Rule::kNothingToAbsorb:
      return "NOTHING_TO_ABSORB";
    case Rule::kNotTractored:
      return "NOT_TRACTORED";
    case Rule::kAlreadyTractoring:
      return "ALREADY_TRACTORING";
    case Rule::kSweepActive:
      return "SWEEP_ACTIVE";
    case Rule::kPowerMismatch:
      return "POWER_MISMATCH";
    case Rule::kInvalidCut:
      return "INVALID_CUT";
    case Rule::kInvalidSystem:
      return "INVALID_SYSTEM";
    case Rule::kNoOfficer:
      return "NO_OFFICER";
    case Rule::kShieldsUp:
      return "SHIELDS_UP";
    case Rule::kNotBorg:
      return "NOT_BORG";
    case Rule::kNotFaceDown:
      return "NOT_FACE_DOWN";
    case Rule::kEventNotEvadable:
      return "EVENT_NOT_EVADABLE";
    case Rule::kShieldsOffline:
      return "SHIELDS_OFFLINE";
    case Rule::kNoDenizen:
      return "NO_DENIZEN";
    case Rule::kNoHexWeapon:
      return "NO_HEX_WEAPON";
    case Rule::kNotDominatable:
      return "NOT_DOMINATABLE";
    case Rule::kDominationLimit:
      return "DOMINATION_LIMIT";
    case Rule::kNotYours:
      return "NOT_YOURS";
    case Rule::kNotInHand:
      return "NOT_IN_HAND";
    case Rule::kRaceRestricted:
      return "RACE_RESTRICTED";
    case Rule::kRarityLimit:
      return "RARITY_LIMIT";
    case Rule::kPositionOccupied:
      return "POSITION_OCCUPIED";
    case Rule::kCommandLimit:
      return "COMMAND_LIMIT";
    case Rule::kCardLimit:
      return "CARD_LIMIT";
    case Rule::kNotForThisManeuver:
      return "NOT_FOR_THIS_MANEUVER";
    case Rule::kEventOnlyEventBlock:
      return "EVENT_ONLY_EVENT_BLOCK";
    case Rule::kNotAnEvent:
      return "NOT_AN_EVENT";
    case Rule::kOnePerTarget:
      return "ONE_PER_TARGET";
    case Rule::kRepairTooSmall:
      return "REPAIR_TOO_SMALL";
    case Rule::kNoSuchCard:
      return "NO_SUCH_CARD";
    case Rule::kNoWeapon:
      return "NO_WEAPON";
    case Rule::kSystemSabotaged:
      return "SYSTEM_SABOTAGED";
  }
  return "UNKNOWN";
}

}  // namespace spacedock::incursions
