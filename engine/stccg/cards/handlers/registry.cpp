// The one place that knows every native handler: a card's `native` name is looked up here when
// the card database loads. Handlers live one family to a file beside this one.
#include <algorithm>
#include <iterator>

#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace handlers {

// agreements.cpp
extern const Handler kParallaxArguers;
// artifacts.cpp
extern const Handler kBetazoidGiftBox, kHorgahn, kRessikanFlute;
// attempt_interrupts.cpp
extern const Handler kSeniorStaffMeeting;
// au_cards.cpp
extern const Handler kDoppelganger;
// au_events.cpp
extern const Handler kBaryonBuildup, kCaptainsLog, kInterrogation, kKlimDokachin, kMotsAdvice,
    kRishonUxbridge, kTheMaskOfKorgano, kThermalDeflectors, kEngageShuttleOperations,
    kIntruderForceField, kParticleScatteringField, kRevolvingDoor, kTheCharybdis,
    kWartimeConditions;
// au_dilemmas.cpp
extern const Handler kCoalescentOrganism, kConundrum, kFerengiAttack, kFrameOfMind,
    kInterphasicPlasmaCreatures, kMalfunctioningDoor, kMamanPicard, kOutpostRaid, kParallelRomance,
    kPunishmentZone, kQuantumSingularityLifeforms, kRascals, kRoyaleCasinoBlackjack, kTheGatherers,
    kThoughtFire, kWorshiper;
// au_interrupts.cpp
extern const Handler kCountermanda, kDeadInBed, kDestroyRadioactiveGarbageScow, kDevidianForagers,
    kFireSculptor, kHumuhumunukunukuapuaa, kIsabella, kJamaharon, kKevinUxbridgeConvergence,
    kRomulanAmbush, kSeizeWesley, kVorgonRaiders, kVulcanNervePinch;
// au_interrupts_2.cpp
extern const Handler kAntiMatterSpread, kBarclayTransporterPhobia, kBrainDrain, kHail,
    kHowardHeirloomCandle;
// au_interrupts_3.cpp
extern const Handler kIncomingMessageAttackAuthorization, kTemporalNarcosis;
// au_interrupts_4.cpp
extern const Handler kEyesInTheDark, kLaForgeManeuver, kLatinumPayoff, kSecuritySacrifice,
    kThineOwnSelf, kWolf;
// au_personnel_ships.cpp
extern const Handler kBerlingoffRasmussen, kEdoVessel, kLakanta, kPaulRice, kTarg, kUssEnterpriseC,
    kVorgonSeedRaid;
// dual_affiliation.cpp
extern const Handler kDualAffiliation;
// gomtuu.cpp
extern const Handler kGomtuu;
// battle_aftermath.cpp
extern const Handler kArbiterOfSuccession, kDatasMedals, kDiscommendation, kKlingonCivilWar,
    kKlingonPainstik, kPhaserArrayPowerCell;
// battle_interrupts.cpp
extern const Handler kEscapePod, kHonorChallenge, kKlingonRightOfVengeance, kPhaserBurns,
    kRogueBorgMercenaries;
// battle_tactics.cpp
extern const Handler kAttackPatternDelta;
// borg_ship.cpp
extern const Handler kBorgShip;
// bog_hidden_agendas.cpp
extern const Handler kDiscardToDownload, kEBandEmissions, kImpersonateCaptive, kScannerInterference,
    kSniper;
// bog_oath_victory.cpp
extern const Handler kBloodOath, kVictoryIsLife;
// captive_cards.cpp
extern const Handler kBrainwash, kHighSheriffOfNottingham, kHoldingCellDoor, kIlonTandro, kMadred,
    kMirastaYale, kOutgunned, kPrisonerEscort, kTorture;
// captives.cpp
extern const Handler kCardassianTrap, kMandarinBailiff, kRescueCaptives, kTestCommandeer,
    kTestDecoy;
// countdowns.cpp
extern const Handler kBirthOfJunior, kTestCrossfire;
// dilemma_choices.cpp
extern const Handler kEdoProbe, kPortalGuard, kRebelEncounter, kTarellianPlagueShip;
// doorways.cpp
extern const Handler kBattleBridgeDoor, kQFlash, kQTent;
// equipment_interrupts.cpp
extern const Handler kDisruptorOverload;
// facility_events.cpp
extern const Handler kDefenseSystemUpgrade;
// hand_refill.cpp
extern const Handler kKivasFajoCollector, kPalorToffAlienTrader, kResQ;
// hidden_agendas.cpp
extern const Handler kCaptured, kFajosGallery, kPrepareThePrisoner, kPrisonerExchange;
// incidents.cpp
extern const Handler kCommandeerShip, kTheBigPicture, kUltimatum;
// infections.cpp
extern const Handler kTsiolkovskyInfection;
// infiltration.cpp
extern const Handler kCounterintelligence, kDialMartokForMurder, kInsideOperation, kOdoFounder,
    kTheGuardian;
