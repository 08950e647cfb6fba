// The STCCG rule profile's switches in words, each with what it changes and what holds when it
// is off (stccg.proto StccgMatchOptions; the codes are the rule profile's, protocol/README
// "Rule profile").
import type { StccgMatchOptions } from "../../../gen/spacedock/v1/stccg_pb.js";

export interface RuleOption {
  key: keyof StccgMatchOptions & string;
  words: string;
  // On, then off.
  why: string;
}

export const kStccgRuleOptions: RuleOption[] = [
  {
    key: "staffNeedsStaffIcon",
    words: "Staffing needs a Staff icon",
    why: "Only a Staff personnel fills a Staff staffing icon. Off: a Command personnel may fill one too (A-20).",
  },
  {
    key: "awayTeamsPublic",
    words: "Away Teams are public",
    why: "Away Teams on planets are shown to the opponent. Off: they stay hidden, like crews aboard ships, until they must show themselves (A-17).",
  },
  {
    key: "qContinuumNeverReshuffles",
    words: "The Q-Continuum never reshuffles",
    why: "When the Q-Continuum runs out, the Q-Flash ends (CRD). Off: the used Q-cards are shuffled back in (BoG, A-06).",
  },
  {
    key: "crdReturnFire",
    words: "Return fire as in the CRD",
    why: "Return fire is declared after the attack, needs a leader, and a stopped ship may fire back. Off: as BoG says, it is declared when the battle starts, needs no leader, and only the card attacked is unstopped to fire (A-02, A-03).",
  },
  {
    key: "battleTieKillsBoth",
    words: "A battle tie kills both",
    why: "A tie in a personnel battle costs each side one personnel, chosen at random. Off: nobody dies (A-26).",
  },
  {
    key: "thirtyThirtyDecks",
    words: "30/30 decks",
    why: "A deck needs at most 30 seed cards and at least 30 draw-deck cards, whatever its size. Off: exactly 60 cards, at most 30 of them seed cards (A-05).",
  },
  {
    key: "severalFacilitiesPerLocation",
    words: "Several facilities per location",
    why: "A player may have several facilities at one location (CRD). Off: one each (A-09).",
  },
  {
    key: "duplicateMissionsApart",
    words: "Duplicate missions apart",
    why: "Copies of a unique mission seeded by both players make two locations. Off: one shared location, each player using their own copy's end (A-11).",
  },
  {
    key: "dilemmaDamageByRotation",
    words: "Dilemma damage by rotation",
    why: "Damage from dilemmas and cards is always rotation damage. Off: damage markers come from the Battle Bridge of the damaged card owner's opponent, when it is open (A-13).",
  },
  {
    key: "replacedDilemmaToBottom",
    words: "A replaced dilemma goes to the bottom",
    why: "A dilemma put back under its mission goes to the bottom of the stack. Off: it keeps its place and is met first next time (A-15).",
  },
  {
    key: "youWillInTimeNoRequests",
    words: "You Will in Time: no requests",
    why: "A personnel held by You Will in Time stays in stasis until it or the card leaves play. Off: each turn its holder may make a request, which the personnel's player grants (freeing it) or refuses (qc.md You Will in Time).",
  },
  {
    key: "drumheadChecksAfterDiscard",
    words: "Drumhead still checks after a discard",
    why: "Drumhead, having discarded a member with INTEGRITY under 5, still asks the rest of the crew for Jean-Luc Picard or Law. Off: it is passed and discarded (bog.md Drumhead).",
  },
  {
    key: "underFireProbesOpponentDeck",
    words: "Under Fire probes the opponent's deck",
    why: "Under Fire probes the draw deck of the opponent of the player who meets it. Off: that player's own deck (bog.md Under Fire).",
  },
  {
    key: "capsuleOpponentPicksDeckEnd",
    words: "The opponent places a Zalkonian capsule's cards",
    why: "When a Zalkonian Storage Capsule leaves play, its owner's opponent picks whether the cards it stored go on top of the draw deck or at the bottom. Off: its owner picks (qc.md Zalkonian Storage Capsule).",
  },
  {
    key: "medalsOnePerPlayer",
    words: "One Data's Medals per player",
    why: "A player may have one Data's Medals in play at a time. Off: each leader may wear one (qc.md Data's Medals).",
  },
  {
    key: "extraTacticDrawsApart",
    words: "Attack Pattern Delta's draws stand apart",
    why: "Attack Pattern Delta's extra tactic draws only raise the normal two draws to two plus its count. Off: they add to any other extra draws, such as Battle Bridge Door's (bog.md Attack Pattern Delta).",
  },
  {
    key: "killBonusOpponentsOnly",
    words: "Battle kill bonuses for the opponent's personnel only",
    why: "A card that scores when a named personnel dies in a battle (K'nera) scores only when it is the opponent's. Off: either player's copy counts (qc.md K'nera).",
  },
  {
    key: "breachRepairsWhileInPlay",
    words: "Into the Breach keeps repairing",
    why: "Into the Breach also repairs any ship damaged while it is in play. Off: it repairs the damaged ships once, when it arrives (qc.md Into the Breach).",
  },
  {
    key: "nullifiedTacticRepicked",
    words: "A nullified tactic may be replaced",
    why: 'A player whose current tactic is nullified ("Crimson Forcefield") may pick another of the tactics they drew. Off: they fight with no current tactic (bog.md "Crimson Forcefield").',
  },
  {
    key: "bridgeDoorWeaponsForTurn",
    words: "Battle Bridge Door's WEAPONS last the turn",
    why: "Battle Bridge Door's WEAPONS +1 lasts until the end of the turn, for each of its player's ships and facilities. Off: only in this battle (bog.md Battle Bridge Door).",
  },
  {
    key: "abyssNeedsThree",
    words: "Chula: The Abyss needs three personnel",
    why: "Chula: The Abyss does nothing to a group of fewer than three personnel. Off: all of them are tested (bog.md Chula: The Abyss).",
  },
  {
    key: "upgradeWeaponsChosen",
    words: "Defense System Upgrade: WEAPONS chosen",
    why: "Defense System Upgrade's player chooses WEAPONS 6 or +4. Off: 6 on a facility printed without WEAPONS, +4 on one printed with them (bog.md Defense System Upgrade).",
  },
  {
    key: "hazardousDutyOfficerClassOnly",
    words: "Hazardous Duty: OFFICER classification only",
    why: "Hazardous Duty's OFFICER is the classification box only. Off: the classification or the skill (bog.md Hazardous Duty).",
  },
  {
    key: "stellarFlareTwoAstrophysics",
    words: "Stellar Flare needs Astrophysics x2",
    why: "Stellar Flare spares a ship whose crew has Navigation x2 and Astrophysics x2. Off: Navigation x2 and Astrophysics (bog.md Stellar Flare).",
  },
  {
    key: "targetShieldsMissDamages",
    words: "Target Shields damages on a miss",
    why: "Target Shields placed on a miss counts as damaging the target (the battle's winner, cards that react to damage). Off: it does not (bog.md Target Shields).",
  },
  {
    key: "guardianNoCountdown",
    words: "The Guardian has no countdown",
    why: "The Guardian stays until its shape-shifter morphs again. Off: its countdown icon counts too, and it is discarded at the end of its player's second turn (bog.md The Guardian).",
  },
  {
    key: "highSheriffTwoSecurity",
    words: "The High Sheriff needs two SECURITY",
    why: "His Honor, The High Sheriff of Nottingham: when a captive is returned, the opponent takes two captives there by revealing two SECURITY personnel from hand, as Major Rakal's walkthrough has it. Off: by revealing one, as the card reads (qc.md His Honor, The High Sheriff of Nottingham).",
  },
  {
    key: "pulaskiBeamsFreely",
    words: "Katherine Pulaski beams freely",
    why: "Katherine Pulaski has no beaming restriction. Off: having beamed down to a planet, she may not beam back up that turn, the restriction the 1997 rules name for her (qc.md Katherine Pulaski).",
  },
  {
    key: "endTransmissionSkipsDraw",
    words: "End Transmission skips the turn's draw",
    why: "End Transmission ends the turn without its card draw. Off: the turn ends as usual, draw included, only sooner (qc.md End Transmission).",
  },
  {
    key: "colonyScoresOwnerCivilians",
    words: "Colony scores its owner's CIVILIANs aboard",
    why: "A Colony scores 1 point per unopposed CIVILIAN aboard it, for its owner, at the start of the owner's turn (the TSV reading). Off: at the start of each turn, whoever has an unopposed Away Team there scores 1 point per CIVILIAN in it (the 1997 reading, qc.md Colony).",
  },
  {
    key: "ferengiIngenuityPasses",
    words: "Ferengi Ingenuity lets a group without Computer Skill pass",
    why: "Ferengi Ingenuity met by a group without Computer Skill is discarded and the group goes on. Off: it is a wall: the group is stopped and the dilemma goes back under the mission (bog.md Ferengi Ingenuity).",
  },
  {
    key: "tournamentBatlethCardOnly",
    words: "Bat'leth Tournament needs the Bat'leth card",
    why: "Bat'leth Tournament's \"any bat'leth\" is the Bat'leth card only; the Sword of Kahless does not count. Off: the Sword of Kahless is a bat'leth too, and worth its 10 bonus points (bog.md Bat'leth Tournament).",
  },
  {
    key: "outgunnedAnyBattle",
    words: "Outgunned in any ship battle",
    why: "Outgunned may be played in any ship battle you take part in, as the defender too, against the ship you return fire at. Off: only in a battle you initiated (bog.md Outgunned).",
  },
  {
    key: "paxanShipOwnerPicks",
    words: 'Paxan "Wormhole": the ship\'s owner picks where it goes',
    why: 'When Paxan "Wormhole" sends an opponent\'s ship away, the ship\'s owner picks the location it goes to. Off: the mission\'s owner picks (qc.md Paxan "Wormhole").',
  },
  {
    key: "podIgnoresTransporterSkill",
    words: "Anti-Matter Pod ignores Transporter Skill",
    why: "A ship stopping where an Anti-Matter Pod lies is damaged even with Transporter Skill aboard. Off: Transporter Skill aboard spares the ship, and the pod stays (qc.md Anti-Matter Pod).",
  },
  {
    key: "eBandOwnBrainwashOnly",
    words: "E-Band Emissions shields only its player's Brainwash",
    why: "E-Band Emissions keeps Kevin Uxbridge from nullifying only its own player's Brainwash. Off: it shields every Brainwash in play (bog.md E-Band Emissions).",
  },
  {
    key: "bloodOathLossPresentOnly",
    words: "Blood Oath's skill loss only where the pair is",
    why: "Blood Oath takes the first skill only from the oath-target personnel present with the oath-sworn pair. Off: from every oath-target personnel in play (bog.md Blood Oath).",
  },
  {
    key: "victoryIsLifeNoPoints",
    words: "Victory Is Life scores nothing",
    why: "Victory Is Life scores no points and is discarded like any interrupt. Off: it scores its 5 points and goes to the bonus area (bog.md Victory Is Life).",
  },
  {
    key: "sniperEveryListApplies",
    words: "Sniper applies every list it matches",
    why: "Sniper's probe applies every result list the card drawn matches. Off: only the first matching list, in printed order (bog.md Sniper).",
  },
  {
    key: "kavokOwnShipsOnly",
    words: "Kavok reports only aboard his own ships",
    why: "Kavok may report only aboard an empty Federation ship of his own player. Off: aboard any player's empty Federation ship, the opponent's too (bog.md Kavok).",
  },
  {
    key: "droughtTreeAnyAwayTeam",
    words: "Either player's Away Team may nullify the Drought Tree",
    why: "An unopposed Away Team of either player at the Drought Tree's planet may nullify it. Off: only the opponent of the tree's player may (qc.md Drought Tree).",
  },
  {
    key: "merryManAnyKlingon",
    words: "I Am Not a Merry Man! on any Klingon",
    why: "I Am Not a Merry Man! may be played on any Klingon in play, either player's, and stays its player's card. Off: only on one of its player's own Klingons (qc.md I Am Not a Merry Man!).",
  },
  {
    key: "jealousAmandaEncountererOpponent",
    words: "Jealous Amanda: the encountering player's opponent chooses",
    why: "The opponent of the player whose Away Team meets a Love Interest picks where its victim goes. Off: Jealous Amanda's owner always picks, even for the owner's own Away Team (qc.md Jealous Amanda; CRD IV.12.A).",
  },
  {
    key: "qsPlanetThreeArtifacts",
    words: "Q's Planet: three artifacts each",
    why: "Each player may put up to three artifacts among the seed cards under Q's Planet (casual play). Off: at most one artifact under it in all, as in tournaments (qc.md Q's Planet; CRD IV.2A).",
  },
  {
    key: "exocompShipMustStay",
    words: "Exocomp: the ship must stay put",
    why: "The Exocomp's repair counts only the full turns in which its ship does not move; a move starts the count again. Off: the ship may move while the Exocomp repairs it (premiere-a.md Exocomp).",
  },
  {
    key: "vulcanStoneWholeTeam",
    words: "Vulcan Stone of Gol: the whole Away Team",
    why: "The Stone kills its whole Away Team unless the team as a whole has Youth or a CUNNING total over 7. Off: each member without Youth and with CUNNING 7 or less dies (premiere-a.md Vulcan Stone of Gol).",
  },
  {
    key: "ktarianGameDisabledStay",
    words: "Ktarian Game: the disabled stay disabled",
    why: "Those the Ktarian Game disabled stay disabled once it is cured. Off: they recover with the cure (premiere-b.md Ktarian Game).",
  },
  {
    key: "iconianSwapIgnoresDrawLimits",
    words: "Iconian Computer Weapon: replacements despite draw limits",
    why: "The cards that replace those discarded are taken whatever forbids drawing (Q's Tent). Off: they are draws, and a limit on draws holds (premiere-b.md Iconian Computer Weapon).",
  },
  {
    key: "alienGroupiePlayingPlayersTurn",
    words: "Alien Groupie: through its player's next turn",
    why: "The Groupie holds its male through the next full turn of the player who played it. Off: through the male's own player's next full turn (premiere-b.md Alien Groupie).",
  },
  {
    key: "shipBlastsPrintedShields",
    words: "Auto-Destruct and Loss of Orbital Stability: printed SHIELDS",
    why: "The blast and the fall test the ship's printed SHIELDS. Off: its current SHIELDS, modifiers included (premiere-b.md Auto-Destruct Sequence).",
  },
  {
    key: "shipSeizureOwnAffiliationOutpost",
    words: "Ship Seizure: barred only at an outpost of the ship's affiliation",
    why: "Ship Seizure may not take an empty ship at an outpost of the ship's own affiliation only. Off: any facility of its owner at that location protects it (premiere-b.md Ship Seizure).",
  },
  {
    key: "ionizationCountPerPlayer",
    words: "Atmospheric Ionization: three beamings per player",
    why: "Each player may beam three personnel a turn at the planet. Off: three in all, both players together (premiere-b.md Atmospheric Ionization).",
  },
  {
    key: "replicatorDilemmaKillsOnly",
    words: "Genetronic Replicator: only dilemma kills",
    why: "The Replicator prevents only kills by a dilemma. Off: every kill of an Away Team member, a battle's too (premiere-b.md Genetronic Replicator).",
  },
  {
    key: "holoProjectorsOwnHolograms",
    words: "Holo-Projectors: only its player's holograms",
    why: "Only the holograms of the Projectors' player may go onto its planet. Off: both players' holograms may (premiere-b.md Holo-Projectors).",
  },
  {
    key: "causalityLoopCountsAttempt",
    words: "Temporal Causality Loop: the attempt counts as an action",
    why: "A failed Loop counts the mission attempt as one of the two actions it undoes. Off: the two orders before the attempt are undone (premiere-b.md Temporal Causality Loop).",
  },
  {
    key: "coalescentOrganismEncounterersTurn",
    words: "Coalescent Organism: the encountering player's turn",
    why: "The Organism, passed on to another personnel, kills it at the end of the next turn of the player who met the dilemma. Off: at the end of the next turn of that personnel's owner (au.md Coalescent Organism).",
  },
  {
    key: "baryonBuildupPlayersTurn",
    words: "Baryon Buildup: its player's turn",
    why: "Baryon Buildup goes at the start of a turn of the player who played it, when its ship is empty at that player's facility. Off: at the start of a turn of the ship's owner, the ship empty and docked at the owner's facility (au.md Baryon Buildup).",
  },
  {
    key: "eyesInTheDarkWholeAttempt",
    words: "Eyes in the Dark: lent for the whole attempt",
    why: "The personnel Eyes in the Dark lends add to the group for the rest of the mission attempt. Off: only against the dilemma it was played on (au.md Eyes in the Dark).",
  },
  {
    key: "timeTravelPodShipPlayersTurns",
    words: "Time Travel Pod: the ship's controller's turns",
    why: "The Pod's ship comes back after the full turns of the ship's controller. Off: after the full turns of the player who played the Pod (premiere-a.md Time Travel Pod).",
  },
  {
    key: "crystallineEntityDualBoth",
    words: "Crystalline Entity: both versions at a dual mission",
    why: "At a dual mission the crew and Away Team together must meet both its space and its planet condition. Off: either one overcomes it (premiere-b.md Crystalline Entity).",
  },
];

export interface RuleGroup {
  title: string;
  options: RuleOption[];
}

// The switches in groups, by the source each names: the rules documents' disagreements (A-nn),
// then the readings of Q-Continuum cards (qc.md), of Blaze of Glory cards (bog.md), and of
// Premiere and Alternate Universe cards (premiere-a.md, premiere-b.md, au.md).
export function ruleGroups(options: RuleOption[] = kStccgRuleOptions): RuleGroup[] {
  const groups: RuleGroup[] = [
    { title: "Where the rules documents disagree", options: [] },
    { title: "Q-Continuum card readings", options: [] },
    { title: "Blaze of Glory card readings", options: [] },
    { title: "Premiere and Alternate Universe card readings", options: [] },
  ];
  for (const option of options) {
    const source = /\(([^()]*)\)\.$/.exec(option.why)?.[1] ?? "";
    const index = /\bqc\.md\b/.test(source)
      ? 1
      : /\bbog\.md\b/.test(source)
        ? 2
        : /\b(premiere-[ab]|au)\.md\b/.test(source)
          ? 3
          : 0;
    groups[index].options.push(option);
  }
  return groups.filter((group) => group.options.length > 0);
}
