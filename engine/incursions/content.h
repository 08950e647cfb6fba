#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "spacedock/v1/incursions.pb.h"
#include "spacedock/v1/incursions_content.pb.h"

namespace spacedock::incursions {

using ShipIndex = std::uint8_t;
inline constexpr ShipIndex kNoShip = 0xff;
using HexIndex = std::int16_t;
using CardIndex = std::uint16_t;

// The ship's three weapon systems, and a hex's lent weapon (kHex: never a ship's).
// The ship's three systems, the hex's weapon (Launching Center), a card's (Weapon Prototype).
enum class Weapon : std::uint8_t { kW1, kW2, kW3, kHex, kCard };
inline constexpr int kWeaponCount = 3;

struct WeaponStats {
  int dice = 1;
  int flat = 0;
  int range = 0;
  bool present = true;  // a craft may lack W2 and W3 (§19.4)
};

// A ship card's figures, as the rules engine uses them.
struct ShipDef {
  std::string id;
  v1::Race race = v1::RACE_UNSPECIFIED;
  int hull = 0;
  int shields = 0;
  int evasion = 0;
  int drive = 1;
  std::array<WeaponStats, kWeaponCount> weapons;
  int cloak_cost = 0;  // 0: no cloaking device
  int repair_bonus = 0;
  int shield_absorb = 5;
  bool craft = false;       // a card's craft (§19.4): its make is its parent ship's; never dealt
  v1::IncursionsShip card;  // the printed card, for views

  const WeaponStats& weapon(Weapon w) const { return weapons[static_cast<int>(w)]; }
  const std::string& weapon_name(Weapon w) const {
    return w == Weapon::kW1   ? card.w1().name()
           : w == Weapon::kW2 ? card.w2().name()
                              : card.w3().name();
  }
  bool can_cloak() const { return cloak_cost > 0; }
};

struct Dice {
  int dice = 0;
  int flat = 0;
};

// Which vessels a hex acts on (§9.4): all, or by ship or captain race, or every other race.
struct HexCondition {
  v1::HexCondition::Key key = v1::HexCondition::KEY_UNSPECIFIED;
  v1::Race race = v1::RACE_UNSPECIFIED;
  bool others = false;
};

struct HexModifiers {
  int evasion = 0;
  int drive = 0;
  int w1_range = 0;
  int w2_range = 0;
  int weapon_dice = 0;
  int torpedo_dice = 0;
  int shield_layer = 0;
  int cloak_discount = 0;
  bool no_evasion = false;
  bool shields_offline = false;
  int power_out_of_play = 0;
  int extra_maneuvers = 0;
  int assimilation_range = 0;
};

// A hex's denizen, or an object a card places in a hex (§11.1), which acts like one.
struct DenizenDef {
  std::string name;
  Dice weapon;
  int evasion = 0;  // 0: never evades
  int life = 0;
  bool mobile = false;
  bool dominatable = false;
  bool weapon_bonus = false;  // a placed object: its owner's weapon bonus adds to its attacks
  bool repairable = false;    // a placed object its owner may repair (Outpost)
};

struct HexWeaponDef {
  Dice damage;
  int range = 0;
  int power = 0;
};

// What a hex does in the EVENTS and FULL modes (schema v1::HexEvent).
struct HexEventDef {
  HexCondition applies_to;
  bool spares_owner = false;
  bool arrival = false;
  bool remain = false;
  bool unique = false;
  Dice damage;
  int draw = 0;
  int flip = 0;
  HexModifiers modifiers;
  int escape = 0;
  bool escape_while_denizen = false;
  std::optional<DenizenDef> denizen;
  std::optional<HexWeaponDef> weapon;
};

struct HexDef {
  std::string id;
  int number = 0;
  std::string name;
  int hexpoints = 0;
  bool wormhole = false;
  bool repeatable = false;
  v1::Race affinity = v1::RACE_UNSPECIFIED;
  std::string summary;
  HexEventDef event;
};

// Bridge positions (§19.3), in the order of v1::IncursionsPosition; a vessel holds at most one
// officer in each (§15).
inline constexpr int kPositions = 7;
inline constexpr int kCaptain = 0;

inline v1::IncursionsPosition position_to_proto(int position) {
  return static_cast<v1::IncursionsPosition>(position + 1);
}

// An officer's bonus bar (§15): flat additions while tabled face up (A61).
struct Bonuses {
  int shields = 0;
  int evasion = 0;
  int weapons = 0;
  int repair = 0;
  int crew_espionage = 0;  // to every officer of the vessel, this one included
};

inline constexpr int kNoPosition = -1;  // a game card, not an officer

// A game card's numbers and mechanism (§18; schema v1::IncursionsCardEffect).
struct CardEffect {
  int attack_flat = 0;
  int weapon_dice = 0;
  int extra_maneuvers = 0;
  int warp_hexes = 0;
  int absorb = 0;
  int repair = 0;
  int evasion = 0;
  int mine_dice = 0;
  int removal_repair = 0;
  v1::IncursionsCardMechanism mechanism = v1::INCURSIONS_CARD_MECHANISM_NONE;
  ShipIndex craft = kNoShip;  // the craft the card brings into play (Shuttle craft)
  int system_dice = 0;        // the weapon system the card is (Weapon Prototype)
  std::optional<DenizenDef> placed = std::nullopt;  // what it places in a hex (Weapons Platform)
};

// A captain, crew or game card's figures (§14, §18, §19.3), as the rules engine uses them.
struct CardDef {
  std::string id;
  int position = kCaptain;  // kNoPosition for game cards
  // Officers: their race, unspecified for crew who serve any race. Game cards: the usage
  // limitation, unspecified for none.
  v1::Race race = v1::RACE_UNSPECIFIED;
  Bonuses bonuses;
  int espionage_evasion = 0;
  v1::IncursionsCardNature nature = v1::INCURSIONS_CARD_NATURE_UNSPECIFIED;
  v1::IncursionsRarity rarity = v1::INCURSIONS_RARITY_NONE;
  std::uint32_t methods = 0;  // bit per v1::IncursionsPlayMethod
  CardEffect effect;
  v1::IncursionsCard card;  // the printed card, for views

