#include <string>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/view.h"

namespace spacedock::incursions {
namespace {

using enum ActionKind;

constexpr const char* kDirectionNames[kDirections] = {"east", "north-east", "north-west",
                                                      "west", "south-west", "south-east"};

std::string pwr(int power) {
  return std::to_string(power) + " Pwr";
}

std::string dice(int count, int flat) {
  return std::to_string(count) + "D6" + (flat ? "+" + std::to_string(flat) : "");
}

// The chance, in percent, that 2D6 rolls at most `score`.
int evasion_chance(int score) {
  int ways = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b)
      ways += a + b <= score;
  }
  return ways * 100 / 36;
}

const char* system_name(int system) {
  return system == 0 ? "hull" : "shields";
}

class Labeller {
 public:
  Labeller(const State& s, const SeatNames& names) : s_(s), name_(names) {
    if (s.step == Step::kManeuver)
      routes_.compute(s.board, s.vessels[s.active].tile, kMaxTravel, {});
  }

  std::string operator()(const Action& a) const {
    const Seat seat = s_.decision.seat;
    const ShipDef& ship = s_.ship(seat);
    switch (a.kind) {
      case kFireW1:
      case kFireW2: {
        const Weapon w = a.kind == kFireW1 ? Weapon::kW1 : Weapon::kW2;
        // With what the attached cards add (Phasers' dice on W1, Fire's flat bonus).
        const int card_dice =
            w == Weapon::kW1 ? card_sum(s_, s_.attached, &CardEffect::weapon_dice) : 0;
        const int card_flat = card_sum(s_, s_.attached, &CardEffect::attack_flat);
        std::string text =
            "Fire " + ship.weapon_name(w) + " at " + target(a) + " with " + pwr(a.power) + ": " +
            dice(ship.weapon(w).dice + a.power + hex_weapon_dice(s_, seat, w) + card_dice,
                 ship.weapon(w).flat + weapon_bonus(s_, seat) + card_flat);
        if (a.range_power) text += ", plus " + pwr(a.range_power) + " for range";
        return text;
      }
      case kAssimilate:
        if (a.card != 0) {
          return "Assimilate " + name_(a.subject) + "'s " + card_title(a.card - 1) + " for 3 Pwr" +
                 captain_resists(a.subject);
        }
        return "Assimilate " + target(a) + " for 3 Pwr: it resists on 2D6 at most " +
               std::to_string(espionage_score(s_, a.subject, a.officer - 1));
      case kFireHexWeapon: {
        const HexWeaponDef& w =
            *s_.content->hex(s_.board.tile(s_.vessels[seat].tile).hex).event.weapon;
        return "Fire the hex's weapon at " + name_(a.subject) + " with " + pwr(a.power) + ": " +
               dice(w.damage.dice, w.damage.flat + weapon_bonus(s_, seat)) + ", range " +
               std::to_string(w.range + a.power - w.power);
      }
      case kFireCardWeapon: {
        const CardDef& weapon = s_.def(static_cast<CardId>(a.card - 1u));
        return "Fire " + weapon.card.title() + " at " + name_(a.subject) + " with " + pwr(a.power) +
               ": " +
               dice(weapon.effect.system_dice + a.power + hex_weapon_dice(s_, seat, Weapon::kCard),
                    weapon_bonus(s_, seat) + card_sum(s_, s_.attached, &CardEffect::attack_flat));
      }
      case kDominate:
        return "Take control of " + denizen_name(a.denizen - 1);
      case kDenizenMove:
        return "Move " + denizen_name(a.denizen - 1) + " to " +
               describe_coord(s_.board.tile(a.subject).coord);
      case kDenizenAttack: {
        const Dice weapon = denizen_weapon(s_, s_.denizens[a.denizen - 1u], s_.attached);
        const int target = attacked_denizen(a);
        return "Attack " + (target != 0 ? denizen_name(target - 1) : name_(a.subject)) + " with " +
               denizen_name(a.denizen - 1) + ": " + dice(weapon.dice, weapon.flat);
      }
      case kRestoreOfficer:
        return "Return your " + s_.def(s_.officer(seat, a.officer - 1)).card.title() +
               " to service";
      case kLayMine:
        return "Lay a mine with " + pwr(a.power) + ": " +
               dice(ship.weapon(Weapon::kW3).dice + a.power,
                    ship.weapon(Weapon::kW3).flat + weapon_bonus(s_, seat));
      case kDetonateMine:
        return "Set off your new mine at " + name_(a.subject);
      case kMove: {
        const int steps = routes_.steps[a.subject];
        const Tile& tile = s_.board.tile(a.subject);
        const int warp = card_sum(s_, s_.attached, &CardEffect::warp_hexes);
        return "Move to " + describe_coord(tile.coord) + " " + tile_name(tile) + ": " +
               std::to_string(steps) + (steps == 1 ? " hex, " : " hexes, ") +
               pwr(std::max(0, steps - drive(s_, seat) - s_.vessels[seat].impulse - warp));
      }
      case kExplore:
        return "Explore " + std::string(kDirectionNames[a.subject]) + " to " +
               describe_coord(neighbour(s_.position(seat), a.subject));
      case kRepair:
        if (a.denizen != 0) {
          const Denizen& d = s_.denizens[a.denizen - 1u];
          const int missing = s_.def(d).life - d.life;
          const int points = repair_points(s_, seat, a.power);
          std::string label = "Repair your " + denizen_name(a.denizen - 1) + " with " +
                              pwr(a.power) + ": up to " + std::to_string(points) + " LP";
          // A craft the repair makes whole comes back to the hand (§11.3).
          if (s_.def(d).mobile && points >= missing) label += "; it comes back to your hand";
          return label;
        }
        if (a.card != 0 && !s_.cards[a.card - 1u].face_up) {
          return "Return your " + card_title(a.card - 1) + " to service";
        }
        if (a.card != 0) {
          return "Repair away " + card_title(a.card - 1) + " with " + pwr(a.power) + ": " +
                 std::to_string(repair_points(s_, seat, a.power)) + " points";
        }
        if (s_.step == Step::kEventRepair) {
          return "Repair " + std::to_string(s_.event_repair) + " points of the " +
                 system_name(a.subject);
        }
        return "Repair the " + std::string(system_name(a.subject)) + " with " + pwr(a.power) +
               ": up to " + std::to_string(repair_points(s_, seat, a.power)) + " points";
      case kCloak:
        return "Cloak for " + pwr(cloak_cost(s_, seat));
      case kTachyonSweep:
        return "Tachyon Sweep for 3 Pwr: target cloaked ships until your next turn";
      case kTractor:
        return "Tractor beam on " + name_(a.subject) + " with " + pwr(a.power);
      case kBreakTractor:
        return "Break away from " + name_(a.subject) + "'s tractor beam for " +
               pwr(s_.vessels[a.subject].beam);
      case kUseAux:
        return "Use AUX power: every spent Pwr face up again (once per game)";
      case kDivertShields:
        return "Divert 5 shields into 1 Pwr for your next action";
      case kEndManeuvers:
        return "End your maneuvers";
      case kEvade: {
        const int score = evasion_score(s_, seat) + a.power;
        return "Evade with " + pwr(a.power) + ": score " + std::to_string(score) + ", " +
               std::to_string(evasion_chance(score)) + "% chance";
      }
      case kShieldPower:
        return "Put " + pwr(a.power) + " into the shields: absorb " +
               std::to_string(a.power * ship.shield_absorb);
      case kDefensiveRepair:
        return "After the hit, repair the " + std::string(system_name(a.subject)) + " with " +
               pwr(a.power) + ": up to " + std::to_string(repair_points(s_, seat, a.power)) +
               " points";
      case kAccept:
        if (s_.step == Step::kRespond) return "Pass: let it resolve";
        if (s_.step == Step::kEscape) return "Go down with the ship: you are out of the game";
        if (s_.step == Step::kBlockEvent) return "Let it strike";
        if (s_.step == Step::kSabotage) return "Nothing is left to turn down";
        return s_.step == Step::kTractorLock ? "Accept the tractor lock" : "Take the hit";
      case kKeep:
        return s_.step == Step::kKeepCloak ? "Stay cloaked" : "Keep holding the tractor beam";
      case kRelease:
        return s_.step == Step::kKeepCloak ? "Drop the cloak" : "Release the tractor beam";
      case kCut:
        return "Cut " + std::to_string(a.subject) +
               (s_.cuts_done < s_.piles.size() ? " hexes" : " cards") +
               " from the top to the bottom";
      case kPlayCard:
        return play_label(a);
      case kDiscardCard:
        return "Discard " + card_title(a.card - 1);
      case kTakeCard:
        return "Take " + card_title(a.card - 1);
      case kTurnDownCard:
        return "Turn " + name_(s_.sabotaged) + "'s " + card_title(a.card - 1) + " face down";
      case kDetachCards:
        return "Take back the cards attached to your next maneuver";
      case kChooseReward: {
        if (a.subject == kRewardDrawCards) {
          const std::size_t deck = s_.zones[seat].deck.size();
          return "Draw " + std::to_string(std::min<std::size_t>(kRewardCards, deck)) + " cards (" +
                 std::to_string(deck) + " left in your deck)";
        }
        const int flipped = std::min<int>(kRewardPower, s_.vessels[seat].power.spent);
        return "Turn " + std::to_string(flipped) + " spent Pwr face up";
      }
    }
    return "?";
  }

