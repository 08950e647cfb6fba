#include <string>

#include "engine/incursions/view.h"

namespace spacedock::incursions {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};

std::string dice_text(const ev::DiceRolled& e) {
  std::string text;
  for (int i = 0; i < e.count; ++i) {
    if (i > 0) text += '+';
    text += std::to_string(e.dice[static_cast<std::size_t>(i)]);
  }
  if (e.modifier != 0) {
    text += '+';
    text += std::to_string(e.modifier);
  }
  text += " = ";
  text += std::to_string(e.total);
  return text;
}

const char* purpose_text(v1::DiceRollPurpose purpose) {
  switch (purpose) {
    case v1::DICE_ROLL_PURPOSE_INITIATIVE:
      return "for initiative";
    case v1::DICE_ROLL_PURPOSE_DAMAGE:
      return "for damage";
    case v1::DICE_ROLL_PURPOSE_EVASION:
      return "to evade";
    case v1::DICE_ROLL_PURPOSE_WORMHOLE:
      return "at the wormhole";
    case v1::DICE_ROLL_PURPOSE_ROLL_OFF:
      return "in the roll-off";
    case v1::DICE_ROLL_PURPOSE_ESPIONAGE:
      return "against espionage";
    case v1::DICE_ROLL_PURPOSE_EVENT:
      return "for the hex's damage";
    case v1::DICE_ROLL_PURPOSE_ESCAPE:
      return "to escape the hex";
    case v1::DICE_ROLL_PURPOSE_DENIZEN_EVASION:
      return "to evade";
    case v1::DICE_ROLL_PURPOSE_TABLE:
      return "on the hex's table";
    default:
      return "";
  }
}

const char* system_text(v1::IncursionsSystem system) {
  return system == v1::INCURSIONS_SYSTEM_HULL ? "hull" : "shields";
}

// Fills the proto for one event and returns its line of text.
class EventWriter {
 public:
  EventWriter(const State& s, const SeatNames& names, core::Viewer viewer, v1::IncursionsEvent* out)
      : s_(s), name_(names), viewer_(viewer), out_(out) {}

