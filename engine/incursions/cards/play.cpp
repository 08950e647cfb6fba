// Playing game cards (§5.2-§5.3, §14.2, §18): what may be played when, and what each kind of
// card does. A card's behaviour is its data (CardEffect): its figures and, for the few cards
// that need more, a general mechanism.
#include <algorithm>
#include <array>
#include <utility>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

using enum ActionKind;
using Mechanism = v1::IncursionsCardMechanism;

// Cards that join the next maneuver for free: commands (but Countermand, which answers), and
// the cards that boost a system as it is used (Phasers with W1, Warp with a move). In the A10
// variant Red Alert is a maneuver of its own instead.
bool attaches(const CardDef& def, const RuleOptions& rules) {
  if (def.playable_by(v1::INCURSIONS_PLAY_METHOD_PLAY_ANY_TIME)) return false;
  if (def.effect.extra_maneuvers > 0 && rules.red_alert_costs_maneuver) return false;
  return def.nature == v1::INCURSIONS_CARD_NATURE_COMMAND || def.effect.weapon_dice > 0 ||
         def.effect.warp_hexes > 0;
}

bool command(const CardDef& def) {
  return def.nature == v1::INCURSIONS_CARD_NATURE_COMMAND;
}

// What the maneuver a card is attached to must be: Fire an attack that rolls damage, Phasers a
// W1 attack, Warp a move (§18).
enum Demand : std::uint8_t {
  kAnyManeuver = 0,
  kWeaponAttack = 1,
  kPhaserAttack = 2,
  kMoveDemand = 4
};

std::uint8_t demand(const CardDef& def) {
  std::uint8_t d = kAnyManeuver;
  if (def.effect.attack_flat > 0) d |= kWeaponAttack;
  if (def.effect.weapon_dice > 0) d |= kPhaserAttack;
  if (def.effect.warp_hexes > 0) d |= kMoveDemand;
  return d;
}

}  // namespace

std::uint8_t Game::attached_demands() const {
  std::uint8_t demands = kAnyManeuver;
  for (CardId card : s_.attached)
    demands |= demand(s_.def(card));
  return demands;
}

bool Game::fits(std::uint8_t demands, const Action& a) const {
  // A launched craft's attack on its owner's order is its W1 fired: the hand cards go with it
  // as with the ship's (§11.3: "play hand cards while controlling it").
  const bool craft_attack = a.kind == kDenizenAttack && a.denizen != 0 &&
                            a.denizen <= s_.denizens.size() &&
                            is_craft(s_.denizens[a.denizen - 1u]);
  const bool phasers = a.kind == kFireW1 || craft_attack;
  const bool weapon = phasers || a.kind == kFireW2 || a.kind == kFireCardWeapon;
  if ((demands & kPhaserAttack) && !phasers) return false;
  if ((demands & kWeaponAttack) && !weapon) return false;
  return !(demands & kMoveDemand) || a.kind == ActionKind::kMove;
}

Rule Game::check_attached_fit(const Action& a) const {
  return fits(attached_demands(), a) ? Rule::kOk : Rule::kNotForThisManeuver;
}

bool Game::serves_race(Seat seat, v1::Race race) const {
  // The ship's own race, or the race of a captain the Borg assimilated (§13.3, §19.1).
  if (s_.race(seat) == race) return true;
  auto assimilated_captain = [&](CardId c) {
    return c != kNoCard && s_.cards[c].assimilated && s_.def(c).captain() && s_.def(c).race == race;
  };
  const auto& extra = s_.zones[seat].extra_captains;
  return assimilated_captain(s_.officer(seat, kCaptain)) ||
         std::any_of(extra.begin(), extra.end(), assimilated_captain);
}

Rule Game::check_card(const Action& a) const {
  if (a.card == 0 || a.card > s_.cards.size()) return Rule::kNoSuchCard;
  if (!in_hand(decider(), a.card - 1u)) return Rule::kNotInHand;
  return check_card_in_hand(a);
}

