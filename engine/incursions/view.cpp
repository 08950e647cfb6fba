#include "engine/incursions/view.h"

#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"

namespace spacedock::incursions {

v1::HexCoord to_proto(Coord c) {
  v1::HexCoord out;
  out.set_q(c.q);
  out.set_r(c.r);
  return out;
}

std::string describe_coord(Coord c) {
  return "(" + std::to_string(c.q) + "," + std::to_string(c.r) + ")";
}

void tile_to_proto(const State& s, TileIndex index, v1::IncursionsTile* out) {
  const Tile& tile = s.board.tile(index);
  *out->mutable_coord() = to_proto(tile.coord);
  if (tile.hex == kStartHex) {
    out->set_hex_id("start");
    out->set_name("Start");
    return;
  }
  const HexDef& def = s.content->hex(tile.hex);
  out->set_hex_id(def.id);
  out->set_number(static_cast<std::uint32_t>(def.number));
  out->set_name(def.name);
  out->set_owner_seat(tile.owner);
  out->set_wormhole(def.wormhole);
}

namespace {

void options_to_proto(const Options& o, v1::IncursionsMatchOptions* out) {
  out->set_players(static_cast<std::uint32_t>(o.players));
  out->set_mode(o.mode);
  out->set_hexpile_mode(o.hexpile_mode);
  out->set_hexpoint_budget(static_cast<std::uint32_t>(o.hexpoint_budget));
  out->set_turn_cap(static_cast<std::uint32_t>(o.turn_cap));
  out->set_mine_limit(o.mine_limit);
  auto* rules = out->mutable_rules();
  rules->set_red_alert_costs_maneuver(o.rules.red_alert_costs_maneuver);
  rules->set_round_cards_until_round_end(o.rules.round_cards_until_round_end);
  rules->set_cloak_sight_only(o.rules.cloak_sight_only);
  rules->set_timestorm_every_arrival(o.rules.timestorm_every_arrival);
  rules->set_gather_intelligence_blind(o.rules.gather_intelligence_blind);
  rules->set_spacestation_flat_damage(o.rules.spacestation_flat_damage);
  rules->set_torpedo_one_choice(o.rules.torpedo_one_choice);
  rules->set_range_over_tiles(o.rules.range_over_tiles);
}

void officer_to_proto(const State& s, Seat seat, CardId card, int position,
                      v1::IncursionsOfficer* out) {
  const Card& c = s.cards[card];
  *out->mutable_card() = s.def(card).card;
  if (position >= 0) {
    out->set_position(position_to_proto(position));
    out->set_espionage_evasion(espionage_score(s, seat, position));
  }
  out->set_face_up(c.face_up);
  out->set_owner_seat(c.owner);
  out->set_assimilated(c.assimilated);
}

void vessel_to_proto(const State& s, Seat seat, core::Viewer viewer, v1::IncursionsVessel* out) {
  const Vessel& v = s.vessels[seat];
  out->set_seat(seat);
  *out->mutable_ship() = s.ship(seat).card;
  out->mutable_ship()->set_race(s.race(seat));  // an escape craft is of its ship's make
  out->set_escape_craft(s.ship(seat).craft);
  *out->mutable_position() = to_proto(s.position(seat));
  out->set_hull(v.hull);
  out->set_shields(v.shields);
  auto* power = out->mutable_power();
  power->set_up(v.power.up);
  power->set_spent(v.power.spent);
  power->set_cloak(v.power.cloak);
  power->set_tractor(v.power.tractor);
  power->set_diverted(v.power.diverted);
  power->set_out_of_play(v.power.out + v.power.claimed);
  out->set_aux_available(v.aux);
  out->set_cloaked(v.cloaked);
  out->set_sweep_active(v.sweep);
  if (v.holding != kNoSeat) {
    out->set_tractoring_seat(v.holding);
    out->set_tractor_strength(v.beam);
  }
  out->set_eliminated(v.eliminated);
  for (int position = 0; position < kPositions; ++position) {
    if (s.officer(seat, position) != kNoCard) {
      officer_to_proto(s, seat, s.officer(seat, position), position, out->add_officers());
    }
  }
  for (CardId card : s.zones[seat].extra_captains)
    officer_to_proto(s, seat, card, -1, out->add_officers());
  auto* figures = out->mutable_figures();
  figures->set_shields_max(shields_max(s, seat));
  figures->set_evasion(evasion_score(s, seat));
  figures->set_weapon_bonus(weapon_bonus(s, seat));
  figures->set_repair_points(repair_points(s, seat, 0));
  figures->set_espionage_evasion(systems_espionage_score(s, seat));
  figures->set_captain_race(captain_race(s, seat));
  for (CardId card : s.zones[seat].discard)
    *out->add_discard() = s.def(card).card;
  out->set_shield_layer(v.layer);
  out->set_free_hexes(v.impulse);
  if (!v.eliminated)
    out->set_escape_threshold(static_cast<std::uint32_t>(escape_threshold(s, seat)));
  out->set_stayed(v.stayed && s.active == seat);
  if (!s.full()) return;
  // A hand is its player's alone; everyone sees how many cards it holds (§20.1).
  const Zones& z = s.zones[seat];
  out->set_cards_in_hand(static_cast<std::uint32_t>(z.hand.size()));
  out->set_cards_in_deck(static_cast<std::uint32_t>(z.deck.size()));
  if (core::can_see(viewer, core::Audience::only(seat))) {
    for (CardId card : z.hand)
      card_to_proto(s, card, out->add_hand());
  }
  for (const Tabled& t : s.tabled) {
    if (t.on != seat) continue;
    auto* m = out->add_tabled();
    card_to_proto(s, t.card, m->mutable_card());
    m->set_controller_seat(t.controller);
    m->set_on_seat(t.on);
    m->set_active(s.in_effect(t));
    m->set_locks(static_cast<v1::IncursionsWeaponSlot>(t.locks));
    m->set_face_down(!s.cards[t.card].face_up);
    if (const CardEffect& effect = s.def(t.card).effect; effect.craft != kNoShip) {
      m->set_life(t.life);
      m->set_life_max(effect.placed->life);  // the craft's hull and shields as one pool
    }
  }
}

void pile_to_proto(const State& s, const Pile& pile, core::Viewer viewer,
                   v1::IncursionsHexpile* out) {
  if (pile.owner != kNoSeat) out->set_owner_seat(pile.owner);
  out->set_remaining(static_cast<std::uint32_t>(pile.hexes.size()));
  out->set_hexpoints(pile.hexpoints);
  if (viewer.role == core::Viewer::Role::kJudge) {
    for (auto it = pile.hexes.rbegin(); it != pile.hexes.rend(); ++it) {
      out->add_draw_order(s.content->hex(it->hex).id);
    }
  }
  // A sole contributor knows what is left of its own pile, but not the order.
  if (pile.owner != kNoSeat &&
      (viewer.is_seat(pile.owner) || viewer.role == core::Viewer::Role::kJudge)) {
    std::vector<std::string> ids;
    for (const PileHex& hex : pile.hexes)
      ids.push_back(s.content->hex(hex.hex).id);
    std::sort(ids.begin(), ids.end());
    for (auto& id : ids)
      out->add_own_hexes(std::move(id));
  }
}

}  // namespace

v1::IncursionsWeaponSlot slot_of(Weapon w) {
  // W1, W2, W3 and the hex's weapon, in order.
  return static_cast<v1::IncursionsWeaponSlot>(static_cast<int>(w) + 1);
}

void denizen_to_proto(const State& s, std::size_t index, v1::IncursionsDenizen* out) {
  const Denizen& d = s.denizens[index];
  const DenizenDef& def = s.def(d);
  out->set_id(static_cast<std::uint32_t>(index));
  out->set_name(def.name);
  *out->mutable_coord() = to_proto(s.board.tile(d.tile).coord);
  *out->mutable_home() = to_proto(s.board.tile(d.home).coord);
  out->set_life(d.life);
  out->set_life_max(def.life);
  out->set_evasion(static_cast<std::uint32_t>(def.evasion));
  out->set_weapon_dice(static_cast<std::uint32_t>(def.weapon.dice));
  out->set_weapon_flat(def.weapon.flat);
  out->set_mobile(def.mobile);
  out->set_dominatable(def.dominatable);
  if (d.dominated_by != kNoSeat) out->set_dominated_by(d.dominated_by);
  if (d.placed()) {
    out->set_owner_seat(d.owner);
    card_to_proto(s, d.card, out->mutable_card());
  }
}

void hit_to_proto(const State& s, v1::IncursionsHit* out) {
  if (s.hit.attacker != kNoSeat) out->set_attacker(s.hit.attacker);
  out->set_event(s.hit.attacker == kNoSeat && s.hit.denizen == 0);
  if (s.hit.denizen != 0) out->set_attacking_denizen(s.hit.denizen - 1u);
  out->set_target(s.hit.target);
  out->set_weapon(slot_of(s.hit.weapon));
  out->set_damage(s.hit.damage);
  out->set_evasion_open(s.hit.evasion_open);
  out->set_evaded(s.hit.evaded);
  out->set_shield_power(s.hit.shield_power);
  out->set_absorbed(s.hit.shield_power * s.ship(s.hit.target).shield_absorb + s.hit.card_absorb);
  out->set_defense_slot_used(s.hit.repair_chosen || s.hit.card_absorb > 0 || s.hit.card_repair > 0);
  if (s.hit.officer != 0) out->set_target_officer(position_to_proto(s.hit.officer - 1));
}

void project_view(const Game& game, core::Viewer viewer, v1::IncursionsView* out) {
  const State& s = game.state();
  options_to_proto(s.options, out->mutable_options());
  out->set_phase(s.over        ? v1::INCURSIONS_PHASE_GAME_OVER
                 : s.turn == 0 ? v1::INCURSIONS_PHASE_SETUP
                               : v1::INCURSIONS_PHASE_TURN);
  out->set_round(s.round);
  out->set_turn(s.turn);
  out->set_active_seat(s.active);
  out->set_starting_seat(s.starting);
  out->set_maneuvers_used(s.maneuvers_used);
  out->set_maneuvers_allowed(s.maneuvers_allowed);
  for (std::size_t i = 0; i < s.board.size(); ++i) {
    tile_to_proto(s, static_cast<TileIndex>(i), out->add_tiles());
  }
  for (Seat seat = 0; seat < s.players; ++seat)
    vessel_to_proto(s, seat, viewer, out->add_vessels());
  for (const Pile& pile : s.piles)
    pile_to_proto(s, pile, viewer, out->add_hexpiles());
  for (const Mine& mine : s.mines) {
    auto* m = out->add_mines();
    *m->mutable_coord() = to_proto(s.board.tile(mine.tile).coord);
    m->set_owner_seat(mine.owner);
    m->set_dice(mine.dice);
    m->set_flat(mine.flat);
    m->set_armed(mine.laid_turn != s.turn);
  }
  if (s.step == Step::kDefend || s.step == Step::kAbsorb) hit_to_proto(s, out->mutable_hit());
  for (Seat seat = 0; seat < s.players; ++seat) {
    if (s.winners & (1u << seat)) out->add_winners(seat);
  }
  for (std::size_t i = 0; i < s.denizens.size(); ++i) {
    if (s.denizens[i].alive) denizen_to_proto(s, i, out->add_denizens());
  }
  for (CardId card : s.attached)
    card_to_proto(s, card, out->add_attached());
  for (const Declaration& d : s.responses)
    declaration_to_proto(s, d, out->add_responses());
}

void card_to_proto(const State& s, CardId card, v1::IncursionsCardInstance* out) {
  out->set_id(card);
  *out->mutable_card() = s.def(card).card;
  out->set_owner_seat(s.cards[card].owner);
}

void declaration_to_proto(const State& s, const Declaration& d, v1::IncursionsDeclaration* out) {
  out->set_seat(d.seat);
  out->set_answers_hit(d.answers_hit());
  action_to_proto(s, d.seat, d.action, out->mutable_action());
  for (CardId card : d.cards)
    card_to_proto(s, card, out->add_cards());
}

}  // namespace spacedock::incursions