// mission_bonuses.cpp
extern const Handler kParticleFountain;
// movement_interrupts.cpp
extern const Handler kDistortionOfSpaceTimeContinuum, kIncomingMessageFederation,
    kIncomingMessageKlingon, kIncomingMessageRomulan, kTranswarpConduit;
// nullifiers.cpp
extern const Handler kAmandaRogers, kKevinUxbridge, kQ2, kTestDoorJammer, kTestTreatyBreaker;
// au_doorways.cpp
extern const Handler kAlternateUniverseDoor, kDevidianDoor, kOphidianCane;
// premiere_au_artifacts.cpp
extern const Handler kDatasHead, kEchoPapa607KillerDrone, kIconianGateway, kKurlanNaiskos,
    kThoughtMaker, kVulcanStoneOfGol;
// artifacts_2.cpp
extern const Handler kSamuelClemensPocketwatch, kTimeTravelPod, kToxUthat;
// cryosatellite.cpp
extern const Handler kCryosatellite;
// receptacle_stones.cpp
extern const Handler kReceptacleStones;
// premiere_au_ships_missions.cpp
extern const Handler kInvestigateTimeContinuum, kBruteForce, kDiplomaticConference, kReunion,
    kQualorIiRendezvous, kQuashConspiracy;
// premiere_dilemmas.cpp
extern const Handler kAlienAbduction, kCytherians, kElAdrelCreature, kHyperAging,
    kIconianComputerWeapon, kKtarianGame, kMentharBoobyTrap, kNitriumMetalParasites, kPhasedMatter,
    kQDilemma, kRadioactiveGarbageScow, kRemFatigueHallucinations, kSarjenka,
    kTwoDimensionalCreatures;
// temporal_causality_loop.cpp
extern const Handler kTemporalCausalityLoop;
// premiere_events.cpp
extern const Handler kAlienProbe, kAntiTimeAnomaly, kAtmosphericIonization, kDistortionField,
    kGenetronicReplicator, kHoloProjectors, kLoresFingernail, kMasakaTransformations,
    kNeuralServoDevice, kPatternEnhancers, kRaiseTheStakes, kSubspaceWarpRift, kSupernova,
    kTetryonField, kTheTravelerTranscendence, kWhereNoOneHasGoneBefore;
// premiere_events_2.cpp
extern const Handler kGapsInNormalSpace, kTelepathicAlienKidnappers;
// premiere_interrupts.cpp
extern const Handler kAlienGroupie, kAsteroidSanctuary, kAutoDestructSequence, kCrosis,
    kEnergyVortex, kFullPlanetScan, kHugh, kJaglomShrek, kKlingonDeathYell, kLifeFormScan,
    kLongRangeScan, kLossOfOrbitalStability, kNearWarpTransport, kShipSeizure,
    kSubspaceInterference, kSubspaceSchism, kTachyonDetectionGrid, kTemporalRift, kTheDevil,
    kTheJuggler, kVulcanMindmeld, kWormhole;
// q_card_answers.cpp
extern const Handler kIAmNotAMerryMan;
// q_cards.cpp
extern const Handler kAmandasParents, kAreTheseTrulyYourFriendsBrother, kDoorNet,
    kDrQMedicineEntity, kFrigid, kImmortalAgain, kMortalQ, kOffSwitch, kPlaNet, kScottishSetter,
    kTheNakedTruth, kTijuanaCrass, kWesleyGetsThePoint, kWheresGuinan, kYouWillInTime;
// personnel_abilities.cpp
extern const Handler kTimicin;
// premiere_personnel.cpp
extern const Handler kExocompRepair;
// q_continuum.cpp
extern const Handler kAldebaranSerpent, kGiftOfTheTormentor, kGoBackWhenceThouCamest,
    kGuiltyProvisionally, kIncomingMessageTheContinuum, kIntoTheBreach, kLemonAid,
    kMilitaryPrivilege, kPenaltyBox, kSubsectionQParagraph10, kTheHigherTheQEr;