Rule Game::check_card_in_hand(const Action& a) const {
  const Seat seat = decider();
  const CardId card = a.card - 1u;
  const CardDef& def = s_.def(card);
  const Mechanism mechanism = def.effect.mechanism;
  const bool escaping = s_.step == Step::kEscape;
  if ((a.subject != 0 && !def.targets_vessel()) ||
      (a.power != 0 && mechanism != v1::INCURSIONS_CARD_MECHANISM_LAY_MINE && !escaping) ||
      (a.officer != 0 && mechanism != v1::INCURSIONS_CARD_MECHANISM_SABOTAGE &&
       !(mechanism == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE && a.officer == kLaunchCraft &&
         !escaping))) {
    return Rule::kUnknownOption;
  }
  // A race limitation is checked on play (A59); a card taken by espionage ignores it (§18).
  if (def.race != v1::RACE_UNSPECIFIED && !s_.cards[card].gathered &&
      !serves_race(seat, def.race)) {
    return Rule::kRaceRestricted;
  }
  const Hit& hit = s_.hit;
  switch (s_.step) {
    case Step::kRespond:
      return mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND ? Rule::kOk : Rule::kWrongStep;
    case Step::kDefend:
    case Step::kAbsorb:
      // Only Event Block answers a hex's blow, a mine's or a denizen's (A45).
      if (mechanism == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT) {
        return hit.automatic || hit.denizen != 0 ? Rule::kOk : Rule::kNotAnEvent;
      }
      // In the defender window a Countermand cancels the attack itself: a ship's attack is a
      // maneuver, a hex's blow or a denizen's is not (§5.5.7) [R].
      if (mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND) {
        return s_.step == Step::kDefend && hit.attacker != kNoSeat ? Rule::kOk : Rule::kWrongStep;
      }
      if (def.nature != v1::INCURSIONS_CARD_NATURE_DEFENSE) return Rule::kWrongStep;
      if (hit.automatic) return Rule::kEventOnlyEventBlock;
      // One Defense slot per attack (A07).
      if (hit.repair_chosen || hit.card_absorb > 0 || hit.card_repair > 0) {
        return Rule::kDefenseSlotUsed;
      }
      return Rule::kOk;
    case Step::kBlockEvent:  // only Event Block answers a hex's blow (A45)
      if (mechanism == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT) return Rule::kOk;
      return def.nature == v1::INCURSIONS_CARD_NATURE_DEFENSE ? Rule::kEventOnlyEventBlock
                                                              : Rule::kWrongStep;
    case Step::kEscape: {
      if (mechanism != v1::INCURSIONS_CARD_MECHANISM_SHUTTLE) return Rule::kWrongStep;
      const EscapePower kept = escape_power(s_, seat);
      return a.power >= kept.least_up && a.power <= kept.most_up ? Rule::kOk
                                                                 : Rule::kInsufficientPower;
    }
    case Step::kManeuver:
      break;
    default:
      return Rule::kWrongStep;
  }
  if (def.crew()) {
    if (s_.officer(seat, def.position) != kNoCard) return Rule::kPositionOccupied;
    return check_rarity(seat, card);
  }
  if (mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND) return Rule::kWrongStep;
  if (s_.maneuvers_used >= s_.maneuvers_allowed) return Rule::kNoManeuversLeft;
  if (!attaches(def, s_.options.rules)) return check_card_maneuver(a, def);
  // At most one command and one other card per maneuver, but any number of Warps (§5.3, A47).
  std::uint8_t demands = demand(def);
  for (CardId other : s_.attached) {
    const CardDef& o = s_.def(other);
    if (command(def) && command(o)) return Rule::kCommandLimit;
    if (!command(def) && !command(o) && !(def.effect.warp_hexes > 0 && o.effect.warp_hexes > 0)) {
      return Rule::kCardLimit;
    }
    demands |= demand(o);
  }
  // The attached cards must still fit one maneuver: a Warp's move is no attack.
  if ((demands & kMoveDemand) && (demands & (kWeaponAttack | kPhaserAttack))) {
    return Rule::kNotForThisManeuver;
  }
  return Rule::kOk;
}

