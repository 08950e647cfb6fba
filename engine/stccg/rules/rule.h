#pragma once

#include <cstdint>
#include <string_view>

namespace spacedock::stccg {

// Why an action is not allowed. Names are stable codes sent to clients (Response.rule).
enum class Rule : std::uint8_t {
  kOk,
  kUnknownOption,
  kWrongStep,
  kNotYours,
  kNotInHand,
  kCardPlayUsed,     // the turn's one normal card play is made, or orders have begun
  kNowhereToReport,  // no facility of yours can take it
  kIncompatible,     // affiliations may not mix here
  kAlreadyInPlay,    // unique card or persona already in play
  kNotDuplicatable,
  kWrongCardType,
  kStopped,
  kNotStaffed,
  kOutOfRange,
  kNotSameLocation,
  kNoPlanet,
  kNoSpaceMission,
  kNoMatchingPersonnel,  // nobody matches an affiliation icon on your end of the mission
  kMissionCompleted,
  kCannotAttempt,      // no requirements on this end, or no group to attempt with
  kNoEngineer,         // building needs what the facility requires present
  kFacilityLimit,      // one facility per player per location; one outpost per affiliation
  kNoAffiliationIcon,  // an outpost needs its affiliation icon on your end
  kWrongPlacement,     // planet dilemmas under planet missions, space under space
  kMustSeedOutpost,
  kSpacelineEnd,
  kNoTarget,
  kNotPlayableNow,
  kBlocked,       // a card in play forbids it (Q-Net, Goddess of Empathy, a required move)
  kCloaked,       // a cloaked ship may not do that (§3.15)
  kOncePerTurn,   // done already this turn
  kNoLeader,      // initiating a battle needs a leader (§3.11, §3.12)
  kMayNotAttack,  // an affiliation attack restriction (§3.11): Federation, Romulan on Romulan
  kCannotFire,    // WEAPONS may not be used: cloaked, WEAPONS 0, no matching personnel aboard
};

std::string_view rule_name(Rule rule);

}  // namespace spacedock::stccg