// qc_amanda_events.cpp
extern const Handler kJealousAmanda, kTrustMe;
// qc_bog_artifacts.cpp
extern const Handler kBladeOfTkon, kCanar, kMonaLisa, kSwordOfKahless;
// qc_bog_countdowns.cpp
extern const Handler kEndTransmission, kFerengiIngenuity, kTheSheliak;
// qc_bog_dilemmas.cpp
extern const Handler kBendiiSyndrome, kChineseFingerPuzzle, kChulaTheAbyss, kChulaTheLights,
    kDrumhead, kHazardousDuty, kNewEssentialists, kQsViciousAnimalThings, kRoyaleCasinoCraps,
    kSecurityPrecautions, kStellarFlare, kSystemWideCascadeFailure, kUnderFire, kYuta;
// qc_bog_personnel.cpp
extern const Handler kKchiq, kLal, kSoongTypeAndroid, kVesAlkar;
// qc_bog_personnel_deaths.cpp
extern const Handler kKovaTholl;
// qc_bog_personnel_responses.cpp
extern const Handler kElim, kMadamGuinan, kTharket;
// qc_bog_equipment.cpp
extern const Handler kAntiMatterPod;
// qc_bog_facilities.cpp
extern const Handler kColony;
// qc_bog_ships.cpp
extern const Handler kZalkonianVessel;
// qc_manheim.cpp
extern const Handler kDatasBody, kDimensionalDoor, kDroughtTree, kJeniceManheim, kJohnDoe,
    kJulianaTainer, kPaulManheim, kSamuelClemens, kTransfiguration;
// qc_missions.cpp
extern const Handler kInvestigateLegend, kSamaritanSnare;
// qc_nebula_patriotism.cpp
extern const Handler kNebula, kScan, kTheIssueIsPatriotism;
// qc_qs_planet.cpp
extern const Handler kQsPlanet;
// random_selection.cpp
extern const Handler kHunterGangs;
// ship_events.cpp
extern const Handler kPlasmaFire, kSpacedock, kWarpCoreBreach;
// ship_abilities.cpp
extern const Handler kUssStargazer;
// ship_control.cpp
extern const Handler kAlienParasites;
// lore_returns.cpp
extern const Handler kLoreReturns;
// skill_grants.cpp
extern const Handler kAdmiralRoss, kBattleReport;
// side_deck_views.cpp
extern const Handler kTarmin;
// spaceline_events.cpp
extern const Handler kCalamarain, kQNet;
// spaceline_sweeps.cpp
extern const Handler kTheWakeOfTheBorg;
// spans.cpp
extern const Handler kFgc47Research;
// special_missions.cpp
extern const Handler kPaxanWormhole, kSpace;
// table_events.cpp
extern const Handler kGoddessOfEmpathy, kRedAlert, kStaticWarpBubble, kYellowAlert;
// table_oddities.cpp
extern const Handler kDragNet, kHeisenbergCompensators, kTableOnly, kZalkonianStorageCapsule;
// title_nullifiers.cpp
extern const Handler kPlexing, kWrongDoor;
// transport.cpp
extern const Handler kEmergencyTransporterArmbands;
// walls.cpp
extern const Handler kAlienLabyrinth;

}  // namespace handlers