Rule Game::check_card_maneuver(const Action& a, const CardDef& def) const {
  const Seat seat = s_.active;
  const CardId card = a.card - 1u;
  if (Rule r = check_attached_fit(a); r != Rule::kOk) return r;
  switch (def.effect.mechanism) {
    case v1::INCURSIONS_CARD_MECHANISM_SEARCH_DECK:
      return Rule::kOk;
    case v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND:
      // Espionage reaches any hex, but not a cloaked vessel (§13.1).
      return check_target(seat, a.subject);
    case v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER: {
      if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
      for (const Tabled& t : s_.tabled) {
        if (t.on == a.subject && s_.def(t.card).effect.mechanism == def.effect.mechanism) {
          return Rule::kOnePerTarget;
        }
      }
      const Power& target = s_.vessels[a.subject].power;
      if (target.up + target.spent == 0) return Rule::kInvalidTarget;
      return check_rarity(seat, card);
    }
    case v1::INCURSIONS_CARD_MECHANISM_LAY_MINE:
      if (Rule r = check_maneuver(make_action(kLayMine, 0, a.power)); r != Rule::kOk) return r;
      return check_rarity(seat, card);
    case v1::INCURSIONS_CARD_MECHANISM_CLOAK_AND_MOVE:
      if (!s_.ship(seat).can_cloak()) return Rule::kNoCloak;
      return check_rarity(seat, card);
    case v1::INCURSIONS_CARD_MECHANISM_SHUTTLE:
      // One shuttle as armour beside the ship [P]; launched ones are not counted.
      if (a.officer != kLaunchCraft && has_armour(seat)) return Rule::kOnePerTarget;
      if (a.officer == kLaunchCraft && !object_room()) return Rule::kCardLimit;
      return check_rarity(seat, card);
    case v1::INCURSIONS_CARD_MECHANISM_PLACE_OBJECT:
      if (!object_room()) return Rule::kCardLimit;
      return check_rarity(seat, card);
    case v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM:
      return check_rarity(seat, card);
    case v1::INCURSIONS_CARD_MECHANISM_SABOTAGE:
      return check_sabotage(a);
    case v1::INCURSIONS_CARD_MECHANISM_NONE:
      if (def.effect.evasion > 0) return check_rarity(seat, card);  // equipment to table
      if (def.effect.repair > 0) return Rule::kOk;           // a defense card on your own turn
      if (def.effect.extra_maneuvers > 0) return Rule::kOk;  // Red Alert under A10
      return Rule::kWrongStep;                               // answers a hit only
    default:
      return Rule::kWrongStep;
  }
}

void Game::enumerate_cards(std::vector<core::OptionId>& out) const {
  const Seat seat = decider();
  // Copies of a card answer alike: each is checked once, and its copies get the same options.
  struct Checked {
    CardId card;
    std::size_t begin;
    std::size_t end;
  };
  std::array<Checked, 16> checked;
  std::size_t count = 0;
  // What the step could take at all, to skip the rest quickly.
  const bool maneuvers_left = s_.maneuvers_used < s_.maneuvers_allowed;
  auto candidate = [&](const CardDef& def) {
    switch (s_.step) {
      case Step::kRespond:
        return def.effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND;
      case Step::kDefend:
      case Step::kAbsorb:
        return def.nature == v1::INCURSIONS_CARD_NATURE_DEFENSE ||
               def.effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND;
      case Step::kEscape:
        return def.effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE;
      case Step::kBlockEvent:
        return def.effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT;
      default:
        return maneuvers_left || def.crew();
    }
  };
  for (CardId card : s_.zones[seat].hand) {
    const Card& c = s_.cards[card];
    if (!candidate(s_.content->card(c.def))) continue;
    const Checked* copy = nullptr;
    for (std::size_t i = 0; i < count && copy == nullptr; ++i) {
      const Card& other = s_.cards[checked[i].card];
      if (other.def == c.def && other.gathered == c.gathered) copy = &checked[i];
    }
    if (copy != nullptr) {
      // The same options naming this copy: the card is an id's top 16 bits.
      constexpr core::OptionId kCardBits = core::OptionId{0xffff} << 48;
      for (std::size_t i = copy->begin; i < copy->end; ++i)
        out.push_back((out[i] & ~kCardBits) | (core::OptionId{card + 1u} << 48));
      continue;
    }
    const std::size_t begin = out.size();
    auto add_if = [&](int subject, int power) {
      const Action a = card_action(kPlayCard, card, subject, power);
      if (check_card_in_hand(a) == Rule::kOk) out.push_back(encode(a));
    };
    switch (s_.def(card).effect.mechanism) {
      case v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND:
      case v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER:
        for (Seat target = 0; target < s_.players; ++target)
          add_if(target, 0);
        break;
      case v1::INCURSIONS_CARD_MECHANISM_SABOTAGE:
        enumerate_sabotage(card, out);
        break;
      case v1::INCURSIONS_CARD_MECHANISM_SHUTTLE:
        if (s_.step == Step::kEscape) {  // one option per number of UP cards kept
          const EscapePower kept = escape_power(s_, seat);
          for (int up = kept.least_up; up <= kept.most_up; ++up)
            add_if(0, up);
        } else {
          add_if(0, 0);
          Action launch = card_action(kPlayCard, card);
          launch.officer = kLaunchCraft;
          if (check_card_in_hand(launch) == Rule::kOk) out.push_back(encode(launch));
        }
        break;
      case v1::INCURSIONS_CARD_MECHANISM_LAY_MINE:
        // Only the power bound depends on the Pwr put in: check once, list every amount.
        if (check_card_in_hand(card_action(kPlayCard, card)) != Rule::kOk) break;
        for (int k = 0; k <= s_.vessels[seat].power.available(); ++k)
          out.push_back(encode(card_action(kPlayCard, card, 0, k)));
        break;
      default:
        add_if(0, 0);
        break;
    }
    if (count < checked.size()) checked[count++] = {card, begin, out.size()};
  }
}

