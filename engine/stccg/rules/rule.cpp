#include "engine/stccg/rules/rule.h"

namespace spacedock::stccg {

std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::kOk:
      return "OK";
    case Rule::kUnknownOption:
      return "UNKNOWN_OPTION";
    case Rule::kWrongStep:
      return "WRONG_STEP";
    case Rule::kNotYours:
      return "NOT_YOURS";
    case Rule::kNotInHand:
      return "NOT_IN_HAND";
    case Rule::kCardPlayUsed:
      return "CARD_PLAY_USED";
    case Rule::kNowhereToReport:
      return "NOWHERE_TO_REPORT";
    case Rule::kIncompatible:
      return "INCOMPATIBLE";
    case Rule::kAlreadyInPlay:
      return "ALREADY_IN_PLAY";
    case Rule::kNotDuplicatable:
      return "NOT_DUPLICATABLE";
    case Rule::kWrongCardType:
      return "WRONG_CARD_TYPE";
    case Rule::kStopped:
      return "STOPPED";
    case Rule::kNotStaffed:
      return "NOT_STAFFED";
    case Rule::kOutOfRange:
      return "OUT_OF_RANGE";
    case Rule::kNotSameLocation:
      return "NOT_SAME_LOCATION";
    case Rule::kNoPlanet:
      return "NO_PLANET";
    case Rule::kNoSpaceMission:
      return "NO_SPACE_MISSION";
    case Rule::kNoMatchingPersonnel:
      return "NO_MATCHING_PERSONNEL";
    case Rule::kMissionCompleted:
      return "MISSION_COMPLETED";
    case Rule::kCannotAttempt:
      return "CANNOT_ATTEMPT";
    case Rule::kNoEngineer:
      return "BUILD_REQUIREMENT_MISSING";
    case Rule::kFacilityLimit:
      return "FACILITY_LIMIT";
    case Rule::kNoAffiliationIcon:
      return "NO_AFFILIATION_ICON";
    case Rule::kWrongPlacement:
      return "WRONG_PLACEMENT";
    case Rule::kMustSeedOutpost:
      return "MUST_SEED_OUTPOST";
    case Rule::kSpacelineEnd:
      return "SPACELINE_END";
    case Rule::kNoTarget:
      return "NO_TARGET";
    case Rule::kNotPlayableNow:
      return "NOT_PLAYABLE_NOW";
    case Rule::kBlocked:
      return "BLOCKED";
    case Rule::kCloaked:
      return "CLOAKED";
    case Rule::kOncePerTurn:
      return "ONCE_PER_TURN";
    case Rule::kNoLeader:
      return "NO_LEADER";
    case Rule::kMayNotAttack:
      return "MAY_NOT_ATTACK";
    case Rule::kCannotFire:
      return "CANNOT_FIRE";
  }
  return "UNKNOWN";
}

}  // namespace spacedock::stccg
