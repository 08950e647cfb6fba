#include "engine/incursions/content.h"

#include <cstdlib>
#include <limits>
#include <unordered_set>

#include "engine/core/text_format.h"
#include "engine/incursions/cards/deck_rules.h"

namespace spacedock::embedded {
extern const std::string_view incursions_ships;
extern const std::string_view incursions_hexes;
extern const std::string_view incursions_cards;
extern const std::string_view incursions_game_cards;
extern const std::string_view incursions_decks;
}  // namespace spacedock::embedded

namespace spacedock::incursions {
namespace {

[[noreturn]] void fail(const std::string& message) {
  throw ContentError(message);
}

void require(bool ok, const std::string& message) {
  if (!ok) fail(message);
}

WeaponStats weapon_stats(const v1::IncursionsWeapon& w, const std::string& ship, const char* slot,
                         bool present = true) {
  if (!present) return {0, 0, 0, false};
  require(w.dice() >= 1 && w.dice() <= 4, "ship " + ship + ": " + slot + " needs 1 to 4 dice");
  require(w.flat() >= 0 && w.flat() <= 20,
          "ship " + ship + ": " + slot + " flat bonus out of range");
  require(w.range() <= 6, "ship " + ship + ": " + slot + " range above 6");
  return {static_cast<int>(w.dice()), w.flat(), static_cast<int>(w.range())};
}

ShipDef ship_def(const v1::IncursionsShip& card, bool craft) {
  const std::string& id = card.id();
  require(!id.empty(), "a ship has no id");
  // A craft is of its parent ship's make (§11.3).
  require((card.race() != v1::RACE_UNSPECIFIED) != craft,
          "ship " + id + (craft ? ": a craft has no race of its own" : ": race missing"));
  require(card.hull() > 0 && card.hull() <= 200, "ship " + id + ": hull must be 1 to 200");
  require(card.shields() >= 0 && card.shields() <= 100,
          "ship " + id + ": shields must be 0 to 100");
  require(card.evasion() >= 0 && card.evasion() <= 12, "ship " + id + ": evasion must be 0 to 12");
  require(card.drive() >= 1 && card.drive() <= 4, "ship " + id + ": drive must be 1 to 4");
  require(card.cloak_cost() <= 4, "ship " + id + ": cloak cost above 4 Pwr");
  require(card.shield_absorb() >= 1 && card.shield_absorb() <= 20,
          "ship " + id + ": shield_absorb must be 1 to 20");
  require(card.has_w1() && (craft || (card.has_w2() && card.has_w3())),
          "ship " + id + ": needs w1, w2 and w3");
  ShipDef def;
  def.craft = craft;
  def.id = id;
  def.race = card.race();
  def.hull = card.hull();
  def.shields = card.shields();
  def.evasion = card.evasion();
  def.drive = card.drive();
  def.weapons = {weapon_stats(card.w1(), id, "w1"),
                 weapon_stats(card.w2(), id, "w2", card.has_w2()),
                 weapon_stats(card.w3(), id, "w3", card.has_w3())};
  def.cloak_cost = static_cast<int>(card.cloak_cost());
  def.repair_bonus = card.repair_bonus();
  def.shield_absorb = card.shield_absorb();
  def.card = card;
  return def;
}

Dice dice_of(const v1::HexDice& d, const std::string& where) {
  require(d.dice() <= 6 && d.flat() >= -10 && d.flat() <= 20, where + ": dice out of range");
  return {static_cast<int>(d.dice()), d.flat()};
}

HexEventDef event_def(const v1::HexEvent& e, const std::string& id) {
  HexEventDef out;
  out.applies_to = {e.applies_to().key(), e.applies_to().race(), e.applies_to().others()};
  require(out.applies_to.key == v1::HexCondition::KEY_UNSPECIFIED ||
              out.applies_to.race != v1::RACE_UNSPECIFIED,
          "hex " + id + ": a race condition needs a race");
  out.spares_owner = e.spares_owner();
  out.arrival = e.arrival();
  out.remain = e.remain();
  out.unique = e.unique();
  out.damage = dice_of(e.damage(), "hex " + id + " damage");
  out.draw = static_cast<int>(e.draw());
  out.flip = static_cast<int>(e.flip());
  require(out.draw <= 5 && out.flip <= 4, "hex " + id + ": draw at most 5, flip at most 4");
  const auto& m = e.modifiers();
  out.modifiers = {m.evasion(),
                   m.drive(),
                   m.w1_range(),
                   m.w2_range(),
                   static_cast<int>(m.weapon_dice()),
                   static_cast<int>(m.torpedo_dice()),
                   static_cast<int>(m.shield_layer()),
                   static_cast<int>(m.cloak_discount()),
                   m.no_evasion(),
                   m.shields_offline(),
                   static_cast<int>(m.power_out_of_play()),
                   static_cast<int>(m.extra_maneuvers()),
                   static_cast<int>(m.assimilation_range())};
  require(std::abs(m.evasion()) <= 6 && std::abs(m.drive()) <= 3 && std::abs(m.w1_range()) <= 3 &&
              std::abs(m.w2_range()) <= 3 && m.weapon_dice() <= 3 && m.torpedo_dice() <= 3 &&
              m.shield_layer() <= 50 && m.cloak_discount() <= 3 && m.power_out_of_play() <= 4 &&
              m.extra_maneuvers() <= 2 && m.assimilation_range() <= 6,
          "hex " + id + ": a modifier is out of range");
  out.escape = static_cast<int>(e.escape());
  require(out.escape <= 12, "hex " + id + ": escape rolls are 2D6");
  out.escape_while_denizen = e.escape_while_denizen();
  if (e.has_denizen()) {
    const auto& d = e.denizen();
    require(!d.name().empty() && d.life() >= 1 && d.life() <= 200 && d.weapon().dice() >= 1,
            "hex " + id + ": a denizen needs a name, 1 to 200 life and weapon dice");
    require(d.evasion() <= 12, "hex " + id + ": denizen evasion is a 2D6 score");
    out.denizen = DenizenDef{d.name(),
                             dice_of(d.weapon(), "hex " + id + " denizen"),
                             static_cast<int>(d.evasion()),
                             static_cast<int>(d.life()),
                             d.mobile(),
                             d.dominatable()};
  }
  require(!out.escape_while_denizen || out.denizen, "hex " + id + ": escape lock without denizen");
  if (e.has_weapon()) {
    const auto& w = e.weapon();
    require(w.damage().dice() >= 1 && w.range() <= 6 && w.power() <= 4,
            "hex " + id + ": the hex weapon's figures are out of range");
    out.weapon = HexWeaponDef{dice_of(w.damage(), "hex " + id + " weapon"),
                              static_cast<int>(w.range()), static_cast<int>(w.power())};
  }
  return out;
}

HexDef hex_def(const v1::HexDefinition& hex) {
  require(hex.id().rfind("hex.", 0) == 0, "hex id '" + hex.id() + "' must start with 'hex.'");
  require(!hex.name().empty(), "hex " + hex.id() + ": name missing");
  require(hex.number() <= 55, "hex " + hex.id() + ": numbers run from 1 to 55");
  require(hex.hexpoints() <= 10, "hex " + hex.id() + ": hexpoints above 10");
  require(!hex.wormhole() || hex.hexpoints() == 0, "hex " + hex.id() + ": wormholes cost 0");
  return {hex.id(),
          static_cast<int>(hex.number()),
          hex.name(),
          static_cast<int>(hex.hexpoints()),
          hex.wormhole(),
          hex.repeatable(),
          hex.affinity(),
          hex.summary(),
          event_def(hex.event(), hex.id())};
}

CardDef officer_def(const v1::IncursionsCard& card) {
  const std::string& id = card.id();
  const bool captain = card.position() == v1::INCURSIONS_POSITION_CAPTAIN;
  require(!captain || card.race() != v1::RACE_UNSPECIFIED, "captain " + id + ": race missing");
  // Captains have no rarity; every crew card counts as rare (§15).
  require(captain == (card.rarity() == v1::INCURSIONS_RARITY_NONE),
          "card " + id + (captain ? ": captains have no rarity" : ": crew cards are rare"));
  require(captain || card.rarity() == v1::INCURSIONS_RARITY_RARE,
          "card " + id + ": crew cards are rare");
  require(card.espionage_evasion() >= 0 && card.espionage_evasion() <= 12,
          "card " + id + ": espionage evasion must be 0 to 12");
  require(captain ? card.nature() == v1::INCURSIONS_CARD_NATURE_UNSPECIFIED
                  : card.nature() == v1::INCURSIONS_CARD_NATURE_CREW,
          "card " + id + ": crew have the crew nature, captains none");
  require(card.play_methods_size() == 0 && !card.has_effect(),
          "card " + id + ": officers have no play method or effect");
  const auto& b = card.bonuses();
  for (int bonus : {b.shields(), b.evasion(), b.weapons(), b.repair(), b.crew_espionage()}) {
    require(bonus >= 0 && bonus <= 20, "card " + id + ": bonuses must be 0 to 20");
  }
  CardDef def;
  def.position = card.position() - 1;
  def.bonuses = {b.shields(), b.evasion(), b.weapons(), b.repair(), b.crew_espionage()};
  def.espionage_evasion = card.espionage_evasion();
  // Crew are tabled as they are drawn (§15).
  if (!captain) def.methods = 1u << v1::INCURSIONS_PLAY_METHOD_TABLE_WHEN_DRAWN;
  return def;
}

CardDef game_card_def(const v1::IncursionsCard& card) {
  const std::string& id = card.id();
  require(card.nature() != v1::INCURSIONS_CARD_NATURE_UNSPECIFIED &&
              card.nature() != v1::INCURSIONS_CARD_NATURE_CREW,
          "card " + id + ": a game card needs a command, attack, defense or tactical nature");
  require(card.rarity() != v1::INCURSIONS_RARITY_NONE, "card " + id + ": rarity missing");
  require(card.play_methods_size() > 0, "card " + id + ": play method missing");
  require(!card.has_bonuses() && card.espionage_evasion() == 0,
          "card " + id + ": only officers have bonuses and espionage evasion");
  const auto& e = card.effect();
  for (int figure : {e.attack_flat(), e.weapon_dice(), e.extra_maneuvers(), e.warp_hexes(),
                     e.absorb(), e.repair(), e.evasion(), e.mine_dice(), e.removal_repair()}) {
    require(figure >= 0 && figure <= 30, "card " + id + ": effect figures must be 0 to 30");
  }
  require(e.weapon_dice() <= 6 && e.mine_dice() <= 6, "card " + id + ": at most 6 extra dice");
  require(e.mechanism() != v1::INCURSIONS_CARD_MECHANISM_LAY_MINE || e.mine_dice() > 0,
          "card " + id + ": a mine needs mine_dice");
  require((e.mechanism() == v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM) ==
              (e.system_dice() > 0 && e.system_dice() <= 6),
          "card " + id + ": a weapon system, and only one, has 1 to 6 system_dice");
  CardDef def;
  def.position = kNoPosition;
  for (int method : card.play_methods()) {
    require(method != v1::INCURSIONS_PLAY_METHOD_UNSPECIFIED &&
                method != v1::INCURSIONS_PLAY_METHOD_TABLE_WHEN_DRAWN,
            "card " + id + ": a play method is unspecified or for crew only");
    def.methods |= 1u << method;
  }
  def.effect = {e.attack_flat(),    e.weapon_dice(), e.extra_maneuvers(), e.warp_hexes(),
                e.absorb(),         e.repair(),      e.evasion(),         e.mine_dice(),
                e.removal_repair(), e.mechanism()};
  def.effect.system_dice = e.system_dice();
  require((e.mechanism() == v1::INCURSIONS_CARD_MECHANISM_PLACE_OBJECT) == e.has_placed(),
          "card " + id + ": an object to place, and only one, needs PLACE_OBJECT");
  if (e.has_placed()) {
    const auto& p = e.placed();
    require(p.life() >= 1 && p.life() <= 200 && p.weapon_dice() >= 1 && p.weapon_dice() <= 6 &&
                std::abs(p.weapon_flat()) <= 10,
            "card " + id + ": a placed object needs 1 to 200 life and 1 to 6 weapon dice");
    // It never evades, moves or is dominated (§10.1, §19.4).
    def.effect.placed = DenizenDef{card.title(),
                                   {static_cast<int>(p.weapon_dice()), p.weapon_flat()},
                                   0,
                                   static_cast<int>(p.life()),
                                   false,
                                   false,
                                   p.weapon_bonus(),
                                   p.repairable()};
  }
  return def;
}

CardDef card_def(const v1::IncursionsCard& card) {
  const std::string& id = card.id();
  require(!id.empty(), "a card has no id");
  require(!card.title().empty(), "card " + id + ": title missing");
  CardDef def = card.position() != v1::INCURSIONS_POSITION_UNSPECIFIED ? officer_def(card)
                                                                       : game_card_def(card);
  def.id = id;
  def.race = card.race();
  def.nature = card.nature();
  def.rarity = card.rarity();
  def.card = card;
  return def;
}

}  // namespace

Content Content::load(std::initializer_list<File> files) {
  v1::IncursionsContent merged;
  for (const File& file : files) {
    v1::IncursionsContent part;
    if (auto error = core::parse_text_format(file.name, file.text, &part)) fail(*error);
    merged.MergeFrom(part);
  }

  Content content;
  std::unordered_set<std::string> ids;
  for (const auto& card : merged.ships()) {
    require(ids.insert(card.id()).second, "duplicate ship id " + card.id());
    content.ships_.push_back(ship_def(card, /*craft=*/false));
  }
  require(!content.ships_.empty(), "no ships defined");
  content.player_ships_ = content.ships_.size();
  for (const auto& card : merged.crafts()) {
    require(ids.insert(card.id()).second, "duplicate ship id " + card.id());
    content.ships_.push_back(ship_def(card, /*craft=*/true));
  }
  require(content.ships_.size() < kNoShip, "too many ships");
  for (const auto& hex : merged.hexes()) {
    require(ids.insert(hex.id()).second, "duplicate hex id " + hex.id());
    content.hexes_.push_back(hex_def(hex));
  }
  require(content.hexes_.size() < 10000, "too many hexes");
  for (const auto& card : merged.cards()) {
    require(ids.insert(card.id()).second, "duplicate card id " + card.id());
    content.cards_.push_back(card_def(card));
    const std::string& craft = card.effect().craft();
    const bool shuttle = card.effect().mechanism() == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE;
    require(craft.empty() != shuttle,
            "card " + card.id() + ": a shuttle, and only a shuttle, names a craft");
    if (shuttle) {
      auto index = content.find_craft(craft);
      require(index.has_value(), "card " + card.id() + " names unknown craft " + craft);
      CardEffect& effect = content.cards_.back().effect;
      effect.craft = *index;
      // Launched on its own, the craft is an object of its hex that moves and evades, its hull
      // and shields one pool (§11.3 use 1, §19.4); whole again, it may go back to the hand.
      const ShipDef& def = content.ships_[*index];
      const WeaponStats& phaser = def.weapon(Weapon::kW1);
      effect.placed = DenizenDef{.name = card.title(),
                                 .weapon = {phaser.dice, phaser.flat},
                                 .evasion = def.evasion,
                                 .life = def.hull + def.shields,
                                 .mobile = def.drive > 0,
                                 .repairable = true};
    }
  }
  require(content.cards_.size() < 10000, "too many cards");
  for (const auto& preset : merged.hexpile_presets()) {
    require(ids.insert(preset.id()).second, "duplicate preset id " + preset.id());
    HexpilePreset p{preset.id(), preset.name(), {}};
    for (const auto& id : preset.hexes()) {
      auto index = content.find_hex(id);
      require(index.has_value(), "preset " + preset.id() + " names unknown hex " + id);
      p.hexes.push_back(*index);
    }
    content.presets_.push_back(std::move(p));
  }
  std::unordered_set<std::string> deck_ids;  // deck presets are named apart from hexpile presets
  for (const auto& preset : merged.deck_presets()) {
    require(deck_ids.insert(preset.id()).second, "duplicate deck preset id " + preset.id());
    DeckPreset p{preset.id(), preset.name(), {}};
    for (const auto& id : preset.cards()) {
      auto index = content.find_card(id);
      require(index.has_value() &&
                  content.card(*index).nature != v1::INCURSIONS_CARD_NATURE_UNSPECIFIED,
              "deck preset " + preset.id() + " names " + id + ", which is not a deck card");
      p.cards.push_back(*index);
    }
    // A preset is a deck like any other: it must pass §3.1.
    if (auto problem = validate_deck(content, p.cards)) {
      fail("deck preset " + preset.id() + ": " + problem->rule + ": " + problem->message);
    }
    content.deck_presets_.push_back(std::move(p));
  }
  for (const auto& id : merged.standard_ship_pool()) {
    auto index = content.find_ship(id);
    require(index.has_value(), "standard_ship_pool names unknown ship " + id);
    content.standard_pool_.push_back(*index);
  }
  require(content.standard_pool_.size() >= 2, "the standard ship pool needs at least 2 ships");
  content.extra_wormhole_hexpoints_ = static_cast<int>(merged.extra_wormhole_hexpoints());
  content.listing_ = std::move(merged);
  return content;
}

const Content& Content::standard() {
  static const Content content = load({{"ships.txtpb", embedded::incursions_ships},
                                       {"hexes.txtpb", embedded::incursions_hexes},
                                       {"cards.txtpb", embedded::incursions_cards},
                                       {"game_cards.txtpb", embedded::incursions_game_cards},
                                       {"decks.txtpb", embedded::incursions_decks}});
  return content;
}

std::optional<ShipIndex> Content::find_ship(std::string_view id) const {
  for (std::size_t i = 0; i < player_ships_; ++i) {
    if (ships_[i].id == id) return static_cast<ShipIndex>(i);
  }
  return std::nullopt;
}

std::optional<ShipIndex> Content::find_craft(std::string_view id) const {
  for (std::size_t i = player_ships_; i < ships_.size(); ++i) {
    if (ships_[i].id == id) return static_cast<ShipIndex>(i);
  }
  return std::nullopt;
}

std::optional<HexIndex> Content::find_hex(std::string_view id) const {
  for (std::size_t i = 0; i < hexes_.size(); ++i) {
    if (hexes_[i].id == id) return static_cast<HexIndex>(i);
  }
  return std::nullopt;
}

std::optional<CardIndex> Content::find_card(std::string_view id) const {
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    if (cards_[i].id == id) return static_cast<CardIndex>(i);
  }
  return std::nullopt;
}

std::optional<CardIndex> Content::captain_of(v1::Race race) const {
  for (std::size_t i = 0; i < cards_.size(); ++i) {
    if (cards_[i].captain() && cards_[i].race == race) return static_cast<CardIndex>(i);
  }
  return std::nullopt;
}

const DeckPreset* Content::find_deck_preset(std::string_view id) const {
  for (const auto& preset : deck_presets_) {
    if (preset.id == id) return &preset;
  }
  return nullptr;
}

const HexpilePreset* Content::find_preset(std::string_view id) const {
  for (const auto& preset : presets_) {
    if (preset.id == id) return &preset;
  }
  return nullptr;
}

}  // namespace spacedock::incursions