namespace {

// A plain array: deducing a std::array of this many elements exceeds clang's template limits.
const Handler* const kHandlers[] = {
    // premiere_events_2.cpp
    &handlers::kGapsInNormalSpace,
    &handlers::kTelepathicAlienKidnappers,
    // premiere_events.cpp
    &handlers::kAlienProbe,
    &handlers::kAntiTimeAnomaly,
    &handlers::kAtmosphericIonization,
    &handlers::kDistortionField,
    &handlers::kGenetronicReplicator,
    &handlers::kHoloProjectors,
    &handlers::kLoresFingernail,
    &handlers::kMasakaTransformations,
    &handlers::kNeuralServoDevice,
    &handlers::kPatternEnhancers,
    &handlers::kRaiseTheStakes,
    &handlers::kSubspaceWarpRift,
    &handlers::kTetryonField,
    &handlers::kSupernova,
    &handlers::kTheTravelerTranscendence,
    &handlers::kWhereNoOneHasGoneBefore,
    // premiere_dilemmas.cpp
    &handlers::kAlienAbduction,
    &handlers::kCytherians,
    &handlers::kElAdrelCreature,
    &handlers::kHyperAging,
    &handlers::kIconianComputerWeapon,
    &handlers::kKtarianGame,
    &handlers::kMentharBoobyTrap,
    &handlers::kNitriumMetalParasites,
    &handlers::kPhasedMatter,
    &handlers::kQDilemma,
    &handlers::kRadioactiveGarbageScow,
    &handlers::kRemFatigueHallucinations,
    &handlers::kSarjenka,
    &handlers::kTwoDimensionalCreatures,
    // ship_control.cpp
    &handlers::kAlienParasites,
    // lore_returns.cpp
    &handlers::kLoreReturns,
    // temporal_causality_loop.cpp
    &handlers::kTemporalCausalityLoop,
    // au_dilemmas.cpp
    &handlers::kCoalescentOrganism,
    &handlers::kConundrum,
    &handlers::kFerengiAttack,
    &handlers::kFrameOfMind,
    &handlers::kInterphasicPlasmaCreatures,
    &handlers::kMalfunctioningDoor,
    &handlers::kMamanPicard,
    &handlers::kOutpostRaid,
    &handlers::kParallelRomance,
    &handlers::kPunishmentZone,
    &handlers::kQuantumSingularityLifeforms,
    &handlers::kRascals,
    &handlers::kRoyaleCasinoBlackjack,
    &handlers::kTheGatherers,
    &handlers::kThoughtFire,
    &handlers::kWorshiper,
    // au_interrupts.cpp
    &handlers::kCountermanda,
    &handlers::kDeadInBed,
    &handlers::kDestroyRadioactiveGarbageScow,
    &handlers::kDevidianForagers,
    &handlers::kFireSculptor,
    &handlers::kHumuhumunukunukuapuaa,
    &handlers::kIsabella,
    &handlers::kJamaharon,
    &handlers::kKevinUxbridgeConvergence,
    &handlers::kRomulanAmbush,
    &handlers::kSeizeWesley,
    &handlers::kVorgonRaiders,
    &handlers::kVulcanNervePinch,
    // au_interrupts_2.cpp
    &handlers::kAntiMatterSpread,
    &handlers::kBarclayTransporterPhobia,
    &handlers::kBrainDrain,
    &handlers::kHail,
    &handlers::kHowardHeirloomCandle,
    // au_interrupts_3.cpp
    &handlers::kIncomingMessageAttackAuthorization,
    &handlers::kTemporalNarcosis,
    // au_interrupts_4.cpp
    &handlers::kEyesInTheDark,
    &handlers::kLaForgeManeuver,
    &handlers::kLatinumPayoff,
    &handlers::kSecuritySacrifice,
    &handlers::kThineOwnSelf,
    &handlers::kWolf,
    // au_personnel_ships.cpp
    &handlers::kBerlingoffRasmussen,
    &handlers::kEdoVessel,
    &handlers::kLakanta,
    &handlers::kPaulRice,
    &handlers::kTarg,
    &handlers::kUssEnterpriseC,
    &handlers::kVorgonSeedRaid,
    // dual_affiliation.cpp
    &handlers::kDualAffiliation,
    // gomtuu.cpp
    &handlers::kGomtuu,
    // au_events.cpp
    &handlers::kBaryonBuildup,
    &handlers::kCaptainsLog,
    &handlers::kInterrogation,
    &handlers::kKlimDokachin,
    &handlers::kMotsAdvice,
    &handlers::kRishonUxbridge,
    &handlers::kTheMaskOfKorgano,
    &handlers::kThermalDeflectors,
    &handlers::kEngageShuttleOperations,
    &handlers::kIntruderForceField,
    &handlers::kParticleScatteringField,
    &handlers::kRevolvingDoor,
    &handlers::kTheCharybdis,
    &handlers::kWartimeConditions,
    // premiere_au_ships_missions.cpp
    &handlers::kInvestigateTimeContinuum,
    &handlers::kBruteForce,
    &handlers::kDiplomaticConference,
    &handlers::kReunion,
    &handlers::kQualorIiRendezvous,
    &handlers::kQuashConspiracy,
    // au_doorways.cpp
    &handlers::kAlternateUniverseDoor,
    &handlers::kDevidianDoor,
    &handlers::kOphidianCane,
    // premiere_au_artifacts.cpp
    &handlers::kDatasHead,
    &handlers::kEchoPapa607KillerDrone,
    &handlers::kIconianGateway,
    &handlers::kKurlanNaiskos,
    &handlers::kThoughtMaker,
    &handlers::kVulcanStoneOfGol,
    // artifacts_2.cpp
    &handlers::kSamuelClemensPocketwatch,
    &handlers::kTimeTravelPod,
    &handlers::kToxUthat,
    // cryosatellite.cpp
    &handlers::kCryosatellite,
    // receptacle_stones.cpp
    &handlers::kReceptacleStones,
    &handlers::kAlienGroupie,
    &handlers::kAsteroidSanctuary,
    &handlers::kAutoDestructSequence,
    &handlers::kCrosis,
    &handlers::kEnergyVortex,
    &handlers::kFullPlanetScan,
    &handlers::kHugh,
    &handlers::kIncomingMessageRomulan,
    &handlers::kJaglomShrek,
    &handlers::kKlingonDeathYell,
    &handlers::kLifeFormScan,
    &handlers::kLongRangeScan,
    &handlers::kLossOfOrbitalStability,
    &handlers::kNearWarpTransport,
    &handlers::kShipSeizure,
    &handlers::kSubspaceInterference,
    &handlers::kSubspaceSchism,
    &handlers::kTachyonDetectionGrid,
    &handlers::kTemporalRift,
    &handlers::kTheDevil,
    &handlers::kTheJuggler,
    &handlers::kVulcanMindmeld,
    &handlers::kWormhole,
    &handlers::kAdmiralRoss,
    &handlers::kAldebaranSerpent,
    &handlers::kAlienLabyrinth,
    &handlers::kAmandaRogers,
    &handlers::kAmandasParents,
    &handlers::kAntiMatterPod,
    &handlers::kArbiterOfSuccession,
    &handlers::kAreTheseTrulyYourFriendsBrother,
    &handlers::kAttackPatternDelta,
    &handlers::kBattleBridgeDoor,
    &handlers::kBattleReport,
    &handlers::kBendiiSyndrome,
    &handlers::kBetazoidGiftBox,
    &handlers::kBirthOfJunior,
    &handlers::kBladeOfTkon,
    &handlers::kBloodOath,
    &handlers::kBorgShip,
    &handlers::kBrainwash,
    &handlers::kCalamarain,
    &handlers::kCanar,
    &handlers::kCaptured,
    &handlers::kCardassianTrap,
    &handlers::kChineseFingerPuzzle,
    &handlers::kChulaTheAbyss,
    &handlers::kChulaTheLights,
    &handlers::kColony,
    &handlers::kCommandeerShip,
    &handlers::kCounterintelligence,
    &handlers::kDatasBody,
    &handlers::kDatasMedals,
    &handlers::kDefenseSystemUpgrade,
    &handlers::kDialMartokForMurder,
    &handlers::kDimensionalDoor,
    &handlers::kDiscardToDownload,
    &handlers::kDiscommendation,
    &handlers::kDisruptorOverload,
    &handlers::kDistortionOfSpaceTimeContinuum,
    &handlers::kDoorNet,
    &handlers::kDoppelganger,
    &handlers::kDragNet,
    &handlers::kDroughtTree,
    &handlers::kDrQMedicineEntity,
    &handlers::kDrumhead,
    &handlers::kEBandEmissions,
    &handlers::kEdoProbe,
    &handlers::kElim,
    &handlers::kEmergencyTransporterArmbands,
    &handlers::kEndTransmission,
    &handlers::kEscapePod,
    &handlers::kFajosGallery,
    &handlers::kFerengiIngenuity,
    &handlers::kFgc47Research,
    &handlers::kFrigid,
    &handlers::kGiftOfTheTormentor,
    &handlers::kGoBackWhenceThouCamest,
    &handlers::kGoddessOfEmpathy,
    &handlers::kGuiltyProvisionally,
    &handlers::kHazardousDuty,
    &handlers::kHeisenbergCompensators,
    &handlers::kHighSheriffOfNottingham,
    &handlers::kHoldingCellDoor,
    &handlers::kHonorChallenge,
    &handlers::kHorgahn,
    &handlers::kHunterGangs,
    &handlers::kIlonTandro,
    &handlers::kIAmNotAMerryMan,
    &handlers::kImmortalAgain,
    &handlers::kImpersonateCaptive,
    &handlers::kIncomingMessageFederation,
    &handlers::kIncomingMessageKlingon,
    &handlers::kIncomingMessageTheContinuum,
    &handlers::kInsideOperation,
    &handlers::kIntoTheBreach,
    &handlers::kInvestigateLegend,
    &handlers::kJealousAmanda,
    &handlers::kJeniceManheim,
    &handlers::kJohnDoe,
    &handlers::kJulianaTainer,
    &handlers::kKchiq,
    &handlers::kKevinUxbridge,
    &handlers::kKivasFajoCollector,
    &handlers::kKlingonCivilWar,
    &handlers::kKlingonPainstik,
    &handlers::kKlingonRightOfVengeance,
    &handlers::kKovaTholl,
    &handlers::kLal,
    &handlers::kLemonAid,
    &handlers::kMadamGuinan,
    &handlers::kMadred,
    &handlers::kMandarinBailiff,
    &handlers::kMilitaryPrivilege,
    &handlers::kMirastaYale,
    &handlers::kMonaLisa,
    &handlers::kMortalQ,
    &handlers::kNebula,
    &handlers::kNewEssentialists,
    &handlers::kOdoFounder,
    &handlers::kOffSwitch,
    &handlers::kOutgunned,
    &handlers::kPalorToffAlienTrader,
    &handlers::kParallaxArguers,
    &handlers::kParticleFountain,
    &handlers::kPaulManheim,
    &handlers::kPaxanWormhole,
    &handlers::kPenaltyBox,
    &handlers::kPhaserArrayPowerCell,
    &handlers::kPhaserBurns,
    &handlers::kPlaNet,
    &handlers::kPlasmaFire,
    &handlers::kPlexing,
    &handlers::kPortalGuard,
    &handlers::kPrepareThePrisoner,
    &handlers::kPrisonerEscort,
    &handlers::kPrisonerExchange,
    &handlers::kQ2,
    &handlers::kQFlash,
    &handlers::kQNet,
    &handlers::kQsPlanet,
    &handlers::kQsViciousAnimalThings,
    &handlers::kQTent,
    &handlers::kRebelEncounter,
    &handlers::kRedAlert,
    &handlers::kRescueCaptives,
    &handlers::kResQ,
    &handlers::kRessikanFlute,
    &handlers::kRogueBorgMercenaries,
    &handlers::kRoyaleCasinoCraps,
    &handlers::kSamaritanSnare,
    &handlers::kSamuelClemens,
    &handlers::kScan,
    &handlers::kScannerInterference,
    &handlers::kScottishSetter,
    &handlers::kSecurityPrecautions,
    &handlers::kSeniorStaffMeeting,
    &handlers::kSniper,
    &handlers::kSoongTypeAndroid,
    &handlers::kSpace,
    &handlers::kSpacedock,
    &handlers::kStaticWarpBubble,
    &handlers::kStellarFlare,
    &handlers::kSubsectionQParagraph10,
    &handlers::kSwordOfKahless,
    &handlers::kSystemWideCascadeFailure,
    &handlers::kTableOnly,
    &handlers::kTarellianPlagueShip,
    &handlers::kTarmin,
    &handlers::kTestCommandeer,
    &handlers::kTestCrossfire,
    &handlers::kTestDecoy,
    &handlers::kTestDoorJammer,
    &handlers::kTestTreatyBreaker,
    &handlers::kTharket,
    &handlers::kTheBigPicture,
    &handlers::kTheGuardian,
    &handlers::kTheHigherTheQEr,
    &handlers::kTheIssueIsPatriotism,
    &handlers::kTheNakedTruth,
    &handlers::kTheSheliak,
    &handlers::kTheWakeOfTheBorg,
    &handlers::kTijuanaCrass,
    &handlers::kTimicin,
    &handlers::kExocompRepair,
    &handlers::kTorture,
    &handlers::kTransfiguration,
    &handlers::kTranswarpConduit,
    &handlers::kTrustMe,
    &handlers::kTsiolkovskyInfection,
    &handlers::kUltimatum,
    &handlers::kUnderFire,
    &handlers::kUssStargazer,
    &handlers::kVesAlkar,
    &handlers::kVictoryIsLife,
    &handlers::kWarpCoreBreach,
    &handlers::kWesleyGetsThePoint,
    &handlers::kWheresGuinan,
    &handlers::kWrongDoor,
    &handlers::kYellowAlert,
    &handlers::kYouWillInTime,
    &handlers::kYuta,
    &handlers::kZalkonianStorageCapsule,
    &handlers::kZalkonianVessel,
};

}  // namespace

const Handler* find_handler(std::string_view name) {
  const auto it = std::find_if(std::begin(kHandlers), std::end(kHandlers),
                               [&](const Handler* h) { return h->name == name; });
  return it == std::end(kHandlers) ? nullptr : *it;
}

std::span<const Handler* const> all_handlers() {
  return kHandlers;
}

}  // namespace spacedock::stccg