  std::string title() const {
    const Seat seat = s_.decision.seat;
    switch (s_.step) {
      case Step::kCut: {
        if (s_.cuts_done >= s_.piles.size()) {
          const auto owner = static_cast<Seat>(s_.cuts_done - s_.piles.size());
          return "Cut " + name_(owner) + "'s deck of " +
                 std::to_string(s_.zones[owner].deck.size()) + " cards";
        }
        const Pile& pile = s_.piles[s_.cuts_done];
        return "Cut " +
               (pile.owner == kNoSeat ? std::string("the shared") : name_(pile.owner) + "'s") +
               " hexpile of " + std::to_string(pile.hexes.size()) + " hexes";
      }
      case Step::kKeepCloak:
        return "Power-up: keep the cloak for " + pwr(cloak_cost(s_, seat)) + "?";
      case Step::kKeepTractor:
        return "Power-up: keep holding " + name_(s_.vessels[seat].holding) + " for " +
               pwr(s_.vessels[seat].beam) + "?";
      case Step::kManeuver:
        if (!s_.in_game(seat)) {
          return "Your denizen's maneuver " + std::to_string(s_.maneuvers_used + 1) + " of " +
                 std::to_string(s_.maneuvers_allowed);
        }
        return "Maneuver " + std::to_string(s_.maneuvers_used + 1) + " of " +
               std::to_string(s_.maneuvers_allowed);
      case Step::kEventRepair:
        return tile_name(s_.board.tile(s_.vessels[seat].tile)) + " repairs " +
               std::to_string(s_.event_repair) + " points: hull or shields?";
      case Step::kDefend:
        return attacker_name() + " hits " +
               (s_.hit.officer ? "your " + s_.def(s_.officer(seat, s_.hit.officer - 1)).card.title()
                               : std::string("you")) +
               " for " + std::to_string(s_.hit.damage) + (s_.hit.evaded ? " (evaded)" : "");
      case Step::kAbsorb:
        if (s_.hit.attacker == kNoSeat) {
          return tile_name(s_.board.tile(s_.vessels[seat].tile)) + " hits you for " +
                 std::to_string(s_.hit.damage) + " (not evadable)";
        }
        return name_(s_.hit.attacker) + "'s mine hits you for " + std::to_string(s_.hit.damage);
      case Step::kTractorLock:
        return name_(s_.lock.holder) + " locks a tractor beam on you";
      case Step::kRespond: {
        const Declaration& d = s_.responses.back();
        return name_(d.seat) + " declares " + declared(d) + ": respond?";
      }
      case Step::kDiscard:
        return "End of turn: discard down to " + std::to_string(kHandLimit) + " cards (you hold " +
               std::to_string(s_.zones[seat].hand.size()) + ")";
      case Step::kSearchDeck:
        return "Systems Report: take one card of your deck";
      case Step::kTakeFromHand:
        return "Take one card of " + name_(s_.taking_from) + "'s hand";
      case Step::kEscape:
        return "Your ship is destroyed: escape?";
      case Step::kSabotage:
        return "Sabotage: turn one of " + name_(s_.sabotaged) + "'s equipment cards face down";
      case Step::kReward:
        return "A kill: take your reward";
      case Step::kBlockEvent: {
        const TileIndex tile = s_.vessels[seat].tile;
        const Dice& d = event_at(s_, tile)->damage;
        return tile_name(s_.board.tile(tile)) + " is about to strike you for " +
               dice(d.dice, d.flat) + ": block it?";
      }
      case Step::kNone:
        break;
    }
    return "";
  }