  std::string operator()(const ev::DiceRolled& e) {
    auto* m = out_->mutable_dice_rolled();
    if (e.denizen != 0) {
      m->set_denizen(e.denizen - 1u);
    } else {
      m->set_seat(e.seat);
    }
    m->set_purpose(e.purpose);
    for (int i = 0; i < e.count; ++i)
      m->add_dice(e.dice[static_cast<std::size_t>(i)]);
    m->set_modifier(e.modifier);
    m->set_total(e.total);
    const std::string who = e.denizen != 0 ? denizen_name(e.denizen - 1) : name_(e.seat);
    return who + " rolls " + purpose_text(e.purpose) + ": " + dice_text(e);
  }
  std::string operator()(const ev::ShipAssigned& e) {
    auto* m = out_->mutable_ship_assigned();
    m->set_seat(e.seat);
    *m->mutable_ship() = s_.content->ship(e.ship).card;
    return name_(e.seat) + " commands the " + s_.content->ship(e.ship).card.name();
  }
  std::string operator()(const ev::HexpileShuffled& e) {
    auto* m = out_->mutable_hexpile_shuffled();
    if (e.owner != kNoSeat) m->set_owner_seat(e.owner);
    m->set_size(e.size);
    return pile_name(e.owner) + " is shuffled (" + std::to_string(e.size) + " hexes)";
  }
  std::string operator()(const ev::HexpileCut& e) {
    auto* m = out_->mutable_hexpile_cut();
    if (e.owner != kNoSeat) m->set_owner_seat(e.owner);
    m->set_cutter_seat(e.cutter);
    m->set_cut(e.cut);
    return name_(e.cutter) + " cuts " + pile_name(e.owner) + " at " + std::to_string(e.cut);
  }
  std::string operator()(const ev::StartingPlayer& e) {
    out_->mutable_starting_player()->set_seat(e.seat);
    return name_(e.seat) + " goes first";
  }
  std::string operator()(const ev::TurnStarted& e) {
    auto* m = out_->mutable_turn_started();
    m->set_seat(e.seat);
    m->set_round(e.round);
    m->set_turn(e.turn);
    m->set_power_restored(e.restored);
    return "Round " + std::to_string(e.round) + ", turn " + std::to_string(e.turn) + ": " +
           name_(e.seat) + " powers up";
  }
  std::string operator()(const ev::CloakChanged& e) {
    auto* m = out_->mutable_cloak_changed();
    m->set_seat(e.seat);
    m->set_cloaked(e.cloaked);
    m->set_reason(e.reason);
    switch (e.reason) {
      case v1::CLOAK_REASON_CLOAKED:
        return name_(e.seat) + " cloaks";
      case v1::CLOAK_REASON_BROKEN:
        return name_(e.seat) + "'s cloak drops for the maneuver";
      case v1::CLOAK_REASON_KEPT:
        return name_(e.seat) + " stays cloaked";
      default:
        return name_(e.seat) + " decloaks";
    }
  }
  std::string operator()(const ev::TractorChanged& e) {
    auto* m = out_->mutable_tractor_changed();
    m->set_holder_seat(e.holder);
    m->set_target_seat(e.target);
    m->set_locked(e.locked);
    m->set_strength(e.strength);
    m->set_reason(e.reason);
    const std::string beam = name_(e.holder) + "'s tractor beam on " + name_(e.target);
    switch (e.reason) {
      case v1::TRACTOR_REASON_LOCKED:
        return beam + " locks (strength " + std::to_string(e.strength) + ")";
      case v1::TRACTOR_REASON_EVADED:
        return name_(e.target) + " evades " + beam;
      case v1::TRACTOR_REASON_KEPT:
        return beam + " holds";
      case v1::TRACTOR_REASON_BROKEN_AWAY:
        return name_(e.target) + " breaks away from " + beam;
      default:
        return beam + " is released";
    }
  }
  std::string operator()(const ev::AttackDeclared& e) {
    auto* m = out_->mutable_attack_declared();
    if (e.attacker != kNoSeat) m->set_attacker(e.attacker);
    if (e.target != kNoSeat) m->set_target(e.target);
    if (e.denizen_attacker != 0) {
      m->set_attacking_denizen(e.denizen_attacker - 1u);
      if (e.denizen_target != 0) {  // an object its owner turned on a denizen (§11.1)
        m->set_target_denizen(e.denizen_target - 1u);
        return denizen_name(e.denizen_attacker - 1) + " attacks " +
               denizen_name(e.denizen_target - 1);
      }
      return denizen_name(e.denizen_attacker - 1) + " attacks " + name_(e.target);
    }
    if (e.denizen_target != 0) {
      m->set_weapon(slot_of(e.weapon));
      m->set_power(e.power);
      m->set_range_power(e.range_power);
      m->set_target_denizen(e.denizen_target - 1u);
      return name_(e.attacker) + " attacks " + denizen_name(e.denizen_target - 1) + " with " +
             weapon_text(e.attacker, e.weapon) + power_text(e.power + e.range_power);
    }
    m->set_weapon(slot_of(e.weapon));
    m->set_power(e.power);
    m->set_range_power(e.range_power);
    if (e.officer != 0) m->set_officer(position_to_proto(e.officer - 1));
    m->set_assimilation(e.assimilation);
    if (e.assimilation) {
      m->clear_weapon();
      if (e.card != kNoCard) card_to_proto(s_, e.card, m->mutable_target_card());
      return name_(e.attacker) + " tries to assimilate " + name_(e.target) + "'s " +
             (e.card != kNoCard ? title(e.card) : position_name(e.officer - 1)) +
             power_text(e.power);
    }
    const std::string target =
        e.officer != 0 ? name_(e.target) + "'s " + position_name(e.officer - 1) : name_(e.target);
    return name_(e.attacker) + " attacks " + target + " with " + weapon_text(e.attacker, e.weapon) +
           power_text(e.power + e.range_power);
  }
  std::string operator()(const ev::OfficerTabled& e) {
    auto* m = out_->mutable_officer_tabled();
    m->set_seat(e.seat);
    // As it was when tabled, face up, whatever became of it since.
    auto* officer = m->mutable_officer();
    *officer->mutable_card() = s_.def(e.card).card;
    officer->set_position(position_to_proto(e.position));
    officer->set_face_up(true);
    officer->set_owner_seat(e.seat);
    return name_(e.seat) + " tables " + s_.def(e.card).card.title() +
           (e.position == kCaptain && !s_.def(e.card).captain() ? " as captain" : "");
  }
  std::string operator()(const ev::OfficerChanged& e) {
    auto* m = out_->mutable_officer_changed();
    m->set_seat(e.seat);
    *m->mutable_card() = s_.def(e.card).card;
    if (e.position >= 0) m->set_position(position_to_proto(e.position));
    m->set_change(e.change);
    if (e.to_seat != kNoSeat) m->set_to_seat(e.to_seat);
    if (e.to_position >= 0) m->set_to_position(position_to_proto(e.to_position));
    const std::string officer = name_(e.seat) + "'s " + s_.def(e.card).card.title();
    switch (e.change) {
      case v1::OFFICER_CHANGE_DISABLED:
        return officer + " is put out of action";
      case v1::OFFICER_CHANGE_RESTORED:
        return officer + " returns to service";
      case v1::OFFICER_CHANGE_ASSIMILATED:
        return officer + " is assimilated by " + name_(e.to_seat);
      case v1::OFFICER_CHANGE_ASSIMILATED_TO_DISCARD:
        return officer + " is assimilated by " + name_(e.to_seat) + ", who has no place for it";
      case v1::OFFICER_CHANGE_ASSIMILATED_TO_HAND:
        return officer + " is assimilated into " + name_(e.to_seat) + "'s hand";
      case v1::OFFICER_CHANGE_DISCARDED:
        return officer + " goes to the discard pile";
      case v1::OFFICER_CHANGE_RESISTED:
        return officer + " resists";
      default:
        return officer + " changes";
    }
  }
  std::string operator()(const ev::EvasionResolved& e) {
    auto* m = out_->mutable_evasion_resolved();
    m->set_seat(e.seat);
    m->set_power(e.power);
    m->set_score(e.score);
    m->set_success(e.success);
    return name_(e.seat) + (e.success ? " evades" : " fails to evade") + " (score " +
           std::to_string(e.score) + ")";
  }
  std::string operator()(const ev::ShieldPower& e) {
    auto* m = out_->mutable_shield_power();
    m->set_seat(e.seat);
    m->set_power(e.power);
    m->set_absorb(e.absorb);
    return name_(e.seat) + " powers the shields" + power_text(e.power) + " to absorb " +
           std::to_string(e.absorb);
  }
  std::string operator()(const ev::DamageApplied& e) {
    auto* m = out_->mutable_damage_applied();
    m->set_seat(e.seat);
    m->set_damage(e.damage);
    m->set_absorbed(e.absorbed);
    m->set_shields_lost(e.shields_lost);
    m->set_hull_lost(e.hull_lost);
    m->set_shields(e.shields);
    m->set_hull(e.hull);
    m->set_armour_lost(e.armour_lost);
    const std::string armour =
        e.armour_lost > 0 ? ", " + std::to_string(e.armour_lost) + " on the armour shuttle" : "";
    return name_(e.seat) + " takes " + std::to_string(e.damage) + " (" +
           std::to_string(e.absorbed) + " absorbed" + armour + "): shields " +
           std::to_string(e.shields) + ", hull " + std::to_string(e.hull);
  }
  std::string operator()(const ev::EscapeCraftLaunched& e) {
    auto* m = out_->mutable_escape_craft_launched();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    m->set_ship(s_.content->ship(e.craft).id);
    m->set_power_up(e.power_up);
    m->set_power_spent(e.power_spent);
    return name_(e.seat) + " escapes in " + title(e.card) + " with " +
           std::to_string(e.power_up + e.power_spent) + " Pwr (" + std::to_string(e.power_up) +
           " up)";
  }
  std::string operator()(const ev::PlayerEliminated& e) {
    auto* m = out_->mutable_player_eliminated();
    m->set_seat(e.seat);
    m->set_reason(e.reason);
    return name_(e.seat) +
           (e.reason == v1::ELIMINATION_REASON_DESTROYED ? "'s ship is destroyed" : " is out");
  }
  std::string operator()(const ev::VesselMoved& e) {
    auto* m = out_->mutable_vessel_moved();
    m->set_seat(e.seat);
    *m->mutable_from() = to_proto(s_.board.tile(e.from).coord);
    *m->mutable_to() = to_proto(s_.board.tile(e.to).coord);
    m->set_steps(e.steps);
    m->set_power(e.power);
    m->set_towed(e.towed);
    return name_(e.seat) + (e.towed ? " is towed to " : " moves to ") +
           describe_coord(s_.board.tile(e.to).coord) + power_text(e.power);
  }
  std::string operator()(const ev::HexExplored& e) {
    auto* m = out_->mutable_hex_explored();
    m->set_seat(e.seat);
    tile_to_proto(s_, e.tile, m->mutable_tile());
    return name_(e.seat) + " explores " + m->tile().name() + " at " +
           describe_coord(s_.board.tile(e.tile).coord);
  }
  std::string operator()(const ev::Teleported& e) {
    auto* m = out_->mutable_teleported();
    m->set_seat(e.seat);
    *m->mutable_to() = to_proto(s_.board.tile(e.to).coord);
    // Back to the start after a wormhole miss; elsewhere, pulled (Timestorm) or sent to the
    // roll-off's wormhole.
    if (e.to == 0) return name_(e.seat) + " is thrown back to the start tile";
    return name_(e.seat) + " is pulled to " + describe_coord(s_.board.tile(e.to).coord);
  }
  std::string operator()(const ev::Repaired& e) {
    auto* m = out_->mutable_repaired();
    m->set_seat(e.seat);
    m->set_system(e.system);
    m->set_points(e.points);
    m->set_applied(e.applied);
    m->set_value(e.value);
    m->set_power(e.power);
    if (e.denizen != 0) {
      m->set_denizen(e.denizen - 1u);
      m->set_to_hand(e.to_hand);
      const std::string repaired =
          name_(e.seat) + " repairs " + s_.def(s_.denizens[e.denizen - 1u]).name + " by " +
          std::to_string(e.applied) + " to " + std::to_string(e.value) + " LP";
      return e.to_hand ? repaired + " and takes it back into their hand" : repaired;
    }
    return name_(e.seat) + " repairs " + system_text(e.system) + " by " +
           std::to_string(e.applied) + " to " + std::to_string(e.value);
  }
  std::string operator()(const ev::SweepActivated& e) {
    out_->mutable_sweep_activated()->set_seat(e.seat);
    return name_(e.seat) + " runs a Tachyon Sweep";
  }
  std::string operator()(const ev::MineLaid& e) {
    mine_to_proto(e.tile, e.owner, e.dice, e.flat, out_->mutable_mine_laid()->mutable_mine());
    return name_(e.owner) + " lays a mine at " + describe_coord(s_.board.tile(e.tile).coord);
  }
  std::string operator()(const ev::MineDetonated& e) {
    auto* m = out_->mutable_mine_detonated();
    mine_to_proto(e.tile, e.owner, e.dice, e.flat, m->mutable_mine());
    m->set_victim_seat(e.victim);
    return name_(e.owner) + "'s mine goes off under " + name_(e.victim);
  }
  std::string operator()(const ev::AuxUsed& e) {
    auto* m = out_->mutable_aux_used();
    m->set_seat(e.seat);
    m->set_power_restored(e.restored);
    return name_(e.seat) + " uses AUX power";
  }
  std::string operator()(const ev::ShieldsDiverted& e) {
    auto* m = out_->mutable_shields_diverted();
    m->set_seat(e.seat);
    m->set_shields(e.shields);
    m->set_diverted(e.diverted);
    return name_(e.seat) + " diverts shield power";
  }
  std::string operator()(const ev::ManeuversEnded& e) {
    auto* m = out_->mutable_maneuvers_ended();
    m->set_seat(e.seat);
    m->set_used(e.used);
    return name_(e.seat) + " ends the turn";
  }
  std::string operator()(const ev::WormholeDrawn& e) {
    auto* m = out_->mutable_wormhole_drawn();
    tile_to_proto(s_, e.tile, m->mutable_tile());
    return m->tile().name() + " is drawn for the roll-off and placed at " +
           describe_coord(s_.board.tile(e.tile).coord);
  }
  std::string operator()(const ev::Conceded& e) {
    out_->mutable_conceded()->set_seat(e.seat);
    out_->mutable_conceded()->set_out_of_time(e.how == v1::RESULT_REASON_TIME);
    out_->mutable_conceded()->set_forfeited(e.how == v1::RESULT_REASON_FORFEIT);
    switch (e.how) {
      case v1::RESULT_REASON_TIME:
        return name_(e.seat) + " is out of time";
      case v1::RESULT_REASON_FORFEIT:
        return name_(e.seat) + " forfeits: away longer than the grace";
      default:
        return name_(e.seat) + " concedes";
    }
  }
  std::string operator()(const ev::HexEventFired& e) {
    auto* m = out_->mutable_hex_event_fired();
    m->set_seat(e.seat);
    tile_to_proto(s_, e.tile, m->mutable_tile());
    m->set_remain(!e.arrival);
    return m->tile().name() + " acts on " + name_(e.seat) + (e.arrival ? "" : " as the turn ends");
  }
  std::string operator()(const ev::DenizenSpawned& e) {
    denizen_to_proto(s_, e.index, out_->mutable_denizen_spawned()->mutable_denizen());
    // As it was when it appeared: at home, at full life, its own master.
    auto* d = out_->mutable_denizen_spawned()->mutable_denizen();
    *d->mutable_coord() = d->home();
    d->set_life(d->life_max());
    d->clear_dominated_by();
    const Denizen& denizen = s_.denizens[e.index];
    const std::string where = describe_coord(s_.board.tile(denizen.home).coord);
    if (denizen.placed()) return name_(denizen.owner) + " places " + d->name() + " at " + where;
    return "Denizen " + d->name() + " appears at " + where;
  }
  std::string operator()(const ev::DenizenDamaged& e) {
    auto* m = out_->mutable_denizen_damaged();
    m->set_denizen(e.index);
    m->set_damage(e.damage);
    m->set_life(e.life);
    m->set_evaded(e.evaded);
    return e.evaded ? "Denizen " + denizen_name(e.index) + " evades"
                    : "Denizen " + denizen_name(e.index) + " takes " + std::to_string(e.damage) +
                          ", " + std::to_string(std::max<int>(e.life, 0)) + " life left";
  }
  std::string operator()(const ev::DenizenDestroyed& e) {
    auto* m = out_->mutable_denizen_destroyed();
    m->set_denizen(e.index);
    m->set_killer_seat(e.killer);
    return name_(e.killer) + " destroys " + denizen_name(e.index);
  }
  std::string operator()(const ev::EscapeAttempted& e) {
    auto* m = out_->mutable_escape_attempted();
    m->set_seat(e.seat);
    m->set_threshold(e.threshold);
    m->set_success(e.success);
    return name_(e.seat) + (e.success ? " breaks free of the hex" : " cannot break free");
  }
  std::string operator()(const ev::RewardTaken& e) {
    auto* m = out_->mutable_reward_taken();
    m->set_seat(e.seat);
    m->set_power_flipped(e.flipped);
    m->set_cards_drawn(e.drawn);
    if (e.drawn > 0) return name_(e.seat) + " is rewarded: " + std::to_string(e.drawn) + " cards";
    return name_(e.seat) + " is rewarded: " + std::to_string(e.flipped) + " Pwr face up";
  }
  std::string operator()(const ev::ShieldLayer& e) {
    auto* m = out_->mutable_shield_layer();
    m->set_seat(e.seat);
    m->set_layer(e.layer);
    return name_(e.seat) + " gains a " + std::to_string(e.layer) + "-point shield layer";
  }
  std::string operator()(const ev::PowerOutOfPlay& e) {
    auto* m = out_->mutable_power_out_of_play();
    m->set_seat(e.seat);
    m->set_count(e.count);
    m->set_back(e.back);
    return e.back ? name_(e.seat) + " gets " + std::to_string(e.count) + " Pwr back, spent"
                  : name_(e.seat) + " has " + std::to_string(e.count) + " Pwr out of play here";
  }
  std::string operator()(const ev::DenizenDominated& e) {
    auto* m = out_->mutable_denizen_dominated();
    m->set_denizen(e.index);
    m->set_seat(e.seat);
    return name_(e.seat) + " takes control of " + denizen_name(e.index);
  }
  std::string operator()(const ev::DenizenMoved& e) {
    auto* m = out_->mutable_denizen_moved();
    m->set_denizen(e.index);
    *m->mutable_from() = to_proto(s_.board.tile(e.from).coord);
    *m->mutable_to() = to_proto(s_.board.tile(e.to).coord);
    return denizen_name(e.index) + " moves to " + describe_coord(s_.board.tile(e.to).coord);
  }
  std::string operator()(const ev::DeckShuffled& e) {
    auto* m = out_->mutable_deck_shuffled();
    m->set_owner_seat(e.owner);
    m->set_size(e.size);
    return name_(e.owner) + "'s deck is shuffled (" + std::to_string(e.size) + " cards)";
  }
  std::string operator()(const ev::DeckCut& e) {
    auto* m = out_->mutable_deck_cut();
    m->set_owner_seat(e.owner);
    m->set_cutter_seat(e.cutter);
    m->set_cut(e.cut);
    return name_(e.cutter) + " cuts " + name_(e.owner) + "'s deck";
  }
  std::string operator()(const ev::CardsDrawn& e) {
    auto* m = out_->mutable_cards_drawn();
    m->set_seat(e.seat);
    m->set_count(e.count);
    m->set_deck_empty(e.deck_empty && e.count == 0);
    if (e.count == 0) return name_(e.seat) + "'s deck is empty: no draw";
    std::string text = name_(e.seat) + " draws " + cards_text(e.count);
    // Which cards: for the drawing player (and judges) only (§20.1).
    if (core::can_see(viewer_, core::Audience::only(e.seat))) {
      for (int i = 0; i < e.count; ++i) {
        const CardId card = e.cards[static_cast<std::size_t>(i)];
        card_to_proto(s_, card, m->add_cards());
        text += (i == 0 ? ": " : ", ") + title(card);
      }
    }
    return text;
  }
  std::string operator()(const ev::CardPlayed& e) {
    auto* m = out_->mutable_card_played();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    if (e.target != kNoSeat) m->set_target_seat(e.target);
    m->set_attached(e.attached);
    m->set_maneuvers_allowed(e.maneuvers_allowed);
    std::string text = name_(e.seat) + " plays " + title(e.card);
    if (e.attached) return text + " on the next maneuver";
    if (e.target != kNoSeat) text += " against " + name_(e.target);
    return text;
  }
  std::string operator()(const ev::CardTabled& e) {
    auto* m = out_->mutable_card_tabled();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    if (e.position >= 0) m->set_position(position_to_proto(e.position));
    if (e.on != kNoSeat) m->set_on_seat(e.on);
    m->set_when_drawn(e.when_drawn);
    std::string text = name_(e.seat) + " tables " + title(e.card);
    if (e.on != kNoSeat) text += " in front of " + name_(e.on);
    if (e.locks != 0) {
      m->set_locks(static_cast<v1::IncursionsWeaponSlot>(e.locks));
      text += ": their " + s_.ship(e.on).weapon_name(static_cast<Weapon>(e.locks - 1)) +
              " cannot be used until it is repaired away";
    }
    return e.when_drawn ? text + " as it is drawn" : text;
  }
  std::string operator()(const ev::EquipmentAssimilated& e) {
    auto* m = out_->mutable_equipment_assimilated();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    m->set_borg_seat(e.borg);
    m->set_to_hand(e.to_hand);
    return name_(e.borg) + " assimilates " + name_(e.seat) + "'s " + title(e.card) +
           (e.to_hand ? " into their hand" : "");
  }
  std::string operator()(const ev::CardTurned& e) {
    auto* m = out_->mutable_card_turned();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    m->set_face_up(e.face_up);
    if (e.by != kNoSeat) m->set_by_seat(e.by);
    if (e.face_up) return name_(e.seat) + " returns " + title(e.card) + " to service";
    return name_(e.by) + " turns " + name_(e.seat) + "'s " + title(e.card) + " face down";
  }
  std::string operator()(const ev::CardDiscarded& e) {
    auto* m = out_->mutable_card_discarded();
    m->set_seat(e.seat);
    card_to_proto(s_, e.card, m->mutable_card());
    m->set_reason(e.reason);
    const std::string text = title(e.card) + " goes to " + name_(e.seat) + "'s discard pile";
    switch (e.reason) {
      case v1::CARD_DISCARD_REASON_HAND_LIMIT:
        return name_(e.seat) + " discards " + title(e.card) + " down to the hand limit";
      case v1::CARD_DISCARD_REASON_COUNTERMANDED:
        return text + ", cancelled";
      case v1::CARD_DISCARD_REASON_REMOVED:
        return text + ", removed from play";
      case v1::CARD_DISCARD_REASON_DESTROYED:
        return text + ", destroyed";
      default:
        return text;
    }
  }
  std::string operator()(const ev::CardTaken& e) {
    auto* m = out_->mutable_card_taken();
    m->set_seat(e.seat);
    if (e.from != kNoSeat) m->set_from_seat(e.from);
    // Which card: for the taker, the player it was taken from, and judges.
    const bool shown = core::can_see(viewer_, core::Audience::only(e.seat)) ||
                       (e.from != kNoSeat && core::can_see(viewer_, core::Audience::only(e.from)));
    if (shown) card_to_proto(s_, e.card, m->mutable_card());
    const std::string what = shown ? title(e.card) : std::string("a card");
    if (e.from == kNoSeat) return name_(e.seat) + " takes " + what + " from the deck";
    return name_(e.seat) + " takes " + what + " from " + name_(e.from) + "'s hand";
  }
  std::string operator()(const ev::HandRevealed& e) {
    auto* m = out_->mutable_hand_revealed();
    m->set_seat(e.seat);
    m->set_to_seat(e.to_seat);
    std::string text = name_(e.seat) + "'s hand is shown to " + name_(e.to_seat) + ":";
    for (CardId card : e.cards) {
      card_to_proto(s_, card, m->add_cards());
      text += " " + title(card) + ";";
    }
    if (e.cards.empty()) text += " empty";
    return text;
  }
  std::string operator()(const ev::DeclarationCancelled& e) {
    auto* m = out_->mutable_declaration_cancelled();
    m->set_seat(e.seat);
    m->set_cancelled_seat(e.cancelled_seat);
    auto* d = m->mutable_declaration();
    d->set_seat(e.cancelled_seat);
    action_to_proto(s_, e.cancelled_seat, e.action, d->mutable_action());
    for (CardId card : e.cards)
      card_to_proto(s_, card, d->add_cards());
    return name_(e.seat) + " countermands " + name_(e.cancelled_seat) + "'s declaration";
  }
  std::string operator()(const ev::GameEnded& e) {
    auto* m = out_->mutable_game_ended();
    std::string winners;
    for (Seat seat = 0; seat < s_.players; ++seat) {
      if (!(e.winners & (1u << seat))) continue;
      m->add_winners(seat);
      winners += (winners.empty() ? "" : " and ") + name_(seat);
    }
    m->set_reason(e.reason);
    const std::string ruled =
        e.reason == v1::RESULT_REASON_RULING ? " by the organiser's ruling" : "";
    if (m->winners_size() > 1 && e.reason == v1::RESULT_REASON_RULING)
      return "The game is over: a draw between " + winners + ruled;
    return winners.empty() ? "The game ends without a winner" + ruled
                           : "The game is over: " + winners + " won" + ruled;
  }

