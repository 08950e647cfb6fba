#pragma once

#include <span>
#include <string_view>

namespace spacedock::stccg {

// The rule profile: where the rules documents disagree or leave a gap (stccg-rules.md §6), the
// reading is a named option. The defaults are the recommendations of §6; kOptions below lists
// them all, with the ambiguity each settles. A match picks its profile through
// StccgMatchOptions (protocol/spacedock/v1/stccg.proto), whose fields name the alternatives.
struct Options {
  // A COMMAND personnel may fill a STAFF staffing icon.
  bool command_fills_staff = true;
  // Personnel in an Away Team on a planet are hidden from the opponent like a crew.
  bool hidden_away_teams = true;
  // Used Q-cards are shuffled back when the Q-Continuum runs out, as BoG says; otherwise the
  // Q-Flash ends, as the CRD says.
  bool q_continuum_reshuffles = true;
  // Return fire the BoG way: declared at the initiation, no leader needed, and of
  // the stopped cards only the one attacked may fire. Otherwise the CRD's: declared after the
  // attack, a leader needed, and a stopped ship may retaliate.
  bool bog_return_fire = true;
  // A tie in a personnel battle kills nobody; otherwise each side loses one at random.
  bool battle_tie_kills_nobody = true;
  // Deck size: exactly 60 cards, at most 30 of them seed cards; otherwise the other
  // reading of the "30/30 rule": at most 30 seed cards and at least 30 in the draw deck.
  bool sixty_card_decks = true;
  // At most one facility of yours at a location (A-09, the Glossary); otherwise several (CRD).
  bool one_facility_per_location = true;
  // Copies of a unique mission seeded by both players make one shared location, each player
  // using his own copy's end; otherwise two locations.
  bool shared_duplicate_missions = true;
  // Damage from dilemmas and other cards is default damage markers when the opponent of the
  // damaged card's owner has a Battle Bridge open; otherwise always rotation.
  bool dilemma_damage_markers = true;
  // A dilemma put back under its mission keeps its place in the stack and is met first next
  // time; otherwise it goes to the bottom.
  bool replaced_dilemma_keeps_place = true;
  // You Will in Time (QC, AMBIGUOUS: a free-form request): on every turn its owner may make a
  // request, which the player whose personnel is in stasis grants (freeing it) or refuses, a
  // yes/no exchange the players settle between themselves; otherwise no request is modelled and
  // the personnel stays in stasis until it leaves play.
  bool you_will_in_time_requests = true;
  // Drumhead, having discarded a member with INTEGRITY under 5, is passed and discarded (BoG
  // reading); otherwise the rest of the crew must still meet its condition.
  bool drumhead_discard_passes = true;
  // Under Fire probes the draw deck of the player who meets it; otherwise the opponent's.
  bool under_fire_probes_own_deck = true;
  // When a Zalkonian Storage Capsule leaves play, its owner picks whether the cards it stored go
  // on top of their draw deck or at the bottom (QC AMBIGUOUS); otherwise the opponent does.
  bool capsule_owner_picks_deck_end = true;
  // Data's Medals, "not cumulative": one Medals on each leader scores (QC AMBIGUOUS); otherwise
  // a player may have one Medals in play at a time.
  bool medals_one_per_leader = true;
  // Attack Pattern Delta's extra tactic draws add to any others (Battle Bridge Door) (bog.md,
  // AMBIGUOUS); otherwise they raise the normal two draws to two plus its count, and do not add
  // to draws already granted.
  bool extra_tactic_draws_add_up = true;
  // A card that scores when a named personnel is killed in a battle (K'nera) scores for either
  // player's personnel (qc.md: AMBIGUOUS); otherwise only for the opponent's.
  bool kill_bonus_any_victim = true;
  // Into the Breach repairs the ships damaged when it arrives, once (qc.md AMBIGUOUS); otherwise
  // any ship damaged while it is in play is repaired too.
  bool breach_repairs_once = true;
  // A current tactic nullified ("Crimson Forcefield") leaves its player with none (bog.md
  // AMBIGUOUS); otherwise that player may pick another of the tactics they drew.
  bool nullified_tactic_leaves_none = true;
  // Battle Bridge Door's WEAPONS +1 lasts for the battle (bog.md AMBIGUOUS); otherwise until the
  // end of the turn.
  bool bridge_door_weapons_for_battle = true;
  // Chula: The Abyss tests all the group when it has fewer than three personnel (bog.md
  // AMBIGUOUS); otherwise nothing happens.
  bool abyss_tests_fewer_than_three = true;
  // Defense System Upgrade's WEAPONS 6 or +4 is set by whether the facility has printed WEAPONS
  // (bog.md AMBIGUOUS); otherwise its player chooses.
  bool upgrade_weapons_by_printed = true;
  // Hazardous Duty's OFFICER is the classification or the skill (bog.md AMBIGUOUS); otherwise
  // the classification box only.
  bool hazardous_duty_officer_skill = true;
  // Stellar Flare's "2 Navigation and Astrophysics" is Navigation x2 + Astrophysics (bog.md
  // AMBIGUOUS); otherwise Navigation x2 + Astrophysics x2.
  bool stellar_flare_one_astrophysics = true;
  // Target Shields placed on a miss does not damage the target (bog.md AMBIGUOUS); otherwise it
  // counts as damaging it (the battle's damage units, what reacts to damage).
  bool target_shields_miss_no_damage = true;
  // The Guardian's countdown icon counts: besides going when its shape-shifter morphs again, it
  // is discarded at the end of its player's second turn with it in play (bog.md, AMBIGUOUS);
  // otherwise it stays until that shape-shifter morphs again.
  bool guardian_countdown = true;
  // The High Sheriff of Nottingham: its opponent captures two of the group after revealing one
  // SECURITY personnel from hand, as the card reads (qc.md AMBIGUOUS); otherwise two, as Major
  // Rakal's walkthrough has it.
  bool high_sheriff_one_security = true;
  // Katherine Pulaski, having beamed down to a planet, may not beam back up that turn (QC
  // AMBIGUOUS: the CRD names "her restriction" on beaming, which her text lacks); otherwise she
  // beams freely.
  bool pulaski_beaming_restriction = true;
  // End Transmission ends its player's turn at once, and the turn's card draw is still made
  // (qc.md: AMBIGUOUS); otherwise the turn ends without the draw.
  bool end_transmission_draws = true;
  // Colony, the 1997 reading: at the start of each turn, the player whose Away Team at its
  // location is unopposed scores 1 point per CIVILIAN in it, whoever owns the Colony; otherwise
  // the TSV reading: at the start of its owner's turn, 1 point per unopposed CIVILIAN aboard it
  // (qc.md Colony, AMBIGUOUS).
  bool colony_scores_away_teams = true;
  // Ferengi Ingenuity met by a group without Computer Skill is a wall: the group is stopped and
  // the dilemma goes back under the mission (bog.md: AMBIGUOUS); otherwise it is discarded and
  // the group goes on.
  bool ferengi_ingenuity_wall = true;
  // Bat'leth Tournament's "any bat'leth" is any card with the keyword bat'leth, the Sword of
  // Kahless too (bog.md: AMBIGUOUS); otherwise an artifact counts only as itself, and only the
  // Bat'leth card meets it.
  bool tournament_any_batleth = true;
  // Outgunned is played only in a ship battle its player initiated (bog.md: AMBIGUOUS);
  // otherwise in any ship battle they take part in, as the defender too.
  bool outgunned_initiated_only = true;
  // Paxan "Wormhole": the mission's owner picks where an opponent's ship it sends away goes
  // (qc.md: AMBIGUOUS); otherwise the ship's owner picks.
  bool paxan_mission_owner_picks = true;
  // Anti-Matter Pod: a ship stopping where it lies with Transporter Skill aboard is spared and
  // the pod stays, Transporter Skill's nullification (qc.md: AMBIGUOUS); otherwise Transporter
  // Skill spares nothing.
  bool pod_spared_by_transporter_skill = true;
  // E-Band Emissions shields every Brainwash in play from Kevin Uxbridge (bog.md: AMBIGUOUS);
  // otherwise only its own player's.
  bool e_band_any_brainwash = true;
  // Blood Oath's skill loss strikes every oath-target personnel in play, while the oath-sworn
  // pair is together (bog.md: AMBIGUOUS); otherwise only those present with the pair.
  bool blood_oath_loss_everywhere = true;
  // Victory Is Life scores its point box when played, and goes to the bonus area (bog.md:
  // AMBIGUOUS); otherwise it scores nothing and is discarded.
  bool victory_is_life_scores = true;
  // Sniper's probe: the first of its three lists the card matches, in printed order, decides
  // (bog.md: AMBIGUOUS); otherwise every list it matches applies.
  bool sniper_first_list_wins = true;
  // A personnel that reports aboard an empty ship of an affiliation (StccgReportsAt: Kavok) may
  // report aboard the opponent's too (bog.md Kavok: AMBIGUOUS); otherwise only aboard its
  // player's own.
  bool report_aboard_opponents_empty_ship = true;
  // Drought Tree: only an Away Team of the tree's opponent, unopposed at its planet, may nullify
  // it (qc.md: AMBIGUOUS); otherwise either player's unopposed Away Team there may.
  bool drought_tree_opponent_only = true;
  // I Am Not a Merry Man! is played only on a Klingon of its player's own (qc.md: AMBIGUOUS);
  // otherwise on any Klingon in play, either player's.
  bool merry_man_own_klingon = true;
  // Jealous Amanda: its owner, the "your opponent" of the CRD's Q-card wording, chooses where a
  // Love Interest's victim goes, even for the owner's own Away Team (CRD IV.12.A, the 1997
  // reading); with this on, the opponent of the player whose Away Team meets the card does.
  bool jealous_amanda_encounterer_opponent = false;
  // Q's Planet takes at most one artifact among the seed cards put under it, in all (tournament
  // play, CRD IV.2A); otherwise each player's three may all be artifacts (casual play).
  bool qs_planet_one_artifact = true;
  // Vulcan Stone of Gol kills each member of its Away Team who has neither Youth nor CUNNING
  // over 7 (premiere-a.md: AMBIGUOUS, the likely reading); otherwise the whole team dies unless
  // the team has Youth or a CUNNING total over 7.
  bool vulcan_stone_per_member = true;
  // The Exocomp repairs its damaged ship after two full turns aboard wherever the ship goes
  // (premiere-a.md Exocomp: AMBIGUOUS, the likely reading); otherwise a turn in which the ship
  // moves does not count, and the count starts again, as for a ship leaving its outpost.
  bool exocomp_ship_may_move = true;
  // Atmospheric Ionization lets three personnel a turn beam at its planet, both players
  // together (premiere-b.md: AMBIGUOUS, the 1997 wording); otherwise three for each player.
  bool ionization_shared_count = true;
  // Genetronic Replicator prevents every kill of an Away Team member, a battle's too
  // (premiere-b.md: AMBIGUOUS, the recommended reading); otherwise only kills by a dilemma.
  bool replicator_any_kill = true;
  // Holo-Projectors lets both players' holograms onto its planet (premiere-b.md: AMBIGUOUS, the
  // recommended reading); otherwise only its player's.
  bool holo_projectors_any_player = true;
  // Those the Ktarian Game disabled recover when it is cured (premiere-b.md: AMBIGUOUS, the
  // recommended reading); otherwise they stay disabled.
  bool ktarian_game_disabled_recover = true;
  // Iconian Computer Weapon's replacement cards are drawn like any others, so that "no more
  // draws" (Q's Tent) holds (premiere-b.md: AMBIGUOUS, the recommended reading); otherwise they
  // are taken whatever forbids drawing.
  bool iconian_swap_is_draw = true;
  // Coalescent Organism, passed on to another personnel, kills it at the end of its owner's next
  // turn (au.md: AMBIGUOUS, the likely reading); otherwise at the end of the next turn of the
  // player who met it.
  bool coalescent_organism_carriers_turn = true;
  // Baryon Buildup goes at the start of a turn of its ship's owner, when the ship is empty and
  // docked at that player's facility (au.md: AMBIGUOUS); otherwise at the start of a turn of the
  // player who played it, the ship empty at that player's facility.
  bool baryon_buildup_owners_turn = true;
  // Alien Groupie holds its male through the next full turn of his own player (premiere-b.md:
  // AMBIGUOUS, the recommended reading, CRD II.2); otherwise of the player who played it.
  bool alien_groupie_affected_players_turn = true;
  // Auto-Destruct Sequence's blast and Loss of Orbital Stability test current SHIELDS
  // (premiere-b.md: AMBIGUOUS, the recommended reading); otherwise the printed ones.
  bool ship_blasts_current_shields = true;
  // Ship Seizure may not tow an empty ship from any location where its owner has a facility
  // (premiere-b.md: AMBIGUOUS, the recommended reading); otherwise only from an outpost of its
  // own affiliation.
  bool ship_seizure_any_own_facility = true;
  // Temporal Causality Loop, failed, undoes the two orders before the mission attempt (the
  // attempt undone with them) (premiere-b.md: AMBIGUOUS, the recommended reading); otherwise the
  // attempt counts as one of the two, and only the order before it is undone besides.
  bool causality_loop_spares_attempt = true;
  // Eyes in the Dark lends its personnel to the group for the dilemma it was played on (au.md:
  // AMBIGUOUS, the likelier reading); otherwise for the rest of that mission attempt.
  bool eyes_in_the_dark_one_dilemma = true;
  // Time Travel Pod counts the full turns of the player who played it (premiere-a.md:
  // AMBIGUOUS, CRD II.1 "Full turn": that player is the subject); otherwise of the ship's
  // controller.
  bool time_travel_pod_players_turns = true;
  // At a dual mission, where a crew and an Away Team meet it together, Crystalline Entity is
  // overcome when the pooled group meets either version's condition (premiere-b.md: AMBIGUOUS,
  // the recommended reading); otherwise it needs both.
  bool crystalline_entity_dual_either = true;
};

struct OptionInfo {
  std::string_view name;  // as scenario files and logs write it
  bool Options::*field;
  std::string_view ambiguity;  // stccg-rules.md §6
};

inline constexpr OptionInfo kOptions[] = {
    {"command_fills_staff", &Options::command_fills_staff, "A-20"},
    {"hidden_away_teams", &Options::hidden_away_teams, "A-17"},
    {"q_continuum_reshuffles", &Options::q_continuum_reshuffles, "A-06"},
    {"bog_return_fire", &Options::bog_return_fire, "A-02, A-03"},
    {"battle_tie_kills_nobody", &Options::battle_tie_kills_nobody, "A-26"},
    {"sixty_card_decks", &Options::sixty_card_decks, "A-05"},
    {"one_facility_per_location", &Options::one_facility_per_location, "A-09"},
    {"shared_duplicate_missions", &Options::shared_duplicate_missions, "A-11"},
    {"dilemma_damage_markers", &Options::dilemma_damage_markers, "A-13"},
    {"replaced_dilemma_keeps_place", &Options::replaced_dilemma_keeps_place, "A-15"},
    {"you_will_in_time_requests", &Options::you_will_in_time_requests, "QC You Will in Time"},
    {"drumhead_discard_passes", &Options::drumhead_discard_passes, "Drumhead (bog.md)"},
    {"under_fire_probes_own_deck", &Options::under_fire_probes_own_deck, "Under Fire (bog.md)"},
    {"capsule_owner_picks_deck_end", &Options::capsule_owner_picks_deck_end,
     "QC Zalkonian Storage Capsule"},
    {"medals_one_per_leader", &Options::medals_one_per_leader, "QC Data's Medals"},
    {"extra_tactic_draws_add_up", &Options::extra_tactic_draws_add_up,
     "bog.md Attack Pattern Delta"},
    {"kill_bonus_any_victim", &Options::kill_bonus_any_victim, "qc.md K'nera"},
    {"breach_repairs_once", &Options::breach_repairs_once, "qc.md Into the Breach"},
    {"nullified_tactic_leaves_none", &Options::nullified_tactic_leaves_none,
     "bog.md \"Crimson Forcefield\""},
    {"bridge_door_weapons_for_battle", &Options::bridge_door_weapons_for_battle,
     "bog.md Battle Bridge Door"},
    {"abyss_tests_fewer_than_three", &Options::abyss_tests_fewer_than_three,
     "bog.md Chula: The Abyss"},
    {"upgrade_weapons_by_printed", &Options::upgrade_weapons_by_printed,
     "bog.md Defense System Upgrade"},
    {"hazardous_duty_officer_skill", &Options::hazardous_duty_officer_skill,
     "bog.md Hazardous Duty"},
    {"stellar_flare_one_astrophysics", &Options::stellar_flare_one_astrophysics,
     "bog.md Stellar Flare"},
    {"target_shields_miss_no_damage", &Options::target_shields_miss_no_damage,
     "bog.md Target Shields"},
    {"guardian_countdown", &Options::guardian_countdown, "bog.md The Guardian"},
    {"high_sheriff_one_security", &Options::high_sheriff_one_security,
     "qc.md His Honor, The High Sheriff of Nottingham"},
    {"pulaski_beaming_restriction", &Options::pulaski_beaming_restriction,
     "qc.md Katherine Pulaski"},
    {"end_transmission_draws", &Options::end_transmission_draws, "qc.md End Transmission"},
    {"colony_scores_away_teams", &Options::colony_scores_away_teams, "qc.md Colony"},
    {"ferengi_ingenuity_wall", &Options::ferengi_ingenuity_wall, "bog.md Ferengi Ingenuity"},
    {"tournament_any_batleth", &Options::tournament_any_batleth, "bog.md Bat'leth Tournament"},
    {"outgunned_initiated_only", &Options::outgunned_initiated_only, "bog.md Outgunned"},
    {"paxan_mission_owner_picks", &Options::paxan_mission_owner_picks, "qc.md Paxan \"Wormhole\""},
    {"pod_spared_by_transporter_skill", &Options::pod_spared_by_transporter_skill,
     "qc.md Anti-Matter Pod"},
    {"e_band_any_brainwash", &Options::e_band_any_brainwash, "bog.md E-Band Emissions"},
    {"blood_oath_loss_everywhere", &Options::blood_oath_loss_everywhere, "bog.md Blood Oath"},
    {"victory_is_life_scores", &Options::victory_is_life_scores, "bog.md Victory Is Life"},
    {"sniper_first_list_wins", &Options::sniper_first_list_wins, "bog.md Sniper"},
    {"report_aboard_opponents_empty_ship", &Options::report_aboard_opponents_empty_ship,
     "bog.md Kavok"},
    {"drought_tree_opponent_only", &Options::drought_tree_opponent_only, "qc.md Drought Tree"},
    {"merry_man_own_klingon", &Options::merry_man_own_klingon, "qc.md I Am Not a Merry Man!"},
    {"jealous_amanda_encounterer_opponent", &Options::jealous_amanda_encounterer_opponent,
     "qc.md Jealous Amanda (CRD IV.12.A)"},
    {"qs_planet_one_artifact", &Options::qs_planet_one_artifact, "CRD IV.2A Q's Planet"},
    {"vulcan_stone_per_member", &Options::vulcan_stone_per_member,
     "premiere-a.md Vulcan Stone of Gol"},
    {"exocomp_ship_may_move", &Options::exocomp_ship_may_move, "premiere-a.md Exocomp"},
    {"ionization_shared_count", &Options::ionization_shared_count,
     "premiere-b.md Atmospheric Ionization"},
    {"replicator_any_kill", &Options::replicator_any_kill, "premiere-b.md Genetronic Replicator"},
    {"holo_projectors_any_player", &Options::holo_projectors_any_player,
     "premiere-b.md Holo-Projectors"},
    {"ktarian_game_disabled_recover", &Options::ktarian_game_disabled_recover,
     "premiere-b.md Ktarian Game"},
    {"iconian_swap_is_draw", &Options::iconian_swap_is_draw,
     "premiere-b.md Iconian Computer Weapon"},
    {"baryon_buildup_owners_turn", &Options::baryon_buildup_owners_turn, "au.md Baryon Buildup"},
    {"coalescent_organism_carriers_turn", &Options::coalescent_organism_carriers_turn,
     "au.md Coalescent Organism"},
    {"alien_groupie_affected_players_turn", &Options::alien_groupie_affected_players_turn,
     "premiere-b.md Alien Groupie"},
    {"ship_blasts_current_shields", &Options::ship_blasts_current_shields,
     "premiere-b.md Auto-Destruct Sequence, Loss of Orbital Stability"},
    {"ship_seizure_any_own_facility", &Options::ship_seizure_any_own_facility,
     "premiere-b.md Ship Seizure"},
    {"causality_loop_spares_attempt", &Options::causality_loop_spares_attempt,
     "premiere-b.md Temporal Causality Loop"},
    {"eyes_in_the_dark_one_dilemma", &Options::eyes_in_the_dark_one_dilemma,
     "au.md Eyes in the Dark"},
    {"time_travel_pod_players_turns", &Options::time_travel_pod_players_turns,
     "premiere-a.md Time Travel Pod"},
    {"crystalline_entity_dual_either", &Options::crystalline_entity_dual_either,
     "premiere-b.md Crystalline Entity"},
};

}  // namespace spacedock::stccg