bool Game::free_play(const Action& a) const {
  const CardDef& def = s_.def(a.card - 1u);
  return def.crew() || attaches(def, s_.options.rules);
}

void Game::play_free_card(const Action& a) {
  const Seat seat = s_.active;
  const CardId card = a.card - 1u;
  if (s_.def(card).crew()) {
    declare_card(seat, a, Declared::kCrew, kNoSeat, s_.maneuvers_allowed);
    return;
  }
  remove_from_hand(seat, card);
  s_.attached.push_back(card);
  emit(ev::CardPlayed{seat, card, kNoSeat, /*attached=*/true, s_.maneuvers_allowed});
}

void Game::answer_hit_with_card(const Action& a) {
  // The card is a declaration of its own: every other player holding cards may answer it
  // before it acts, and the hit waits for it (§5.5, A28).
  const Seat seat = s_.hit.target;
  s_.tasks.push_back({Task::Kind::kResumeHit, seat});
  declare_card(seat, a, Declared::kHitAnswer);
}

void Game::apply_defense_card(Seat seat, CardId card) {
  const CardEffect& effect = s_.def(card).effect;
  to_discard(seat, card, v1::CARD_DISCARD_REASON_USED);
  if (effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT ||
      effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND) {
    s_.hit.evaded = true;  // the blow is cancelled for this vessel
    s_.hit.evasion_open = false;
    s_.hit.blocked = true;
    return;
  }
  if (effect.absorb > 0) {
    s_.hit.card_absorb = static_cast<std::uint8_t>(effect.absorb);
    s_.hit.evasion_open = false;  // shields come after evasion (§7.3)
  }
  s_.hit.card_repair = static_cast<std::uint8_t>(effect.repair);
}