 private:
  // Espionage at a vessel's systems or equipment: the score that blocks it (§13.2).
  std::string captain_resists(Seat target) const {
    return ": their captain resists on 2D6 at most " +
           std::to_string(systems_espionage_score(s_, target));
  }
  std::string card_title(int card) const { return s_.def(static_cast<CardId>(card)).card.title(); }
  std::string play_label(const Action& a) const {
    const CardId card = a.card - 1u;
    const CardDef& def = s_.def(card);
    const std::string title = def.card.title();
    if (s_.step == Step::kDefend || s_.step == Step::kAbsorb)
      return "Play " + title + ": " + def.card.summary();
    if (s_.step == Step::kRespond) return "Play " + title + " against it";
    if (s_.step == Step::kBlockEvent) return "Play " + title + ": no roll, no damage";
    if (s_.step == Step::kEscape) {
      const int spent = escape_power(s_, s_.decision.seat).kept - a.power;
      return "Escape in " + title + ", keeping " + std::to_string(a.power) + " Pwr up and " +
             std::to_string(spent) + " spent";
    }
    if (def.crew()) return "Table " + title + " (free)";
    switch (def.effect.mechanism) {
      case v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND:
        return "Play " + title + " on " + name_(a.subject) + captain_resists(a.subject);
      case v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER:
        return "Play " + title + " on " + name_(a.subject);
      case v1::INCURSIONS_CARD_MECHANISM_SABOTAGE: {
        const std::string resist = captain_resists(a.subject);
        if (a.officer == 0)
          return "Play " + title + " on " + name_(a.subject) + "'s equipment" + resist;
        const auto weapon = static_cast<Weapon>(a.officer - 1);
        return "Table " + title + " in front of " + name_(a.subject) + ", locking their " +
               s_.ship(a.subject).weapon_name(weapon) + resist;
      }
      case v1::INCURSIONS_CARD_MECHANISM_LAY_MINE:
        return "Play " + title + " with " + pwr(a.power) + ": a mine of " +
               dice(def.effect.mine_dice + a.power, 0);
      case v1::INCURSIONS_CARD_MECHANISM_PLACE_OBJECT: {
        const DenizenDef& placed = *def.effect.placed;
        const int bonus = placed.weapon_bonus ? weapon_bonus(s_, s_.decision.seat) : 0;
        return "Place " + title +
               " in your hex: " + dice(placed.weapon.dice, placed.weapon.flat + bonus) + ", " +
               std::to_string(placed.life) + " LP; it strikes rivals who arrive from next turn";
      }
      case v1::INCURSIONS_CARD_MECHANISM_SHUTTLE: {
        const DenizenDef& placed = *def.effect.placed;
        if (a.officer == kLaunchCraft) {
          return "Launch " + title +
                 " on its own in your hex: " + dice(placed.weapon.dice, placed.weapon.flat) + ", " +
                 std::to_string(placed.life) + " LP, evasion " + std::to_string(placed.evasion) +
                 "; you move it and attack with it as maneuvers";
        }
        return "Launch " + title + " as armour: it takes the next " + std::to_string(placed.life) +
               " damage before your shields";
      }
      default:
        break;
    }
    const bool attach = def.nature == v1::INCURSIONS_CARD_NATURE_COMMAND ||
                        def.effect.weapon_dice > 0 || def.effect.warp_hexes > 0;
    return (attach ? "Attach " : "Play ") + title + (attach ? " to your next maneuver: " : ": ") +
           def.card.summary();
  }
  std::string declared(const Declaration& d) const {
    if (d.action.kind == kPlayCard) {
      const std::string title = card_title(d.cards.front());
      if (d.answers_hit()) {
        // Event Block answers only an event's, a mine's or a denizen's blow (A45).
        const bool block =
            s_.def(d.cards.front()).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT;
        return title + (block ? " against the event's blow" : " against the hit");
      }
      if (d.what == Declared::kCrew) return title + " to its position";
      if (d.what == Declared::kEscape) return title + " to escape the wreck";
      return d.seat == s_.active ? title : "a " + title + " against the declaration before it";
    }
    return describe_kind(d.action);
  }
  std::string describe_kind(const Action& a) const {
    switch (a.kind) {
      case kFireW1:
      case kFireW2:
        return "an attack on " + (a.denizen != 0 ? denizen_name(a.denizen - 1) : name_(a.subject));
      case kLayMine:
        return "a mine";
      case kDetonateMine:
        return "a mine's detonation at " + name_(a.subject);
      case kMove:
        return "a move to " + describe_coord(s_.board.tile(a.subject).coord);
      case kExplore:
        return "an exploration";
      case kRepair:
        return "a repair";
      case kCloak:
        return "a cloak";
      case kTachyonSweep:
        return "a Tachyon Sweep";
      case kTractor:
        return "a tractor beam on " + name_(a.subject);
      case kBreakTractor:
        return "a break from a tractor beam";
      case kAssimilate:
        return "an assimilation of " + name_(a.subject) +
               (a.card != 0 ? "'s equipment" : "'s officer");
      case kFireHexWeapon:
        return "the hex's weapon at " + name_(a.subject);
      case kFireCardWeapon:
        return "an attack with " + card_title(a.card - 1) + " on " + name_(a.subject);
      default:
        return "a maneuver";
    }
  }
  // The vessel, or the officer aimed at.
  std::string target(const Action& a) const {
    if (a.denizen != 0) return denizen_name(a.denizen - 1);
    if (a.officer == 0) return name_(a.subject);
    return name_(a.subject) + "'s " + s_.def(s_.officer(a.subject, a.officer - 1)).card.title();
  }
  std::string attacker_name() const {
    if (s_.hit.denizen == 0) return name_(s_.hit.attacker);
    const Denizen& d = s_.denizens[s_.hit.denizen - 1u];
    return "The " + s_.def(d).name;
  }
  std::string denizen_name(int index) const {
    const Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
    return "the " + s_.def(d).name + " (" + std::to_string(d.life) + " life)";
  }
  std::string tile_name(const Tile& tile) const {
    return tile.hex == kStartHex ? "Start" : s_.content->hex(tile.hex).name;
  }