 private:
  std::string pile_name(Seat owner) const {
    return owner == kNoSeat ? "The shared hexpile" : name_(owner) + "'s hexpile";
  }
  std::string weapon_text(Seat attacker, Weapon weapon) const {
    if (weapon == Weapon::kCard) return std::string("a tabled weapon system");
    return weapon == Weapon::kHex ? std::string("the hex's weapon")
                                  : s_.ship(attacker).weapon_name(weapon);
  }
  std::string denizen_name(int index) const {
    const Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
    return s_.def(d).name;
  }
  static std::string position_name(int position) {
    static constexpr const char* kNames[kPositions] = {
        "captain",         "first officer", "helm officer",      "tactical officer",
        "science officer", "engineer",      "operations officer"};
    return kNames[position];
  }
  std::string title(CardId card) const { return s_.def(card).card.title(); }
  static std::string cards_text(int count) {
    return count == 1 ? "a card" : std::to_string(count) + " cards";
  }
  static std::string power_text(int power) {
    return power ? " (" + std::to_string(power) + " Pwr)" : "";
  }
  void mine_to_proto(TileIndex tile, Seat owner, int dice, int flat, v1::IncursionsMine* m) const {
    *m->mutable_coord() = to_proto(s_.board.tile(tile).coord);
    m->set_owner_seat(owner);
    m->set_dice(static_cast<std::uint32_t>(dice));
    m->set_flat(flat);
    m->set_armed(false);
  }

  const State& s_;
  const SeatNames& name_;
  core::Viewer viewer_;
  v1::IncursionsEvent* out_;
};

}  // namespace

bool project_event(const Game& game, std::size_t index, core::Viewer viewer, const SeatNames& names,
                   v1::GameEvent* out) {
  const Event& event = game.events()[index];
  if (!core::can_see(viewer, audience(event))) return false;
  EventWriter writer(game.state(), names, viewer, out->mutable_incursions());
  out->set_text(std::visit(writer, event));
  return true;
}

}  // namespace spacedock::incursions