void Game::resolve_card(Seat seat, const Action& a) {
  const CardId card = a.card - 1u;
  const CardDef& def = s_.def(card);
  switch (def.effect.mechanism) {
    case v1::INCURSIONS_CARD_MECHANISM_SEARCH_DECK:
      if (!s_.zones[seat].deck.empty()) open(Step::kSearchDeck, seat);
      return;
    case v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND: {
      // The target's captain (else its best officer) may block it (§13.2); on a failure the
      // spy sees the whole hand and picks (A27).
      const Seat target = a.subject;
      if (espionage_evasion(target, systems_espionage_score(s_, target))) return;
      const auto& hand = s_.zones[target].hand;
      s_.taking_from = target;
      if (s_.options.rules.gather_intelligence_blind) {
        // The variant: a card at random, unseen (A27).
        if (!hand.empty()) {
          const CardId taken = hand[s_.rng.below(static_cast<std::uint32_t>(hand.size()))];
          take_card(card_action(kTakeCard, taken));
        }
        s_.taking_from = kNoSeat;
        return;
      }
      emit(ev::HandRevealed{target, seat, {hand.begin(), hand.end()}});
      if (hand.empty()) {
        s_.taking_from = kNoSeat;
        return;
      }
      open(Step::kTakeFromHand, seat);
      return;
    }
    case v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER: {
      // A spent card if there is one: the choice the target would make.
      table_card(seat, card, a.subject);
      Power& p = s_.vessels[a.subject].power;
      if (p.spent > 0) {
        --p.spent;
      } else {
        --p.up;
      }
      ++p.claimed;
      return;
    }
    case v1::INCURSIONS_CARD_MECHANISM_LAY_MINE: {
      pay(seat, a.power);
      std::erase(s_.committed, card);
      Mine mine{s_.vessels[seat].tile,
                seat,
                static_cast<std::uint8_t>(def.effect.mine_dice + a.power),
                0,
                s_.turn,
                card};
      s_.mines.push_back(mine);
      emit(ev::MineLaid{mine.tile, mine.owner, mine.dice, mine.flat});
      return;
    }
    case v1::INCURSIONS_CARD_MECHANISM_CLOAK_AND_MOVE:
    case v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM:
      table_card(seat, card, seat);
      return;
    case v1::INCURSIONS_CARD_MECHANISM_SABOTAGE:
      sabotage(seat, a);
      return;
    case v1::INCURSIONS_CARD_MECHANISM_PLACE_OBJECT:
      place_object(seat, card);
      return;
    case v1::INCURSIONS_CARD_MECHANISM_SHUTTLE: {
      if (a.officer == kLaunchCraft) {
        place_object(seat, card);
        return;
      }
      // Armour: the craft's hull and shields as one pool, as when launched (§19.4).
      table_card(seat, card, seat);
      s_.tabled.back().life = static_cast<std::int16_t>(def.effect.placed->life);
      return;
    }
    default:
      break;
  }
  if (def.effect.evasion > 0) {
    table_card(seat, card, seat);
    return;
  }
  if (def.effect.repair > 0) repair_hull_first(seat, def.effect.repair);
}

void Game::table_card(Seat seat, CardId card, Seat on, std::uint8_t locks) {
  std::erase(s_.committed, card);  // it stays in play instead of going to the discard pile
  s_.tabled.push_back(Tabled{card, seat, on, s_.maneuvers_declared, 0, locks});
  emit(ev::CardTabled{seat, card, -1, on == seat ? kNoSeat : on, false, locks});
}

void Game::take_card(const Action& a) {
  const Seat seat = s_.active;  // searches and spying happen on the taker's own turn
  const CardId card = a.card - 1u;
  if (s_.taking_from == kNoSeat) {  // a search of the taker's own deck
    std::erase(s_.zones[seat].deck, card);
    to_hand(seat, card);
    emit(ev::CardTaken{seat, kNoSeat, card});
    shuffle_deck(seat);  // R18
    return;
  }
  const Seat from = std::exchange(s_.taking_from, kNoSeat);
  remove_from_hand(from, card);
  to_hand(seat, card);
  s_.cards[card].gathered = true;
  emit(ev::CardTaken{seat, from, card});
}

Rule Game::check_card_weapon(const Action& a) const {
  const Seat seat = s_.active;
  const bool tabled = std::any_of(s_.tabled.begin(), s_.tabled.end(), [&](const Tabled& t) {
    return t.card == a.card - 1u && own_card_in_effect(s_, seat, t) &&
           s_.def(t.card).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM;
  });
  if (!tabled) return Rule::kNoSuchCard;
  if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
  // Range 0, and no Pwr buys range (§18 [P]).
  if (s_.vessels[a.subject].tile != s_.vessels[seat].tile) return Rule::kOutOfRange;
  return a.power <= s_.vessels[seat].power.available() ? Rule::kOk : Rule::kInsufficientPower;
}

void Game::fire_card_weapon(const Action& a) {
  const Seat attacker = s_.active;
  pay(attacker, a.power);
  emit(ev::AttackDeclared{attacker, a.subject, Weapon::kCard, a.power, 0, 0});
  roll_hit(attacker, a.subject, Weapon::kCard,
           s_.def(a.card - 1u).effect.system_dice + a.power +
               hex_weapon_dice(s_, attacker, Weapon::kCard),
           weapon_bonus(s_, attacker) + card_sum(s_, s_.committed, &CardEffect::attack_flat),
           /*automatic=*/false);
}

}  // namespace spacedock::incursions