  const State& s_;
  const SeatNames& name_;
  Routes routes_;  // from the mover's tile, for move labels
};

}  // namespace

void action_to_proto(const State& s, Seat actor, const Action& a, v1::IncursionsAction* out) {
  out->set_kind(static_cast<v1::IncursionsActionKind>(a.kind));
  switch (a.kind) {
    case kFireW1:
    case kFireW2:
    case kAssimilate:
      if (a.denizen != 0) {
        out->set_target_denizen(a.denizen - 1u);
        break;
      }
      out->set_target_seat(a.subject);
      if (a.officer != 0) out->set_officer(position_to_proto(a.officer - 1));
      break;
    case kRestoreOfficer:
      out->set_officer(position_to_proto(a.officer - 1));
      break;
    case kFireHexWeapon:
    case kFireCardWeapon:
      out->set_target_seat(a.subject);
      break;
    case kDominate:
      out->set_target_denizen(a.denizen - 1u);
      break;
    case kDenizenMove:
      out->set_target_denizen(a.denizen - 1u);
      *out->mutable_destination() = to_proto(s.board.tile(a.subject).coord);
      break;
    case kDenizenAttack:
      out->set_target_denizen(a.denizen - 1u);
      if (const int target = attacked_denizen(a); target != 0) {
        out->set_attacked_denizen(target - 1u);
      } else {
        out->set_target_seat(a.subject);
      }
      break;
    case kDetonateMine:
    case kTractor:
    case kBreakTractor:
      out->set_target_seat(a.subject);
      break;
    case kMove:
      *out->mutable_destination() = to_proto(s.board.tile(a.subject).coord);
      break;
    case kExplore:
      *out->mutable_destination() = to_proto(neighbour(s.position(actor), a.subject));
      break;
    case kRepair:
      if (a.denizen != 0) {  // a placed object (an Outpost)
        out->set_target_denizen(a.denizen - 1u);
        break;
      }
      if (a.card != 0) break;  // the card is what the repair aims at
      [[fallthrough]];
    case kDefensiveRepair:
      out->set_system(a.subject == 0 ? v1::INCURSIONS_SYSTEM_HULL : v1::INCURSIONS_SYSTEM_SHIELDS);
      break;
    case kCut:
      out->set_cut(a.subject);
      break;
    case kChooseReward:
      out->set_reward(a.subject == kRewardDrawCards ? v1::INCURSIONS_REWARD_DRAW_CARDS
                                                    : v1::INCURSIONS_REWARD_FLIP_POWER);
      break;
    case kPlayCard: {
      const CardDef& def = s.def(a.card - 1u);
      if (def.targets_vessel()) out->set_target_seat(a.subject);
      if (a.officer == 0) break;
      if (def.effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE) {
        *out->mutable_destination() = to_proto(s.position(actor));  // launched there
      } else {
        out->set_weapon(static_cast<v1::IncursionsWeaponSlot>(a.officer));
      }
      break;
    }
    default:
      break;
  }
  if (a.card != 0) card_to_proto(s, a.card - 1u, out->mutable_card());
  out->set_power(a.power);
  out->set_range_power(a.range_power);
}