  bool captain() const { return position == kCaptain; }
  bool officer() const { return position != kNoPosition; }
  bool crew() const { return officer() && !captain(); }
  bool playable_by(v1::IncursionsPlayMethod method) const { return (methods >> method) & 1u; }
  // Played at another vessel, named by the action's subject: espionage, and the cards tabled in
  // front of a target.
  bool targets_vessel() const {
    return effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND ||
           effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER ||
           effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_SABOTAGE;
  }
  // Equipment can be damaged, sabotaged or assimilated (§14.1).
  bool equipment() const { return card.card_type() == v1::INCURSIONS_CARD_TYPE_EQUIPMENT; }
};

struct DeckPreset {
  std::string id;
  std::string name;
  std::vector<CardIndex> cards;
};

struct HexpilePreset {
  std::string id;
  std::string name;
  std::vector<HexIndex> hexes;
};

// A content file could not be loaded; what() names the file, line and problem.
class ContentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Ships, hexes, officers and preset contributions: every figure the rules leave open lives here,
// loaded strictly from the data files under engine/incursions/content/.
class Content {
 public:
  // Parses and checks content files (protobuf text format, schema IncursionsContent). Throws
  // ContentError on unknown fields, duplicate or dangling ids, or impossible figures.
  struct File {
    std::string_view name;
    std::string_view text;
  };
  static Content load(std::initializer_list<File> files);

  // The content files built into this binary, loaded once.
  static const Content& standard();

  // A ship a player may sail (never a craft), and a craft by id.
  std::optional<ShipIndex> find_ship(std::string_view id) const;
  std::optional<ShipIndex> find_craft(std::string_view id) const;
  std::optional<HexIndex> find_hex(std::string_view id) const;
  std::optional<CardIndex> find_card(std::string_view id) const;
  // The captain card of a race, if the content has one.
  std::optional<CardIndex> captain_of(v1::Race race) const;
  const HexpilePreset* find_preset(std::string_view id) const;
  const DeckPreset* find_deck_preset(std::string_view id) const;

  const ShipDef& ship(ShipIndex i) const { return ships_[i]; }
  const HexDef& hex(HexIndex i) const { return hexes_[static_cast<std::size_t>(i)]; }
  const CardDef& card(CardIndex i) const { return cards_[i]; }
  const std::vector<CardDef>& cards() const { return cards_; }
  // The ships players sail; crafts follow them in the same index space.
  std::span<const ShipDef> ships() const { return {ships_.data(), player_ships_}; }
  std::span<const ShipDef> crafts() const {
    return std::span<const ShipDef>(ships_).subspan(player_ships_);
  }
  const std::vector<HexDef>& hexes() const { return hexes_; }
  const std::vector<HexpilePreset>& presets() const { return presets_; }
  const std::vector<DeckPreset>& deck_presets() const { return deck_presets_; }
  const std::vector<ShipIndex>& standard_pool() const { return standard_pool_; }
  int extra_wormhole_hexpoints() const { return extra_wormhole_hexpoints_; }
  // Everything loaded, as the files said it: what clients are sent.
  const v1::IncursionsContent& listing() const { return listing_; }

 private:
  std::vector<ShipDef> ships_;
  std::size_t player_ships_ = 0;
  std::vector<HexDef> hexes_;
  std::vector<CardDef> cards_;
  std::vector<HexpilePreset> presets_;
  std::vector<DeckPreset> deck_presets_;
  std::vector<ShipIndex> standard_pool_;
  int extra_wormhole_hexpoints_ = 0;
  v1::IncursionsContent listing_;
};

}  // namespace spacedock::incursions
