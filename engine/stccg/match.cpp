#include "engine/stccg/match.h"

#include <algorithm>

#include "engine/core/result_words.h"
#include "engine/core/single_decision.h"

namespace spacedock::stccg {
namespace {

// Who drew the last card: the owner of the last card moved before the game ended.
Seat last_drawer(const Game& game) {
  const auto events = game.events();
  for (auto it = events.rbegin(); it != events.rend(); ++it) {
    if (const auto* moved = std::get_if<ev::CardMoved>(&*it)) return moved->owner;
  }
  return 0;
}

}  // namespace

Options options_from(const v1::StccgMatchOptions& wanted) {
  Options o;
  o.command_fills_staff = !wanted.staff_needs_staff_icon();
  o.hidden_away_teams = !wanted.away_teams_public();
  o.q_continuum_reshuffles = !wanted.q_continuum_never_reshuffles();
  o.bog_return_fire = !wanted.crd_return_fire();
  o.battle_tie_kills_nobody = !wanted.battle_tie_kills_both();
  o.sixty_card_decks = !wanted.thirty_thirty_decks();
  o.one_facility_per_location = !wanted.several_facilities_per_location();
  o.shared_duplicate_missions = !wanted.duplicate_missions_apart();
  o.dilemma_damage_markers = !wanted.dilemma_damage_by_rotation();
  o.replaced_dilemma_keeps_place = !wanted.replaced_dilemma_to_bottom();
  o.you_will_in_time_requests = !wanted.you_will_in_time_no_requests();
  o.drumhead_discard_passes = !wanted.drumhead_checks_after_discard();
  o.under_fire_probes_own_deck = !wanted.under_fire_probes_opponent_deck();
  o.capsule_owner_picks_deck_end = !wanted.capsule_opponent_picks_deck_end();
  o.medals_one_per_leader = !wanted.medals_one_per_player();
  o.extra_tactic_draws_add_up = !wanted.extra_tactic_draws_apart();
  o.kill_bonus_any_victim = !wanted.kill_bonus_opponents_only();
  o.breach_repairs_once = !wanted.breach_repairs_while_in_play();
  o.nullified_tactic_leaves_none = !wanted.nullified_tactic_repicked();
  o.bridge_door_weapons_for_battle = !wanted.bridge_door_weapons_for_turn();
  o.abyss_tests_fewer_than_three = !wanted.abyss_needs_three();
  o.upgrade_weapons_by_printed = !wanted.upgrade_weapons_chosen();
  o.hazardous_duty_officer_skill = !wanted.hazardous_duty_officer_class_only();
  o.stellar_flare_one_astrophysics = !wanted.stellar_flare_two_astrophysics();
  o.target_shields_miss_no_damage = !wanted.target_shields_miss_damages();
  o.guardian_countdown = !wanted.guardian_no_countdown();
  o.high_sheriff_one_security = !wanted.high_sheriff_two_security();
  o.pulaski_beaming_restriction = !wanted.pulaski_beams_freely();
  o.end_transmission_draws = !wanted.end_transmission_skips_draw();
  o.colony_scores_away_teams = !wanted.colony_scores_owner_civilians();
  o.ferengi_ingenuity_wall = !wanted.ferengi_ingenuity_passes();
  o.tournament_any_batleth = !wanted.tournament_batleth_card_only();
  o.outgunned_initiated_only = !wanted.outgunned_any_battle();
  o.paxan_mission_owner_picks = !wanted.paxan_ship_owner_picks();
  o.pod_spared_by_transporter_skill = !wanted.pod_ignores_transporter_skill();
  o.e_band_any_brainwash = !wanted.e_band_own_brainwash_only();
  o.blood_oath_loss_everywhere = !wanted.blood_oath_loss_present_only();
  o.victory_is_life_scores = !wanted.victory_is_life_no_points();
  o.sniper_first_list_wins = !wanted.sniper_every_list_applies();
  o.report_aboard_opponents_empty_ship = !wanted.kavok_own_ships_only();
  o.drought_tree_opponent_only = !wanted.drought_tree_any_away_team();
  o.merry_man_own_klingon = !wanted.merry_man_any_klingon();
  o.jealous_amanda_encounterer_opponent = wanted.jealous_amanda_encounterer_opponent();
  o.qs_planet_one_artifact = !wanted.qs_planet_three_artifacts();
  o.vulcan_stone_per_member = !wanted.vulcan_stone_whole_team();
  o.exocomp_ship_may_move = !wanted.exocomp_ship_must_stay();
  o.ionization_shared_count = !wanted.ionization_count_per_player();
  o.replicator_any_kill = !wanted.replicator_dilemma_kills_only();
  o.holo_projectors_any_player = !wanted.holo_projectors_own_holograms();
  o.ktarian_game_disabled_recover = !wanted.ktarian_game_disabled_stay();
  o.iconian_swap_is_draw = !wanted.iconian_swap_ignores_draw_limits();
  o.coalescent_organism_carriers_turn = !wanted.coalescent_organism_encounterers_turn();
  o.baryon_buildup_owners_turn = !wanted.baryon_buildup_players_turn();
  o.alien_groupie_affected_players_turn = !wanted.alien_groupie_playing_players_turn();
  o.ship_blasts_current_shields = !wanted.ship_blasts_printed_shields();
  o.ship_seizure_any_own_facility = !wanted.ship_seizure_own_affiliation_outpost();
  o.causality_loop_spares_attempt = !wanted.causality_loop_counts_attempt();
  o.eyes_in_the_dark_one_dilemma = !wanted.eyes_in_the_dark_whole_attempt();
  o.time_travel_pod_players_turns = !wanted.time_travel_pod_ship_players_turns();
  o.crystalline_entity_dual_either = !wanted.crystalline_entity_dual_both();
  return o;
}

void options_to(const Options& o, v1::StccgMatchOptions* out) {
  out->set_staff_needs_staff_icon(!o.command_fills_staff);
  out->set_away_teams_public(!o.hidden_away_teams);
  out->set_q_continuum_never_reshuffles(!o.q_continuum_reshuffles);
  out->set_crd_return_fire(!o.bog_return_fire);
  out->set_battle_tie_kills_both(!o.battle_tie_kills_nobody);
  out->set_thirty_thirty_decks(!o.sixty_card_decks);
  out->set_several_facilities_per_location(!o.one_facility_per_location);
  out->set_duplicate_missions_apart(!o.shared_duplicate_missions);
  out->set_dilemma_damage_by_rotation(!o.dilemma_damage_markers);
  out->set_replaced_dilemma_to_bottom(!o.replaced_dilemma_keeps_place);
  out->set_you_will_in_time_no_requests(!o.you_will_in_time_requests);
  out->set_drumhead_checks_after_discard(!o.drumhead_discard_passes);
  out->set_under_fire_probes_opponent_deck(!o.under_fire_probes_own_deck);
  out->set_capsule_opponent_picks_deck_end(!o.capsule_owner_picks_deck_end);
  out->set_medals_one_per_player(!o.medals_one_per_leader);
  out->set_extra_tactic_draws_apart(!o.extra_tactic_draws_add_up);
  out->set_kill_bonus_opponents_only(!o.kill_bonus_any_victim);
  out->set_breach_repairs_while_in_play(!o.breach_repairs_once);
  out->set_nullified_tactic_repicked(!o.nullified_tactic_leaves_none);
  out->set_bridge_door_weapons_for_turn(!o.bridge_door_weapons_for_battle);
  out->set_abyss_needs_three(!o.abyss_tests_fewer_than_three);
  out->set_upgrade_weapons_chosen(!o.upgrade_weapons_by_printed);
  out->set_hazardous_duty_officer_class_only(!o.hazardous_duty_officer_skill);
  out->set_stellar_flare_two_astrophysics(!o.stellar_flare_one_astrophysics);
  out->set_target_shields_miss_damages(!o.target_shields_miss_no_damage);
  out->set_guardian_no_countdown(!o.guardian_countdown);
  out->set_high_sheriff_two_security(!o.high_sheriff_one_security);
  out->set_pulaski_beams_freely(!o.pulaski_beaming_restriction);
  out->set_end_transmission_skips_draw(!o.end_transmission_draws);
  out->set_colony_scores_owner_civilians(!o.colony_scores_away_teams);
  out->set_ferengi_ingenuity_passes(!o.ferengi_ingenuity_wall);
  out->set_tournament_batleth_card_only(!o.tournament_any_batleth);
  out->set_outgunned_any_battle(!o.outgunned_initiated_only);
  out->set_paxan_ship_owner_picks(!o.paxan_mission_owner_picks);
  out->set_pod_ignores_transporter_skill(!o.pod_spared_by_transporter_skill);
  out->set_e_band_own_brainwash_only(!o.e_band_any_brainwash);
  out->set_blood_oath_loss_present_only(!o.blood_oath_loss_everywhere);
  out->set_victory_is_life_no_points(!o.victory_is_life_scores);
  out->set_sniper_every_list_applies(!o.sniper_first_list_wins);
  out->set_kavok_own_ships_only(!o.report_aboard_opponents_empty_ship);
  out->set_drought_tree_any_away_team(!o.drought_tree_opponent_only);
  out->set_merry_man_any_klingon(!o.merry_man_own_klingon);
  out->set_jealous_amanda_encounterer_opponent(o.jealous_amanda_encounterer_opponent);
  out->set_qs_planet_three_artifacts(!o.qs_planet_one_artifact);
  out->set_vulcan_stone_whole_team(!o.vulcan_stone_per_member);
  out->set_exocomp_ship_must_stay(!o.exocomp_ship_may_move);
  out->set_ionization_count_per_player(!o.ionization_shared_count);
  out->set_replicator_dilemma_kills_only(!o.replicator_any_kill);
  out->set_holo_projectors_own_holograms(!o.holo_projectors_any_player);
  out->set_ktarian_game_disabled_stay(!o.ktarian_game_disabled_recover);
  out->set_iconian_swap_ignores_draw_limits(!o.iconian_swap_is_draw);
  out->set_coalescent_organism_encounterers_turn(!o.coalescent_organism_carriers_turn);
  out->set_baryon_buildup_players_turn(!o.baryon_buildup_owners_turn);
  out->set_alien_groupie_playing_players_turn(!o.alien_groupie_affected_players_turn);
  out->set_ship_blasts_printed_shields(!o.ship_blasts_current_shields);
  out->set_ship_seizure_own_affiliation_outpost(!o.ship_seizure_any_own_facility);
  out->set_causality_loop_counts_attempt(!o.causality_loop_spares_attempt);
  out->set_eyes_in_the_dark_whole_attempt(!o.eyes_in_the_dark_one_dilemma);
  out->set_time_travel_pod_ship_players_turns(!o.time_travel_pod_players_turns);
  out->set_crystalline_entity_dual_both(!o.crystalline_entity_dual_either);
}

std::unique_ptr<core::MatchEngine> StccgMatch::clone() const {
  return std::make_unique<StccgMatch>(*this);
}

std::span<const core::Decision> StccgMatch::open_decisions() const {
  return core::open_span(game_.decision());
}

core::SubmitResult StccgMatch::submit(core::Seat seat, core::DecisionId decision,
                                      std::span<const core::OptionId> choice) {
  return core::submit_one(game_, seat, decision, choice);
}

v1::MatchResult StccgMatch::result() const {
  v1::MatchResult out;
  const State& s = game_.state();
  if (!s.over) return out;
  std::string winners;
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (!(s.winners & (1u << seat))) continue;
    out.add_winners(seat);
    winners += (winners.empty() ? "" : " and ") + names_(seat);
  }
  out.set_reason(s.reason);
  switch (s.reason) {
    case v1::RESULT_REASON_POINTS: {
      // The score needed, which a card may raise (Q's Planet, The Big Picture).
      const Seat first = (s.winners & 1u) ? 0 : 1;
      out.set_summary(winners + " reached " + std::to_string(game_.rules().winning_score(first)) +
                      " points");
      break;
    }
    case v1::RESULT_REASON_DECK_EXHAUSTED: {
      const Seat drawer = last_drawer(game_);
      const int a = s.players[0].score;
      const int b = s.players[1].score;
      out.set_summary(names_(drawer) + " drew the last card; " +
                      (a == b ? "a tie at " + std::to_string(a)
                              : winners + " leads " + std::to_string(std::max(a, b)) + " to " +
                                    std::to_string(std::min(a, b))));
      break;
    }
    case v1::RESULT_REASON_TIME_LIMIT: {
      const int a = s.players[0].score;
      const int b = s.players[1].score;
      out.set_summary("time was called; " +
                      (a == b ? "a tie at " + std::to_string(a)
                              : winners + " leads " + std::to_string(std::max(a, b)) + " to " +
                                    std::to_string(std::min(a, b))));
      break;
    }
    case v1::RESULT_REASON_CONCESSION:
      out.set_summary(names_(State::other(static_cast<Seat>(out.winners(0)))) + " conceded");
      break;
    case v1::RESULT_REASON_TIME:
      out.set_summary(names_(State::other(static_cast<Seat>(out.winners(0)))) + " ran out of time");
      break;
    case v1::RESULT_REASON_FORFEIT:
      out.set_summary(names_(State::other(static_cast<Seat>(out.winners(0)))) +
                      " forfeited: away longer than the grace");
      break;
    case v1::RESULT_REASON_RULING:
      out.set_summary(core::ruling_summary(winners, out.winners_size()));
      break;
    default:
      out.set_summary("the game was stopped by the engine's work cap");
      break;
  }
  return out;
}

bool StccgMatch::project_event(std::size_t index, core::Viewer viewer, v1::GameEvent* out) const {
  stccg::project_event(game_, index, viewer, names_, out);
  return true;
}

void StccgMatch::project_snapshot(core::Viewer viewer, v1::GameSnapshot* out) const {
  out->set_role(viewer.role == core::Viewer::Role::kPlayer      ? v1::VIEWER_ROLE_PLAYER
                : viewer.role == core::Viewer::Role::kSpectator ? v1::VIEWER_ROLE_SPECTATOR
                                                                : v1::VIEWER_ROLE_JUDGE);
  out->set_seat(viewer.seat);
  project_view(game_, viewer, out->mutable_stccg());
}

void StccgMatch::project_prompt(const core::Decision&, v1::DecisionPrompt* out) const {
  stccg::project_prompt(game_, names_, out);
}

}  // namespace spacedock::stccg