namespace {

v1::IncursionsStep step_of(Step step) {
  switch (step) {
    case Step::kCut:
      return v1::INCURSIONS_STEP_CUT;
    case Step::kKeepCloak:
      return v1::INCURSIONS_STEP_KEEP_CLOAK;
    case Step::kKeepTractor:
      return v1::INCURSIONS_STEP_KEEP_TRACTOR;
    case Step::kManeuver:
      return v1::INCURSIONS_STEP_MANEUVER;
    case Step::kDefend:
      return v1::INCURSIONS_STEP_DEFEND;
    case Step::kTractorLock:
      return v1::INCURSIONS_STEP_TRACTOR_LOCK;
    case Step::kAbsorb:
      return v1::INCURSIONS_STEP_ABSORB;
    case Step::kEventRepair:
      return v1::INCURSIONS_STEP_EVENT_REPAIR;
    case Step::kRespond:
      return v1::INCURSIONS_STEP_RESPOND;
    case Step::kDiscard:
      return v1::INCURSIONS_STEP_DISCARD;
    case Step::kSearchDeck:
      return v1::INCURSIONS_STEP_SEARCH_DECK;
    case Step::kTakeFromHand:
      return v1::INCURSIONS_STEP_TAKE_FROM_HAND;
    case Step::kEscape:
      return v1::INCURSIONS_STEP_ESCAPE;
    case Step::kSabotage:
      return v1::INCURSIONS_STEP_SABOTAGE;
    case Step::kReward:
      return v1::INCURSIONS_STEP_REWARD;
    case Step::kBlockEvent:
      return v1::INCURSIONS_STEP_BLOCK_EVENT;
    case Step::kNone:
      break;
  }
  return v1::INCURSIONS_STEP_UNSPECIFIED;
}

}  // namespace

