// The one place that knows every native handler: a card's `native` name is looked up here when
// the card database loads. Handlers live one family to a file beside this one.
#include <algorithm>
#include <array>

#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace handlers {

// artifacts.cpp
extern const Handler kBetazoidGiftBox, kHorgahn, kRessikanFlute;
// attempt_interrupts.cpp
extern const Handler kSeniorStaffMeeting;
// battle_interrupts.cpp
extern const Handler kEscapePod, kHonorChallenge, kKlingonRightOfVengeance, kPhaserBurns,
    kRogueBorgMercenaries;
// borg_ship.cpp
extern const Handler kBorgShip;
// captives.cpp
extern const Handler kCardassianTrap, kMandarinBailiff, kRescueCaptives, kTestCommandeer;
// countdowns.cpp
extern const Handler kBirthOfJunior, kTestCrossfire;
// dilemma_choices.cpp
extern const Handler kEdoProbe, kPortalGuard, kRebelEncounter, kTarellianPlagueShip;
// doorways.cpp
extern const Handler kBattleBridgeDoor, kQFlash, kQTent;
// equipment_interrupts.cpp
extern const Handler kDisruptorOverload;
// hand_refill.cpp
extern const Handler kKivasFajoCollector, kPalorToffAlienTrader, kResQ;
// infections.cpp
extern const Handler kTsiolkovskyInfection;
// mission_bonuses.cpp
extern const Handler kParticleFountain;
// movement_interrupts.cpp
extern const Handler kDistortionOfSpaceTimeContinuum, kIncomingMessageFederation,
    kIncomingMessageKlingon, kTranswarpConduit;
// nullifiers.cpp
extern const Handler kAmandaRogers, kKevinUxbridge, kQ2, kTestDoorJammer, kTestTreatyBreaker;
// q_continuum.cpp
extern const Handler kAldebaranSerpent, kGiftOfTheTormentor, kGoBackWhenceThouCamest,
    kGuiltyProvisionally, kIncomingMessageTheContinuum, kIntoTheBreach, kLemonAid,
    kMilitaryPrivilege, kPenaltyBox, kSubsectionQParagraph10, kTheHigherTheQEr;
// random_selection.cpp
extern const Handler kHunterGangs;
// ship_events.cpp
extern const Handler kPlasmaFire, kSpacedock, kWarpCoreBreach;
// skill_grants.cpp
extern const Handler kAdmiralRoss, kBattleReport;
// spaceline_events.cpp
extern const Handler kCalamarain, kQNet;
// spans.cpp
extern const Handler kFgc47Research;
// table_events.cpp
extern const Handler kGoddessOfEmpathy, kRedAlert, kStaticWarpBubble;
// transport.cpp
extern const Handler kEmergencyTransporterArmbands;
// walls.cpp
extern const Handler kAlienLabyrinth;

}  // namespace handlers

namespace {

const std::array kHandlers = {
    &handlers::kAdmiralRoss,
    &handlers::kAldebaranSerpent,
    &handlers::kAlienLabyrinth,
    &handlers::kAmandaRogers,
    &handlers::kBattleBridgeDoor,
    &handlers::kBattleReport,
    &handlers::kBetazoidGiftBox,
    &handlers::kBirthOfJunior,
    &handlers::kBorgShip,
    &handlers::kCalamarain,
    &handlers::kCardassianTrap,
    &handlers::kDisruptorOverload,
    &handlers::kDistortionOfSpaceTimeContinuum,
    &handlers::kEdoProbe,
    &handlers::kEmergencyTransporterArmbands,
    &handlers::kEscapePod,
    &handlers::kFgc47Research,
    &handlers::kGiftOfTheTormentor,
    &handlers::kGoBackWhenceThouCamest,
    &handlers::kGoddessOfEmpathy,
    &handlers::kGuiltyProvisionally,
    &handlers::kHonorChallenge,
    &handlers::kHorgahn,
    &handlers::kHunterGangs,
    &handlers::kIncomingMessageFederation,
    &handlers::kIncomingMessageKlingon,
    &handlers::kIncomingMessageTheContinuum,
    &handlers::kIntoTheBreach,
    &handlers::kKevinUxbridge,
    &handlers::kKivasFajoCollector,
    &handlers::kKlingonRightOfVengeance,
    &handlers::kLemonAid,
    &handlers::kMandarinBailiff,
    &handlers::kMilitaryPrivilege,
    &handlers::kPalorToffAlienTrader,
    &handlers::kParticleFountain,
    &handlers::kPenaltyBox,
    &handlers::kPhaserBurns,
    &handlers::kPlasmaFire,
    &handlers::kPortalGuard,
    &handlers::kQ2,
    &handlers::kQFlash,
    &handlers::kQNet,
    &handlers::kQTent,
    &handlers::kRebelEncounter,
    &handlers::kRedAlert,
    &handlers::kRescueCaptives,
    &handlers::kResQ,
    &handlers::kRessikanFlute,
    &handlers::kRogueBorgMercenaries,
    &handlers::kSeniorStaffMeeting,
    &handlers::kSpacedock,
    &handlers::kStaticWarpBubble,
    &handlers::kSubsectionQParagraph10,
    &handlers::kTarellianPlagueShip,
    &handlers::kTestCommandeer,
    &handlers::kTestCrossfire,
    &handlers::kTestDoorJammer,
    &handlers::kTestTreatyBreaker,
    &handlers::kTheHigherTheQEr,
    &handlers::kTranswarpConduit,
    &handlers::kTsiolkovskyInfection,
    &handlers::kWarpCoreBreach,
};

}  // namespace

const Handler* find_handler(std::string_view name) {
  const auto it = std::find_if(kHandlers.begin(), kHandlers.end(),
                               [&](const Handler* h) { return h->name == name; });
  return it == kHandlers.end() ? nullptr : *it;
}

std::span<const Handler* const> all_handlers() {
  return kHandlers;
}

}  // namespace spacedock::stccg