void project_prompt(const Game& game, const SeatNames& names, v1::DecisionPrompt* out) {
  const State& s = game.state();
  const core::Decision& d = s.decision;
  Labeller label(s, names);
  out->set_decision_id(d.id);
  out->set_seat(d.seat);
  out->set_kind(v1::DECISION_KIND_CHOOSE_ONE);
  out->set_min_choices(1);
  out->set_max_choices(1);
  out->set_title(label.title());
  for (core::OptionId id : d.options) {
    const Action a = *decode(id);
    auto* option = out->add_options();
    option->set_id(id);
    option->set_label(label(a));
    action_to_proto(s, d.seat, a, option->mutable_incursions());
  }
  auto* context = out->mutable_incursions();
  context->set_step(step_of(s.step));
  if (s.step == Step::kDefend || s.step == Step::kAbsorb) hit_to_proto(s, context->mutable_hit());
  if (s.step == Step::kTractorLock) {
    context->mutable_hit()->set_attacker(s.lock.holder);
    context->mutable_hit()->set_target(s.lock.target);
  }
  if (s.step == Step::kCut && s.cuts_done < s.piles.size()) {
    const Pile& pile = s.piles[s.cuts_done];
    if (pile.owner != kNoSeat) context->set_pile_owner(pile.owner);
    context->set_pile_size(static_cast<std::uint32_t>(pile.hexes.size()));
  } else if (s.step == Step::kCut) {
    const auto owner = static_cast<Seat>(s.cuts_done - s.piles.size());
    context->set_deck_owner(owner);
    context->set_pile_size(static_cast<std::uint32_t>(s.zones[owner].deck.size()));
  }
  if (s.step == Step::kSearchDeck || s.step == Step::kTakeFromHand || s.step == Step::kSabotage) {
    // The options, which are sorted by instance: never the deck's order.
    for (core::OptionId id : d.options) {
      if (const Action a = *decode(id); a.card != 0)
        card_to_proto(s, a.card - 1u, context->add_choices());
    }
  }
}

}  // namespace spacedock::incursions
